/**
 * The lexer of the MLIR textual format. One `Lexer` object scans the whole buffer:
 * each call to `lex()` overwrites `kind`, `start` and `end`, so no token objects are
 * allocated; the text of a token is sliced only when the parser asks for it.
 */

/** Token kinds. Identifier kinds come first so `kind <= Tok.inttype` tests "has a spelling". */
export const Tok = {
  eof: 0,
  error: 1,
  bareIdentifier: 2,
  atIdentifier: 3,
  hashIdentifier: 4,
  percentIdentifier: 5,
  caretIdentifier: 6,
  exclamationIdentifier: 7,
  integer: 8,
  float: 9,
  string: 10,
  inttype: 11,
  arrow: 12,
  colon: 13,
  comma: 14,
  ellipsis: 15,
  equal: 16,
  greater: 17,
  lBrace: 18,
  lParen: 19,
  lSquare: 20,
  less: 21,
  minus: 22,
  plus: 23,
  question: 24,
  rBrace: 25,
  rParen: 26,
  rSquare: 27,
  star: 28,
  verticalBar: 29,
  fileMetadataBegin: 30,
  fileMetadataEnd: 31,
} as const
/** A token kind. */
export type Tok = (typeof Tok)[keyof typeof Tok]

/** How each punctuation token is spelled, for diagnostics. */
export const TOKEN_SPELLING: readonly string[] = [
  'end of file',
  'error',
  'identifier',
  '@identifier',
  '#identifier',
  '%identifier',
  '^identifier',
  '!identifier',
  'integer',
  'float',
  'string',
  'inttype',
  '->',
  ':',
  ',',
  '...',
  '=',
  '>',
  '{',
  '(',
  '[',
  '<',
  '-',
  '+',
  '?',
  '}',
  ')',
  ']',
  '*',
  '|',
  '{-#',
  '#-}',
]

// Character codes used by the scanner (`lex` dispatches on literals, see there).
const C_LF = 10
const C_CR = 13
const C_BANG = 33
const C_DQUOTE = 34
const C_HASH = 35
const C_DOLLAR = 36
const C_PLUS = 43
const C_MINUS = 45
const C_DOT = 46
const C_SLASH = 47
const C_0 = 48
const C_9 = 57
const C_EQUAL = 61
const C_GREATER = 62
const C_A = 65
const C_E = 69
const C_F = 70
const C_Z = 90
const C_BACKSLASH = 92
const C_CARET = 94
const C_UNDERSCORE = 95
const C_a = 97
const C_e = 101
const C_f = 102
const C_i = 105
const C_n = 110
const C_s = 115
const C_t = 116
const C_u = 117
const C_x = 120
const C_z = 122
const C_RBRACE = 125

/** @internal True for `[a-zA-Z]`. */
export function isLetter(c: number): boolean {
  return (c >= C_a && c <= C_z) || (c >= C_A && c <= C_Z)
}
/** @internal True for `[0-9]`. */
export function isDigit(c: number): boolean {
  return c >= C_0 && c <= C_9
}
/** @internal True for `[0-9a-fA-F]`. */
export function isHexDigit(c: number): boolean {
  return (c >= C_0 && c <= C_9) || (c >= C_a && c <= C_f) || (c >= C_A && c <= C_F)
}
/** `CHAR_CLASS` bit of the characters after the first one of a bare identifier. */
const BARE_ID = 1
/** `CHAR_CLASS` bit of the characters after the first one of a `%`, `#`, `^` or `!` identifier. */
const SUFFIX_ID = 2
/** The identifier classes (`BARE_ID`, `SUFFIX_ID`) of each ASCII character: one load per character in the scanning loops. */
const CHAR_CLASS = new Uint8Array(128)
for (let c = 0; c < 128; c++) {
  if (isLetter(c) || isDigit(c) || c === C_UNDERSCORE || c === C_DOLLAR || c === C_DOT) {
    CHAR_CLASS[c] = BARE_ID | SUFFIX_ID
  }
}
CHAR_CLASS[C_MINUS] = SUFFIX_ID

/**
 * The end of the bare-identifier characters of `src` from `q` on (before `endBuf`). The class
 * table is read in place: a call per character costs more until the code is optimized.
 */
