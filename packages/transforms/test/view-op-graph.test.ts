import { describe, expect, it } from 'vitest'
import { printOperation } from '@tilepass/ir'
import { PassManager, PassRegistry, parsePassPipeline } from '@tilepass/pass-manager'
import { registerTransformsPasses } from '../src/index.ts'
import { makeContext, parse, runPipeline } from './helpers.ts'

// Expected graphs are what `mlir-opt --allow-unregistered-dialect <options> <input>` (MLIR 22.1.8)
// writes to standard error for these inputs; the options are in each case.

const v1 = String.raw`func.func @f(%a: i32, %b: i32) -> i32 {
  %c = arith.constant 3 : i32
  %0 = arith.addi %a, %c : i32
  %1 = arith.muli %0, %b : i32
  %cond = arith.cmpi slt, %0, %1 : i32
  %2 = scf.if %cond -> (i32) {
    scf.yield %0 : i32
  } else {
    scf.yield %1 : i32
  }
  return %2 : i32
}
`

const v2 = String.raw`func.func @g(%a: i32, %m: memref<4x?xf32, strided<[?, 1], offset: ?>>, %c: i1) -> i32 {
  %0 = arith.addi %a, %a : i32
  %1:2 = "test.two"(%0, %a, %0) {s = "x\"y|z{w}", arr = [1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17], d = dense<[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17]> : tensor<17xi32>, sp = dense<1.0> : tensor<4x4xf32>, small = dense<[1,2]> : tensor<2xi32>} : (i32, i32, i32) -> (i32, i64)
  cf.cond_br %c, ^bb1(%1#0 : i32), ^bb2
^bb1(%x: i32):
  %2 = "test.region"(%x) ({
  ^bb0(%y: i32):
    "test.yield"(%y) : (i32) -> ()
  }) : (i32) -> i32
  cf.br ^bb2
^bb2:
  %c1 = arith.constant 1 : index
  %3 = "test.dim"(%m, %c1) : (memref<4x?xf32, strided<[?, 1], offset: ?>>, index) -> index
  return %1#0 : i32
}
func.func private @decl(i32) -> i32
`

const v3 = String.raw`func.func @h(%c: i1, %m: memref<4xf32>) -> (memref<4xf32>, tensor<2x3xf32>) {
  %0:2 = scf.if %c -> (memref<4xf32>, tensor<2x3xf32>) {
    %t = "test.t"() : () -> tensor<2x3xf32>
    scf.yield %m, %t : memref<4xf32>, tensor<2x3xf32>
  } else {
    %t = "test.t"() {big = dense<[[1,2,3,4,5,6,7,8,9],[1,2,3,4,5,6,7,8,9]]> : tensor<2x9xi64>, e = "a\nb", l = loc("x":1:2), f = 1.5 : f64, u = unit} : () -> tensor<2x3xf32>
    scf.yield %m, %t : memref<4xf32>, tensor<2x3xf32>
  }
  "test.graph"() ({
    %a = "test.use"(%b) : (i32) -> i32
    %b = "test.def"(%a) : (i32) -> i32
  }) : () -> ()
  return %0#0, %0#1 : memref<4xf32>, tensor<2x3xf32>
}
`

const v4 = String.raw`func.func @a(%x: i32) -> i32 {
  %0 = arith.addi %x, %x : i32
  return %0 : i32
}
func.func @b(%x: i32) -> i32 {
  return %x : i32
}
`

const vElide = String.raw`func.func @e() {
  %0 = arith.constant dense<[1, 2, 3]> : tensor<3xi32>
  %1 = arith.constant dense<7> : tensor<8xi32>
  "test.op"(%0) {a = [1, 2, 3], b = [1, 2], d = {x = dense<[1, 2, 3]> : tensor<3xi8>}, h = dense<[[1, 2], [3, 4]]> : tensor<2x2xi16>} : (tensor<3xi32>) -> ()
  return
}
`

