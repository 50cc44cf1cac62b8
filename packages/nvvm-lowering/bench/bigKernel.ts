// The benchmark's input: one kernel of about 10,000 llvm ops.

/**
 * A kernel of about 10,000 llvm ops: loads, then a chain of i32 and f32 arithmetic,
 * compares and selects over them, then stores.
 */
export function tenThousandOpKernel(): string {
  const lines: string[] = []
  let i = 0
  let f = 0
  for (let k = 0; k < 1660; k++) {
    lines.push(`  %i${i + 1} = llvm.add %i${i}, %t : i32`)
    lines.push(`  %i${i + 2} = llvm.mul %i${i + 1}, %i${i} : i32`)
    lines.push(`  %c${k} = llvm.icmp "slt" %i${i + 2}, %t : i32`)
    lines.push(`  %f${f + 1} = llvm.fadd %f${f}, %x : f32`)
    lines.push(`  %f${f + 2} = llvm.fmul %f${f + 1}, %f${f} : f32`)
    lines.push(`  %f${f + 3} = llvm.select %c${k}, %f${f + 2}, %f${f + 1} : i1, f32`)
    i += 2
    f += 3
  }
  return `
llvm.func @big(%in: !llvm.ptr, %out: !llvm.ptr) attributes {nvvm.kernel} {
  %t = "nvvm.read.ptx.sreg.tid.x"() : () -> i32
  %p = llvm.getelementptr %in[%t] : (!llvm.ptr, i32) -> !llvm.ptr, f32
  %x = llvm.load %p : !llvm.ptr -> f32
  %i0 = llvm.add %t, %t : i32
  %f0 = llvm.fadd %x, %x : f32
${lines.join('\n')}
  %q = llvm.getelementptr %out[%t] : (!llvm.ptr, i32) -> !llvm.ptr, f32
  llvm.store %f${f}, %q : f32, !llvm.ptr
  llvm.return
}
`
}
