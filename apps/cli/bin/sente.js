#!/usr/bin/env node
// The `sente` executable. A committed file (the build writes dist/), so that npm links the bin on
// install even before dist/main.js has been built.
import '../dist/main.js';
