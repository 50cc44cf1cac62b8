import fc from 'fast-check'

// Structural mutations of Tile IR bytecode. The fuzzer writes a valid module, then applies
// one to three of these: raw ones (bit flips, edge bytes, splices, truncation at a section
// or table boundary, a varint replaced by a huge or overlong one, the version field) and
// ones that rebuild the file with a consistent section directory (sections swapped,
// duplicated, dropped or renumbered; string, type and constant tables with entries swapped,
// dropped or given bad offsets), so the reader gets past its header checks and deep into
// the payloads. Mutations are plain data (numbers and strings) that a worker can receive.

const MAGIC_LENGTH = 8
const HEADER_LENGTH = 12
const PADDING_BYTE = 0xcb
const STRING_SECTION = 1
const CONSTANT_SECTION = 4
const TYPE_SECTION = 5

/** One mutation; positions and indices are taken modulo what the file has. */
export type TileMutation =
  | { readonly kind: 'flip'; readonly pos: number; readonly bit: number; readonly near: number }
  | { readonly kind: 'set'; readonly pos: number; readonly value: number; readonly near: number }
  | { readonly kind: 'splice'; readonly pos: number; readonly del: number; readonly insert: readonly number[] }
  | { readonly kind: 'truncate'; readonly boundary: number }
  | { readonly kind: 'varint'; readonly site: number; readonly value: string; readonly overlong: number }
  | { readonly kind: 'version'; readonly major: number; readonly minor: number; readonly tag: number }
  | { readonly kind: 'section'; readonly op: 'swap' | 'duplicate' | 'drop' | 'swap-ids' | 'set-id' | 'toggle-align'; readonly a: number; readonly b: number }
  | { readonly kind: 'table'; readonly section: 'string' | 'type' | 'constant'; readonly op: 'swap' | 'drop-last' | 'empty' | 'count' | 'offset'; readonly a: number; readonly b: number }

/** A section of a decoded file: its id byte (with the alignment flag), alignment and payload. */
interface RawSection {
  idByte: number
  align: number
  payload: Uint8Array
  /** Where its id byte, length field and payload are in the file it was read from. */
  readonly at: number
  readonly lengthAt: number
  readonly alignAt: number
  readonly payloadAt: number
}

/** The file as header, sections and end marker; `complete` is false when the directory is broken. */
interface Decoded {
  readonly header: Uint8Array
  readonly sections: RawSection[]
  readonly complete: boolean
}

function readVarInt(bytes: Uint8Array, pos: number): { value: number; end: number } | null {
  let value = 0
  let scale = 1
  for (let i = pos; i < bytes.length && i < pos + 10; i++) {
    const b = bytes[i]!
    value += (b & 0x7f) * scale
    scale *= 128
    if ((b & 0x80) === 0) {
      return { value, end: i + 1 }
    }
  }
  return null
}

function varIntBytes(value: bigint, overlong = 0): number[] {
  const out: number[] = []
  let v = value < 0n ? -value : value
  do {
    out.push(Number(v & 0x7fn))
    v >>= 7n
  } while (v !== 0n)
  for (let i = 0; i < overlong; i++) {
    out.push(0)
  }
  for (let i = 0; i < out.length - 1; i++) {
    out[i]! |= 0x80
  }
  return out
}

/** Reads the section directory as the reader does (without judging ids or alignments). */
function decode(bytes: Uint8Array): Decoded {
  const sections: RawSection[] = []
  if (bytes.length < HEADER_LENGTH) {
    return { header: bytes.slice(), sections, complete: false }
  }
  let pos = HEADER_LENGTH
  while (pos < bytes.length) {
    const at = pos
    const idByte = bytes[pos++]!
    if ((idByte & 0x7f) === 0) {
      return { header: bytes.slice(0, HEADER_LENGTH), sections, complete: pos === bytes.length }
    }
    const length = readVarInt(bytes, pos)
    if (length === null) {
      break
    }
    const lengthAt = pos
    pos = length.end
    let align = 1
    const alignAt = pos
    if ((idByte & 0x80) !== 0) {
      const a = readVarInt(bytes, pos)
      if (a === null || a.value === 0) {
        break
      }
      align = a.value
      pos = a.end
      while (pos % align !== 0 && pos < bytes.length) {
        pos++
      }
    }
    if (pos + length.value > bytes.length) {
      break
    }
    sections.push({ idByte, align, payload: bytes.slice(pos, pos + length.value), at, lengthAt, alignAt, payloadAt: pos })
    pos += length.value
  }
  return { header: bytes.slice(0, HEADER_LENGTH), sections, complete: false }
}

