import { DictionaryAttr, compareNames, type Attribute, type NamedAttribute } from './Attributes.ts'
import type { Block } from './Block.ts'
import type { Context } from './Context.ts'
import type { InFlightDiagnostic } from './Diagnostics.ts'
import { UnknownLoc, type Location, type LocationSource } from './Location.ts'
import type { OperationState } from './OpAsm.ts'
import { Trait, type OperationName } from './OperationName.ts'
import { Region } from './Region.ts'
import type { Type } from './Types.ts'
import { BlockOperand, OpOperand, OpResult, recordPositions, type Value } from './Value.ts'
import { IRMapping } from './IRMapping.ts'
import { formatOpForDiagnostic } from './diagnostics/opForDiagnostic.ts'
import { noteOperationCreated } from './HeapLimit.ts'
import { emptyList } from './internal/lists.ts'

/** What a walk callback returns: keep going, skip the op's regions (pre-order only), or stop. */
export type WalkResult = 'advance' | 'skip' | 'interrupt'

/** Order of a walk: parents before children (`pre`) or after (`post`, MLIR's default). */
export type WalkOrder = 'pre' | 'post'

/** The traits whose ops may name their segment sizes by the legacy names (see `renameLegacySegmentSizes`). */
const SEGMENT_SIZE_TRAITS = Trait.AttrSizedOperandSegments | Trait.AttrSizedResultSegments

/** The properties of the op being created, with defaults added (see `Operation.create`). */
const defaultsScratch: NamedAttribute[] = []

/** The `rawProperties` of the ops that have them (a few unregistered ops), see `Operation.rawProperties`. */
const rawPropertiesOf = new WeakMap<Operation, Attribute>()
/** How many times an op was given `rawProperties`: while 0, no op has any and none is looked up. */
let rawPropertiesCount = 0

/**
 * An operation: a name, operands, results, successors, regions, inherent attributes
 * (`properties`) and discardable `attributes`, at a location. Operations live in a
 * block's intrusive list (`prevOp`/`nextOp`), so insertion, removal and moves are O(1).
 */
export class Operation {
  // Fields are declared and assigned in the constructor rather than defined as class
  // fields, which is much slower for an object made once per parsed operation.
  /** Previous op in the parent block. */ declare prevOp: Operation | null
  /** Next op in the parent block. */ declare nextOp: Operation | null
  /** The block that contains this op, or null when detached. */
  declare parentBlock: Block | null
  /** @internal Position hint for `isBeforeInBlock`. */ declare orderIndex: number
  /**
   * Scratch slot of whole-IR marking traversals (region DCE's liveness, the printer's value
   * numbering, the greedy rewrite driver's worklist, sccp's solver): the epoch of the last traversal that
   * marked the op, compared against the epoch that `acquireVisitMarks` handed out. Not
   * meaningful outside such a traversal.
   */
  declare visitMark: number
  /**
   * Scratch data of the traversal that holds the visit marks, for an op whose `visitMark`
   * is that traversal's epoch (the printer keeps the number of the op's results here, the
   * greedy driver the op's index in its worklist, sccp's solver its results' first lattice).
   */
  declare visitData: number
  /**
   * The op's location, or the offset whose location the source in `extras` makes on first
   * use (see `location`): an op parsed from text holds one small integer until then.
   */
  declare private locationOrOffset: Location | number
  /** Inherent attributes of a registered op (printed `<{...}>` in generic form). */
  declare properties: DictionaryAttr
  /**
   * The name, discardable attributes, successors, regions and location source: most ops have
   * no attributes, successors or regions, and share one `OpExtras` per name and source that
   * holds the empty ones (see `name`, `attributes`, `successors`, `regions` and `location`).
   * @internal Read, never written, outside this class by the printer's per-op paths: one
   * property load where a getter is a call each until the code is optimized.
   */
  declare extras: OpExtras
  /** The operand slots (change them with `setOperands`, `insertOperands` and `eraseOperands`, not by editing the array). */
  declare operands: OpOperand[]
  /** The results. */
  declare readonly results: OpResult[]

