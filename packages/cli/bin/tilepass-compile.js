#!/usr/bin/env node
// Runs tilepass-compile from the bundled CLI (see launch-tool.js).
import { launchTool } from './launch-tool.js'

launchTool('tilepass-compile')
