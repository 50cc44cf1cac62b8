import { StringAttr } from '@tilepass/ir'
import type { OpHandler } from './Interpreter.ts'
import { Tile, Token } from './Tile.ts'

/**
 * `print_tko`: C printf-style formatting of tiles. A conversion applied to a tile of more
 * than one element formats each element and prints them as `[a, b, ...]` in row-major
 * order. Supported: flags `-+ 0#`, width, precision, and `d i u x X o c f F e E g G a %`.
 */

const SPEC = /%([-+ 0#]*)(\d+)?(?:\.(\d+))?(hh|h|ll|l|z)?([diuxXocfFeEgGaA%])/g

function pad(body: string, flags: string, width: number, numeric: boolean): string {
  if (body.length >= width) {
    return body
  }
  if (flags.includes('-')) {
    return body.padEnd(width)
  }
  if (numeric && flags.includes('0')) {
    const sign = /^[+\- ]/.test(body) ? body[0]! : ''
    const prefix = /^[+\- ]?0[xX]/.test(body) ? body.slice(sign.length, sign.length + 2) : ''
    const digits = body.slice(sign.length + prefix.length)
    return sign + prefix + digits.padStart(width - sign.length - prefix.length, '0')
  }
  return body.padStart(width)
}

/** C's %e exponent: at least two digits. */
function cExponent(s: string): string {
  return s.replace(/e([+-])(\d)$/, 'e$10$2')
}

function formatFloat(x: number, conv: string, flags: string, precision: number | null): string {
  const upper = conv === conv.toUpperCase()
  if (!Number.isFinite(x)) {
    const s = Number.isNaN(x) ? 'nan' : x > 0 ? (flags.includes('+') ? '+inf' : 'inf') : '-inf'
    return upper ? s.toUpperCase() : s
  }
  const p = precision ?? 6
  let s: string
  switch (conv.toLowerCase()) {
    case 'e':
      s = cExponent(x.toExponential(p))
      break
    case 'g': {
      const prec = p === 0 ? 1 : p
      const exp = x === 0 ? 0 : Math.floor(Math.log10(Math.abs(x)))
      s = exp < -4 || exp >= prec ? cExponent(x.toExponential(prec - 1)) : x.toFixed(Math.max(0, prec - 1 - exp))
      if (!flags.includes('#')) {
        s = s.replace(/\.?0+(e|$)/, '$1')
      }
      break
    }
    case 'a':
      s = x.toString(16)
      break
    default:
      s = x.toFixed(p)
  }
  if (Object.is(x, -0) && !s.startsWith('-')) {
    s = `-${s}`
  }
  if (x >= 0 && !s.startsWith('-')) {
    s = (flags.includes('+') ? '+' : flags.includes(' ') ? ' ' : '') + s
  }
  return upper ? s.toUpperCase() : s
}

function formatInt(v: bigint, bits: number, conv: string, flags: string, precision: number | null): string {
  let s: string
  const unsigned = BigInt.asUintN(bits, v)
  switch (conv) {
    case 'u':
      s = unsigned.toString()
      break
    case 'x':
    case 'X':
      s = unsigned.toString(16)
      if (flags.includes('#') && unsigned !== 0n) {
        s = `0x${s}`
      }
      break
    case 'o':
      s = unsigned.toString(8)
      break
    case 'c':
      return String.fromCharCode(Number(BigInt.asUintN(8, v)))
    default:
      s = v.toString()
  }
  if (precision !== null) {
    const neg = s.startsWith('-')
    s = (neg ? '-' : '') + s.slice(neg ? 1 : 0).padStart(precision, '0')
  }
  if ((conv === 'd' || conv === 'i') && v >= 0n) {
    s = (flags.includes('+') ? '+' : flags.includes(' ') ? ' ' : '') + s
  }
  return conv === 'X' ? s.toUpperCase() : s
}

/** Formats element `i` of `t` for one conversion (floats given to an integer conversion print as integers, and back). */
function formatElement(t: Tile, i: number, conv: string, flags: string, precision: number | null): string {
  const isFloatConv = 'fFeEgGaA'.includes(conv)
  if (t.elem.isFloat) {
    const x = t.floats[i]!
    return isFloatConv ? formatFloat(x, conv, flags, precision) : formatInt(BigInt(Math.trunc(Number.isFinite(x) ? x : 0)), 64, conv, flags, precision)
  }
  const v = t.ints[i]!
  return isFloatConv ? formatFloat(Number(v), conv, flags, precision) : formatInt(v, t.elem.bits, conv, flags, precision)
}

/** Formats `format` with `args` as print_tko does. */
export function formatPrint(format: string, args: readonly Tile[]): string {
  let next = 0
  return format.replace(SPEC, (_m, flags: string, width: string | undefined, precision: string | undefined, _len: string | undefined, conv: string) => {
    if (conv === '%') {
      return '%'
    }
    const t = args[next++]
    if (t === undefined) {
      return ''
    }
    const w = width === undefined ? 0 : Number(width)
    const p = precision === undefined ? null : Number(precision)
    const one = (i: number): string => pad(formatElement(t, i, conv, flags, p), flags, w, conv !== 'c')
    if (t.numElements === 1) {
      return one(0)
    }
    const parts: string[] = []
    for (let i = 0; i < t.numElements; i++) {
      parts.push(one(i))
    }
    return `[${parts.join(', ')}]`
  })
}

const printTko: OpHandler = (it, op) => {
  const str = op.getAttr('str')
  if (!(str instanceof StringAttr)) {
    return it.fail(op, "has no 'str' format string")
  }
  const args: Tile[] = []
  for (let i = 0; i < op.numOperands; i++) {
    const v = it.get(op.getOperand(i))
    if (v instanceof Tile) {
      args.push(v)
    }
  }
  const conversions = [...str.value.matchAll(SPEC)].filter((m) => m[5] !== '%').length
  if (conversions !== args.length) {
    return it.fail(op, `has ${conversions} format conversions for ${args.length} arguments`)
  }
  it.print(formatPrint(str.value, args))
  for (let i = 0; i < op.numResults; i++) {
    it.set(op.getResult(i), Token.instance)
  }
}

/** Print handlers by op name (without the `cuda_tile.` prefix). */
export const PRINT_HANDLERS: Record<string, OpHandler> = {
  print_tko: printTko,
  // 13.1 spelling of the same op.
  print: printTko,
}
