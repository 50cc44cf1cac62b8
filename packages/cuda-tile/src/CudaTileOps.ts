/**
 * The cuda_tile ops, built from the op table (CudaTileOpTable.ts): each row becomes an
 * ODS-style `defineOp` declaration with its operands, results, attributes (properties),
 * regions, traits, assembly format and verifier. Ops whose syntax the format language
 * cannot express take their parser/printer from CudaTileCustomOps.ts; op-specific
 * verifiers come from CudaTileVerifiers.ts.
 */
import {
  SizedRegion,
  MaxSizedRegion,
  FunctionOpInterface,
  IntegerType,
  Trait,
  TypeAttr,
  type FunctionType,
  defineOp,
  success,
  type AttrSpec,
  type LogicalResult,
  type OdsOp,
  type OpSpec,
  type OperandConstraint,
  type Operation,
  type RegionConstraint,
  type Type,
  type TypesMatchWith,
} from '@tilepass/ir'
import { cudaTileAsmNames } from './CudaTileAsmNames.ts'
import { cudaTileFolders } from './CudaTileCanonicalization.ts'
import { attrSpecNamed, isAttrConstraintName, typeConstraintNamed } from './CudaTileConstraints.ts'
import { cudaTileCustomAssembly } from './CudaTileCustomOps.ts'
import { cudaTileDirectives } from './CudaTileDirectives.ts'
import { cudaTileOpTable, type CudaTileOpRow } from './CudaTileOpTable.ts'
import { TileType } from './CudaTileTypes.ts'
import { cudaTileVerifiers } from './CudaTileVerifiers.ts'

const SIMPLE_TRAITS: Readonly<Record<string, number>> = {
  Pure: Trait.Pure,
  NoMemoryEffect: Trait.NoMemoryEffect,
  RecursiveMemoryEffects: Trait.RecursiveMemoryEffects,
  AttrSizedOperandSegments: Trait.AttrSizedOperandSegments,
  IsolatedFromAbove: Trait.IsolatedFromAbove,
  SingleBlock: Trait.SingleBlock,
  SymbolTable: Trait.SymbolTable,
  Symbol: Trait.Symbol,
  ConstantLike: Trait.ConstantLike,
  Terminator: Trait.IsTerminator,
  ReturnLike: Trait.ReturnLike,
  AutomaticAllocationScope: Trait.AutomaticAllocationScope,
  Elementwise: Trait.Elementwise,
  Commutative: Trait.Commutative,
}

function names(trait: string): string[] {
  const m = /\[(.*)\]/.exec(trait)
  return m === null ? [] : [...m[1]!.matchAll(/"([^"]+)"/g)].map((x) => x[1]!)
}

function shapeOf(t: Type): readonly number[] | null {
  return t instanceof TileType ? t.shape : null
}

/** The value types of `name` (operand, result) on `op`. */
function typesOf(op: Operation, def: OdsOp, name: string): Type[] {
  if (def.operands.some((d) => d.name === name)) {
    return def.operandValues(op, name).map((v) => v.type)
  }
  if (def.results.some((d) => d.name === name)) {
    return def.resultValues(op, name).map((v) => v.type)
  }
  return []
}

/** A verification step from a predicate trait (`AllShapesMatch`, ...) or structural trait. */
type TraitCheck = (op: Operation, def: OdsOp) => LogicalResult

function allMatch(list: readonly string[], what: string, key: (t: Type) => string | null, description?: string): TraitCheck {
  const message = `failed to verify that ${description ?? `all of {${list.join(', ')}} have same ${what}`}`
  return (op, def) => {
    let first: string | null | undefined
    for (const n of list) {
      for (const t of typesOf(op, def, n)) {
        const k = key(t)
        if (first === undefined) {
          first = k
        } else if (k !== first) {
          return op.emitOpError(message).fail()
        }
      }
    }
    return success()
  }
}

function sameShape(includeResults: boolean, message: string): TraitCheck {
  return (op) => {
    const types = [...op.getOperands().map((v) => v.type), ...(includeResults ? op.results.map((v) => v.type) : [])]
    let first: string | undefined
    for (const t of types) {
      const s = shapeOf(t)
      const k = s === null ? '-' : s.join('x')
      if (first === undefined) {
        first = k
      } else if (first !== k) {
        return op.emitOpError(message).fail()
      }
    }
    return success()
  }
}

function elementKey(t: Type): string {
  return String((t instanceof TileType ? t.elementType : t).id)
}