describe('view-op-graph', () => {
  // mlir-opt --view-op-graph
  it('scf.if, constants and default options', () => {
    let graph = ''
    const r = runPipeline(v1, 'builtin.module(view-op-graph)', (text) => {
      graph += text
    })
    expect(r.ok).toBe(true)
    expect(graph).toBe(String.raw`digraph G {
  compound = true;
  subgraph cluster_1 {
    v2 [label = " ", shape = plain];
    label = "builtin.module : ()\l";
    subgraph cluster_3 {
      v4 [label = " ", shape = plain];
      label = "";
      subgraph cluster_5 {
        v6 [label = " ", shape = plain];
        label = "func.func : ()\lfunction_type: (i32, i32) -\> i32\lsym_name: \"f\"\l";
        subgraph cluster_7 {
          v8 [label = " ", shape = plain];
          label = "";
          v9 [label = "<res_arg0> %arg0 i32", shape = Mrecord];
          v10 [label = "<res_arg1> %arg1 i32", shape = Mrecord];
          v11 [fillcolor = "0.000000 0.3 0.95", label = "{arith.constant\l\lvalue: 3 : i32\l|{<res_c3_i32> %c3_i32 i32}}", shape = Mrecord, style = filled];
          v12 [fillcolor = "0.111111 0.3 0.95", label = "{{<arg_arg0> %arg0|<arg_c3_i32> %c3_i32}|arith.addi\l\loverflowFlags: #arith.overflow\<none...\l|{<res_0> %0 i32}}", shape = Mrecord, style = filled];
          v13 [fillcolor = "0.222222 0.3 0.95", label = "{{<arg_0> %0|<arg_arg1> %arg1}|arith.muli\l\loverflowFlags: #arith.overflow\<none...\l|{<res_1> %1 i32}}", shape = Mrecord, style = filled];
          v14 [fillcolor = "0.333333 0.3 0.95", label = "{{<arg_0> %0|<arg_1> %1}|arith.cmpi\l\lpredicate: 2 : i64\l|{<res_2> %2 i1}}", shape = Mrecord, style = filled];
          subgraph cluster_15 {
            v16 [label = " ", shape = plain];
            label = "scf.if : (i32)\l";
            subgraph cluster_17 {
              v18 [label = " ", shape = plain];
              label = "";
              v19 [fillcolor = "0.444444 0.3 0.95", label = "{{<arg_0> %0}|scf.yield\l}", shape = Mrecord, style = filled];
            }
            subgraph cluster_20 {
              v21 [label = " ", shape = plain];
              label = "";
              v22 [fillcolor = "0.444444 0.3 0.95", label = "{{<arg_1> %1}|scf.yield\l}", shape = Mrecord, style = filled];
            }
          }
          v23 [fillcolor = "0.666667 0.3 0.95", label = "{{<arg_3> %3}|func.return\l}", shape = Mrecord, style = filled];
        }
      }
    }
  }
  v9:res_arg0:s -> v12:arg_arg0:n[style = solid];
  v11:res_c3_i32:s -> v12:arg_c3_i32:n[style = solid];
  v12:res_0:s -> v13:arg_0:n[style = solid];
  v10:res_arg1:s -> v13:arg_arg1:n[style = solid];
  v12:res_0:s -> v14:arg_0:n[style = solid];
  v13:res_1:s -> v14:arg_1:n[style = solid];
  v12:res_0:s -> v19:arg_0:n[style = solid];
  v13:res_1:s -> v22:arg_1:n[style = solid];
  v14:res_2:s -> v16[lhead = cluster_15, style = solid];
  v16 -> v23:arg_3:n[ltail = cluster_15, style = solid];
}
`)
  })

  // mlir-opt --view-op-graph
  it('blocks, elided attributes, escaping and an empty region', () => {
    let graph = ''
    const r = runPipeline(v2, 'builtin.module(view-op-graph)', (text) => {
      graph += text
    })
    expect(r.ok).toBe(true)
    expect(graph).toBe(String.raw`digraph G {
  compound = true;
  subgraph cluster_1 {
    v2 [label = " ", shape = plain];
    label = "builtin.module : ()\l";
    subgraph cluster_3 {
      v4 [label = " ", shape = plain];
      label = "";
      subgraph cluster_5 {
        v6 [label = " ", shape = plain];
        label = "func.func : ()\lfunction_type: (i32, memref\<4x?xf32...\lsym_name: \"g\"\l";
        subgraph cluster_7 {
          v8 [label = " ", shape = plain];
          label = "";
          v9 [label = "<res_arg0> %arg0 i32", shape = Mrecord];
          v10 [label = "<res_arg1> %arg1 memref\<4x?xf32, stri...", shape = Mrecord];
          v11 [label = "<res_arg2> %arg2 i1", shape = Mrecord];
          v12 [fillcolor = "0.000000 0.3 0.95", label = "{{<arg_arg0> %arg0|<arg_arg0> %arg0}|arith.addi\l\loverflowFlags: #arith.overflow\<none...\l|{<res_0> %0 i32}}", shape = Mrecord, style = filled];
          v13 [fillcolor = "0.090909 0.3 0.95", label = "{{<arg_0> %0|<arg_arg0> %arg0|<arg_0> %0}|test.two\l\larr: [...]\ld: [...] : tensor\<17xi32\>\ls: \"x\22y\|z\{w\}\"\lsmall: dense\<[1, 2]\> : tens...\lsp: dense\<1.000000e+00\> : tensor\<4x4xf32\>\l|{<res_1_0> %1#0 i32|<res_1_1> %1#1 i64}}", shape = Mrecord, style = filled];
          v14 [fillcolor = "0.181818 0.3 0.95", label = "{{<arg_arg2> %arg2|<arg_1_0> %1#0}|cf.cond_br\l\loperandSegmentSizes: array\<i32: 1, 1, 0\>\l}", shape = Mrecord, style = filled];
        }
        subgraph cluster_15 {
          v16 [label = " ", shape = plain];
          label = "";
          v17 [label = "<res_2> %2 i32", shape = Mrecord];
          subgraph cluster_18 {
            v19 [label = " ", shape = plain];
            label = "test.region : (i32)\l";
            subgraph cluster_20 {
              v21 [label = " ", shape = plain];
              label = "";
              v22 [label = "<res_arg3> %arg3 i32", shape = Mrecord];
              v23 [fillcolor = "0.272727 0.3 0.95", label = "{{<arg_arg3> %arg3}|test.yield\l}", shape = Mrecord, style = filled];
            }
          }
          v24 [fillcolor = "0.454545 0.3 0.95", label = "{cf.br\l}", shape = Mrecord, style = filled];
        }
        subgraph cluster_25 {
          v26 [label = " ", shape = plain];
          label = "";
          v27 [fillcolor = "0.545455 0.3 0.95", label = "{arith.constant\l\lvalue: 1 : index\l|{<res_c1> %c1 index}}", shape = Mrecord, style = filled];
          v28 [fillcolor = "0.636364 0.3 0.95", label = "{{<arg_arg1> %arg1|<arg_c1> %c1}|test.dim\l|{<res_4> %4 index}}", shape = Mrecord, style = filled];
          v29 [fillcolor = "0.727273 0.3 0.95", label = "{{<arg_1_0> %1#0}|func.return\l}", shape = Mrecord, style = filled];
        }
      }
      subgraph cluster_30 {
        v31 [label = " ", shape = plain];
        label = "func.func : ()\lfunction_type: (i32) -\> i32\lsym_name: \"decl\"\lsym_visibility: \"private\"\l";
      }
    }
  }
  v9:res_arg0:s -> v12:arg_arg0:n[style = solid];
  v9:res_arg0:s -> v12:arg_arg0:n[style = solid];
  v12:res_0:s -> v13:arg_0:n[style = solid];
  v9:res_arg0:s -> v13:arg_arg0:n[style = solid];
  v12:res_0:s -> v13:arg_0:n[style = solid];
  v11:res_arg2:s -> v14:arg_arg2:n[style = solid];
  v13:res_1_0:s -> v14:arg_1_0:n[style = solid];
  v22:res_arg3:s -> v23:arg_arg3:n[style = solid];
  v17:res_2:s -> v19[lhead = cluster_18, style = solid];
  v10:res_arg1:s -> v28:arg_arg1:n[style = solid];
  v27:res_c1:s -> v28:arg_c1:n[style = solid];
  v13:res_1_0:s -> v29:arg_1_0:n[style = solid];
}
`)
  })

  // mlir-opt --view-op-graph=print-control-flow-edges=true print-data-flow-edges=false print-attrs=false print-result-types=false max-label-len=3
  it('control-flow edges only, no attributes or types, labels cut at 3', () => {
    let graph = ''
    const r = runPipeline(v3, 'builtin.module(view-op-graph{print-control-flow-edges=true print-data-flow-edges=false print-attrs=false print-result-types=false max-label-len=3})', (text) => {
      graph += text
    })
    expect(r.ok).toBe(true)
    expect(graph).toBe(String.raw`digraph G {
  compound = true;
  subgraph cluster_1 {
    v2 [label = " ", shape = plain];
    label = "builtin.module";
    subgraph cluster_3 {
      v4 [label = " ", shape = plain];
      label = "";
      subgraph cluster_5 {
        v6 [label = " ", shape = plain];
        label = "func.func";
        subgraph cluster_7 {
          v8 [label = " ", shape = plain];
          label = "";
          v9 [label = "<res_arg0> %arg0", shape = Mrecord];
          v10 [label = "<res_arg1> %arg1", shape = Mrecord];
          subgraph cluster_11 {
            v12 [label = " ", shape = plain];
            label = "scf.if";
            subgraph cluster_13 {
              v14 [label = " ", shape = plain];
              label = "";
              v15 [fillcolor = "0.000000 0.3 0.95", label = "{test.t\l|{<res_1> %1}}", shape = Mrecord, style = filled];
              v16 [fillcolor = "0.111111 0.3 0.95", label = "{{<arg_arg1> %arg1|<arg_1> %1}|scf.yield\l}", shape = Mrecord, style = filled];
            }
            subgraph cluster_17 {
              v18 [label = " ", shape = plain];
              label = "";
              v19 [fillcolor = "0.000000 0.3 0.95", label = "{test.t\l|{<res_1> %1}}", shape = Mrecord, style = filled];
              v20 [fillcolor = "0.111111 0.3 0.95", label = "{{<arg_arg1> %arg1|<arg_1> %1}|scf.yield\l}", shape = Mrecord, style = filled];
            }
          }
          subgraph cluster_21 {
            v22 [label = " ", shape = plain];
            label = "test.graph";
            subgraph cluster_23 {
              v24 [label = " ", shape = plain];
              label = "";
              v25 [fillcolor = "0.333333 0.3 0.95", label = "{{<arg_2> %2}|test.use\l|{<res_1> %1}}", shape = Mrecord, style = filled];
              v26 [fillcolor = "0.444444 0.3 0.95", label = "{{<arg_1> %1}|test.def\l|{<res_2> %2}}", shape = Mrecord, style = filled];
            }
          }
          v27 [fillcolor = "0.666667 0.3 0.95", label = "{{<arg_0_0> %0#0|<arg_0_1> %0#1}|func.return\l}", shape = Mrecord, style = filled];
        }
      }
    }
  }
  v15 -> v16[style = dashed];
  v19 -> v20[style = dashed];
  v25 -> v26[style = dashed];
  v12 -> v22[lhead = cluster_21, ltail = cluster_11, style = dashed];
  v22 -> v27[ltail = cluster_21, style = dashed];
}
`)
  })

  // mlir-opt --view-op-graph=max-label-len=4
  it('region results, graph regions and attributes cut at 4', () => {
    let graph = ''
    const r = runPipeline(v3, 'builtin.module(view-op-graph{max-label-len=4})', (text) => {
      graph += text
    })
    expect(r.ok).toBe(true)
    expect(graph).toBe(String.raw`digraph G {
  compound = true;
  subgraph cluster_1 {
    v2 [label = " ", shape = plain];
    label = "builtin.module : ()\l";
    subgraph cluster_3 {
      v4 [label = " ", shape = plain];
      label = "";
      subgraph cluster_5 {
        v6 [label = " ", shape = plain];
        label = "func.func : ()\lfunction_type: (i1,...\lsym_name: \"h\"\l";
        subgraph cluster_7 {
          v8 [label = " ", shape = plain];
          label = "";
          v9 [label = "<res_arg0> %arg0 i1", shape = Mrecord];
          v10 [label = "<res_arg1> %arg1 memr...", shape = Mrecord];
          subgraph cluster_11 {
            v12 [label = " ", shape = plain];
            label = "scf.if : (memr...)\l";
            subgraph cluster_13 {
              v14 [label = " ", shape = plain];
              label = "";
              v15 [fillcolor = "0.000000 0.3 0.95", label = "{test.t\l|{<res_1> %1 tens...}}", shape = Mrecord, style = filled];
              v16 [fillcolor = "0.111111 0.3 0.95", label = "{{<arg_arg1> %arg1|<arg_1> %1}|scf.yield\l}", shape = Mrecord, style = filled];
            }
            subgraph cluster_17 {
              v18 [label = " ", shape = plain];
              label = "";
              v19 [fillcolor = "0.000000 0.3 0.95", label = "{test.t\l\lbig: [[...]] : tens...\le: \"a\0...\lf: 1.50...\ll: loc(...\lu: unit\l|{<res_1> %1 tens...}}", shape = Mrecord, style = filled];
              v20 [fillcolor = "0.111111 0.3 0.95", label = "{{<arg_arg1> %arg1|<arg_1> %1}|scf.yield\l}", shape = Mrecord, style = filled];
            }
          }
          subgraph cluster_21 {
            v22 [label = " ", shape = plain];
            label = "test.graph : ()\l";
            subgraph cluster_23 {
              v24 [label = " ", shape = plain];
              label = "";
              v25 [fillcolor = "0.333333 0.3 0.95", label = "{{<arg_2> %2}|test.use\l|{<res_1> %1 i32}}", shape = Mrecord, style = filled];
              v26 [fillcolor = "0.444444 0.3 0.95", label = "{{<arg_1> %1}|test.def\l|{<res_2> %2 i32}}", shape = Mrecord, style = filled];
            }
          }
          v27 [fillcolor = "0.666667 0.3 0.95", label = "{{<arg_0_0> %0#0|<arg_0_1> %0#1}|func.return\l}", shape = Mrecord, style = filled];
        }
      }
    }
  }
  v10:res_arg1:s -> v16:arg_arg1:n[style = solid];
  v15:res_1:s -> v16:arg_1:n[style = solid];
  v10:res_arg1:s -> v20:arg_arg1:n[style = solid];
  v19:res_1:s -> v20:arg_1:n[style = solid];
  v9:res_arg0:s -> v12[lhead = cluster_11, style = solid];
  v26:res_2:s -> v25:arg_2:n[style = solid];
  v25:res_1:s -> v26:arg_1:n[style = solid];
  v12 -> v27:arg_0_0:n[ltail = cluster_11, style = solid];
  v12 -> v27:arg_0_1:n[ltail = cluster_11, style = solid];
}
`)
  })

  // mlir-opt --mlir-disable-threading --pass-pipeline=builtin.module(func.func(view-op-graph))
  it('one pass instance over two functions (counter and edges accumulate)', () => {
    let graph = ''
    const r = runPipeline(v4, 'builtin.module(func.func(view-op-graph))', (text) => {
      graph += text
    })
    expect(r.ok).toBe(true)
    expect(graph).toBe(String.raw`digraph G {
  compound = true;
  subgraph cluster_1 {
    v2 [label = " ", shape = plain];
    label = "func.func : ()\lfunction_type: (i32) -\> i32\lsym_name: \"a\"\l";
    subgraph cluster_3 {
      v4 [label = " ", shape = plain];
      label = "";
      v5 [label = "<res_arg0> %arg0 i32", shape = Mrecord];
      v6 [fillcolor = "0.000000 0.3 0.95", label = "{{<arg_arg0> %arg0|<arg_arg0> %arg0}|arith.addi\l\loverflowFlags: #arith.overflow\<none...\l|{<res_0> %0 i32}}", shape = Mrecord, style = filled];
      v7 [fillcolor = "0.333333 0.3 0.95", label = "{{<arg_0> %0}|func.return\l}", shape = Mrecord, style = filled];
    }
  }
  v5:res_arg0:s -> v6:arg_arg0:n[style = solid];
  v5:res_arg0:s -> v6:arg_arg0:n[style = solid];
  v6:res_0:s -> v7:arg_0:n[style = solid];
}
digraph G {
  compound = true;
  subgraph cluster_8 {
    v9 [label = " ", shape = plain];
    label = "func.func : ()\lfunction_type: (i32) -\> i32\lsym_name: \"b\"\l";
    subgraph cluster_10 {
      v11 [label = " ", shape = plain];
      label = "";
      v12 [label = "<res_arg0> %arg0 i32", shape = Mrecord];
      v13 [fillcolor = "0.000000 0.3 0.95", label = "{{<arg_arg0> %arg0}|func.return\l}", shape = Mrecord, style = filled];
    }
  }
  v5:res_arg0:s -> v6:arg_arg0:n[style = solid];
  v5:res_arg0:s -> v6:arg_arg0:n[style = solid];
  v6:res_0:s -> v7:arg_0:n[style = solid];
  v12:res_arg0:s -> v13:arg_arg0:n[style = solid];
}
`)
  })

  // mlir-opt --view-op-graph=max-label-len=40 --mlir-elide-elementsattrs-if-larger=2
  it('honours the tool\'s --mlir-elide-elementsattrs-if-larger, also inside printed attributes', () => {
    const ctx = makeContext()
    ctx.commandLinePrinterOptions = { elideElementsAttrsIfLarger: 2 }
    const module = parse(vElide, ctx)
    let graph = ''
    const registry = new PassRegistry()
    registerTransformsPasses(registry, (text) => {
      graph += text
    })
    const parsed = parsePassPipeline('builtin.module(view-op-graph{max-label-len=40})', registry)
    const pm = new PassManager(ctx)
    pm.assignPipeline(parsed.pm!)
    expect(pm.run(module)).toBe(true)
    expect(graph).toBe(String.raw`digraph G {
  compound = true;
  subgraph cluster_1 {
    v2 [label = " ", shape = plain];
    label = "builtin.module : ()\l";
    subgraph cluster_3 {
      v4 [label = " ", shape = plain];
      label = "";
      subgraph cluster_5 {
        v6 [label = " ", shape = plain];
        label = "func.func : ()\lfunction_type: () -\> ()\lsym_name: \"e\"\l";
        subgraph cluster_7 {
          v8 [label = " ", shape = plain];
          label = "";
          v9 [fillcolor = "0.000000 0.3 0.95", label = "{arith.constant\l\lvalue: [...] : tensor\<3xi32\>\l|{<res_cst> %cst tensor\<3xi32\>}}", shape = Mrecord, style = filled];
          v10 [fillcolor = "0.000000 0.3 0.95", label = "{arith.constant\l\lvalue: dense\<7\> : tensor\<8xi32\>\l|{<res_cst_0> %cst_0 tensor\<8xi32\>}}", shape = Mrecord, style = filled];
          v11 [fillcolor = "0.200000 0.3 0.95", label = "{{<arg_cst> %cst}|test.op\l\la: [...]\lb: [1, 2]\ld: \{x = dense_resource\<__elided__\> : tensor...\lh: [[...]] : tensor\<2x2xi16\>\l}", shape = Mrecord, style = filled];
          v12 [fillcolor = "0.400000 0.3 0.95", label = "{func.return\l}", shape = Mrecord, style = filled];
        }
      }
    }
  }
  v9:res_cst:s -> v11:arg_cst:n[style = solid];
}
`)
  })

  it('leaves the IR unchanged', () => {
    const before = printOperation(parse(v3))
    const after = runPipeline(v3, 'builtin.module(view-op-graph)', () => {}).text
    expect(after).toBe(before)
  })
})
