#!/usr/bin/env bash
# The device check in one command: compile the cuda_tile examples with tilepass-compile for
# the GPU's architecture (default sm_90a: H100/H200), then run every case on the GPU
# (or print "skipped: <reason>" and exit 0 where there is none). Needs the workspace's
# node_modules (pnpm install) and the built CLI (pnpm build); no CUDA toolkit, no LLVM.
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
arch="${GPU_NAME:-sm_90a}"
[ -f packages/cli/dist/tilepass-compile.js ] || pnpm build
out="$(mktemp -d)"
trap 'rm -rf "$out"' EXIT
for k in vector-add row-softmax gemm-f16 gemm-f16-staged gemm-f16-staged-128x128; do
  node packages/cli/bin/tilepass-compile.js "examples/cuda-tile/$k.mlir" -o "$out/$k.ptx" --gpu-name="$arch"
done
# The same GEMM without scheduling (-O1: single-buffered K-loop), timed beside the pipelined one.
node packages/cli/bin/tilepass-compile.js examples/cuda-tile/gemm-f16-staged.mlir -O1 -o "$out/gemm-f16-staged-O1.ptx" --gpu-name="$arch"
exec pnpm exec tsx --conditions=source tools/device-check/src/main.ts --ptx-dir "$out" "$@"
