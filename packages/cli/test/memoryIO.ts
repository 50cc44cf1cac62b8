import type { ToolIO } from '../src/ToolIO.ts'

/** A ToolIO over an in-memory file system that records what the tool wrote. */
export function memoryIO(
  files: Readonly<Record<string, string>> = {},
): ToolIO & { out: string; err: string; written: Record<string, string> } {
  const io = {
    out: '',
    err: '',
    written: {} as Record<string, string>,
    writeFile: (path: string, text: string) => {
      io.written[path] = text
    },
    stdout: (text: string) => {
      io.out += text
    },
    stderr: (text: string) => {
      io.err += text
    },
    readFile: (path: string) => {
      const contents = files[path]
      if (contents === undefined) {
        throw new Error('No such file or directory')
      }
      return contents
    },
  }
  return io
}
