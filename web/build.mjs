// Bundles the UI: src/main.ts (and the CSS it imports) into public/assets/,
// and puts the analysis board's chess engine beside it in
// public/assets/engine/ (see src/analysis/engine.ts for the choice).
import * as esbuild from 'esbuild';
import { copyFileSync, mkdirSync } from 'node:fs';

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
