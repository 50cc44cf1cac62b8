/**
 * Validation of LLVM data layout strings (`e-p:64:64-i64:64-n32:64-S128`), with the
 * messages of LLVM's `DataLayout::parse`, and the `llvm` dialect's check of the
 * `llvm.data_layout` attribute (upstream's `LLVMDialect::verifyOperationAttribute`).
 */
import { StringAttr, type LogicalResult, type NamedAttribute, type Operation } from '@tilepass/ir'

/** `StringRef::getAsInteger(10, unsigned)`: decimal digits only, fitting 32 bits. */
function toUnsigned(s: string): number | undefined {
  if (s.length === 0 || !/^[0-9]+$/.test(s)) {
    return undefined
  }
  const v = Number(s)
  return v <= 0xffffffff ? v : undefined
}

const specFormat = (format: string): string => `malformed specification, must be of the form "${format}"`

function addrSpaceError(s: string): string | undefined {
  if (s.length === 0) {
    return 'address space component cannot be empty'
  }
  const v = toUnsigned(s)
  return v === undefined || v >= 1 << 24 ? 'address space must be a 24-bit integer' : undefined
}

/** The size in bits of `s`, or the error message (`name`: "size", "pointer size", "index size"). */
function parseSize(s: string, name = 'size'): number | string {
  if (s.length === 0) {
    return `${name} component cannot be empty`
  }
  const v = toUnsigned(s)
  return v === undefined || v === 0 || v >= 1 << 24 ? `${name} must be a non-zero 24-bit integer` : v
}

/** The alignment in bytes of `s` (given in bits), or the error message. */
function parseAlignment(s: string, name: string, allowZero = false): number | string {
  if (s.length === 0) {
    return `${name} alignment component cannot be empty`
  }
  const v = toUnsigned(s)
  if (v === undefined || v >= 1 << 16) {
    return `${name} alignment must be a 16-bit integer`
  }
  if (v === 0) {
    return allowZero ? 1 : `${name} alignment must be non-zero`
  }
  const bytes = v / 8
  if (v % 8 !== 0 || (bytes & (bytes - 1)) !== 0) {
    return `${name} alignment must be a power of two times the byte width`
  }
  return bytes
}

/** The preferred alignment after `abi` (optional `pref` component), or the error message. */
function checkPreferred(abi: number | string, pref: string | undefined): string | undefined {
  if (typeof abi === 'string') {
    return abi
  }
  const p = pref === undefined ? abi : parseAlignment(pref, 'preferred')
  if (typeof p === 'string') {
    return p
  }
  return p < abi ? 'preferred alignment cannot be less than the ABI alignment' : undefined
}

function primitiveSpecError(spec: string): string | undefined {
  // [ifv]<size>:<abi>[:<pref>]
  const kind = spec[0]!
  const parts = spec.slice(1).split(':')
  if (parts.length < 2 || parts.length > 3) {
    return specFormat(`${kind}<size>:<abi>[:<pref>]`)
  }
  const size = parseSize(parts[0]!)
  if (typeof size === 'string') {
    return size
  }
  const abi = parseAlignment(parts[1]!, 'ABI')
  if (kind === 'i' && size === 8 && abi !== 1 && typeof abi === 'number') {
    return 'i8 must be 8-bit aligned'
  }
  return checkPreferred(abi, parts[2])
}

function aggregateSpecError(spec: string): string | undefined {
  // a<size>:<abi>[:<pref>], where <size> is absent or zero.
  const parts = spec.slice(1).split(':')
  if (parts.length < 2 || parts.length > 3) {
    return specFormat('a:<abi>[:<pref>]')
  }
  if (parts[0]!.length > 0 && toUnsigned(parts[0]!) !== 0) {
    return 'size must be zero'
  }
  return checkPreferred(parseAlignment(parts[1]!, 'ABI', true), parts[2])
}

/** The address-space component of a pointer spec: `[<flags>][<n>][(<name>)]`, or its error. */
function pointerAddrSpaceError(component: string, names: Set<string>): string | undefined {
  // Flags: `u` (unstable) and `e` (external state), before the number.
  let at = 0
  let flagged = false
  while (at < component.length && /[A-Za-z]/.test(component[at]!)) {
    const flag = component[at]!
    if (flag !== 'u' && flag !== 'e') {
      return `'${flag}' is not a valid pointer specification flag`
    }
    flagged = true
    at++
  }
  let number = component.slice(at)
  const open = number.indexOf('(')
  if (open >= 0) {
    const name = number.slice(open + 1, -1)
    if (!number.endsWith(')') || name.length === 0) {
      return 'Expected `( address space name )`'
    }
    if (name === 'P' || name === 'G' || name === 'A') {
      return 'Cannot use predefined address space names P/G/A in data layout'
    }
    if (names.has(name)) {
      return `address space name \`${name}\` already used`
    }
    names.add(name)
    number = number.slice(0, open)
  }
  if (number.length > 0) {
    const e = addrSpaceError(number)
    if (e !== undefined) {
      return e
    }
  }
  return flagged && (number.length === 0 || toUnsigned(number) === 0) ? 'address space 0 cannot be unstable or have external state' : undefined
}

