// Stockfish as an opponent: Debian's stockfish, found by gambit serve by
// itself, chosen in the new-game dialog at lichess's level 1, really
// started, and answering moves until the player resigns.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, move, newGame, waitMoves } from './harness.mjs';

const app = openApp({ detectEngines: true });

// gameState fetches the game the page shows.
const gameState = page => page.evaluate(() => fetch(`/api/games/${location.pathname.split('/').pop()}`).then(r => r.json()));

// children lists the programs the server runs.
const children = pid => execFileSync('ps', ['-o', 'comm=', '--ppid', String(pid)], { encoding: 'utf8' }).split('\n').filter(Boolean);

test('"Stockfish, level 1" in the dialog: Stockfish replies until the player resigns', async () => {
  const page = app.page;
  await page.click('#btn-new-top');
  await page.check('input[name=variant][value=chess]');
  await page.check('input[name=mode][value=computer]');
  const options = await page.$$eval('#level option', os => os.map(o => [o.value, o.textContent]));
  const stockfish = options.filter(([v]) => v.startsWith('stockfish-'));
  assert.deepEqual(stockfish.map(([v]) => v), [1, 2, 3, 4, 5, 6, 7, 8].map(n => `stockfish-${n}`));
  assert.equal(stockfish[0][1], 'Stockfish, level 1');
  // Chess960 offers it too; xiangqi offers Fairy-Stockfish instead.
  await page.check('input[name=variant][value=chess960]');
  assert.ok((await page.$$eval('#level option', os => os.map(o => o.value))).includes('stockfish-1'));
  await page.check('input[name=variant][value=xiangqi]');
  const xq = await page.$$eval('#level option', os => os.map(o => o.value));
  assert.ok(xq.includes('fairy-stockfish-1') && !xq.includes('stockfish-1'), xq.join());

  await newGame(page, { mode: 'computer', color: 'white', level: 'stockfish-1', timed: true, minutes: 5, increment: 3 });
  assert.match(await page.textContent('body'), /Stockfish, level 1/);
  // Moves legal whatever Black answers: no black piece can reach f3 or c3,
  // or give check, in two moves.
  for (const [i, uci] of ['e2e4', 'g1f3', 'b1c3'].entries()) {
    await move(page, uci);
    await waitMoves(page, 2 * i + 2); // Stockfish's reply
  }
  assert.ok(children(app.server.proc.pid).some(c => c.startsWith('stockfish')), 'no stockfish process under the server');
  const s = await gameState(page);
  assert.equal(s.ply, 6);
  assert.equal(s.seats.black.level, 'stockfish-1');

  await page.click('#btn-resign');
  await page.click('#btn-resign');
  await page.waitForSelector('#over-dialog[open]');
  assert.equal(await page.textContent('#over-reason'), 'White resigned.');
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, 'stockfish-game.png') });
});