function bareIdEnd(src: string, q: number, endBuf: number): number {
  while (q < endBuf) {
    const d = src.charCodeAt(q)
    if (d >= 128 || (CHAR_CLASS[d]! & BARE_ID) === 0) {
      return q
    }
    q++
  }
  return q
}

/**
 * Receives lexing errors: the offset of the problem and mlir-opt's message. The lexer
 * then returns an `error` token.
 */
export type LexErrorHandler = (offset: number, message: string) => void

/**
 * Watches the bracket nesting of the lexers created while it is set: the CLI runs an
 * input on the main thread, whose stack is small, only while it nests shallowly.
 * A lexer counts `(`, `[`, `{` and `<` in, and `)`, `]`, `}` and `>` (not `->`, not `>=`)
 * out, skipping strings, comments and the bodies of unregistered dialect symbols (which
 * are kept as text): the count bounds the recursion of the parser, and of the printer and
 * passes over the IR it builds.
 */
export interface LexerNestingWatch {
  /** The deepest bracket nesting a lexer may reach before it calls `tooDeep`. */
  readonly limit: number
  /** Called once per lexer when its nesting passes `limit`; may throw to abandon the parse. */
  tooDeep(): void
  /** Called when a lexer that scans the whole of `src` reaches its end. */
  reachedEnd(src: string): void
}

let nestingWatch: LexerNestingWatch | null = null

/**
 * Sets (or, with null, removes) the nesting watch of the lexers created from now on: for a
 * tool that parses on a small stack and moves deep inputs to a larger one.
 */
export function setLexerNestingWatch(watch: LexerNestingWatch | null): void {
  nestingWatch = watch
}

/** Scans tokens from `src` between `bufferStart` and `bufferEnd`. */
export class Lexer {
  /** Kind of the current token. */
  kind: Tok = Tok.eof
  /** Offset of the first character of the current token. */
  start = 0
  /** Offset just past the current token. */
  end = 0
  /** Where scanning continues. */
  pos: number
  readonly src: string
  readonly bufferEnd: number
  private readonly onError: LexErrorHandler
  /** @internal Brackets open at the current token (see `LexerNestingWatch`). */
  depth = 0
  /**
   * The nesting past which `deeper` is called: the watch's limit, or while a measure is
   * under way (see `beginNestingMeasure`) the deepest nesting so far when that is lower.
   */
  private depthLimit: number
  /** The nesting past which the watch is told; infinite without one, or once told. */
  private watchLimit: number
  /** Whether a measure is under way, and the deepest nesting it has seen. */
  private measuring = false
  private highWater = 0
  private readonly watch: LexerNestingWatch | null
  /** Whether the lexer scans the whole of `src` (the watch hears when it reaches the end). */
  private readonly whole: boolean

  constructor(src: string, onError: LexErrorHandler, bufferStart = 0, bufferEnd: number = src.length) {
    this.src = src
    this.pos = bufferStart
    this.bufferEnd = bufferEnd
    this.onError = onError
    const watch = nestingWatch
    this.watch = watch
    this.watchLimit = watch === null ? Infinity : watch.limit
    this.depthLimit = this.watchLimit
    this.whole = bufferStart === 0 && bufferEnd === src.length
  }

  /** The text of the current token. */
  get spelling(): string {
    return this.src.slice(this.start, this.end)
  }

  /** True when the current token is the bare identifier `kw` (compared in place, without slicing). */
  is(kw: string): boolean {
    return this.kind === Tok.bareIdentifier && this.end - this.start === kw.length && this.src.startsWith(kw, this.start)
  }

  /**
   * Restarts scanning at `offset`; the next `lex()` reads from there. `depth` is the bracket
   * nesting at `offset` (see `LexerNestingWatch`): by default the current one, which is right
   * when the text skipped or scanned again holds no bracket.
   */
  resetPointer(offset: number, depth: number = this.depth): void {
    this.pos = offset
    this.depth = depth
  }