  /** Low-level constructor; prefer `Operation.create`. */
  constructor(
    name: OperationName,
    location: Location,
    resultTypes: readonly Type[],
    properties: DictionaryAttr,
    attributes: DictionaryAttr,
    numRegions: number,
  ) {
    this.prevOp = null
    this.nextOp = null
    this.parentBlock = null
    this.orderIndex = 0
    this.visitMark = 0
    this.visitData = 0
    this.locationOrOffset = location
    this.properties = properties
    this.operands = NO_OPERANDS
    if (resultTypes.length === 0) {
      this.results = NO_RESULTS
    } else {
      const results: OpResult[] = new Array<OpResult>(resultTypes.length)
      for (let i = 0; i < resultTypes.length; i++) {
        results[i] = new OpResult(resultTypes[i]!, this)
      }
      recordPositions(results, 0)
      this.results = results
    }
    if (numRegions === 0) {
      this.extras = attributes.entries.length === 0 ? sharedExtras(name, attributes, null) : new OpExtras(name, attributes, NO_SUCCESSORS, NO_REGIONS, null, false)
    } else {
      const regions: Region[] = new Array<Region>(numRegions)
      this.extras = new OpExtras(name, attributes, NO_SUCCESSORS, regions, null, false)
      for (let i = 0; i < numRegions; i++) {
        regions[i] = new Region(this)
      }
    }
    noteOperationCreated()
  }

  /** The op's name. */
  get name(): OperationName {
    return this.extras.name
  }
  /** Discardable attributes. */
  get attributes(): DictionaryAttr {
    return this.extras.attributes
  }
  set attributes(attributes: DictionaryAttr) {
    const extras = this.extras
    if (extras.attributes !== attributes) {
      this.ownExtras().attributes = attributes
    }
  }
  /** The successor slots. */
  get successors(): BlockOperand[] {
    return this.extras.successors
  }
  set successors(successors: BlockOperand[]) {
    const extras = this.extras
    if (extras.successors !== successors) {
      this.ownExtras().successors = successors
    }
  }
  /** The regions. */
  get regions(): Region[] {
    return this.extras.regions
  }
  /** This op's own `OpExtras`, made from the shared one on the first change. */
  private ownExtras(): OpExtras {
    let extras = this.extras
    if (extras.shared) {
      extras = new OpExtras(extras.name, extras.attributes, extras.successors, extras.regions, extras.source, false)
      this.extras = extras
    }
    return extras
  }

