import { describe, expect, it } from 'vitest'
import {
  OperationPass,
  PipelineErrors,
  boolOption,
  copyOptionValues,
  defaultOptionValues,
  enumOption,
  intListOption,
  intOption,
  optionGroupListOption,
  parseCommaSeparatedList,
  parseIntegerLiteral,
  parseOptionsInto,
  printOptions,
  printStringValue,
  stringListOption,
  stringOption,
  type OptionValues,
} from '@tilepass/pass-manager'

// The option set of mlir-opt's test-options-pass; expected strings below were produced
// by /usr/lib/llvm-22/bin/mlir-opt ... -dump-pass-pipeline (see the comments per case).
const testOptions = {
  listOption: intListOption('list', 'Example list option'),
  stringListOption: stringListOption('string-list', 'Example string list option'),
  stringOption: stringOption('string', '', 'Example string option'),
  enumOption: enumOption('enum', 'zero', 'Example enum option', [
    { name: 'zero', description: 'Example zero value' },
    { name: 'one', description: 'Example one value' },
    { name: 'two', description: 'Example two value' },
  ]),
}
const superOptions = { listOption: optionGroupListOption('list', testOptions, 'Example list of PassPipelineOptions option') }

function roundTrip(decls: Parameters<typeof printOptions>[0], text: string): string {
  const values = defaultOptionValues(decls)
  const errors = new PipelineErrors('mlir-opt')
  const err = parseOptionsInto(decls, values, text, errors)
  expect(err).toBeNull()
  expect(errors.stderr).toBe('')
  return printOptions(decls, values)
}

describe('pass options: parsing and printing as mlir-opt', () => {
  it('appends list occurrences and keeps the last scalar (pipeline-options-parsing.mlir CHECK_1)', () => {
    expect(roundTrip(testOptions, 'string-list=a list=1,2,3,4 string-list=b,c list=5 string-list=d string=nested_pipeline{arg1=10 arg2=" {} " arg3=true}')).toBe(
      '{enum=zero list={1,2,3,4,5} string=nested_pipeline{arg1=10 arg2=" {} " arg3=true} string-list={a,b,c,d}}',
    )
  })
  it('strips quotes and braces and re-escapes strings with spaces (CHECK_4..6)', () => {
    expect(roundTrip(testOptions, 'enum=one list=1,2,3,4 string="foobar"')).toBe('{enum=one list={1,2,3,4} string=foobar }')
    expect(roundTrip(testOptions, 'enum=one list=1,2,3,4 string="foo bar baz"')).toBe('{enum=one list={1,2,3,4} string={foo bar baz} }')
    expect(roundTrip(testOptions, 'enum=one list=1,2,3,4 string={foo bar baz}')).toBe('{enum=one list={1,2,3,4} string={foo bar baz} }')
    expect(roundTrip(testOptions, 'enum=one list=1,2,3,4 string=foo"bar"baz')).toBe('{enum=one list={1,2,3,4} string=foo"bar"baz }')
    // mlir-opt: test-options-pass{string="a b" string-list=x,"y z",{p q} list=1}
    expect(roundTrip(testOptions, 'string="a b" string-list=x,"y z",{p q} list=1')).toBe('{enum=zero list={1} string={a b} string-list={x,{y z},{p q}}}')
  })
  it('prints empty lists as nothing and lists of empty strings as braces (CHECK_9, CHECK_10)', () => {
    expect(roundTrip(testOptions, 'string-list={""}')).toBe('{enum=zero  string= string-list={}}')
    expect(roundTrip(testOptions, 'string-list={,}')).toBe('{enum=zero  string= string-list={,}}')
    expect(roundTrip(testOptions, 'string-list={"",}')).toBe('{enum=zero  string= string-list={,}}')
    expect(roundTrip(testOptions, 'enum=one enum=two list=1 list={2,3}')).toBe('{enum=two list={1,2,3} string= }')
  })
  it('parses lists of option groups with or without outer braces (CHECK_7, CHECK_8)', () => {
    const expected = '{list={{enum=zero list={1} string=foo },{enum=one list={2} string=bar },{enum=two list={3} string=baz }}}'
    expect(roundTrip(superOptions, 'list={{enum=zero list={1} string=foo },{enum=one list={2} string=bar },{enum=two list={3} string=baz }}')).toBe(expected)
    expect(roundTrip(superOptions, 'list={enum=zero list={1} string=foo },{enum=one list={2} string=bar },{enum=two list={3} string=baz }')).toBe(expected)
    expect(roundTrip(superOptions, 'list={enum=zero list={1} string=foo},{enum=one list={} string=bar}')).toBe(
      '{list={{enum=zero list={1} string=foo },{enum=one  string=bar }}}',
    )
  })
  it('reports unknown options and bad values with MLIR and llvm::cl wording', () => {
    const values = defaultOptionValues(testOptions)
    const errors = new PipelineErrors('mlir-opt')
    expect(parseOptionsInto(testOptions, values, 'invalid-option=3', errors)).toBe('<Pass-Options-Parser>: no such option invalid-option\n')
    expect(parseOptionsInto(testOptions, values, 'list=3 list=notaninteger', errors)).toBe('')
    expect(parseOptionsInto(testOptions, values, 'enum=invalid', errors)).toBe('')
    expect(errors.stderr).toBe(
      "mlir-opt: for the --list option: 'notaninteger' value invalid for integer argument!\n" +
        "mlir-opt: for the --enum option: Cannot find option named 'invalid'!\n",
    )
  })
  it('follows llvm::cl for booleans and integers (values checked against mlir-opt)', () => {
    const decls = {
      maxIterations: intOption('max-iterations', 10, 'Max. iterations', 'long'),
      topDown: boolOption('top-down', true, 'Seed the worklist in general top-down order'),
    }
    expect(roundTrip(decls, 'max-iterations=0x10 top-down=0')).toBe('{max-iterations=16 top-down=false}')
    expect(roundTrip(decls, 'max-iterations=-5 top-down')).toBe('{max-iterations=-5 top-down=true}')
    expect(roundTrip(decls, 'max-iterations=99999999999')).toBe('{max-iterations=99999999999 top-down=true}')
    const errors = new PipelineErrors('mlir-opt')
    const values = defaultOptionValues(decls)
    expect(parseOptionsInto(decls, values, 'max-iterations=x', errors)).toBe('')
    expect(parseOptionsInto(decls, values, 'max-iterations', errors)).toBe('')
    expect(parseOptionsInto(decls, values, 'top-down=yes', errors)).toBe('')
    expect(errors.stderr).toBe(
      "mlir-opt: for the --max-iterations option: 'x' value invalid for long argument!\n" +
        'mlir-opt: for the --max-iterations option: requires a value!\n' +
        "mlir-opt: for the --top-down option: 'yes' is invalid value for boolean argument! Try 0 or 1\n",
    )
    expect(parseIntegerLiteral('2147483648', 'int')).toBeUndefined()
    expect(parseIntegerLiteral('017', 'int')).toBe(15)
    expect(parseIntegerLiteral('0b101', 'uint')).toBe(5)
    expect(parseIntegerLiteral('-1', 'uint')).toBeUndefined()
  })
  it('splits comma-separated lists around nested ranges and quotes', () => {
    const out: string[] = []
    parseCommaSeparatedList('a,{b,c},"d,e",(f,g),[h,i]', (e) => {
      out.push(e)
      return true
    })
    expect(out).toEqual(['a', 'b,c', 'd,e', '(f,g)', '[h,i]'])
    expect(printStringValue('x{a b}')).toBe('x{a b}')
    expect(printStringValue('a b{')).toBe('{a b{}')
  })
})

