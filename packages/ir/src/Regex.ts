import { Buffer } from 'node:buffer'
import type { RE2JS } from 're2js'
import { REGEX_ENGINE } from './internal/regexEngine.lazy.ts'

// LLVM's `Regex` (llvm/Support/Regex.h) is the BSD `regcomp` in its extended (POSIX ERE)
// flavour. This module checks a pattern with that grammar, reports the same error texts,
// and translates it into RE2 syntax, whose engine matches in time linear in the input.
// Both work on bytes: the pattern and the subject are taken as UTF-8 bytes, each byte one
// code point below 256, so `.` and bracket sets match a byte as LLVM's does.

/** `regerror`'s texts, indexed as LLVM's `REG_*` codes. */
const REG_ECOLLATE = 'invalid collating element'
const REG_ECTYPE = 'invalid character class'
const REG_EESCAPE = 'trailing backslash (\\)'
const REG_ESUBREG = 'invalid backreference number'
const REG_EBRACK = 'brackets ([ ]) not balanced'
const REG_EPAREN = 'parentheses not balanced'
const REG_EBRACE = 'braces not balanced'
const REG_BADBR = 'invalid repetition count(s)'
const REG_ERANGE = 'invalid character range'
const REG_BADRPT = 'repetition-operator operand invalid'
const REG_EMPTY = 'empty (sub)expression'

/** The largest repetition count `{m,n}` accepts (`RE_DUP_MAX`). */
const DUPMAX = 255

/** LLVM's `Regex::escape` metacharacters. */
const METACHARS = '()^$|*+?.[]\\{}'

/** The C-locale members of each `[[:name:]]` class, as inclusive byte ranges. */
const CLASS_RANGES: Readonly<Record<string, readonly (readonly [number, number])[]>> = {
  alnum: [[0x30, 0x39], [0x41, 0x5a], [0x61, 0x7a]],
  alpha: [[0x41, 0x5a], [0x61, 0x7a]],
  blank: [[0x09, 0x09], [0x20, 0x20]],
  cntrl: [[0x00, 0x1f], [0x7f, 0x7f]],
  digit: [[0x30, 0x39]],
  graph: [[0x21, 0x7e]],
  lower: [[0x61, 0x7a]],
  print: [[0x20, 0x7e]],
  punct: [[0x21, 0x2f], [0x3a, 0x40], [0x5b, 0x60], [0x7b, 0x7e]],
  space: [[0x09, 0x0d], [0x20, 0x20]],
  upper: [[0x41, 0x5a]],
  xdigit: [[0x30, 0x39], [0x41, 0x46], [0x61, 0x66]],
}

/** The members of class `name` as a byte set, or null for an unknown class. */
function classMembers(name: string): Uint8Array | null {
  const ranges = Object.hasOwn(CLASS_RANGES, name) ? CLASS_RANGES[name] : undefined
  if (ranges === undefined) {
    return null
  }
  const s = new Uint8Array(256)
  for (const [lo, hi] of ranges) {
    s.fill(1, lo, hi + 1)
  }
  return s
}