  /**
   * Creates a detached operation from `state`. For registered ops, attributes whose
   * names are inherent go to `properties`; the rest are discardable. Regions in the
   * state are moved into the new op (their blocks are taken).
   */
  static create(state: OperationState): Operation {
    // A state at a lazy location (every parsed op's) has the context in its source: read
    // there, it costs no getter call while this code is cold.
    const source = state.locationSource
    const ctx = source !== null ? source.context : state.context
    const name = state.name
    // The fields of `name` are read once each: until this is optimized, a read is an
    // inline-cache call (and `isRegistered` a getter).
    const def = name.def
    let props = state.properties
    let attrs = state.attributes
    if (attrs.length > 0 && def !== null) {
      if ((name.traits & SEGMENT_SIZE_TRAITS) !== 0) {
        attrs = renameLegacySegmentSizes(attrs)
      }
      const inherent = name.inherentAttributeNames
      if (inherent.size > 0) {
        let numInherent = 0
        for (let i = 0; i < attrs.length; i++) {
          if (inherent.has(attrs[i]!.name)) {
            numInherent++
          }
        }
        if (numInherent === attrs.length && props.length === 0) {
          props = attrs
          attrs = NO_ATTRIBUTES
        } else if (numInherent !== 0) {
          const p: NamedAttribute[] = props.slice()
          const a: NamedAttribute[] = []
          for (let i = 0; i < attrs.length; i++) {
            const na = attrs[i]!
            ;(inherent.has(na.name) ? p : a).push(na)
          }
          props = p
          attrs = a
        }
      }
    }
    if (def !== null && def.populateDefaultProperties !== undefined) {
      // Filled in a scratch list and copied only when defaults were added: most ops have
      // none to add, and a list grown by push from its exact length reserves room for 16.
      const p = defaultsScratch
      emptyList(p)
      for (let i = 0; i < props.length; i++) {
        p.push(props[i]!)
      }
      def.populateDefaultProperties(p, ctx)
      if (p.length !== props.length) {
        props = p.slice()
      }
      emptyList(p)
    }
    // A state at a lazy location hands its source on without making the location (the
    // constructor only stores what it is given, and setLazyLocation replaces it).
    const empty = props.length === 0 || attrs.length === 0 ? DictionaryAttr.empty(ctx) : null
    const regions = state.regions
    const numRegions = regions.length
    const op = new Operation(
      name,
      source === null ? state.location : (source as unknown as Location),
      state.types,
      props.length !== 0 ? DictionaryAttr.get(ctx, props) : empty!,
      attrs.length !== 0 ? DictionaryAttr.get(ctx, attrs) : empty!,
      numRegions,
    )
    if (source !== null) {
      op.setLazyLocation(source, state.locationOffset)
    }
    if (state.rawProperties !== null && def === null) {
      op.rawProperties = state.rawProperties
    }
    op.setOperands(state.operands)
    const numSuccessors = state.successors.length
    if (numSuccessors !== 0) {
      const successors = new Array<BlockOperand>(numSuccessors)
      for (let i = 0; i < numSuccessors; i++) {
        successors[i] = new BlockOperand(state.successors[i]!, op, i)
      }
      op.successors = successors
    }
    if (numRegions !== 0) {
      const own = op.regions
      for (let i = 0; i < numRegions; i++) {
        own[i]!.takeBody(regions[i]!)
      }
    }
    return op
  }

  /**
   * @internal For an unregistered op whose properties were given as something other than a non-empty
   * dictionary (`<{}>`, `<1>`): that attribute, printed back as written when `properties` is
   * empty; null otherwise. Kept beside the op rather than in a field of every op.
   */
  get rawProperties(): Attribute | null {
    return rawPropertiesCount === 0 ? null : (rawPropertiesOf.get(this) ?? null)
  }
  /** @internal Sets `rawProperties` (null removes it). */
  set rawProperties(value: Attribute | null) {
    if (value === null) {
      rawPropertiesOf.delete(this)
    } else {
      rawPropertiesOf.set(this, value)
      rawPropertiesCount++
    }
  }

  /** The op's location; an op parsed from text makes it here on first use. */
  get location(): Location {
    const loc = this.locationOrOffset
    if (typeof loc !== 'number') {
      return loc
    }
    const made = this.extras.source!.locationAt(loc)
    this.locationOrOffset = made
    return made
  }
  set location(loc: Location) {
    this.locationOrOffset = loc
  }
  /**
   * Whether the op's location is `loc(unknown)`. A location still to be made from its
   * source is a file location: it is not made here.
   */
  get hasUnknownLocation(): boolean {
    return this.locationOrOffset instanceof UnknownLoc
  }
  /** @internal Gives the op the location of `offset` in `source`, made when first asked for. */
  setLazyLocation(source: LocationSource, offset: number): void {
    const extras = this.extras
    if (extras.source !== source) {
      if (extras.shared) {
        this.extras = sharedExtras(extras.name, extras.attributes, source)
      } else {
        extras.source = source
      }
    }
    this.locationOrOffset = offset
  }
  /** @internal Whether the location is still to be made from its source (asking for `location` makes it). */
  get hasLazyLocation(): boolean {
    return typeof this.locationOrOffset === 'number'
  }
  /**
   * Gives this op the location of `other` without making it: a location `other` makes on
   * first use (parsed ops) is made by this op on its first use instead, so an op rebuilt
   * from `other` costs no location unless one is asked for.
   */
  takeLocationOf(other: Operation): void {
    const loc = other.locationOrOffset
    if (typeof loc === 'number') {
      this.setLazyLocation(other.extras.source!, loc)
    } else {
      this.locationOrOffset = loc
    }
  }
  /** The context, from the op's location (or the source it is made from). */
  get context(): Context {
    const loc = this.locationOrOffset
    return typeof loc === 'number' ? this.extras.source!.context : loc.context
  }
  get isRegistered(): boolean {
    return this.name.isRegistered
  }
  /** True when the op's name has every bit of `trait` (unregistered ops have none). */
  hasTrait(trait: number): boolean {
    return (this.name.traits & trait) === trait
  }
  /** The region that contains this op. */
  get parentRegion(): Region | null {
    return this.parentBlock?.parent ?? null
  }
  /** The op whose region contains this op. */
  get parentOp(): Operation | null {
    return this.parentBlock?.parent?.parentOp ?? null
  }
  /** The closest ancestor op with the given name. */
  getParentOfType(opName: string): Operation | null {
    for (let p = this.parentOp; p !== null; p = p.parentOp) {
      if (p.name.name === opName) {
        return p
      }
    }
    return null
  }
  /** The closest ancestor op that has `trait`. */
  getParentWithTrait(trait: number): Operation | null {
    for (let p = this.parentOp; p !== null; p = p.parentOp) {
      if (p.hasTrait(trait)) {
        return p
      }
    }
    return null
  }
  /** True when `other` is this op or nested in one of its regions. */
  isAncestor(other: Operation): boolean {
    for (let o: Operation | null = other; o !== null; o = o.parentOp) {
      if (o === this) {
        return true
      }
    }
    return false
  }
  /** True when `other` is nested in one of this op's regions. */
  isProperAncestor(other: Operation): boolean {
    return other !== this && this.isAncestor(other)
  }

