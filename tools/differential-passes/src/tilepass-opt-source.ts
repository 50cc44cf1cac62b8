/** Runs tilepass-opt from the TypeScript sources (no build needed), for the differential script. */
import { main } from '../../../packages/cli/src/tilepass-opt.ts'
import { nodeToolIO } from '../../../packages/cli/src/ToolIO.ts'

process.exitCode = main(process.argv.slice(2), nodeToolIO())
