// Bundles the UI: src/main.ts (and the CSS it imports) into public/assets/,
// and puts the analysis board's engines beside it in public/assets/engine/
// (see src/analysis/engine.ts for the choice): Stockfish.js for chess, and
// Gambit's xiangqi engine compiled to WebAssembly by the Go toolchain with
// its worker and Go's wasm_exec.js.
import * as esbuild from 'esbuild';
import { execFileSync } from 'node:child_process';
import { copyFileSync, mkdirSync } from 'node:fs';
import { join } from 'node:path';

await esbuild.build({
  entryPoints: ['src/main.ts'],
  bundle: true,
  format: 'esm',
  target: 'es2020',
  minify: true,
  sourcemap: false,
  outdir: 'public/assets',
  entryNames: 'app',
  logLevel: 'warning',
});

// Stockfish.js's lite single-threaded build: its worker script and its
// WebAssembly, which the script finds beside itself by its own name.
mkdirSync('public/assets/engine', { recursive: true });
for (const f of ['stockfish-19-lite-single.js', 'stockfish-19-lite-single.wasm']) {
  copyFileSync(`node_modules/stockfish/bin/${f}`, `public/assets/engine/${f}`);
}

// Gambit's xiangqi engine: cmd/xqwasm for GOOS=js GOARCH=wasm, Go's own
// wasm_exec.js (from the Go that built it: never committed), and the
// worker that joins them.
const go = process.env.GO || 'go';
execFileSync(go, ['build', '-trimpath', '-ldflags=-s', '-o', 'web/public/assets/engine/xq.wasm', './cmd/xqwasm'],
  { cwd: '..', env: { ...process.env, GOOS: 'js', GOARCH: 'wasm' }, stdio: 'inherit' });
const goroot = execFileSync(go, ['env', 'GOROOT'], { encoding: 'utf8' }).trim();
copyFileSync(join(goroot, 'lib', 'wasm', 'wasm_exec.js'), 'public/assets/engine/wasm_exec.js');
await esbuild.build({
  entryPoints: ['src/analysis/xqworker.ts'],
  bundle: true,
  format: 'iife',
  target: 'es2020',
  minify: true,
  outfile: 'public/assets/engine/xq-worker.js',
  logLevel: 'warning',
});
