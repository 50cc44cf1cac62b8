#!/usr/bin/env node
// Runs tilepass-compile from the bundled CLI (see launch-tool.js).
const { launchTool } = require('./launch-tool.js')

launchTool('tilepass-compile')
