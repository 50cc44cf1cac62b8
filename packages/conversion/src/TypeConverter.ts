import type { Location, OpBuilder, Operation, Type, Value } from '@tilepass/ir'
import { FunctionType } from '@tilepass/ir'

/**
 * One type conversion callback: returns the converted type (1-1), a list of types
 * (1-N; an empty list drops the type), null when the type cannot be converted
 * (failure), or undefined when it has no opinion, so the next callback is tried.
 */
export type TypeConversionFn = (type: Type) => Type | readonly Type[] | null | undefined

/**
 * Builds a value of `resultType` from `inputs` at the builder's insertion point, or
 * returns null when it cannot; the next materialization is then tried. Target
 * materializations also get the original type of the value (null when unknown), as
 * upstream's `originalType`.
 */
export type MaterializationFn = (
  builder: OpBuilder,
  resultType: Type,
  inputs: readonly Value[],
  loc: Location,
  originalType: Type | null,
) => Value | null

/**
 * How the block arguments of a signature map to new types (MLIR's
 * `TypeConverter::SignatureConversion`): each original input is either mapped to a
 * range of new inputs, or replaced by an existing value.
 */
export class SignatureConversion {
  /** The converted input types, in order. */
  readonly convertedTypes: Type[] = []
  /** Per original input: the range of new inputs, or the value replacing it. */
  readonly inputMap: ({ start: number; size: number } | { value: Value } | undefined)[]

  constructor(readonly numOrigInputs: number) {
    this.inputMap = new Array<undefined>(numOrigInputs).fill(undefined)
  }

  /** Maps original input `origIndex` to new inputs of `types` (appended). */
  addInputs(origIndex: number, types: readonly Type[]): void {
    this.inputMap[origIndex] = { start: this.convertedTypes.length, size: types.length }
    this.convertedTypes.push(...types)
  }

  /** Appends new inputs that no original input maps to. */
  appendInputs(types: readonly Type[]): void {
    this.convertedTypes.push(...types)
  }

  /** Replaces original input `origIndex` by `value` instead of a new input. */
  remapInput(origIndex: number, value: Value): void {
    this.inputMap[origIndex] = { value }
  }
}

/**
 * Converts types between type systems and materializes values across them (MLIR's
 * `TypeConverter`). Conversions added last are tried first.
 */
export class TypeConverter {
  private readonly conversions: TypeConversionFn[] = []
  private readonly sourceMaterializations: MaterializationFn[] = []
  private readonly targetMaterializations: MaterializationFn[] = []
  private readonly cache = new Map<Type, readonly Type[] | null>()

  /** Adds a conversion callback; it is tried before the ones added earlier. */
  addConversion(fn: TypeConversionFn): void {
    this.conversions.push(fn)
    this.cache.clear()
  }

  /**
   * Adds a materialization from converted values back to an original type. It is also
   * used for block arguments converted 1-N or dropped that keep users (upstream folded
   * the former argument materializations into source materializations).
   */
  addSourceMaterialization(fn: MaterializationFn): void {
    this.sourceMaterializations.push(fn)
  }

  /** Adds a materialization from original values to a converted (legal) type. */
  addTargetMaterialization(fn: MaterializationFn): void {
    this.targetMaterializations.push(fn)
  }

  /** Converts `type` to zero or more types (1-N), or null when it cannot be converted. */
  convertTypeN(type: Type): readonly Type[] | null {
    const cached = this.cache.get(type)
    if (cached !== undefined) {
      return cached
    }
    let result: readonly Type[] | null = null
    for (let i = this.conversions.length - 1; i >= 0; i--) {
      const r = this.conversions[i]!(type)
      if (r === undefined) {
        continue
      }
      result = r === null ? null : Array.isArray(r) ? (r as readonly Type[]) : [r as Type]
      break
    }
    this.cache.set(type, result)
    return result
  }

  /** Converts `type` 1-1; null when it cannot be converted or converts to other than one type. */
  convertType(type: Type): Type | null {
    const r = this.convertTypeN(type)
    return r !== null && r.length === 1 ? r[0]! : null
  }

  /** Converts every type of `types` (1-N, concatenated), or null when one fails. */
  convertTypes(types: readonly Type[]): Type[] | null {
    const out: Type[] = []
    for (const t of types) {
      const r = this.convertTypeN(t)
      if (r === null) {
        return null
      }
      out.push(...r)
    }
    return out
  }

  /** True when `type` converts to itself. */
  isLegal(type: Type): boolean {
    const r = this.convertTypeN(type)
    return r !== null && r.length === 1 && r[0] === type
  }

  /** True when every operand and result type of `op` is legal. */
  isLegalOp(op: Operation): boolean {
    for (const o of op.operands) {
      if (!this.isLegal(o.value.type)) {
        return false
      }
    }
    for (const r of op.results) {
      if (!this.isLegal(r.type)) {
        return false
      }
    }
    return true
  }

  /** True when every input and result type of `type` is legal. */
  isSignatureLegal(type: FunctionType): boolean {
    return type.inputs.every((t) => this.isLegal(t)) && type.results.every((t) => this.isLegal(t))
  }

  /** Converts a function type's inputs and results; null when one fails. */
  convertFunctionType(type: FunctionType): FunctionType | null {
    const inputs = this.convertTypes(type.inputs)
    const results = this.convertTypes(type.results)
    if (inputs === null || results === null) {
      return null
    }
    return FunctionType.get(type.context, inputs, results)
  }

  /** The signature conversion of a block with argument `types`, or null when one fails. */
  convertBlockSignature(types: readonly Type[]): SignatureConversion | null {
    const conv = new SignatureConversion(types.length)
    for (let i = 0; i < types.length; i++) {
      const r = this.convertTypeN(types[i]!)
      if (r === null) {
        return null
      }
      conv.addInputs(i, r)
    }
    return conv
  }

  /** Runs the source materializations, newest first; null when none applies. */
  materializeSourceConversion(builder: OpBuilder, resultType: Type, inputs: readonly Value[], loc: Location): Value | null {
    return runMaterializations(this.sourceMaterializations, builder, resultType, inputs, loc, null)
  }

  /** Runs the target materializations, newest first; null when none applies. */
  materializeTargetConversion(
    builder: OpBuilder,
    resultType: Type,
    inputs: readonly Value[],
    loc: Location,
    originalType: Type | null = null,
  ): Value | null {
    return runMaterializations(this.targetMaterializations, builder, resultType, inputs, loc, originalType)
  }
}

function runMaterializations(
  list: readonly MaterializationFn[],
  builder: OpBuilder,
  resultType: Type,
  inputs: readonly Value[],
  loc: Location,
  originalType: Type | null,
): Value | null {
  for (let i = list.length - 1; i >= 0; i--) {
    const v = list[i]!(builder, resultType, inputs, loc, originalType)
    if (v !== null) {
      return v
    }
  }
  return null
}
