/**
 * The command-line tools of Tilepass. The `tilepass-opt` and `tilepass-compile` binaries
 * call these entry points; hosts other than a Node.js process can call them with their own
 * {@link ToolIO}.
 *
 * @packageDocumentation
 */

export { main as tilepassOptMain, createOptTool } from './tilepass-opt.ts'
export type { OptToolOptions } from './tilepass-opt.ts'
export type { OptToolExtension } from './internal/toolExtensions.ts'
export { main as tilepassCompileMain } from './tilepass-compile.ts'
export { main as tilepassTranslateMain, createTranslationRegistry } from './tilepass-translate.ts'
export { TranslationRegistry } from './internal/translateRegistry.ts'
export type { Translation, TranslationOption, TranslateInput, TranslateOutput, TranslateEnv } from './internal/translateRegistry.ts'
export type { OptionSpec } from './internal/CommandLine.ts'
export { nodeToolIO } from './ToolIO.ts'
export type { ToolIO } from './ToolIO.ts'