/** Writes the file back with lengths, alignments and padding that match the payloads. */
function encode(d: Decoded): Uint8Array {
  const out: number[] = [...d.header]
  for (const s of d.sections) {
    out.push(s.idByte)
    out.push(...varIntBytes(BigInt(s.payload.length)))
    if ((s.idByte & 0x80) !== 0) {
      out.push(...varIntBytes(BigInt(s.align)))
      while (s.align > 0 && s.align <= 64 && out.length % s.align !== 0) {
        out.push(PADDING_BYTE)
      }
    }
    out.push(...s.payload)
  }
  out.push(0)
  return Uint8Array.from(out)
}

/** A table section: a count, padding to `width`, `width`-byte start offsets, then the entries. */
interface Table {
  readonly width: 4 | 8
  entries: Uint8Array[]
}

function decodeTable(payload: Uint8Array, width: 4 | 8): Table | null {
  const count = readVarInt(payload, 0)
  if (count === null || count.value > payload.length) {
    return null
  }
  let pos = count.end
  while (pos % width !== 0) {
    pos++
  }
  const starts: number[] = []
  for (let i = 0; i < count.value; i++) {
    if (pos + width > payload.length) {
      return null
    }
    starts.push(payload[pos]! | (payload[pos + 1]! << 8) | (payload[pos + 2]! << 16) | (payload[pos + 3]! * 0x1000000))
    pos += width
  }
  const data = payload.subarray(pos)
  const entries: Uint8Array[] = []
  for (let i = 0; i < starts.length; i++) {
    const end = i + 1 < starts.length ? starts[i + 1]! : data.length
    if (starts[i]! > end || end > data.length) {
      return null
    }
    entries.push(data.slice(starts[i], end))
  }
  return { width, entries }
}

/** Encodes a table; `count` and `offsets` override the consistent ones (to make them wrong). */
function encodeTable(t: Table, count = t.entries.length, offsets?: number[]): Uint8Array {
  const out: number[] = varIntBytes(BigInt(count))
  while (out.length % t.width !== 0) {
    out.push(PADDING_BYTE)
  }
  let start = 0
  const starts = t.entries.map((e) => {
    const s = start
    start += e.length
    return s
  })
  for (const s of offsets ?? starts) {
    for (let i = 0; i < t.width; i++) {
      out.push(i < 4 ? Math.floor(s / 2 ** (8 * i)) & 0xff : 0)
    }
  }
  for (const e of t.entries) {
    out.push(...e)
  }
  return Uint8Array.from(out)
}

/** Positions where a truncation is interesting: the header fields, every section's fields and the ends of its payload. */
function boundaries(bytes: Uint8Array, d: Decoded): number[] {
  const out = [0, 1, MAGIC_LENGTH - 1, MAGIC_LENGTH, MAGIC_LENGTH + 1, MAGIC_LENGTH + 2, HEADER_LENGTH - 1, HEADER_LENGTH]
  for (const s of d.sections) {
    const end = s.payloadAt + s.payload.length
    out.push(s.at, s.at + 1, s.lengthAt + 1, s.alignAt, s.payloadAt, s.payloadAt + 1, s.payloadAt + 4, s.payloadAt + 8, (s.payloadAt + end) >> 1, end - 1, end)
  }
  out.push(bytes.length - 1)
  return out.filter((p) => p >= 0 && p < bytes.length)
}

/** Positions of varints: section lengths and alignments, the counts that open payloads, then any payload byte. */
function varIntSites(d: Decoded): number[] {
  const out: number[] = []
  for (const s of d.sections) {
    out.push(s.lengthAt)
    if ((s.idByte & 0x80) !== 0) {
      out.push(s.alignAt)
    }
    out.push(s.payloadAt)
  }
  return out
}

/** A position: anywhere (`near` 0), or near the start of a section's header or payload. */
function position(bytes: Uint8Array, d: Decoded, pos: number, near: number): number {
  if (near === 0 || d.sections.length === 0) {
    return pos % bytes.length
  }
  const s = d.sections[near % d.sections.length]!
  const base = near % 2 === 0 ? s.at : s.payloadAt
  return Math.min(bytes.length - 1, base + (pos % 16))
}