function pointerSpecError(spec: string, names: Set<string>): string | undefined {
  // p[<flags>][<n>][(<name>)]:<size>:<abi>[:<pref>[:<idx>]]
  const parts = spec.slice(1).split(':')
  if (parts.length < 3 || parts.length > 5) {
    return specFormat('p[<n>]:<size>:<abi>[:<pref>[:<idx>]]')
  }
  const asError = pointerAddrSpaceError(parts[0]!, names)
  if (asError !== undefined) {
    return asError
  }
  const size = parseSize(parts[1]!, 'pointer size')
  if (typeof size === 'string') {
    return size
  }
  const pref = checkPreferred(parseAlignment(parts[2]!, 'ABI'), parts[3])
  if (pref !== undefined) {
    return pref
  }
  const index = parts.length > 4 ? parseSize(parts[4]!, 'index size') : size
  if (typeof index === 'string') {
    return index
  }
  return index > size ? 'index size cannot be larger than the pointer size' : undefined
}

const MANGLING_MODES = 'elomwxa'

/** The error of one `-`-separated specification, or undefined. */
function specificationError(spec: string, names: Set<string>): string | undefined {
  if (spec.startsWith('ni')) {
    // ni:<address space>[:<address space>]...
    if (spec[2] !== ':') {
      return specFormat('ni:<address space>[:<address space>]...')
    }
    for (const s of spec.slice(3).split(':')) {
      const e = addrSpaceError(s)
      if (e !== undefined) {
        return e
      }
      if (toUnsigned(s) === 0) {
        return 'address space 0 cannot be non-integral'
      }
    }
    return undefined
  }
  const kind = spec[0]!
  const rest = spec.slice(1)
  switch (kind) {
    case 'i':
    case 'f':
    case 'v':
      return primitiveSpecError(spec)
    case 'a':
      return aggregateSpecError(spec)
    case 'p':
      return pointerSpecError(spec, names)
    case 's':
      return undefined
    case 'e':
    case 'E':
      return rest.length > 0 ? "malformed specification, must be just 'e' or 'E'" : undefined
    case 'n':
      for (const s of rest.split(':')) {
        const size = parseSize(s)
        if (typeof size === 'string') {
          return size
        }
      }
      return undefined
    case 'S': {
      if (rest.length === 0) {
        return specFormat('S<size>')
      }
      const a = parseAlignment(rest, 'stack natural')
      return typeof a === 'string' ? a : undefined
    }
    case 'F': {
      if (rest.length === 0) {
        return specFormat('F<type><abi>')
      }
      if (rest[0] !== 'i' && rest[0] !== 'n') {
        return `unknown function pointer alignment type '${rest[0]}'`
      }
      const a = parseAlignment(rest.slice(1), 'ABI')
      return typeof a === 'string' ? a : undefined
    }
    case 'P':
    case 'A':
    case 'G':
      return rest.length === 0 ? specFormat(`${kind}<address space>`) : addrSpaceError(rest)
    case 'm':
      if (rest[0] !== ':' || rest.length === 1) {
        return specFormat('m:<mangling>')
      }
      return rest.length > 2 || !MANGLING_MODES.includes(rest[1]!) ? 'unknown mangling mode' : undefined
    default:
      return `unknown specifier '${kind}'`
  }
}

/** The error LLVM's `DataLayout::parse` reports for `layout`, or undefined when it is valid. */
export function dataLayoutStringError(layout: string): string | undefined {
  if (layout.length === 0) {
    return undefined
  }
  const names = new Set<string>()
  for (const spec of layout.split('-')) {
    if (spec.length === 0) {
      return 'empty specification is not allowed'
    }
    const e = specificationError(spec, names)
    if (e !== undefined) {
      return e
    }
  }
  return undefined
}

/**
 * The `llvm` dialect's check of its discardable attributes: `llvm.data_layout` must be a
 * string LLVM's `DataLayout::parse` accepts.
 */
export function verifyLLVMOperationAttribute(op: Operation, attr: NamedAttribute): LogicalResult {
  if (attr.name !== 'llvm.data_layout') {
    return true
  }
  if (!(attr.value instanceof StringAttr)) {
    return op.emitOpError("expected 'llvm.data_layout' to be a string attributes").fail()
  }
  const error = dataLayoutStringError(attr.value.value)
  // LLVM's error log ends the message with a newline, which upstream keeps.
  return error === undefined || op.emitOpError(`invalid data layout descriptor: ${error}\n`).fail()
}
