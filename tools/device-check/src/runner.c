/*
 * The device check's runner: loads a PTX (or cubin, or Tile IR bytecode) module with the CUDA
 * driver, runs one kernel on buffers read from files, writes the buffers back, and times
 * repeated launches. libcuda.so.1 is opened with dlopen at run time, so building this needs
 * only a C compiler (cc -O2 -o runner runner.c -ldl), no CUDA toolkit.
 *
 *   runner info
 *     driver <version, e.g. 13010>, device <name>, sm <major><minor>, sms <count> on stdout.
 *   runner run MODULE KERNEL GX GY GZ BX BY BZ SHARED REPS ARG...
 *     ARG is buf:FILE (a device buffer initialized from FILE and copied back into it after
 *     the first launch), or u32:N, i32:N, u64:N, i64:N, f32:X, f64:X (a scalar).
 *     Prints load_ms (wall time of the module load: the driver's JIT), then after the first launch "ok", then with REPS > 0 the mean time
 *     of REPS launches as time_ms (CUDA events around the whole batch).
 *
 * Exit status: 0 done, 77 no driver or no device ("skipped: <reason>" on stdout), 2 the module
 * does not load (the JIT log on stdout), 1 any other failure (the message on stderr).
 */
#include <dlfcn.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

typedef int CUresult;
typedef int CUdevice;
typedef void *CUcontext;
typedef void *CUmodule;
typedef void *CUfunction;
typedef void *CUevent;
typedef void *CUstream;
typedef unsigned long long CUdeviceptr;

enum {
  CUDA_ERROR_NO_DEVICE = 100,
  CU_JIT_INFO_LOG_BUFFER = 3,
  CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES = 4,
  CU_JIT_ERROR_LOG_BUFFER = 5,
  CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES = 6,
  CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT = 16,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR = 75,
  CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR = 76,
  CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES = 8,
};

static CUresult (*cuInit)(unsigned int);
static CUresult (*cuDriverGetVersion)(int *);
static CUresult (*cuDeviceGetCount)(int *);
static CUresult (*cuDeviceGet)(CUdevice *, int);
static CUresult (*cuDeviceGetName)(char *, int, CUdevice);
static CUresult (*cuDeviceGetAttribute)(int *, int, CUdevice);
static CUresult (*cuDevicePrimaryCtxRetain)(CUcontext *, CUdevice);
static CUresult (*cuCtxSetCurrent)(CUcontext);
static CUresult (*cuCtxSynchronize)(void);
static CUresult (*cuModuleLoadDataEx)(CUmodule *, const void *, unsigned int, int *, void **);
static CUresult (*cuModuleGetFunction)(CUfunction *, CUmodule, const char *);
static CUresult (*cuFuncSetAttribute)(CUfunction, int, int);
static CUresult (*cuMemAlloc)(CUdeviceptr *, size_t);
static CUresult (*cuMemFree)(CUdeviceptr);
static CUresult (*cuMemcpyHtoD)(CUdeviceptr, const void *, size_t);
static CUresult (*cuMemcpyDtoH)(void *, CUdeviceptr, size_t);
static CUresult (*cuLaunchKernel)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, CUstream, void **, void **);
static CUresult (*cuEventCreate)(CUevent *, unsigned int);
static CUresult (*cuEventRecord)(CUevent, CUstream);
static CUresult (*cuEventSynchronize)(CUevent);
static CUresult (*cuEventElapsedTime)(float *, CUevent, CUevent);
static CUresult (*cuGetErrorString)(CUresult, const char **);

static void *lib;

/* The first of `names` the library exports (newer _vN entry points first). */
static void *sym(const char *a, const char *b) {
  void *p = dlsym(lib, a);
  if (p == NULL && b != NULL) {
    p = dlsym(lib, b);
  }
  if (p == NULL) {
    printf("skipped: %s lacks %s\n", getenv("TILEPASS_LIBCUDA") ? getenv("TILEPASS_LIBCUDA") : "libcuda.so.1", a);
    exit(77);
  }
  return p;
}

static const char *message(CUresult r) {
  const char *s = NULL;
  if (cuGetErrorString == NULL || cuGetErrorString(r, &s) != 0 || s == NULL) {
    return "unknown CUDA error";
  }
  return s;
}