function withTable(d: Decoded, section: number, width: 4 | 8, change: (t: Table) => Uint8Array | null): Uint8Array | null {
  const s = d.sections.find((x) => (x.idByte & 0x7f) === section)
  const t = s === undefined ? null : decodeTable(s.payload, width)
  if (s === undefined || t === null) {
    return null
  }
  const payload = change(t)
  if (payload === null) {
    return null
  }
  s.payload = payload
  return encode(d)
}

const HUGE_OFFSETS = [0xffffffff, 0x80000000, 0x7fffffff]

/** Applies `m` to `bytes` (a new array); a mutation that does not apply to this file leaves it as is. */
export function applyMutation(bytes: Uint8Array, m: TileMutation): Uint8Array {
  if (bytes.length === 0) {
    return bytes
  }
  const d = decode(bytes)
  switch (m.kind) {
    case 'flip': {
      const out = bytes.slice()
      out[position(bytes, d, m.pos, m.near)]! ^= 1 << (m.bit & 7)
      return out
    }
    case 'set': {
      const out = bytes.slice()
      out[position(bytes, d, m.pos, m.near)] = m.value & 0xff
      return out
    }
    case 'splice': {
      const at = m.pos % (bytes.length + 1)
      return Uint8Array.from([...bytes.subarray(0, at), ...m.insert, ...bytes.subarray(Math.min(bytes.length, at + m.del))])
    }
    case 'truncate': {
      const b = boundaries(bytes, d)
      return bytes.slice(0, b[m.boundary % b.length])
    }
    case 'varint': {
      const sites = varIntSites(d)
      const at = sites.length > 0 && m.site % 3 !== 0 ? sites[m.site % sites.length]! : HEADER_LENGTH + (m.site % Math.max(1, bytes.length - HEADER_LENGTH))
      if (at >= bytes.length) {
        return bytes
      }
      const old = readVarInt(bytes, at)
      const end = old === null ? at + 1 : old.end
      // 'past-end' is a length just past what is left; 'same' re-encodes the old value (overlong).
      // 'eleven' is a varint of eleven bytes (past 64 bits).
      let encoded: number[]
      if (m.value === 'eleven') {
        encoded = [...new Array<number>(10).fill(0xff), 0x01]
      } else {
        const value = m.value === 'past-end' ? BigInt(bytes.length - at + 1) : m.value === 'same' ? BigInt(old?.value ?? 0) : BigInt(m.value)
        encoded = varIntBytes(value, m.overlong)
      }
      return Uint8Array.from([...bytes.subarray(0, at), ...encoded, ...bytes.subarray(Math.min(bytes.length, end))])
    }
    case 'version': {
      if (bytes.length < HEADER_LENGTH) {
        return bytes
      }
      const out = bytes.slice()
      out[8] = m.major
      out[9] = m.minor
      out[10] = m.tag & 0xff
      out[11] = m.tag >> 8
      return out
    }
    case 'section': {
      const ss = d.sections
      if (ss.length === 0) {
        return bytes
      }
      const a = m.a % ss.length
      const b = m.b % ss.length
      switch (m.op) {
        case 'swap':
          ;[ss[a], ss[b]] = [ss[b]!, ss[a]!]
          break
        case 'duplicate':
          ss.splice(b, 0, { ...ss[a]!, payload: ss[a]!.payload.slice() })
          break
        case 'drop':
          ss.splice(a, 1)
          break
        case 'swap-ids': {
          const ia = ss[a]!.idByte & 0x7f
          ss[a]!.idByte = (ss[a]!.idByte & 0x80) | (ss[b]!.idByte & 0x7f)
          ss[b]!.idByte = (ss[b]!.idByte & 0x80) | ia
          break
        }
        case 'set-id':
          // Ids past the last section, the end marker in the middle, or another known id.
          ss[a]!.idByte = (ss[a]!.idByte & 0x80) | [0, 7, 8, 9, 0x7f, 1, 2, 3, 4, 5, 6][m.b % 11]!
          break
        case 'toggle-align':
          ss[a]!.idByte ^= 0x80
          ss[a]!.align = [1, 2, 4, 8, 16, 3][m.b % 6]!
          break
      }
      return encode(d)
    }
    case 'table': {
      const id = m.section === 'string' ? STRING_SECTION : m.section === 'type' ? TYPE_SECTION : CONSTANT_SECTION
      const width = m.section === 'constant' ? 8 : 4
      const out = withTable(d, id, width, (t) => {
        const n = t.entries.length
        if (n === 0) {
          return null
        }
        switch (m.op) {
          case 'swap': {
            const a = m.a % n
            const b = m.b % n
            ;[t.entries[a], t.entries[b]] = [t.entries[b]!, t.entries[a]!]
            return encodeTable(t)
          }
          case 'drop-last':
            t.entries.splice(n - 1 - (m.a % Math.min(n, 3)), 1)
            return encodeTable(t)
          case 'empty':
            return encodeTable({ width, entries: [] })
          case 'count':
            return encodeTable(t, [n + 1, n + 2, n + 1000, 2 ** 31, 2 ** 32, n - 1][m.a % 6])
          case 'offset': {
            let start = 0
            const offsets = t.entries.map((e) => {
              const s = start
              start += e.length
              return s
            })
            const i = m.a % n
            offsets[i] = [start, start + 1, (offsets[i - 1] ?? 1) - 1, (offsets[i + 1] ?? start) + 1, ...HUGE_OFFSETS][m.b % 7]!
            return encodeTable(t, n, offsets)
          }
        }
      })
      return out ?? bytes
    }
  }
}

