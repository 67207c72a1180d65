#!/usr/bin/env node
// Until November 2026 the state51 program was this file, an ES module. npx keeps a link
// to it in its cache (~/.npm/_npx) and does not make it again when the package changes,
// so `npx state51` in a checkout used before would find no program. It runs the launcher
// the package now names, dist/state51.cjs (src/cli/launcher.cjs says why that is CommonJS).
import { createRequire } from "node:module";

createRequire(import.meta.url)("./state51.cjs");