/** The POSIX names of collating elements (`[[.space.]]`), as `regcomp`'s table lists them. */
const COLLATING_NAMES: ReadonlyMap<string, number> = (() => {
  const names = new Map<string, number>()
  const control =
    'NUL SOH STX ETX EOT ENQ ACK BEL BS HT LF VT FF CR SO SI DLE DC1 DC2 DC3 DC4 NAK SYN ETB CAN EM SUB ESC IS4 IS3 IS2 IS1'.split(' ')
  control.forEach((name, code) => names.set(name, code))
  const aliases: [string, number][] = [
    ['alert', 7], ['backspace', 8], ['tab', 9], ['newline', 10], ['vertical-tab', 11], ['form-feed', 12], ['carriage-return', 13],
    ['FS', 28], ['GS', 29], ['RS', 30], ['US', 31], ['space', 32], ['exclamation-mark', 33], ['quotation-mark', 34],
    ['number-sign', 35], ['dollar-sign', 36], ['percent-sign', 37], ['ampersand', 38], ['apostrophe', 39],
    ['left-parenthesis', 40], ['right-parenthesis', 41], ['asterisk', 42], ['plus-sign', 43], ['comma', 44],
    ['hyphen', 45], ['hyphen-minus', 45], ['period', 46], ['full-stop', 46], ['slash', 47], ['solidus', 47],
    ['zero', 48], ['one', 49], ['two', 50], ['three', 51], ['four', 52], ['five', 53], ['six', 54], ['seven', 55],
    ['eight', 56], ['nine', 57], ['colon', 58], ['semicolon', 59], ['less-than-sign', 60], ['equals-sign', 61],
    ['greater-than-sign', 62], ['question-mark', 63], ['commercial-at', 64], ['left-square-bracket', 91],
    ['backslash', 92], ['reverse-solidus', 92], ['right-square-bracket', 93], ['circumflex', 94],
    ['circumflex-accent', 94], ['underscore', 95], ['low-line', 95], ['grave-accent', 96], ['left-brace', 123],
    ['left-curly-bracket', 123], ['vertical-line', 124], ['right-brace', 125], ['right-curly-bracket', 125],
    ['tilde', 126], ['DEL', 127],
  ]
  for (const [name, code] of aliases) {
    names.set(name, code)
  }
  return names
})()

function hex(c: number): string {
  return `\\x${c < 16 ? '0' : ''}${c.toString(16)}`
}

function isDigit(c: number): boolean {
  return c >= 0x30 && c <= 0x39
}

function isAlpha(c: number): boolean {
  return (c >= 0x41 && c <= 0x5a) || (c >= 0x61 && c <= 0x7a)
}

/** Thrown inside the translator only; caught by `translate`. */
class RegexSyntaxError extends Error {}

/**
 * Parses an ERE the way `regcomp` does (`p_ere`, `p_ere_exp`, `p_bracket`) and emits RE2
 * syntax. Errors keep the first one found, as `seterr` does.
 */
class Translator {
  pos = 0
  /** Groups opened so far, and which of them have been closed (`\N` needs a closed group). */
  numGroups = 0
  readonly closed: boolean[] = []

  constructor(readonly src: Uint8Array) {}

  more(): boolean {
    return this.pos < this.src.length
  }

  peek(): number {
    return this.src[this.pos]!
  }

  fail(message: string): never {
    throw new RegexSyntaxError(message)
  }

  /** `p_ere`: alternatives separated by `|`, up to `stop` (a char code, or -1 for the end). */
  ere(stop: number): string {
    let out = ''
    for (;;) {
      let branch = ''
      let empty = true
      while (this.more() && this.peek() !== 0x7c && this.peek() !== stop) {
        branch += this.ereExp()
        empty = false
      }
      if (empty) {
        this.fail(REG_EMPTY)
      }
      out += branch
      if (!this.more() || this.peek() !== 0x7c) {
        return out
      }
      this.pos++
      out += '|'
    }
  }

