#!/usr/bin/env node
import { main } from '../dist/tilepass-compile.js'
import { nodeToolIO } from '../dist/ToolIO.js'

process.exitCode = main(process.argv.slice(2), nodeToolIO())
