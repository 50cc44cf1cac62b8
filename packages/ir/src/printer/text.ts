/** @internal Shared text helpers of the printer: escaping, identifiers, dialect symbols. */

const HEX = '0123456789ABCDEF'
const encoder = new TextEncoder()

function isAsciiPrintableNoEscape(c: number): boolean {
  return c >= 0x20 && c <= 0x7e && c !== 0x22 && c !== 0x5c
}

/**
 * Escapes `s` as `llvm::printEscapedString` does on its UTF-8 bytes: backslash doubled,
 * printable ASCII other than `"` kept, every other byte as `\XX`. A lone surrogate
 * U+DC80..U+DCFF stands for the invalid byte 0x80..0xFF the parser read (see
 * `decodeStringLiteral`) and is written back as that byte.
 */
export function escapeString(s: string): string {
  let simple = true
  for (let i = 0; i < s.length; i++) {
    if (!isAsciiPrintableNoEscape(s.charCodeAt(i))) {
      simple = false
      break
    }
  }
  if (simple) {
    return s
  }
  let out = ''
  const n = s.length
  for (let i = 0; i < n; i++) {
    const c = s.charCodeAt(i)
    if (c < 0x80) {
      out += escapeByte(c)
      continue
    }
    if (c >= 0xd800 && c <= 0xdbff && i + 1 < n) {
      const lo = s.charCodeAt(i + 1)
      if (lo >= 0xdc00 && lo <= 0xdfff) {
        out += escapeUtf8(s.slice(i, i + 2))
        i++
        continue
      }
    }
    if (c >= 0xdc80 && c <= 0xdcff) {
      out += escapeByte(c - 0xdc00)
      continue
    }
    out += escapeUtf8(s[i]!)
  }
  return out
}

function escapeByte(c: number): string {
  if (c === 0x5c) {
    return '\\\\'
  }
  if (c >= 0x20 && c <= 0x7e && c !== 0x22) {
    return String.fromCharCode(c)
  }
  return '\\' + HEX[c >> 4]! + HEX[c & 15]!
}

function escapeUtf8(ch: string): string {
  let out = ''
  for (const b of encoder.encode(ch)) {
    out += '\\' + HEX[b >> 4]! + HEX[b & 15]!
  }
  return out
}

/** `"..."` with MLIR's escaping. */
export function quoteString(s: string): string {
  return '"' + escapeString(s) + '"'
}

function isAlpha(c: number): boolean {
  return (c >= 65 && c <= 90) || (c >= 97 && c <= 122)
}
function isDigit(c: number): boolean {
  return c >= 48 && c <= 57
}
function isAlnum(c: number): boolean {
  return isAlpha(c) || isDigit(c)
}

/** `BARE_ID_CHARS` bit of the characters that may start a bare identifier (`[a-zA-Z_]`). */
const BARE_ID_START = 1
/** `BARE_ID_CHARS` bit of the characters that may follow (`[a-zA-Z0-9_$.]`). */
const BARE_ID_REST = 2
/**
 * The bare-identifier classes of each ASCII character: one load per character, where
 * three calls per character (every symbol name printed goes through here) cost more
 * until the printer is optimized.
 */
const BARE_ID_CHARS = new Uint8Array(128)
for (let c = 0; c < 128; c++) {
  const start = isAlpha(c) || c === 95
  BARE_ID_CHARS[c] = (start ? BARE_ID_START : 0) | (start || isDigit(c) || c === 36 || c === 46 ? BARE_ID_REST : 0)
}

/** True when `name` can be printed as a bare identifier (`[a-zA-Z_][a-zA-Z0-9_$.]*`). */
export function isBareIdentifier(name: string): boolean {
  const n = name.length
  if (n === 0) {
    return false
  }
  const c0 = name.charCodeAt(0)
  if (c0 >= 128 || (BARE_ID_CHARS[c0]! & BARE_ID_START) === 0) {
    return false
  }
  for (let i = 1; i < n; i++) {
    const c = name.charCodeAt(i)
    if (c >= 128 || (BARE_ID_CHARS[c]! & BARE_ID_REST) === 0) {
      return false
    }
  }
  return true
}

/** The keyword itself when it is a bare identifier, otherwise a quoted string. */
export function keywordOrString(keyword: string): string {
  return isBareIdentifier(keyword) ? keyword : quoteString(keyword)
}

/** `@name` or `@"quoted name"`. */
export function symbolReference(name: string): string {
  if (name.length === 0) {
    return '@<<INVALID EMPTY SYMBOL>>'
  }
  return '@' + keywordOrString(name)
}

/** `name` with bytes outside `[a-zA-Z0-9]` and `allowedPunct` replaced (space: `_`, others: hex). */
function sanitizedCopy(name: string, allowedPunct: string): string {
  const bytes = encoder.encode(name)
  let out = ''
  for (let i = 0; i < bytes.length; i++) {
    const c = bytes[i]!
    if (isAlnum(c) || allowedPunct.includes(String.fromCharCode(c))) {
      out += String.fromCharCode(c)
    } else if (c === 32) {
      out += '_'
    } else {
      out += c.toString(16).toUpperCase()
    }
  }
  return out
}

/**
 * Makes `name` a valid identifier as MLIR's `sanitizeIdentifier`: a leading digit gets
 * a `_` prefix, invalid bytes become hex (space becomes `_`), and a trailing digit
 * gets a `_` suffix when `allowTrailingDigit` is false.
 */
export function sanitizeIdentifier(name: string, allowedPunct: string, allowTrailingDigit: boolean): string {
  if (isDigit(name.charCodeAt(0))) {
    return '_' + sanitizedCopy(name, allowedPunct)
  }
  if (!allowTrailingDigit && isDigit(name.charCodeAt(name.length - 1))) {
    return sanitizedCopy(name, allowedPunct) + '_'
  }
  for (let i = 0; i < name.length; i++) {
    const c = name.charCodeAt(i)
    if (!isAlnum(c) && !allowedPunct.includes(name[i]!)) {
      return sanitizedCopy(name, allowedPunct)
    }
  }
  return name
}

/** True when a dialect symbol body can be printed as `ns.body` (`ident` or `ident<...>`). */
function isSimpleDialectSymbol(s: string): boolean {
  if (s.length === 0 || !isAlpha(s.charCodeAt(0))) {
    return false
  }
  let i = 0
  while (i < s.length) {
    const c = s.charCodeAt(i)
    if (isAlnum(c) || c === 46 || c === 95) {
      i++
    } else {
      break
    }
  }
  if (i === s.length) {
    return true
  }
  return s.charCodeAt(i) === 60 && s.charCodeAt(s.length - 1) === 62
}

/** `!ns.body` / `#ns.body` when simple, else `!ns<body>`. */
export function dialectSymbol(prefix: string, ns: string, body: string): string {
  if (isSimpleDialectSymbol(body)) {
    return prefix + ns + '.' + body
  }
  return prefix + ns + '<' + body + '>'
}
