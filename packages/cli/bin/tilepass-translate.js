#!/usr/bin/env node
// Runs tilepass-translate in a worker thread with a large stack (see launch-tool.js).
const { launchTool } = require('./launch-tool.js')

launchTool('tilepass-translate')