const EDGE_BYTES = [0, 0x7f, 0x80, 0xff]
const HUGE_VARINTS = ['4294967296', '4294967295', '2147483648', '2147483647', '9007199254740993', '9223372036854775808', '18446744073709551615', '0', '127', '128', 'past-end', 'same', 'eleven']
/** Every version `--list-versions` lists, and unsupported ones around them. */
const VERSIONS: readonly (readonly [number, number, number])[] = [
  [13, 1, 0],
  [13, 2, 0],
  [13, 3, 0],
  [250, 0, 0],
  [250, 1, 0],
  [13, 0, 0],
  [13, 4, 0],
  [12, 9, 0],
  [14, 0, 0],
  [0, 0, 0],
  [255, 255, 0],
  [250, 2, 0],
  [13, 3, 1],
  [13, 1, 0xffff],
]

/** One mutation. */
export const tileMutationArb: fc.Arbitrary<TileMutation> = fc.oneof(
  fc.record({ kind: fc.constant('flip' as const), pos: fc.nat(), bit: fc.nat({ max: 7 }), near: fc.nat({ max: 20 }) }),
  fc.record({ kind: fc.constant('set' as const), pos: fc.nat(), value: fc.oneof(fc.constantFrom(...EDGE_BYTES), fc.nat({ max: 255 })), near: fc.nat({ max: 20 }) }),
  fc.record({ kind: fc.constant('splice' as const), pos: fc.nat(), del: fc.nat({ max: 16 }), insert: fc.array(fc.oneof(fc.constantFrom(...EDGE_BYTES), fc.nat({ max: 255 })), { maxLength: 12 }) }),
  fc.record({ kind: fc.constant('truncate' as const), boundary: fc.nat() }),
  fc.record({ kind: fc.constant('varint' as const), site: fc.nat(), value: fc.constantFrom(...HUGE_VARINTS), overlong: fc.constantFrom(0, 0, 1, 5) }),
  // Supported versions (the first five) as often as unsupported ones.
  fc.oneof(fc.constantFrom(...VERSIONS.slice(0, 5)), fc.constantFrom(...VERSIONS.slice(5))).map(([major, minor, tag]): TileMutation => ({ kind: 'version', major, minor, tag })),
  fc.record({ kind: fc.constant('section' as const), op: fc.constantFrom('swap' as const, 'duplicate' as const, 'drop' as const, 'swap-ids' as const, 'set-id' as const, 'toggle-align' as const), a: fc.nat(), b: fc.nat() }),
  fc.record({
    kind: fc.constant('table' as const),
    section: fc.constantFrom('string' as const, 'type' as const, 'constant' as const),
    op: fc.constantFrom('swap' as const, 'drop-last' as const, 'empty' as const, 'count' as const, 'offset' as const),
    a: fc.nat(),
    b: fc.nat(),
  }),
)

/** Applies `mutations` in order. */
export function mutate(bytes: Uint8Array, mutations: readonly TileMutation[]): Uint8Array {
  let out = bytes
  for (const m of mutations) {
    out = applyMutation(out, m)
  }
  return out
}