  /** Scans the next token into `kind`, `start` and `end`. */
  lex(): void {
    const src = this.src
    const endBuf = this.bufferEnd
    // The position stays in a local while blanks and comments are skipped: until `lex` is
    // optimized, every store to and load from `this.pos` is an inline-cache call.
    let p = this.pos
    // The punctuation cases leave their kind and length here for the one `set` after the
    // switch: a call of `set` in each case made two dozen copies of it in the optimized
    // code, a large compile for a function that every run optimizes.
    let kind: Tok = Tok.eof
    let len = 0
    for (;;) {
      if (p >= endBuf) {
        this.set(Tok.eof, endBuf, endBuf)
        if (this.watch !== null && this.whole) {
          this.watch.reachedEnd(src)
        }
        return
      }
      const c = src.charCodeAt(p)
      // Spaces, the commonest characters, are skipped before the switch, whose dispatch
      // costs a few builtin calls (a range check) until the lexer is optimized.
      if (c === 32) {
        p++
        continue
      }
      // The case labels are number literals (named in the comments): V8 compiles a switch
      // over many dense small-integer literals into a jump table, and one over named
      // constants (which the bundle leaves as variables) into a comparison per case, each
      // a builtin call until the lexer is optimized. Every ASCII character that starts a
      // token or a blank has its case, so that any token is told in one jump.
      switch (c) {
        case 10: // \n
        case 9: // \t
        case 13: // \r
        case 0:
          // A stray NUL between tokens is skipped, as MLIR's lexer does; only the buffer's end ends it.
          p++
          continue
        // `a`-`z`, `A`-`Z` and `_`: bare identifiers (op names, keywords, types).
        case 97: case 98: case 99: case 100: case 101: case 102: case 103: case 104: case 105:
        case 106: case 107: case 108: case 109: case 110: case 111: case 112: case 113: case 114:
        case 115: case 116: case 117: case 118: case 119: case 120: case 121: case 122:
        case 65: case 66: case 67: case 68: case 69: case 70: case 71: case 72: case 73:
        case 74: case 75: case 76: case 77: case 78: case 79: case 80: case 81: case 82:
        case 83: case 84: case 85: case 86: case 87: case 88: case 89: case 90:
        case 95:
          return this.lexBareIdentifier(p, c)
        // `0`-`9`.
        case 48: case 49: case 50: case 51: case 52: case 53: case 54: case 55: case 56: case 57:
          return this.lexNumber(p)
        case 37: // %
          return this.lexPrefixedIdentifier(p, c)
        case 58: // :
          kind = Tok.colon
          len = 1
          break
        case 44: // ,
          kind = Tok.comma
          len = 1
          break
        case 40: // (
          if (++this.depth > this.depthLimit) {
            this.deeper(this.depth)
          }
          kind = Tok.lParen
          len = 1
          break
        case 41: // )
          if (this.depth > 0) {
            this.depth--
          }
          kind = Tok.rParen
          len = 1
          break
        case 64: // @
          return this.lexAtIdentifier(p)
        case 61: // =
          kind = Tok.equal
          len = 1
          break
        case 45: // -
          if (src.charCodeAt(p + 1) === C_GREATER && p + 1 < endBuf) {
            kind = Tok.arrow
            len = 2
            break
          }
          kind = Tok.minus
          len = 1
          break
        case 123: // {
          if (src.charCodeAt(p + 1) === C_MINUS && src.charCodeAt(p + 2) === C_HASH && p + 2 < endBuf) {
            kind = Tok.fileMetadataBegin
            len = 3
            break
          }
          if (++this.depth > this.depthLimit) {
            this.deeper(this.depth)
          }
          kind = Tok.lBrace
          len = 1
          break
        case 125: // }
          if (this.depth > 0) {
            this.depth--
          }
          kind = Tok.rBrace
          len = 1
          break
        case 91: // [
          if (++this.depth > this.depthLimit) {
            this.deeper(this.depth)
          }
          kind = Tok.lSquare
          len = 1
          break
        case 93: // ]
          if (this.depth > 0) {
            this.depth--
          }
          kind = Tok.rSquare
          len = 1
          break
        case 60: // <
          if (++this.depth > this.depthLimit) {
            this.deeper(this.depth)
          }
          kind = Tok.less
          len = 1
          break
        case 62: // >
          // `>=` (integer sets) closes nothing, so that the count never errs towards shallow.
          if (this.depth > 0 && src.charCodeAt(p + 1) !== C_EQUAL) {
            this.depth--
          }
          kind = Tok.greater
          len = 1
          break
        case 43: // +
          kind = Tok.plus
          len = 1
          break
        case 42: // *
          kind = Tok.star
          len = 1
          break
        case 63: // ?
          kind = Tok.question
          len = 1
          break
        case 124: // |
          kind = Tok.verticalBar
          len = 1
          break
        case 46: // .
          if (src.charCodeAt(p + 1) === C_DOT && src.charCodeAt(p + 2) === C_DOT && p + 2 < endBuf) {
            kind = Tok.ellipsis
            len = 3
            break
          }
          return this.error(p, 'expected three consecutive dots for an ellipsis')
        case 47: // /
          if (src.charCodeAt(p + 1) === C_SLASH) {
            p += 2
            while (p < endBuf) {
              const d = src.charCodeAt(p)
              if (d === C_LF || d === C_CR) {
                break
              }
              p++
            }
            continue
          }
          return this.error(p, 'unexpected character')
        case 33: // !
        case 94: // ^
        case 35: // #
          if (c === C_HASH && src.charCodeAt(p + 1) === C_MINUS && src.charCodeAt(p + 2) === C_RBRACE && p + 2 < endBuf) {
            kind = Tok.fileMetadataEnd
            len = 3
            break
          }
          return this.lexPrefixedIdentifier(p, c)
        case 34: // "
          return this.lexString(p)
        default:
          return this.error(p, 'unexpected character')
      }
      return this.set(kind, p, p + len)
    }
  }

