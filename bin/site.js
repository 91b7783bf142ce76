#!/usr/bin/env node
// Launcher: loads the CLI (from a bundle of its sources, bin/cli-bundle.js), then hands over.
import { loadCli } from './cli-bundle.js';

const { main } = await loadCli();
await main(process.argv);