  /** `p_ere_exp`: one atom and at most one repetition operator. */
  ereExp(): string {
    const c = this.src[this.pos++]!
    let atom: string
    let wasCaret = false
    switch (c) {
      case 0x28: {
        if (!this.more()) {
          this.fail(REG_EPAREN)
        }
        const index = ++this.numGroups
        const inner = this.peek() === 0x29 ? '' : this.ere(0x29)
        if (!this.more() || this.src[this.pos++] !== 0x29) {
          this.fail(REG_EPAREN)
        }
        if (index < 10) {
          this.closed[index] = true
        }
        atom = `(?:${inner})`
        break
      }
      case 0x29:
        return this.fail(REG_EPAREN)
      case 0x5e:
        atom = '^'
        wasCaret = true
        break
      case 0x24:
        atom = '$'
        break
      case 0x7c:
        return this.fail(REG_EMPTY)
      case 0x2a:
      case 0x2b:
      case 0x3f:
        return this.fail(REG_BADRPT)
      case 0x2e:
        atom = '(?s:.)'
        break
      case 0x5b:
        atom = this.bracket()
        break
      case 0x5c: {
        if (!this.more()) {
          this.fail(REG_EESCAPE)
        }
        const e = this.src[this.pos++]!
        if (e >= 0x31 && e <= 0x39) {
          if (this.closed[e - 0x30] !== true) {
            this.fail(REG_ESUBREG)
          }
          // A back-reference needs backtracking; the linear-time engine cannot run it.
          this.fail('back-references are not supported (matching is linear-time)')
        }
        atom = hex(e)
        break
      }
      case 0x7b:
        if (this.more() && isDigit(this.peek())) {
          this.fail(REG_BADRPT)
        }
        atom = hex(c)
        break
      default:
        atom = hex(c)
        break
    }
    if (!this.isRepetitionNext()) {
      return atom
    }
    const op = this.src[this.pos++]!
    if (wasCaret) {
      this.fail(REG_BADRPT)
    }
    let repeated: string
    if (op === 0x2a) {
      repeated = `(?:${atom})*`
    } else if (op === 0x2b) {
      repeated = `(?:${atom})+`
    } else if (op === 0x3f) {
      repeated = `(?:${atom})?`
    } else {
      const from = this.count()
      let to = from
      let unbounded = false
      if (this.more() && this.peek() === 0x2c) {
        this.pos++
        if (this.more() && isDigit(this.peek())) {
          to = this.count()
          if (from > to) {
            this.fail(REG_BADBR)
          }
        } else {
          unbounded = true
        }
      }
      if (!this.more() || this.peek() !== 0x7d) {
        while (this.more() && this.peek() !== 0x7d) {
          this.pos++
        }
        this.fail(this.more() ? REG_BADBR : REG_EBRACE)
      }
      this.pos++
      repeated = unbounded ? `(?:${atom}){${from},}` : `(?:${atom}){${from},${to}}`
    }
    if (this.isRepetitionNext()) {
      this.fail(REG_BADRPT)
    }
    return repeated
  }

  isRepetitionNext(): boolean {
    if (!this.more()) {
      return false
    }
    const c = this.peek()
    return c === 0x2a || c === 0x2b || c === 0x3f || (c === 0x7b && this.pos + 1 < this.src.length && isDigit(this.src[this.pos + 1]!))
  }

  /** `p_count`: a decimal repetition count no larger than `DUPMAX`. */
  count(): number {
    let n = 0
    let digits = 0
    while (this.more() && isDigit(this.peek()) && n <= DUPMAX) {
      n = n * 10 + (this.src[this.pos++]! - 0x30)
      digits++
    }
    if (digits === 0 || n > DUPMAX) {
      this.fail(REG_BADBR)
    }
    return n
  }

  /** `p_bracket`: a bracket expression, after its `[`. */
  bracket(): string {
    const src = this.src
    if (this.pos + 5 < src.length && src[this.pos] === 0x5b && src[this.pos + 1] === 0x3a && src[this.pos + 3] === 0x3a) {
      const w = src[this.pos + 2]
      if ((w === 0x3c || w === 0x3e) && src[this.pos + 4] === 0x5d && src[this.pos + 5] === 0x5d) {
        this.pos += 6
        // Word start / end; RE2's `\b` is the nearest linear-time assertion.
        return '\\b'
      }
    }
    const set = new Uint8Array(256)
    let invert = false
    if (this.more() && this.peek() === 0x5e) {
      this.pos++
      invert = true
    }
    if (this.more() && this.peek() === 0x5d) {
      this.pos++
      set[0x5d] = 1
    } else if (this.more() && this.peek() === 0x2d) {
      this.pos++
      set[0x2d] = 1
    }
    while (this.more() && this.peek() !== 0x5d && !(this.peek() === 0x2d && this.pos + 1 < src.length && src[this.pos + 1] === 0x5d)) {
      this.bracketTerm(set)
    }
    if (this.more() && this.peek() === 0x2d) {
      this.pos++
      set[0x2d] = 1
    }
    if (!this.more() || src[this.pos++] !== 0x5d) {
      this.fail(REG_EBRACK)
    }
    let out = ''
    for (let c = 0; c < 256; c++) {
      if ((set[c] === 1) === invert) {
        continue
      }
      let end = c
      while (end + 1 < 256 && (set[end + 1] === 1) !== invert) {
        end++
      }
      out += end === c ? hex(c) : `${hex(c)}-${hex(end)}`
      c = end
    }
    // An empty set (`[^\x00-\xff]`) matches nothing; RE2 spells that `[^\x00-\x{10ffff}]`.
    return out === '' ? '[^\\x00-\\x{10ffff}]' : `[${out}]`
  }

