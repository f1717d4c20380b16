// Unit tests of the UI modules that need no browser. Each test/*.test.mjs is
// bundled by esbuild (so it can import src/*.ts) into a temporary folder,
// then run by node's test runner. Modules that touch the DOM are tested in
// the browser by e2e/ instead.
import * as esbuild from 'esbuild';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const out = mkdtempSync(join(tmpdir(), 'gambit-web-unit-'));
try {
  await esbuild.build({
    entryPoints: readdirSync(here).filter(f => f.endsWith('.test.mjs')).map(f => join(here, f)),
    bundle: true,
    platform: 'node',
    format: 'esm',
    outdir: out,
    logLevel: 'warning',
  });
  const files = readdirSync(out).map(f => join(out, f));
  const r = spawnSync(process.execPath, ['--test', ...files], { stdio: 'inherit' });
  process.exitCode = r.status ?? 1;
} finally {
  rmSync(out, { recursive: true, force: true });
}