  // ---- operands ---------------------------------------------------------------------

  get numOperands(): number {
    return this.operands.length
  }
  getOperand(i: number): Value {
    return this.operands[i]!.value
  }
  /** The operand values, as a fresh array. */
  getOperands(): Value[] {
    const ops = this.operands
    const out = new Array<Value>(ops.length)
    for (let i = 0; i < ops.length; i++) {
      out[i] = ops[i]!.value
    }
    return out
  }
  setOperand(i: number, v: Value): void {
    this.operands[i]!.set(v)
  }
  /** Replaces all operands with `values` (any count). */
  setOperands(values: readonly Value[]): void {
    const ops = this.operands
    for (let i = 0; i < ops.length; i++) {
      ops[i]!.unlink()
    }
    if (values.length === 0) {
      this.operands = NO_OPERANDS
      return
    }
    const next = new Array<OpOperand>(values.length)
    for (let i = 0; i < values.length; i++) {
      next[i] = new OpOperand(values[i]!, this)
    }
    recordPositions(next, 0)
    this.operands = next
  }
  /** Inserts operands at `index`. */
  insertOperands(index: number, values: readonly Value[]): void {
    const vals = this.getOperands()
    vals.splice(index, 0, ...values)
    this.setOperands(vals)
  }
  /** Erases the operand at `index`. */
  eraseOperand(index: number): void {
    this.eraseOperands(index, 1)
  }
  /** Erases `count` operands starting at `index`. */
  eraseOperands(index: number, count: number): void {
    if (count === 0) {
      return
    }
    const ops = this.operands
    for (let i = index; i < index + count; i++) {
      ops[i]!.unlink()
    }
    ops.splice(index, count)
    recordPositions(ops, index)
  }
  /** The operand types, as a fresh array. */
  get operandTypes(): Type[] {
    const operands = this.operands
    const out: Type[] = []
    for (let i = 0; i < operands.length; i++) {
      out.push(operands[i]!.value.type)
    }
    return out
  }

  // ---- results ----------------------------------------------------------------------

