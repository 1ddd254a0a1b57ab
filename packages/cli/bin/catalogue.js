#!/usr/bin/env node
// Committed (not built) so that npm can link the `catalogue` command at install time, before
// the `prepare` script has built dist/.
import '../dist/bin.js'