  /** `p_b_term`: a class, an equivalence class, a character or a range. */
  bracketTerm(set: Uint8Array): void {
    const src = this.src
    const c = this.peek()
    if (c === 0x2d) {
      this.fail(REG_ERANGE)
    }
    const next = c === 0x5b && this.pos + 1 < src.length ? src[this.pos + 1]! : 0
    if (next === 0x3a) {
      this.openDelimited(REG_ECTYPE)
      const start = this.pos
      while (this.more() && isAlpha(this.peek())) {
        this.pos++
      }
      const members = classMembers(Buffer.from(src.subarray(start, this.pos)).toString('latin1'))
      if (members === null) {
        this.fail(REG_ECTYPE)
      }
      for (let i = 0; i < 256; i++) {
        set[i]! |= members[i]!
      }
      this.closeDelimited(0x3a, REG_ECTYPE)
      return
    }
    if (next === 0x3d) {
      this.openDelimited(REG_ECOLLATE)
      set[this.collatingElement(0x3d)] = 1
      this.closeDelimited(0x3d, REG_ECOLLATE)
      return
    }
    const start = this.symbol()
    let finish = start
    if (this.more() && this.peek() === 0x2d && this.pos + 1 < src.length && src[this.pos + 1] !== 0x5d) {
      this.pos++
      if (this.more() && this.peek() === 0x2d) {
        this.pos++
        finish = 0x2d
      } else {
        finish = this.symbol()
      }
    }
    // `regcomp` compares plain `char`s, which are signed: bytes above 0x7f sort first.
    if ((start << 24) >> 24 > (finish << 24) >> 24) {
      this.fail(REG_ERANGE)
    }
    for (let i = start; i !== ((finish + 1) & 0xff); i = (i + 1) & 0xff) {
      set[i] = 1
    }
  }

  /** Past `[:` or `[=`: a name must follow (`error` when it starts with `-` or `]`). */
  openDelimited(error: string): void {
    this.pos += 2
    if (!this.more()) {
      this.fail(REG_EBRACK)
    }
    if (this.peek() === 0x2d || this.peek() === 0x5d) {
      this.fail(error)
    }
  }

  /** The `:]` or `=]` (`delimiter` then `]`) that ends a class or equivalence class. */
  closeDelimited(delimiter: number, error: string): void {
    if (!this.more()) {
      this.fail(REG_EBRACK)
    }
    if (!(this.peek() === delimiter && this.pos + 1 < this.src.length && this.src[this.pos + 1] === 0x5d)) {
      this.fail(error)
    }
    this.pos += 2
  }

  /** `p_b_symbol`: one byte, or a `[.x.]` collating symbol. */
  symbol(): number {
    if (!this.more()) {
      this.fail(REG_EBRACK)
    }
    if (this.peek() === 0x5b && this.pos + 1 < this.src.length && this.src[this.pos + 1] === 0x2e) {
      this.pos += 2
      const value = this.collatingElement(0x2e)
      if (!(this.more() && this.peek() === 0x2e && this.pos + 1 < this.src.length && this.src[this.pos + 1] === 0x5d)) {
        this.fail(REG_ECOLLATE)
      }
      this.pos += 2
      return value
    }
    return this.src[this.pos++]!
  }

  /** `p_b_coll_elem`: a named or one-byte collating element ended by `end` `]`. */
  collatingElement(end: number): number {
    const start = this.pos
    while (this.more() && !(this.peek() === end && this.pos + 1 < this.src.length && this.src[this.pos + 1] === 0x5d)) {
      this.pos++
    }
    if (!this.more()) {
      this.fail(REG_EBRACK)
    }
    const named = COLLATING_NAMES.get(Buffer.from(this.src.subarray(start, this.pos)).toString('latin1'))
    if (named !== undefined) {
      return named
    }
    if (this.pos - start === 1) {
      return this.src[start]!
    }
    this.fail(REG_ECOLLATE)
  }
}