  get numResults(): number {
    return this.results.length
  }
  getResult(i: number): OpResult {
    return this.results[i]!
  }
  /** The single result; throws when the op does not have exactly one. */
  get result(): OpResult {
    if (this.results.length !== 1) {
      throw new Error(`'${this.name.name}' has ${this.results.length} results, not 1`)
    }
    return this.results[0]!
  }
  get resultTypes(): Type[] {
    const results = this.results
    const out: Type[] = []
    for (let i = 0; i < results.length; i++) {
      out.push(results[i]!.type)
    }
    return out
  }
  /** True when no result has a use. */
  get useEmpty(): boolean {
    const results = this.results
    for (let i = 0; i < results.length; i++) {
      if (results[i]!.firstUse !== null) {
        return false
      }
    }
    return true
  }
  /** Iterates the ops that use any result (once per use). */
  *users(): IterableIterator<Operation> {
    for (const r of this.results) {
      yield* r.users()
    }
  }
  /** Replaces each result's uses with the matching value (or the matching result of `other`). */
  replaceAllUsesWith(values: readonly Value[] | Operation): void {
    const vals = values instanceof Operation ? values.results : values
    if (vals.length !== this.results.length) {
      throw new Error('replaceAllUsesWith: result count mismatch')
    }
    for (let i = 0; i < vals.length; i++) {
      this.results[i]!.replaceAllUsesWith(vals[i]!)
    }
  }

  // ---- successors and regions -------------------------------------------------------

  get numSuccessors(): number {
    return this.successors.length
  }
  getSuccessor(i: number): Block {
    return this.successors[i]!.block
  }
  setSuccessor(i: number, b: Block): void {
    this.successors[i]!.set(b)
  }
  get numRegions(): number {
    return this.regions.length
  }
  getRegion(i: number): Region {
    return this.regions[i]!
  }

  // ---- attributes -------------------------------------------------------------------

  /** The attribute named `name`: inherent first, then discardable. */
  getAttr(name: string): Attribute | undefined {
    // `extras` read directly: the `attributes` getter would be one call more per lookup.
    return this.properties.get(name) ?? this.extras.attributes.get(name)
  }
  hasAttr(name: string): boolean {
    return this.getAttr(name) !== undefined
  }
  /** Sets `name`: an inherent attribute for registered ops that declare it, otherwise discardable. */
  setAttr(name: string, value: Attribute): void {
    if (this.name.inherentAttributeNames.has(name)) {
      this.properties = this.properties.with(name, value)
    } else {
      this.attributes = this.attributes.with(name, value)
    }
  }
  /** Removes `name` wherever it is; returns the removed value. */
  removeAttr(name: string): Attribute | undefined {
    const p = this.properties.get(name)
    if (p !== undefined) {
      this.properties = this.properties.without(name)
      return p
    }
    const a = this.attributes.get(name)
    if (a !== undefined) {
      this.attributes = this.attributes.without(name)
    }
    return a
  }
  getInherentAttr(name: string): Attribute | undefined {
    return this.properties.get(name)
  }
  setInherentAttr(name: string, value: Attribute): void {
    this.properties = this.properties.with(name, value)
  }
  getDiscardableAttr(name: string): Attribute | undefined {
    return this.attributes.get(name)
  }
  setDiscardableAttr(name: string, value: Attribute): void {
    this.attributes = this.attributes.with(name, value)
  }
  /** Inherent and discardable attributes merged, sorted by name (MLIR's `getAttrs()`). */
  getAttrs(): readonly NamedAttribute[] {
    const p = this.properties.entries
    const a = this.attributes.entries
    if (p.length === 0) {
      return a
    }
    if (a.length === 0) {
      return p
    }
    return [...p, ...a].sort((x, y) => compareNames(x.name, y.name))
  }

  // ---- position in the block --------------------------------------------------------

  /** True when this op comes before `other` in the same block (amortized O(1)). */
  isBeforeInBlock(other: Operation): boolean {
    const b = this.parentBlock
    if (b === null || b !== other.parentBlock) {
      throw new Error('isBeforeInBlock: ops are not in the same block')
    }
    if (!b.isOpOrderValid) {
      b.recomputeOpOrder()
    }
    return this.orderIndex < other.orderIndex
  }
  /** Unlinks this op from its block without destroying it. */
  remove(): void {
    this.parentBlock?.removeOp(this)
  }
  /** Moves this op right before `other` (possibly into another block). */
  moveBefore(other: Operation): void {
    this.remove()
    other.parentBlock!.insertBefore(this, other)
  }
  /** Moves this op right after `other`. */
  moveAfter(other: Operation): void {
    this.remove()
    other.parentBlock!.insertAfter(this, other)
  }

