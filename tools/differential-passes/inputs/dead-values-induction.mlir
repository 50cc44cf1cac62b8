// A loop with memory effects keeps its induction variable live, so edges forwarding it and
// a live value agree, and the operands that are dead on every edge go.
func.func @iv(%lb: index, %ub: index, %s: index, %c: i1, %v: f16, %m: memref<f16>) {
  scf.for %i = %lb to %ub step %s {
    scf.execute_region {
      %h = arith.constant 1.0 : f16
      %g = arith.constant 2.0 : f16
      cf.cond_br %c, ^bb1(%i, %h : index, f16), ^bb1(%lb, %g : index, f16)
    ^bb1(%a: index, %b: f16):
      memref.store %v, %m[] : memref<f16>
      scf.yield
    }
  }
  return
}
