#!/usr/bin/env node
// The package is TypeScript source: register tsx, then run the CLI.
import { register } from 'tsx/esm/api';

register();
const { main } = await import('../src/cli.ts');
process.exitCode = await main(process.argv.slice(2));