function traitChecks(row: CudaTileOpRow): TraitCheck[] {
  const out: TraitCheck[] = []
  for (const t of row.traits) {
    if (t.startsWith('AllShapesMatch')) {
      out.push(allMatch(names(t), 'shape', (x) => shapeOf(x)?.join('x') ?? null))
    } else if (t.startsWith('AllRanksMatch')) {
      out.push(allMatch(names(t), 'rank', (x) => String(shapeOf(x)?.length ?? -1)))
    } else if (t.startsWith('AllElementTypeMatch')) {
      const desc = /^AllElementTypeMatch<\s*"([^"]*)"/.exec(t)
      out.push(allMatch(names(t), 'element type', elementKey, desc?.[1]))
    } else if (t === 'SameOperandsAndResultShape') {
      out.push(sameShape(true, 'requires the same shape for all operands and results'))
    } else if (t === 'SameOperandsShape') {
      out.push(sameShape(false, 'requires the same shape for all operands'))
    } else if (t === 'SameOperandsAndResultElementType') {
      out.push((op) => {
        const types = [...op.getOperands(), ...op.results].map((v) => elementKey(v.type))
        return types.every((k) => k === types[0]) ? success() : op.emitOpError('requires the same element type for all operands and results').fail()
      })
    }
  }
  return out
}

function regionConstraint(name: string): RegionConstraint {
  const m = /^(Sized|MaxSized)Region<(\d+)>$/.exec(name)
  if (m === null) {
    throw new Error(`cuda_tile: unknown region constraint ${name}`)
  }
  return m[1] === 'Sized' ? SizedRegion(Number(m[2])) : MaxSizedRegion(Number(m[2]))
}

/**
 * The constraints of the table's argument and result names, made once per name: the table
 * names about 80 constraints in about 360 places, and reading a name takes several regular
 * expressions (the constraints are immutable, so ops share them).
 */
const typeConstraints = new Map<string, OperandConstraint>()
const attrSpecs = new Map<string, AttrSpec>()

/** The entry of `cache` for `name`, made by `make` the first time it is asked for. */
function cachedByName<T>(cache: Map<string, T>, name: string, make: (name: string) => T): T {
  let value = cache.get(name)
  if (value === undefined) {
    value = make(name)
    cache.set(name, value)
  }
  return value
}

