/**
 * Named, marker-delimited sections of a generated Markdown file, so that several benchmarks
 * can write into one document (docs/performance.md) without overwriting each other.
 */

function begin(name: string): string {
  return `<!-- begin section: ${name} -->`
}

function end(name: string): string {
  return `<!-- end section: ${name} -->`
}

/** The section `name` of `doc`, markers included, or '' when it has none. */
export function extractSection(doc: string, name: string): string {
  const from = doc.indexOf(begin(name))
  const to = doc.indexOf(end(name))
  if (from < 0 || to < from) {
    return ''
  }
  return doc.slice(from, to + end(name).length)
}

/** `doc` with the section `name` replaced by `body` (or appended when absent), markers added. */
export function replaceSection(doc: string, name: string, body: string): string {
  const section = `${begin(name)}\n${body.trimEnd()}\n${end(name)}`
  const old = extractSection(doc, name)
  if (old === '') {
    return `${doc.trimEnd()}\n\n${section}\n`
  }
  const at = doc.indexOf(old)
  return doc.slice(0, at) + section + doc.slice(at + old.length)
}

/** Every section of `doc`, markers included, in the order they appear. */
export function extractAllSections(doc: string): string[] {
  const sections: string[] = []
  const re = /<!-- begin section: (.+?) -->/g
  for (let m = re.exec(doc); m !== null; m = re.exec(doc)) {
    const section = extractSection(doc.slice(m.index), m[1]!)
    if (section !== '') {
      sections.push(section)
      re.lastIndex = m.index + section.length
    }
  }
  return sections
}

/** The section name the cse/canonicalize benchmark writes. */
export const PASS_SECTION = 'cse-canonicalize'
