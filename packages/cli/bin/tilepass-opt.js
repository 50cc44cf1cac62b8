#!/usr/bin/env node
// Runs tilepass-opt in a worker thread with a large stack (see launch-tool.js).
const { launchTool } = require('./launch-tool.js')

launchTool('tilepass-opt')
