// The invite's QR code: the encoding (qrcode-generator) and our SVG path.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { qrModules, qrPath } from '../src/qr.ts';
import { openSeat } from '../src/api.ts';

test('an invite link encodes as a square grid with the three finder patterns', () => {
  const grid = qrModules('https://gambit.example/game/0123456789');
  const n = grid.length;
  assert.ok(n >= 21 && (n - 21) % 4 === 0, `size ${n}`); // versions grow by 4 modules from 21
  for (const row of grid) assert.equal(row.length, n);
  // Each finder is a dark 7×7 ring around a dark 3×3 centre, at three corners.
  for (const [r0, c0] of [[0, 0], [0, n - 7], [n - 7, 0]]) {
    for (let i = 0; i < 7; i++) {
      for (let j = 0; j < 7; j++) {
        const ring = i === 0 || i === 6 || j === 0 || j === 6;
        const centre = i >= 2 && i <= 4 && j >= 2 && j <= 4;
        assert.equal(grid[r0 + i][c0 + j], ring || centre, `finder at ${r0},${c0}: module ${i},${j}`);
      }
    }
  }
});

test('the path draws each run of dark modules once, inside the quiet zone', () => {
  assert.equal(qrPath([[true, true, false, true], [false, false, false, false]]), 'M4 4h2v1h-2zM7 4h1v1h-1z');
  assert.equal(qrPath([[false]]), '');
});

test('openSeat names the seat an online game waits to fill', () => {
  const seats = (white, black) => ({ seats: { white: { kind: white }, black: { kind: black } } });
  assert.equal(openSeat(seats('human', 'open')), 'black');
  assert.equal(openSeat(seats('open', 'human')), 'white');
  assert.equal(openSeat(seats('human', 'human')), undefined);
});