describe('typed options on passes', () => {
  const decls = { count: intOption('count', 3, 'A count'), names: stringListOption('names', 'Names') }
  class OptPass extends OperationPass<OptionValues<typeof decls>> {
    static override readonly argument = 'opt-pass'
    static override readonly options = decls
    override runOnOperation(): void {}
  }

  it('exposes typed values, prints sorted, and clones independently', () => {
    const p = new OptPass()
    expect(p.options.count).toBe(3)
    expect(p.initializeOptions('names=a,b count=7', new PipelineErrors())).toBeNull()
    expect(p.printAsTextualPipeline()).toBe('opt-pass{count=7 names={a,b}}')
    const c = p.clone() as OptPass
    c.options.names.push('z')
    c.options.count = 1
    expect(p.printAsTextualPipeline()).toBe('opt-pass{count=7 names={a,b}}')
    expect(c.printAsTextualPipeline()).toBe('opt-pass{count=1 names={a,b,z}}')
    expect(copyOptionValues(decls, p.options)).toEqual(p.options)
  })
})

describe('list options without a value', () => {
  it('require one, as llvm::cl lists do (mlir-opt: test-options-pass{list ((})', () => {
    const decls = { list: intListOption('list', 'Example list option') }
    const errors = new PipelineErrors('mlir-opt')
    expect(parseOptionsInto(decls, defaultOptionValues(decls), 'list ((', errors)).toBe('')
    expect(errors.stderr).toBe('mlir-opt: for the --list option: requires a value!\n')
  })
})

describe('printing explicitly assigned lists', () => {
  it('prints an assigned empty list, but not a default one or one inside a group (mlir-opt)', () => {
    // mlir-opt: test-options-super-pass{list= } prints `list={}`; {list={} ...} inside a group element does not.
    expect(roundTrip(superOptions, 'list= ')).toBe('{list={}}')
    expect(roundTrip(superOptions, '')).toBe('{}')
    expect(roundTrip(testOptions, 'list=')).toBe('{enum=zero list={} string= }')
    expect(roundTrip(superOptions, 'list={enum=one list={} string=bar}')).toBe('{list={{enum=one  string=bar }}}')
  })
})
