/**
 * A seeded generator of valid gpu-dialect kernel modules for `convert-gpu-to-nvvm`: kernels
 * and device functions in a `gpu.module`, with memref arguments (static and dynamic, 1-D
 * and 2-D, default, global or numbered memory spaces, optional `llvm.noalias`), index and
 * i32 arguments, workgroup and private attributions (optionally aligned), known block and
 * grid sizes, thread/block/grid ids and sizes (optionally bounded), lane ids, shuffles of
 * each mode (validity bit used or not), barriers, index/i32/f32 arithmetic with libdevice
 * ops (remf, maxnumf, minnumf), memref loads, stores and dims, and a bounds-guarded store.
 */
import { Random } from '../../differential/src/Random.ts'

type ScalarType = 'index' | 'i32' | 'f32'

interface MemRef {
  readonly name: string
  readonly shape: readonly number[]
  readonly elt: ScalarType
  readonly type: string
}

class GpuKernelGenerator {
  private lines: string[] = []
  private next = 0
  private pools: Record<ScalarType, string[]> = { index: [], i32: [], f32: [] }
  private memrefs: MemRef[] = []

  constructor(private readonly r: Random) {}

  private fresh(): string {
    return `%v${this.next++}`
  }

  private emit(line: string): void {
    this.lines.push(`      ${line}`)
  }

  private pick<T>(xs: readonly T[]): T {
    return xs[this.r.int(0, xs.length - 1)]!
  }

  private value(t: ScalarType): string {
    const pool = this.pools[t]
    if (pool.length > 0 && this.r.chance(0.8)) {
      return this.pick(pool)
    }
    const v = this.fresh()
    const lit = t === 'f32' ? this.pick(['1.000000e+00', '-2.500000e+00', '0.000000e+00', '3.000000e+00']) : String(this.r.int(0, 40))
    this.emit(`${v} = arith.constant ${lit} : ${t}`)
    pool.push(v)
    return v
  }

  private memrefType(shape: readonly number[], elt: ScalarType, space: string): string {
    const dims = shape.map((d) => (d < 0 ? '?' : String(d))).join('x')
    return `memref<${dims === '' ? '' : dims + 'x'}${elt === 'index' ? 'i32' : elt}${space}>`
  }

  private randomMemRef(name: string, allowDynamic: boolean, space: string): MemRef {
    const rank = this.r.int(1, 2)
    const shape: number[] = []
    for (let i = 0; i < rank; i++) {
      shape.push(allowDynamic && this.r.chance(0.4) ? -1 : this.pick([4, 8, 16, 32]))
    }
    const elt: ScalarType = this.r.chance(0.6) ? 'f32' : 'i32'
    return { name, shape, elt, type: this.memrefType(shape, elt, space) }
  }

  private op(): void {
    const r = this.r
    switch (r.int(0, 11)) {
      case 0:
      case 1: {
        const v = this.fresh()
        const kind = this.pick(['thread_id', 'block_id', 'block_dim', 'grid_dim'])
        const bound = r.chance(0.2) ? ` upper_bound ${r.int(1, 1024)}` : ''
        this.emit(`${v} = gpu.${kind} ${this.pick(['x', 'y', 'z'])}${bound}`)
        this.pools.index.push(v)
        break
      }
      case 2: {
        const v = this.fresh()
        this.emit(`${v} = gpu.lane_id${r.chance(0.2) ? ` upper_bound ${r.int(1, 32)}` : ''}`)
        this.pools.index.push(v)
        break
      }
      case 3: {
        const t: ScalarType = r.chance(0.5) ? 'index' : 'i32'
        const v = this.fresh()
        this.emit(`${v} = arith.${this.pick(['addi', 'muli', 'subi', 'andi', 'divui', 'maxsi'])} ${this.value(t)}, ${this.value(t)} : ${t}`)
        this.pools[t].push(v)
        break
      }
      case 4: {
        const v = this.fresh()
        this.emit(`${v} = arith.${this.pick(['addf', 'mulf', 'remf', 'maxnumf', 'minnumf', 'subf'])} ${this.value('f32')}, ${this.value('f32')} : f32`)
        this.pools.f32.push(v)
        break
      }
      case 5: {
        const v = this.fresh()
        if (r.chance(0.5)) {
          this.emit(`${v} = arith.index_cast ${this.value('index')} : index to i32`)
          this.pools.i32.push(v)
        } else {
          this.emit(`${v} = arith.index_cast ${this.value('i32')} : i32 to index`)
          this.pools.index.push(v)
        }
        break
      }
      case 6: {
        const t: ScalarType = r.chance(0.6) ? 'f32' : 'i32'
        const s = this.fresh()
        const ok = this.fresh()
        this.emit(`${s}, ${ok} = gpu.shuffle ${this.pick(['xor', 'up', 'down', 'idx'])} ${this.value(t)}, ${this.value('i32')}, ${this.value('i32')} : ${t}`)
        this.pools[t].push(s)
        if (r.chance(0.4)) {
          const sel = this.fresh()
          this.emit(`${sel} = arith.select ${ok}, ${s}, ${this.value(t)} : ${t}`)
          this.pools[t].push(sel)
        }
        break
      }
      case 7:
        this.emit('gpu.barrier')
        break
      case 8:
      case 9: {
        if (this.memrefs.length === 0) {
          break
        }
        const m = this.pick(this.memrefs)
        const idx = m.shape.map(() => this.value('index')).join(', ')
        const elt = m.elt === 'index' ? 'i32' : m.elt
        if (r.chance(0.5)) {
          const v = this.fresh()
          this.emit(`${v} = memref.load ${m.name}[${idx}] : ${m.type}`)
          this.pools[elt as ScalarType].push(v)
        } else {
          this.emit(`memref.store ${this.value(elt)}, ${m.name}[${idx}] : ${m.type}`)
        }
        break
      }
      case 10: {
        if (this.memrefs.length === 0) {
          break
        }
        const m = this.pick(this.memrefs)
        const c = this.fresh()
        const v = this.fresh()
        this.emit(`${c} = arith.constant ${r.int(0, m.shape.length - 1)} : index`)
        this.emit(`${v} = memref.dim ${m.name}, ${c} : ${m.type}`)
        this.pools.index.push(v)
        break
      }
      default: {
        const v = this.fresh()
        this.emit(`${v} = arith.constant ${r.int(0, 64)} : ${this.pick(['index', 'i32'])}`)
        this.pools[this.lines[this.lines.length - 1]!.endsWith('index') ? 'index' : 'i32'].push(v)
        break
      }
    }
  }