  // ---- destruction ------------------------------------------------------------------

  /** Drops every operand and successor use here and in nested regions, so ops can be erased in any order. */
  dropAllReferences(): void {
    // Indexed loops: erasing runs once per erased op, and an array iterator is an
    // allocation wherever the optimizing compiler does not remove it.
    const operands = this.operands
    for (let i = 0; i < operands.length; i++) {
      operands[i]!.drop()
    }
    const successors = this.successors
    for (let i = 0; i < successors.length; i++) {
      successors[i]!.drop()
    }
    const regions = this.regions
    for (let i = 0; i < regions.length; i++) {
      regions[i]!.dropAllReferences()
    }
  }
  /** Drops every use of this op's results. */
  dropAllUses(): void {
    const results = this.results
    for (let i = 0; i < results.length; i++) {
      results[i]!.dropAllUses()
    }
  }
  /**
   * Unlinks and destroys this op. Its results must have no uses (MLIR asserts this);
   * a violation throws, since it is a bug in the caller.
   */
  erase(): void {
    if (!this.useEmpty) {
      throw new Error(`erasing '${this.name.name}' whose results still have uses`)
    }
    this.remove()
    this.dropAllReferences()
  }

  // ---- traversal --------------------------------------------------------------------

  /**
   * Visits this op and every nested op. The callback may return `'interrupt'` to stop
   * (the walk then returns `'interrupt'`) or, in pre-order, `'skip'` to not enter the
   * op's regions. Ops may be erased from the callback in post-order.
   */
  walk(callback: (op: Operation) => WalkResult | void, order: WalkOrder = 'post'): WalkResult {
    return walkOp(this, callback, order)
  }

  // ---- cloning ----------------------------------------------------------------------

  /**
   * Deep-copies this op (with regions). Operands found in `mapping` are remapped;
   * others are kept. New results, blocks and arguments are recorded in `mapping`.
   */
  clone(mapping: IRMapping = new IRMapping()): Operation {
    const op = this.cloneWithoutRegions(mapping)
    for (let i = 0; i < this.regions.length; i++) {
      this.regions[i]!.cloneInto(op.regions[i]!, null, mapping)
    }
    return op
  }
  /** Copies this op with empty regions (operands remapped through `mapping`). */
  cloneWithoutRegions(mapping: IRMapping = new IRMapping()): Operation {
    const op = new Operation(
      this.name,
      this.location,
      this.resultTypes,
      this.properties,
      this.attributes,
      this.regions.length,
    )
    const raw = this.rawProperties
    if (raw !== null) {
      op.rawProperties = raw
    }
    op.setOperands(this.operands.map((o) => mapping.lookupOrDefault(o.value)))
    if (this.successors.length !== 0) {
      const successors = new Array<BlockOperand>(this.successors.length)
      for (let i = 0; i < this.successors.length; i++) {
        successors[i] = new BlockOperand(mapping.lookupBlockOrDefault(this.successors[i]!.block), op, i)
      }
      op.successors = successors
    }
    for (let i = 0; i < this.results.length; i++) {
      mapping.map(this.results[i]!, op.results[i]!)
    }
    mapping.mapOp(this, op)
    return op
  }

  // ---- diagnostics ------------------------------------------------------------------