/** Defines the op of one table row. */
export function defineCudaTileOp(row: CudaTileOpRow): OdsOp {
  const operands: Record<string, OperandConstraint> = {}
  const attributes: Record<string, AttrSpec> = {}
  for (const [name, c] of row.args) {
    if (attrSpecs.has(c) || (!typeConstraints.has(c) && isAttrConstraintName(c))) {
      attributes[name] = cachedByName(attrSpecs, c, attrSpecNamed)
    } else {
      operands[name] = cachedByName(typeConstraints, c, typeConstraintNamed)
    }
  }
  const results: Record<string, OperandConstraint> = {}
  for (const [name, c] of row.results) {
    results[name] = cachedByName(typeConstraints, c, typeConstraintNamed)
  }
  const regions: Record<string, RegionConstraint> = {}
  for (const [name, c] of row.regions) {
    regions[name] = regionConstraint(c)
  }
  let traits = 0
  const allTypesMatch: string[][] = []
  const typesMatchWith: TypesMatchWith[] = []
  let implicitTerminatorName: string | undefined
  let implicitTerminatorAlternatives: string[] | undefined
  let parentOpNames: string[] | undefined
  for (const t of row.traits) {
    const simple = SIMPLE_TRAITS[t]
    if (simple !== undefined) {
      traits |= simple
    } else if (t.startsWith('AllTypesMatch')) {
      allTypesMatch.push(names(t))
    } else if (t.startsWith('SingleBlockImplicitTerminator')) {
      const m = /"(?:impl::)?(\w+)"/.exec(t)
      const term = m![1]!
      if (term === 'IfOpImplicitTerminatorType') {
        implicitTerminatorName = 'cuda_tile.yield'
        implicitTerminatorAlternatives = ['cuda_tile.break', 'cuda_tile.continue', 'cuda_tile.return']
      } else if (term === 'LoopOpImplicitTerminatorType') {
        implicitTerminatorName = 'cuda_tile.continue'
        implicitTerminatorAlternatives = ['cuda_tile.break']
      } else {
        implicitTerminatorName = `cuda_tile.${snake(term.replace(/Op$/, ''))}`
      }
    } else if (t.includes('GraphRegionNoTerminator')) {
      traits |= Trait.NoTerminator | Trait.GraphRegions
    } else if (t.startsWith('TypesMatchWith')) {
      const [summary, from, to] = [...t.matchAll(/"([^"]+)"/g)].map((x) => x[1]!)
      typesMatchWith.push({ from: from!, to: to!, summary: summary!, transform: (x) => (x instanceof TileType ? TileType.get(x.shape, IntegerType.get(x.context, 1)) : x) })
    } else if (t.includes('ParentOneOf')) {
      parentOpNames = [...t.matchAll(/"(\w+)"/g)].map((x) => `cuda_tile.${parentName(x[1]!)}`)
    }
  }
  const checks = traitChecks(row)
  const custom = cudaTileCustomAssembly[row.name]
  const isFunction = row.name === 'cuda_tile.entry' || row.name === 'cuda_tile.testing$func'
  const own = cudaTileVerifiers[row.name]
  let def: OdsOp | null = null
  const spec: OpSpec = {
    name: row.name,
    operands,
    results,
    attributes,
    regions,
    traits,
    ...(isFunction ? { interfaces: [functionInterface] } : {}),
    allTypesMatch,
    typesMatchWith,
    ...(implicitTerminatorName !== undefined ? { implicitTerminatorName } : {}),
    ...(implicitTerminatorAlternatives !== undefined ? { implicitTerminatorAlternatives } : {}),
    ...(parentOpNames !== undefined ? { parentOpNames } : {}),
    ...(row.regions.length > 0 ? { defaultDialect: 'cuda_tile' } : {}),
    ...(row.format !== null && custom === undefined ? { assemblyFormat: row.format, customDirectives: cudaTileDirectives } : {}),
    ...(cudaTileAsmNames[row.name] ?? {}),
    ...(cudaTileFolders[row.name] ?? {}),
    ...(custom ?? {}),
    verify(op: Operation): LogicalResult {
      for (const c of checks) {
        if (!c(op, def!)) {
          return false
        }
      }
      return own?.verify === undefined ? success() : own.verify(op)
    },
    ...(own?.verifyRegions !== undefined ? { verifyRegions: (op: Operation) => own.verifyRegions!(op) } : {}),
    ...(own?.verifySymbolUses !== undefined ? { verifySymbolUses: (op: Operation) => own.verifySymbolUses!(op) } : {}),
  }
  def = defineOp(spec)
  return def
}

/** FunctionOpInterface of `entry` and `testing$func`. */
const functionInterface = FunctionOpInterface.impl({
  getFunctionType: (op: Operation) => (op.getAttr('function_type') as TypeAttr).value as FunctionType,
  setFunctionType: (op: Operation, type: FunctionType) => op.setAttr('function_type', TypeAttr.get(type)),
  getFunctionBody: (op: Operation) => op.regions[0]!,
})

function snake(s: string): string {
  return s.replace(/([a-z0-9])([A-Z])/g, '$1_$2').toLowerCase()
}

function parentName(cpp: string): string {
  if (cpp === 'Test_FuncOp') {
    return 'testing$func'
  }
  return snake(cpp.replace(/Op$/, ''))
}

let publicOps: readonly OdsOp[] | null = null
let testingOps: readonly OdsOp[] | null = null

/**
 * Every cuda_tile op definition, in opcode order. The ops are defined on the first call
 * (the same definitions every time), so that loading the package, and a tool run whose
 * input has no cuda_tile op, does not define them.
 */
export function cudaTileOps(): readonly OdsOp[] {
  return (publicOps ??= cudaTileOpTable.filter((row) => !isTestingRow(row)).map((row) => defineCudaTileOp(row)))
}

/**
 * The test-only ops of NVIDIA's test suite (`testing$func`, `testing$bytecode_test_*`), with
 * their test bytecode opcodes, defined on the first call. `CudaTileDialect` leaves them out;
 * tools that run NVIDIA's tests register `CudaTileTestingDialect` instead (tilepass-opt's
 * testing module does).
 */
export function cudaTileTestingOps(): readonly OdsOp[] {
  return (testingOps ??= cudaTileOpTable.filter((row) => isTestingRow(row)).map((row) => defineCudaTileOp(row)))
}

/** True for the rows of the test-only ops. */
export function isTestingRow(row: CudaTileOpRow): boolean {
  return row.group === 'CudaTileTestingOpDef'
}
