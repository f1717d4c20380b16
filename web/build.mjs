// Bundles the UI: src/main.ts (and the CSS it imports) into public/assets/.
import * as esbuild from 'esbuild';

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
