// The UI's TypeScript holds no `any`: tsconfig's strict mode (noImplicitAny)
// refuses the implicit ones, and this test the written ones, so that every
// value from the wire is typed where it is decoded (round/socket.ts).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const src = join(process.cwd(), 'src');

function files(dir) {
  return readdirSync(dir).flatMap(f => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

test('no any in src', () => {
  const found = [];
  for (const f of files(src)) {
    readFileSync(f, 'utf8').split('\n').forEach((line, i) => {
      const code = line.replace(/\/\/.*$/, '').replace(/'[^']*'|"[^"]*"|`[^`]*`/g, "''");
      if (/(:\s*any\b|<any\b|\bas\s+any\b|\bany\s*\[\]|\bany\s*[>,|)]|[|&]\s*any\b)/.test(code)) found.push(`${f}:${i + 1}: ${line.trim()}`);
    });
  }
  assert.deepEqual(found, []);
});

test('tsconfig keeps the checks on', () => {
  const cfg = JSON.parse(readFileSync(join(process.cwd(), 'tsconfig.json'), 'utf8')).compilerOptions;
  assert.equal(cfg.strict, true);
  assert.equal(cfg.noImplicitAny, true);
});