/** @internal Either a translated RE2 pattern or the error LLVM's `regcomp` reports. */
export function translate(pattern: string): { readonly re2: string; readonly error: null } | { readonly re2: null; readonly error: string } {
  const t = new Translator(Buffer.from(pattern, 'utf8'))
  try {
    return { re2: t.ere(-1), error: null }
  } catch (e) {
    if (e instanceof RegexSyntaxError) {
      return { re2: null, error: e.message }
    }
    throw e
  }
}

/** Translated patterns longer than this always go to RE2 (see `linearRegExp`). */
const MAX_LINEAR_SOURCE = 10_000

/** @internal The flag of V8's linear-time engine (a V8 extension, recognized under its flag only). */
export const LINEAR_FLAG: string = 'l'

/**
 * The RE2-syntax pattern `re2` (as the translator writes it) as a regular expression of
 * V8's own linear-time engine, or null where that engine cannot take it. V8 recognizes the
 * engine's `l` flag only under `--enable-experimental-regexp-engine` (the tools set it; see
 * packages/cli/bin/load-tools.js) and refuses patterns it cannot run in linear time, among
 * them counted repetitions of more than a few copies. Where it takes a pattern, it compiles
 * it in microseconds, where RE2JS first builds its Unicode tables (milliseconds of a run).
 * The translator writes every literal as `\xHH`, so the two constructs whose RE2 spelling
 * JavaScript lacks are found verbatim: `(?s:.)` (any byte) and the empty set. The verdict of
 * a search is the same on both engines: one regular language, searched for anywhere, with
 * `^` and `$` the ends of the text and `\b` an ASCII word boundary. A pattern short enough
 * for V8 is far below RE2's size limit (`expression too large`), so both accept it.
 */
function linearRegExp(re2: string): RegExp | null {
  if (re2.length > MAX_LINEAR_SOURCE) {
    return null
  }
  try {
    // A SyntaxError where the flag is unknown or the pattern beyond the engine.
    return new RegExp(linearSource(re2), LINEAR_FLAG)
  } catch {
    return null
  }
}

/** @internal The JavaScript spelling of `re2`, a pattern as the translator writes it (see `linearRegExp`). */
export function linearSource(re2: string): string {
  return re2.replaceAll('(?s:.)', '[\\s\\S]').replaceAll('[^\\x00-\\x{10ffff}]', '[^\\x00-\\xff]')
}

/**
 * A regular expression with LLVM's syntax and matching rules (`llvm::Regex`: POSIX
 * extended, `.` matches a newline, `\x` is the character `x`), matched in linear time by
 * V8's linear-time engine where it takes the pattern, otherwise by an RE2 engine.
 * `Regex.compile` validates; an invalid pattern gives LLVM's error text.
 */
export class Regex {
  private constructor(private readonly re: RE2JS | RegExp) {}

  /** Compiles `pattern`, or returns the error text `llvm::Regex::isValid` would give. */
  static compile(pattern: string): Regex | string {
    const t = translate(pattern)
    if (t.error !== null) {
      return t.error
    }
    const linear = linearRegExp(t.re2)
    if (linear !== null) {
      return new Regex(linear)
    }
    try {
      return new Regex(REGEX_ENGINE.RE2JS().compile(t.re2))
    } catch (e) {
      // RE2 bounds the size of a program (nested counted repetitions); LLVM's regcomp would run out of memory.
      return e instanceof Error ? e.message : String(e)
    }
  }

  /** LLVM's `Regex::escape`: `text` with every metacharacter backslash-escaped. */
  static escape(text: string): string {
    let out = ''
    for (let i = 0; i < text.length; i++) {
      const ch = text[i]!
      out += METACHARS.includes(ch) ? `\\${ch}` : ch
    }
    return out
  }

  /** Whether the pattern matches anywhere in `text` (LLVM's `Regex::match`, a search). */
  match(text: string): boolean {
    // Match bytes: every UTF-8 byte of the text is one code point below 256.
    const subject = Buffer.from(text, 'utf8').toString('latin1')
    const re = this.re
    return re instanceof RegExp ? re.test(subject) : re.matcher(subject).find()
  }
}
