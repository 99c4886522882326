#!/usr/bin/env node
// The plugin build as a command (README.md): `npx oja-build [folder ...]` in a plugin's repository.
import { main } from '../lib/cli.mjs';

process.exitCode = await main();