  /**
   * @internal Counts nesting of `depth` that the brackets do not show: a use of an alias,
   * whose value nests as deeply as its definition did, at `depth` = the nesting at the use
   * plus the alias's own (see `endNestingMeasure`).
   */
  noteNesting(depth: number): void {
    if (depth > this.depthLimit) {
      this.deeper(depth)
    }
  }

  /** @internal Starts measuring the deepest nesting from the current token on (an alias definition's). */
  beginNestingMeasure(): void {
    this.measuring = true
    this.highWater = this.depth
    this.depthLimit = Math.min(this.watchLimit, this.highWater)
  }

  /** @internal Ends the measure `beginNestingMeasure` started: the deepest nesting it saw. */
  endNestingMeasure(): number {
    this.measuring = false
    this.depthLimit = this.watchLimit
    return this.highWater
  }

  /**
   * Nesting of `depth` passed `depthLimit`: tells the watch, once, when it passed its
   * limit, and records a measure's new deepest. (Brackets are counted inline in `lex`,
   * where an unmatched closing one closes nothing: a call per bracket would cost more than
   * the count while the code is still interpreted.)
   */
  private deeper(depth: number): void {
    if (this.measuring && depth > this.highWater) {
      this.highWater = depth
    }
    if (depth > this.watchLimit) {
      this.watchLimit = Infinity
      this.depthLimit = this.measuring ? this.highWater : Infinity
      this.watch!.tooDeep()
      return
    }
    this.depthLimit = this.measuring ? Math.min(this.watchLimit, this.highWater) : this.watchLimit
  }

  private set(kind: Tok, start: number, end: number): void {
    this.kind = kind
    this.start = start
    this.end = end
    this.pos = end
  }

  private error(offset: number, message: string): void {
    this.set(Tok.error, offset, offset + 1 <= this.bufferEnd ? offset + 1 : offset)
    this.onError(offset, message)
  }

  private lexBareIdentifier(p: number, first: number): void {
    const src = this.src
    const endBuf = this.bufferEnd
    const q = bareIdEnd(src, p + 1, endBuf)
    // `i32`, `si8`, `ui64`: integer types are their own token kind.
    let d = p
    if (first === C_s || first === C_u) {
      d = src.charCodeAt(p + 1) === C_i ? p + 2 : -1
    } else if (first === C_i) {
      d = p + 1
    } else {
      d = -1
    }
    // One call of `set`, as in `lex`: each call is a copy of it in the optimized code.
    let kind: Tok = Tok.bareIdentifier
    if (d > 0 && d < q && isDigit(src.charCodeAt(d))) {
      let k = d
      while (k < q && isDigit(src.charCodeAt(k))) {
        k++
      }
      if (k === q) {
        kind = Tok.inttype
      }
    }
    this.set(kind, p, q)
  }