  /**
   * Emits an error at this op's location. Like MLIR, it attaches a `see current
   * operation` note with the op in generic form when the context asks for it.
   */
  emitError(message: string): InFlightDiagnostic {
    const note = this.opNoteText(true)
    return this.attachOpNote(this.context.emitError(this.location, message), note)
  }
  /** Emits `'op.name' op <message>` at this op's location, as MLIR's `emitOpError`. */
  emitOpError(message: string): InFlightDiagnostic {
    return this.emitError(`'${this.name.name}' op ${message}`)
  }
  emitWarning(message: string): InFlightDiagnostic {
    const note = this.opNoteText(false)
    return this.attachOpNote(this.context.emitWarning(this.location, message), note)
  }
  emitRemark(message: string): InFlightDiagnostic {
    const note = this.opNoteText(false)
    return this.attachOpNote(this.context.emitRemark(this.location, message), note)
  }
  // The op is printed before the diagnostic starts: printing may verify the op, and a
  // diagnostic in flight would otherwise be flushed into the printer's quiet handler.
  private opNoteText(generic: boolean): string | null {
    const ctx = this.context
    if (!ctx.printOpOnDiagnostic || ctx.diagnosticOpPrinter === null) {
      return null
    }
    return 'see current operation: ' + formatOpForDiagnostic(this, generic)
  }
  private attachOpNote(diag: InFlightDiagnostic, note: string | null): InFlightDiagnostic {
    if (note !== null) {
      diag.attachNote(note)
    }
    return diag
  }

  toString(): string {
    return `<operation '${this.name.name}'>`
  }
}

// The operand, result, successor and region lists of ops that have none share these frozen
// empty arrays: most ops have no successors or regions, and a list per op costs memory at
// a million ops. Code that changes a list assigns a new array (as `setOperands` does).
const NO_OPERANDS: OpOperand[] = Object.freeze([]) as unknown as OpOperand[]
/** The discardable attributes of a created op whose attributes were all inherent (only read). */
const NO_ATTRIBUTES: NamedAttribute[] = Object.freeze([]) as unknown as NamedAttribute[]
const NO_RESULTS: OpResult[] = Object.freeze([]) as unknown as OpResult[]
const NO_SUCCESSORS: BlockOperand[] = Object.freeze([]) as unknown as BlockOperand[]
const NO_REGIONS: Region[] = Object.freeze([]) as unknown as Region[]

/**
 * The fields of an op that most ops share or leave empty: its name, discardable attributes,
 * successors and regions, and the source its location is made from while it is an offset.
 * Ops without attributes, successors or regions share one instance (`shared`) per name and
 * source, which saves four fields in each of a million ops; an op makes its own on the
 * first change.
 */
class OpExtras {
  declare readonly name: OperationName
  declare attributes: DictionaryAttr
  declare successors: BlockOperand[]
  declare regions: Region[]
  /** The source of the location of the ops whose location is still an offset (null when none is). */
  declare source: LocationSource | null
  declare readonly shared: boolean
  constructor(
    name: OperationName,
    attributes: DictionaryAttr,
    successors: BlockOperand[],
    regions: Region[],
    source: LocationSource | null,
    shared: boolean,
  ) {
    this.name = name
    this.attributes = attributes
    this.successors = successors
    this.regions = regions
    this.source = source
    this.shared = shared
  }
}

/**
 * The shared `OpExtras` of `name` holding `empty` (a context's empty dictionary), no
 * successors or regions, and `source`: kept by the name, or with a source by the source (so
 * that nothing outlives the ops of a source but the ops).
 */
function sharedExtras(name: OperationName, empty: DictionaryAttr, source: LocationSource | null): OpExtras {
  if (source === null) {
    let extras = name.sharedOpExtras as OpExtras | null
    if (extras === null || extras.attributes !== empty) {
      extras = new OpExtras(name, empty, NO_SUCCESSORS, NO_REGIONS, null, true)
      name.sharedOpExtras = extras
    }
    return extras
  }
  let byName = source.sharedOpExtras as Map<OperationName, OpExtras> | null
  if (byName === null) {
    byName = new Map()
    source.sharedOpExtras = byName
  }
  let extras = byName.get(name)
  if (extras === undefined || extras.attributes !== empty) {
    extras = new OpExtras(name, empty, NO_SUCCESSORS, NO_REGIONS, source, true)
    byName.set(name, extras)
  }
  return extras
}

/** One op whose regions a walk is in: where it goes on in them. */
class WalkFrame {
  op: Operation
  regionIndex = -1
  /** The next op to visit in the current block, taken before the one before it is visited (which may erase it). */
  nextOp: Operation | null = null
  /** The block after the current one, taken before the current one is entered. */
  nextBlock: Block | null = null
  constructor(op: Operation) {
    this.op = op
  }
}