#define CHECK(call)                                                                  \
  do {                                                                               \
    CUresult r_ = (call);                                                            \
    if (r_ != 0) {                                                                   \
      fprintf(stderr, "error: %s failed: %s (%d)\n", #call, message(r_), r_);        \
      exit(1);                                                                       \
    }                                                                                \
  } while (0)

/* Opens the driver, initializes it and makes device 0's primary context current. */
static CUdevice open_device(void) {
  const char *path = getenv("TILEPASS_LIBCUDA") ? getenv("TILEPASS_LIBCUDA") : "libcuda.so.1";
  lib = dlopen(path, RTLD_NOW | RTLD_LOCAL);
  if (lib == NULL) {
    printf("skipped: cannot load %s (%s)\n", path, dlerror());
    exit(77);
  }
  cuGetErrorString = (CUresult(*)(CUresult, const char **))sym("cuGetErrorString", NULL);
  cuInit = (CUresult(*)(unsigned int))sym("cuInit", NULL);
  cuDriverGetVersion = (CUresult(*)(int *))sym("cuDriverGetVersion", NULL);
  cuDeviceGetCount = (CUresult(*)(int *))sym("cuDeviceGetCount", NULL);
  cuDeviceGet = (CUresult(*)(CUdevice *, int))sym("cuDeviceGet", NULL);
  cuDeviceGetName = (CUresult(*)(char *, int, CUdevice))sym("cuDeviceGetName", NULL);
  cuDeviceGetAttribute = (CUresult(*)(int *, int, CUdevice))sym("cuDeviceGetAttribute", NULL);
  cuDevicePrimaryCtxRetain = (CUresult(*)(CUcontext *, CUdevice))sym("cuDevicePrimaryCtxRetain", NULL);
  cuCtxSetCurrent = (CUresult(*)(CUcontext))sym("cuCtxSetCurrent", NULL);
  cuCtxSynchronize = (CUresult(*)(void))sym("cuCtxSynchronize", NULL);
  cuModuleLoadDataEx = (CUresult(*)(CUmodule *, const void *, unsigned int, int *, void **))sym("cuModuleLoadDataEx", NULL);
  cuModuleGetFunction = (CUresult(*)(CUfunction *, CUmodule, const char *))sym("cuModuleGetFunction", NULL);
  cuFuncSetAttribute = (CUresult(*)(CUfunction, int, int))sym("cuFuncSetAttribute", NULL);
  cuMemAlloc = (CUresult(*)(CUdeviceptr *, size_t))sym("cuMemAlloc_v2", NULL);
  cuMemFree = (CUresult(*)(CUdeviceptr))sym("cuMemFree_v2", NULL);
  cuMemcpyHtoD = (CUresult(*)(CUdeviceptr, const void *, size_t))sym("cuMemcpyHtoD_v2", NULL);
  cuMemcpyDtoH = (CUresult(*)(void *, CUdeviceptr, size_t))sym("cuMemcpyDtoH_v2", NULL);
  cuLaunchKernel = (CUresult(*)(CUfunction, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, unsigned, CUstream, void **, void **))sym("cuLaunchKernel", NULL);
  cuEventCreate = (CUresult(*)(CUevent *, unsigned int))sym("cuEventCreate", NULL);
  cuEventRecord = (CUresult(*)(CUevent, CUstream))sym("cuEventRecord", NULL);
  cuEventSynchronize = (CUresult(*)(CUevent))sym("cuEventSynchronize", NULL);
  cuEventElapsedTime = (CUresult(*)(float *, CUevent, CUevent))sym("cuEventElapsedTime_v2", "cuEventElapsedTime");
  CUresult r = cuInit(0);
  if (r != 0) {
    printf("skipped: cuInit failed: %s (%d)\n", message(r), r);
    exit(77);
  }
  int count = 0;
  r = cuDeviceGetCount(&count);
  if (r != 0 || count == 0) {
    printf("skipped: no CUDA device (%s)\n", r != 0 ? message(r) : "device count 0");
    exit(77);
  }
  CUdevice dev;
  CHECK(cuDeviceGet(&dev, 0));
  CUcontext ctx;
  CHECK(cuDevicePrimaryCtxRetain(&ctx, dev));
  CHECK(cuCtxSetCurrent(ctx));
  return dev;
}

static unsigned char *read_file(const char *path, size_t *size, int terminate) {
  FILE *f = fopen(path, "rb");
  if (f == NULL) {
    fprintf(stderr, "error: cannot open %s\n", path);
    exit(1);
  }
  fseek(f, 0, SEEK_END);
  long n = ftell(f);
  fseek(f, 0, SEEK_SET);
  unsigned char *data = malloc((size_t)n + 1);
  if (data == NULL || fread(data, 1, (size_t)n, f) != (size_t)n) {
    fprintf(stderr, "error: cannot read %s\n", path);
    exit(1);
  }
  fclose(f);
  if (terminate) {
    data[n] = 0;
  }
  *size = (size_t)n;
  return data;
}

static void write_file(const char *path, const void *data, size_t size) {
  FILE *f = fopen(path, "wb");
  if (f == NULL || fwrite(data, 1, size, f) != size) {
    fprintf(stderr, "error: cannot write %s\n", path);
    exit(1);
  }
  fclose(f);
}

static int info(void) {
  CUdevice dev = open_device();
  int version = 0, major = 0, minor = 0, sms = 0;
  char name[256] = {0};
  CHECK(cuDriverGetVersion(&version));
  CHECK(cuDeviceGetName(name, (int)sizeof name - 1, dev));
  CHECK(cuDeviceGetAttribute(&major, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MAJOR, dev));
  CHECK(cuDeviceGetAttribute(&minor, CU_DEVICE_ATTRIBUTE_COMPUTE_CAPABILITY_MINOR, dev));
  CHECK(cuDeviceGetAttribute(&sms, CU_DEVICE_ATTRIBUTE_MULTIPROCESSOR_COUNT, dev));
  printf("driver %d\ndevice %s\nsm %d%d\nsms %d\n", version, name, major, minor, sms);
  return 0;
}

#define MAX_ARGS 64

static int run(int argc, char **argv) {
  if (argc < 12) {
    fprintf(stderr, "usage: runner run MODULE KERNEL GX GY GZ BX BY BZ SHARED REPS ARG...\n");
    return 1;
  }
  open_device();
  size_t size = 0;
  unsigned char *image = read_file(argv[2], &size, 1);
  char error_log[16384] = {0};
  char info_log[16384] = {0};
  int options[4] = {CU_JIT_ERROR_LOG_BUFFER, CU_JIT_ERROR_LOG_BUFFER_SIZE_BYTES, CU_JIT_INFO_LOG_BUFFER, CU_JIT_INFO_LOG_BUFFER_SIZE_BYTES};
  void *values[4] = {error_log, (void *)(uintptr_t)(sizeof error_log - 1), info_log, (void *)(uintptr_t)(sizeof info_log - 1)};
  CUmodule module;
  CUevent start, stop;
  CHECK(cuEventCreate(&start, 0));
  CHECK(cuEventCreate(&stop, 0));
  struct timespec t0, t1;
  clock_gettime(CLOCK_MONOTONIC, &t0);
  CUresult r = cuModuleLoadDataEx(&module, image, 4, options, values);
  if (r != 0) {
    printf("module_error %s (%d)\n%s\n", message(r), r, error_log);
    return 2;
  }
  clock_gettime(CLOCK_MONOTONIC, &t1);
  printf("load_ms %.3f\n", (t1.tv_sec - t0.tv_sec) * 1e3 + (t1.tv_nsec - t0.tv_nsec) / 1e6);
  CUfunction fn;
  r = cuModuleGetFunction(&fn, module, argv[3]);
  if (r != 0) {
    printf("module_error no kernel named %s: %s (%d)\n", argv[3], message(r), r);
    return 2;
  }
  unsigned dims[6];
  for (int i = 0; i < 6; i++) {
    dims[i] = (unsigned)strtoul(argv[4 + i], NULL, 10);
  }
  unsigned shared = (unsigned)strtoul(argv[10], NULL, 10);
  int reps = atoi(argv[11]);
  if (shared > 48 * 1024) {
    CHECK(cuFuncSetAttribute(fn, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES, (int)shared));
  }
  int nargs = argc - 12;
  if (nargs > MAX_ARGS) {
    fprintf(stderr, "error: at most %d kernel arguments\n", MAX_ARGS);
    return 1;
  }
  /* Each argument's storage: 8 bytes (a device pointer or a scalar). */
  unsigned long long storage[MAX_ARGS];
  void *params[MAX_ARGS];
  CUdeviceptr ptrs[MAX_ARGS] = {0};
  size_t sizes[MAX_ARGS] = {0};
  for (int i = 0; i < nargs; i++) {
    char *a = argv[12 + i];
    char *colon = strchr(a, ':');
    if (colon == NULL) {
      fprintf(stderr, "error: bad argument '%s'\n", a);
      return 1;
    }
    *colon = 0;
    const char *v = colon + 1;
    params[i] = &storage[i];
    storage[i] = 0;
    if (strcmp(a, "buf") == 0) {
      unsigned char *data = read_file(v, &sizes[i], 0);
      CHECK(cuMemAlloc(&ptrs[i], sizes[i] == 0 ? 1 : sizes[i]));
      if (sizes[i] > 0) {
        CHECK(cuMemcpyHtoD(ptrs[i], data, sizes[i]));
      }
      free(data);
      storage[i] = (unsigned long long)ptrs[i];
    } else if (strcmp(a, "u32") == 0 || strcmp(a, "i32") == 0) {
      uint32_t x = (uint32_t)strtoll(v, NULL, 10);
      memcpy(&storage[i], &x, 4);
    } else if (strcmp(a, "u64") == 0 || strcmp(a, "i64") == 0) {
      uint64_t x = a[0] == 'u' ? strtoull(v, NULL, 10) : (uint64_t)strtoll(v, NULL, 10);
      memcpy(&storage[i], &x, 8);
    } else if (strcmp(a, "f32") == 0) {
      float x = strtof(v, NULL);
      memcpy(&storage[i], &x, 4);
    } else if (strcmp(a, "f64") == 0) {
      double x = strtod(v, NULL);
      memcpy(&storage[i], &x, 8);
    } else {
      fprintf(stderr, "error: bad argument kind '%s'\n", a);
      return 1;
    }
  }
  CHECK(cuLaunchKernel(fn, dims[0], dims[1], dims[2], dims[3], dims[4], dims[5], shared, NULL, params, NULL));
  CHECK(cuCtxSynchronize());
  for (int i = 0; i < nargs; i++) {
    if (ptrs[i] != 0 && sizes[i] > 0) {
      unsigned char *data = malloc(sizes[i]);
      CHECK(cuMemcpyDtoH(data, ptrs[i], sizes[i]));
      write_file(argv[12 + i] + 4, data, sizes[i]);
      free(data);
    }
  }
  printf("ok\n");
  if (reps > 0) {
    CHECK(cuEventRecord(start, NULL));
    for (int k = 0; k < reps; k++) {
      CHECK(cuLaunchKernel(fn, dims[0], dims[1], dims[2], dims[3], dims[4], dims[5], shared, NULL, params, NULL));
    }
    CHECK(cuEventRecord(stop, NULL));
    CHECK(cuEventSynchronize(stop));
    float ms = 0;
    CHECK(cuEventElapsedTime(&ms, start, stop));
    printf("time_ms %.6f\n", ms / reps);
  }
  for (int i = 0; i < nargs; i++) {
    if (ptrs[i] != 0) {
      cuMemFree(ptrs[i]);
    }
  }
  return 0;
}

int main(int argc, char **argv) {
  setvbuf(stdout, NULL, _IONBF, 0);
  if (argc >= 2 && strcmp(argv[1], "info") == 0) {
    return info();
  }
  if (argc >= 2 && strcmp(argv[1], "run") == 0) {
    return run(argc, argv);
  }
  fprintf(stderr, "usage: runner info | runner run MODULE KERNEL GX GY GZ BX BY BZ SHARED REPS ARG...\n");
  return 1;
}