  private lexAtIdentifier(p: number): void {
    const src = this.src
    const c = src.charCodeAt(p + 1)
    if (c === C_DQUOTE && p + 1 < this.bufferEnd) {
      this.lexString(p + 1)
      if (this.kind === Tok.error) {
        return
      }
      this.kind = Tok.atIdentifier
      this.start = p
      return
    }
    if (p + 1 >= this.bufferEnd || !(isLetter(c) || c === C_UNDERSCORE)) {
      return this.error(p + 1, "@ identifier expected to start with letter or '_'")
    }
    this.set(Tok.atIdentifier, p, bareIdEnd(src, p + 2, this.bufferEnd))
  }

  private lexPrefixedIdentifier(p: number, c: number): void {
    const src = this.src
    const endBuf = this.bufferEnd
    let kind: Tok
    let what: string
    if (c === C_BANG) {
      kind = Tok.exclamationIdentifier
      what = 'invalid type identifier'
    } else if (c === C_CARET) {
      kind = Tok.caretIdentifier
      what = 'invalid block name'
    } else if (c === C_HASH) {
      kind = Tok.hashIdentifier
      what = 'invalid attribute name'
    } else {
      kind = Tok.percentIdentifier
      what = 'invalid SSA name'
    }
    let q = p + 1
    const first = q < endBuf ? src.charCodeAt(q) : -1
    if (isDigit(first)) {
      while (q < endBuf && isDigit(src.charCodeAt(q))) {
        q++
      }
    } else if (isLetter(first) || first === C_DOLLAR || first === C_DOT || first === C_UNDERSCORE || first === C_MINUS) {
      q++
      // The class table is read in place: a call per character costs more until the code is optimized.
      while (q < endBuf) {
        const d = src.charCodeAt(q)
        if (d >= 128 || (CHAR_CLASS[d]! & SUFFIX_ID) === 0) {
          break
        }
        q++
      }
    } else {
      return this.error(p, what)
    }
    this.set(kind, p, q)
  }

  private lexNumber(p: number): void {
    const src = this.src
    const endBuf = this.bufferEnd
    const first = src.charCodeAt(p)
    let q = p + 1
    if (first === C_0 && src.charCodeAt(q) === C_x && q < endBuf && isHexDigit(src.charCodeAt(q + 1)) && q + 1 < endBuf) {
      q += 2
      while (q < endBuf && isHexDigit(src.charCodeAt(q))) {
        q++
      }
      return this.set(Tok.integer, p, q)
    }
    while (q < endBuf && isDigit(src.charCodeAt(q))) {
      q++
    }
    if (q >= endBuf || src.charCodeAt(q) !== C_DOT) {
      return this.set(Tok.integer, p, q)
    }
    q++
    while (q < endBuf && isDigit(src.charCodeAt(q))) {
      q++
    }
    const e = src.charCodeAt(q)
    if ((e === C_e || e === C_E) && q < endBuf) {
      const s = src.charCodeAt(q + 1)
      if (isDigit(s) && q + 1 < endBuf) {
        q += 2
        while (q < endBuf && isDigit(src.charCodeAt(q))) {
          q++
        }
      } else if ((s === C_PLUS || s === C_MINUS) && isDigit(src.charCodeAt(q + 2)) && q + 2 < endBuf) {
        q += 3
        while (q < endBuf && isDigit(src.charCodeAt(q))) {
          q++
        }
      }
    }
    this.set(Tok.float, p, q)
  }

  private lexString(p: number): void {
    const src = this.src
    const endBuf = this.bufferEnd
    let q = p + 1
    for (;;) {
      if (q >= endBuf) {
        return this.error(q, `expected '"' in string literal`)
      }
      const c = src.charCodeAt(q)
      if (c === C_DQUOTE) {
        return this.set(Tok.string, p, q + 1)
      }
      // A NUL inside the buffer is part of the string, as in MLIR.
      if (c === C_LF || c === C_CR) {
        return this.error(q, `expected '"' in string literal`)
      }
      if (c === C_BACKSLASH) {
        const n = src.charCodeAt(q + 1)
        if (n === C_DQUOTE || n === C_BACKSLASH || n === C_n || n === C_t) {
          q += 2
          continue
        }
        if (isHexDigit(n) && isHexDigit(src.charCodeAt(q + 2)) && q + 2 < endBuf) {
          q += 3
          continue
        }
        return this.error(q, 'unknown escape in string literal')
      }
      q++
    }
  }
}