/**
 * The walk behind `Operation.walk`: nested regions are kept on an explicit stack of frames
 * (one per level, reused by siblings), so depth costs no native stack.
 */
function walkOp(root: Operation, callback: (op: Operation) => WalkResult | void, order: WalkOrder): WalkResult {
  const pre = order === 'pre'
  if (pre) {
    const r = callback(root)
    if (r === 'interrupt') {
      return 'interrupt'
    }
    if (r === 'skip') {
      return 'advance'
    }
  }
  if (root.regions.length !== 0) {
    const frames = [new WalkFrame(root)]
    let depth = 0
    while (depth >= 0) {
      const f = frames[depth]!
      const o = f.nextOp
      if (o === null) {
        const nextBlock = f.nextBlock
        if (nextBlock !== null) {
          f.nextBlock = nextBlock.nextBlock
          f.nextOp = nextBlock.firstOp
          continue
        }
        const regions = f.op.regions
        if (++f.regionIndex < regions.length) {
          const b = regions[f.regionIndex]!.firstBlock
          if (b !== null) {
            f.nextBlock = b.nextBlock
            f.nextOp = b.firstOp
          }
          continue
        }
        depth--
        if (depth >= 0 && !pre && callback(f.op) === 'interrupt') {
          return 'interrupt'
        }
        continue
      }
      f.nextOp = o.nextOp
      if (pre) {
        const r = callback(o)
        if (r === 'interrupt') {
          return 'interrupt'
        }
        if (r === 'skip') {
          continue
        }
      }
      if (o.regions.length === 0) {
        if (!pre && callback(o) === 'interrupt') {
          return 'interrupt'
        }
        continue
      }
      depth++
      let g = frames[depth]
      if (g === undefined) {
        g = new WalkFrame(o)
        frames.push(g)
      } else {
        g.op = o
        g.regionIndex = -1
        g.nextOp = null
        g.nextBlock = null
      }
    }
  }
  if (!pre) {
    const r = callback(root)
    if (r === 'interrupt') {
      return 'interrupt'
    }
  }
  return 'advance'
}

let visitEpoch = 0
let visitMarksHeld = false

/**
 * Takes the `visitMark`/`visitData` slots of every op for one marking traversal and
 * returns a fresh epoch that no op holds yet, or 0 when another traversal holds the slots
 * (the caller then keeps its marks elsewhere). Marks never need clearing; hand the slots
 * back with `releaseVisitMarks` when done.
 */
export function acquireVisitMarks(): number {
  if (visitMarksHeld) {
    return 0
  }
  visitMarksHeld = true
  // Past 2^30 the counter restarts (still a small integer); a stale mark would then need
  // an op untouched for a billion traversals.
  visitEpoch = visitEpoch >= 0x3fffffff ? 1 : visitEpoch + 1
  return visitEpoch
}

/** Gives back the slots taken by `acquireVisitMarks` (a no-op for epoch 0). */
export function releaseVisitMarks(epoch: number): void {
  if (epoch !== 0) {
    visitMarksHeld = false
  }
}

/**
 * The attribute list with the pre-properties spellings `operand_segment_sizes` and
 * `result_segment_sizes` renamed to `operandSegmentSizes` and `resultSegmentSizes`, as
 * MLIR's generated `setInherentAttr` still accepts them.
 */
function renameLegacySegmentSizes(attrs: NamedAttribute[]): NamedAttribute[] {
  let out: NamedAttribute[] | null = null
  for (let i = 0; i < attrs.length; i++) {
    const n = attrs[i]!.name
    const renamed = n === 'operand_segment_sizes' ? 'operandSegmentSizes' : n === 'result_segment_sizes' ? 'resultSegmentSizes' : null
    if (renamed !== null && !attrs.some((a) => a.name === renamed)) {
      out ??= attrs.slice()
      out[i] = { name: renamed, value: attrs[i]!.value }
    }
  }
  return out === null ? attrs : out
}
