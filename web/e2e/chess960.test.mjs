// Chess960 in the browser: a start drawn by the server shown on the board,
// and castling as the king's move onto its own rook.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, clickSquare, move, newGame, sans, waitMoves } from './harness.mjs';

const app = openApp();

// gameState fetches the state of the game the page shows.
const gameState = page => page.evaluate(() => fetch(`/api/games/${location.pathname.split('/').pop()}`).then(r => r.json()));

// placement maps each occupied square of a FEN's first field to its FEN letter.
function placement(fen) {
  const out = {};
  fen.split(' ')[0].split('/').forEach((row, i) => {
    let file = 0;
    for (const c of row) {
      if (c >= '1' && c <= '8') file += Number(c);
      else out[String.fromCharCode(97 + file++) + (8 - i)] = c;
    }
  });
  return out;
}

// waitBoard waits until the chessground board shows exactly fen's pieces
// (animations and fading captures done).
async function waitBoard(page, fen) {
  const want = placement(fen);
  await page.waitForFunction(want => {
    const letters = { pawn: 'p', knight: 'n', bishop: 'b', rook: 'r', queen: 'q', king: 'k' };
    const got = {};
    for (const p of document.querySelectorAll('#board cg-board piece:not(.fading)')) {
      const [color, role] = p.className.split(' ');
      got[p.cgKey] = color === 'white' ? letters[role].toUpperCase() : letters[role];
    }
    const keys = Object.keys(want);
    const still = !document.querySelector('#board cg-board piece.anim');
    return still && Object.keys(got).length === keys.length && keys.every(k => got[k] === want[k]);
  }, want, { timeout: 5000 });
}

test('a drawn Chess960 start on one screen: the board shows it, and a move is played', async () => {
  // The server draws the start; the standard one (1 in 960) would prove
  // nothing here, so draw again.
  let s;
  for (let i = 0; i < 3; i++) {
    await newGame(app.page, { mode: 'local', variant: 'chess960' });
    s = await gameState(app.page);
    if (!s.startFen.startsWith('rnbqkbnr/')) break;
  }
  assert.equal(s.variant, 'chess960');
  assert.equal(s.fen, s.startFen);
  const back = s.startFen.split('/')[7].split(' ')[0];
  assert.notEqual(back, 'RNBQKBNR');
  assert.equal([...back].sort().join(''), 'BBKNNQRR');
  assert.equal(s.startFen.split('/')[0], back.toLowerCase());
  await waitBoard(app.page, s.fen);
  await move(app.page, 'b2b3');
  const after = await gameState(app.page);
  assert.deepEqual(after.moves.map(m => m.uci), ['b2b3']);
  await waitBoard(app.page, after.fen);
  assert.equal(await app.page.textContent('#status'), 'Black to move');
});

test('castling in Chess960: the king onto its rook, both sides', async () => {
  // Position 3, BQNNRKRB: each king stands on f beside its g rook, so
  // either side may castle at once (the king goes to g, the rook to f).
  await newGame(app.page, { mode: 'local', variant: 'chess960', setup: '3' });
  let s = await gameState(app.page);
  assert.equal(s.startFen, 'bqnnrkrb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRKRB w KQkq - 0 1');
  await waitBoard(app.page, s.fen);
  // A click on the king marks its rook's square as a destination.
  await clickSquare(app.page, 'f1');
  const marked = await app.page.waitForFunction(() => {
    const keys = [...document.querySelectorAll('#board cg-board square.move-dest')].map(q => q.cgKey);
    return keys.length > 0 && keys; // drawn on the next animation frame
  });
  assert.deepEqual(await marked.jsonValue(), ['g1']);
  await clickSquare(app.page, 'g1');
  await waitMoves(app.page, 1);
  await move(app.page, 'f8g8');
  assert.deepEqual(await sans(app.page), ['O-O', 'O-O']);
  s = await gameState(app.page);
  assert.deepEqual(s.moves.map(m => m.uci), ['f1g1', 'f8g8']);
  assert.equal(s.fen.split(' ')[0], 'bqnnrrkb/pppppppp/8/8/8/8/PPPPPPPP/BQNNRRKB');
  await waitBoard(app.page, s.fen);
  mkdirSync(artifacts, { recursive: true });
  await app.page.screenshot({ path: join(artifacts, 'chess960-castled.png') });
  const pgn = await app.page.evaluate(() => fetch(document.getElementById('btn-download-pgn').href).then(r => r.text()));
  assert.match(pgn, /\[Variant "Chess960"\]/);
  assert.match(pgn, /1\. O-O O-O \*/);
});