  private func(name: string): string[] {
    const r = this.r
    this.lines = []
    this.pools = { index: [], i32: [], f32: [] }
    this.memrefs = []
    const kernel = r.chance(0.75)
    const args: string[] = []
    const nMem = r.int(0, 3)
    for (let i = 0; i < nMem; i++) {
      const space = this.pick(['', '', ', #gpu.address_space<global>', ', 1'])
      const m = this.randomMemRef(`%m${i}`, true, space)
      this.memrefs.push(m)
      args.push(`${m.name}: ${m.type}${r.chance(0.2) ? ' {llvm.noalias}' : ''}`)
    }
    args.push('%n: index')
    this.pools.index.push('%n')
    if (r.chance(0.5)) {
      args.push('%s: i32')
      this.pools.i32.push('%s')
    }
    if (!kernel && r.chance(0.5)) {
      args.push('%x: f32')
      this.pools.f32.push('%x')
    }
    let attributions = ''
    if (r.chance(0.4)) {
      const m = this.randomMemRef('%w0', false, ', #gpu.address_space<workgroup>')
      this.memrefs.push(m)
      attributions += ` workgroup(${m.name} : ${m.type}${r.chance(0.4) ? ` {llvm.align = ${this.pick([4, 16, 128])} : i64}` : ''})`
    }
    if (r.chance(0.3)) {
      const m = this.randomMemRef('%p0', false, ', #gpu.address_space<private>')
      this.memrefs.push(m)
      attributions += ` private(${m.name} : ${m.type})`
    }
    const attrs: string[] = []
    if (r.chance(0.5)) {
      attrs.push(`known_block_size = array<i32: ${this.pick([32, 64, 128, 256])}, ${this.pick([1, 2, 4])}, 1>`)
    }
    if (r.chance(0.3)) {
      attrs.push(`known_grid_size = array<i32: ${this.pick([1, 8, 1024])}, ${this.pick([1, 3])}, 1>`)
    }
    const ret = !kernel && r.chance(0.5) ? 'f32' : null
    const n = r.int(3, 25)
    for (let i = 0; i < n; i++) {
      this.op()
    }
    const head = `    gpu.func @${name}(${args.join(', ')})${ret !== null ? ` -> ${ret}` : ''}${attributions}${kernel ? ' kernel' : ''}${attrs.length > 0 ? ` attributes {${attrs.join(', ')}}` : ''} {`
    const guarded = this.memrefs.find((m) => m.shape.length === 1)
    if (guarded !== undefined && r.chance(0.5)) {
      // A bounds guard: the store happens only below %n.
      const i = this.value('index')
      const ok = this.fresh()
      this.emit(`${ok} = arith.cmpi slt, ${i}, %n : index`)
      this.emit('cf.cond_br ' + ok + ', ^bb1, ^bb2')
      this.lines.push('    ^bb1:')
      const elt = guarded.elt === 'index' ? 'i32' : guarded.elt
      this.emit(`memref.store ${this.value(elt)}, ${guarded.name}[${i}] : ${guarded.type}`)
      this.emit('cf.br ^bb2')
      this.lines.push('    ^bb2:')
    }
    if (ret !== null) {
      // Only a value defined in the entry block dominates the return.
      const v = this.fresh()
      this.emit(`${v} = arith.constant 1.000000e+00 : f32`)
      this.emit(`gpu.return ${v} : f32`)
    } else {
      this.emit('gpu.return')
    }
    return [head, ...this.lines, '    }']
  }

  generate(): string {
    const funcs: string[] = []
    const n = this.r.int(1, 3)
    for (let i = 0; i < n; i++) {
      funcs.push(...this.func(`k${i}`))
    }
    return ['module attributes {gpu.container_module} {', '  gpu.module @kernels {', ...funcs, '  }', '}', ''].join('\n')
  }
}

/** The gpu kernel module of `seed` as MLIR text. */
export function generateGpuKernelModule(seed: number): string {
  return new GpuKernelGenerator(new Random(seed)).generate()
}