/**
 * Decodes the body of a string token (`"..."` including quotes) at `start..end`:
 * `\n`, `\t`, `\"`, `\\` and `\XX` (one byte). The result is the UTF-8 decoding of
 * the bytes; a byte that is not part of valid UTF-8 becomes the lone surrogate
 * U+DC00 + byte ("surrogate escape"), so printers can write the original byte back.
 */
export function decodeStringLiteral(src: string, start: number, end: number): string {
  const bodyStart = start + 1
  const bodyEnd = end - 1
  let slash = bodyStart
  while (slash < bodyEnd && src.charCodeAt(slash) !== C_BACKSLASH) {
    slash++
  }
  if (slash >= bodyEnd) {
    return src.slice(bodyStart, bodyEnd)
  }
  let out = ''
  let i = bodyStart
  while (i < bodyEnd) {
    const c = src.charCodeAt(i)
    if (c !== C_BACKSLASH) {
      out += src[i]!
      i++
      continue
    }
    const n = src.charCodeAt(i + 1)
    if (n === C_n) {
      out += '\n'
    } else if (n === C_t) {
      out += '\t'
    } else if (n === C_DQUOTE) {
      out += '"'
    } else if (n === C_BACKSLASH) {
      out += '\\'
    } else {
      const b = parseInt(src.slice(i + 1, i + 3), 16)
      if (b > 0x7f) {
        return decodeWithBytes(src, bodyStart, bodyEnd)
      }
      out += String.fromCharCode(b)
      i += 3
      continue
    }
    i += 2
  }
  return out
}

const utf8Encoder = new TextEncoder()

/** Slow path of `decodeStringLiteral`: builds the byte string, then decodes it as UTF-8. */
function decodeWithBytes(src: string, bodyStart: number, bodyEnd: number): string {
  const bytes: number[] = []
  let i = bodyStart
  while (i < bodyEnd) {
    const c = src.charCodeAt(i)
    if (c === C_BACKSLASH) {
      const n = src.charCodeAt(i + 1)
      if (n === C_n || n === C_t || n === C_DQUOTE || n === C_BACKSLASH) {
        bytes.push(n === C_n ? 10 : n === C_t ? 9 : n)
        i += 2
      } else {
        bytes.push(parseInt(src.slice(i + 1, i + 3), 16))
        i += 3
      }
      continue
    }
    // Literal text: its own UTF-8 bytes (a surrogate pair is one character).
    const width = c >= 0xd800 && c <= 0xdbff && i + 1 < bodyEnd ? 2 : 1
    for (const b of utf8Encoder.encode(src.slice(i, i + width))) {
      bytes.push(b)
    }
    i += width
  }
  return decodeUtf8SurrogateEscape(bytes)
}

/** UTF-8 decoding where each byte of an invalid sequence becomes U+DC00 + byte. */
export function decodeUtf8SurrogateEscape(bytes: readonly number[]): string {
  let out = ''
  let i = 0
  const n = bytes.length
  while (i < n) {
    const b0 = bytes[i]!
    if (b0 < 0x80) {
      out += String.fromCharCode(b0)
      i++
      continue
    }
    let len = 0
    let cp = 0
    let min = 0
    if (b0 >= 0xc2 && b0 <= 0xdf) {
      len = 2
      cp = b0 & 0x1f
      min = 0x80
    } else if (b0 >= 0xe0 && b0 <= 0xef) {
      len = 3
      cp = b0 & 0x0f
      min = 0x800
    } else if (b0 >= 0xf0 && b0 <= 0xf4) {
      len = 4
      cp = b0 & 0x07
      min = 0x10000
    }
    let ok = len > 0 && i + len <= n
    for (let k = 1; ok && k < len; k++) {
      const b = bytes[i + k]!
      if ((b & 0xc0) !== 0x80) {
        ok = false
      } else {
        cp = (cp << 6) | (b & 0x3f)
      }
    }
    if (ok && (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))) {
      ok = false
    }
    if (!ok) {
      out += String.fromCharCode(0xdc00 + b0)
      i++
      continue
    }
    out += String.fromCodePoint(cp)
    i += len
  }
  return out
}
