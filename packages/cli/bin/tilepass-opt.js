#!/usr/bin/env node
import { main } from '../dist/tilepass-opt.js'
import { nodeToolIO } from '../dist/ToolIO.js'

process.exitCode = main(process.argv.slice(2), nodeToolIO())
