// Browser end-to-end tests: a real server, a real Chromium, moves made by
// clicking squares as a person would.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, clickSquare, move, newGame, sans, waitMoves } from './harness.mjs';

const app = openApp();

test("fool's mate on one screen ends with the result dialog", async () => {
  await newGame(app.page, { mode: 'local' });
  for (const m of ['f2f3', 'e7e5', 'g2g4', 'd8h4']) await move(app.page, m);
  await app.page.waitForSelector('#over-dialog[open]');
  assert.equal(await app.page.textContent('#over-title'), 'Black wins (0-1)');
  assert.equal(await app.page.textContent('#over-reason'), 'By checkmate.');
  assert.deepEqual(await sans(app.page), ['f3', 'e5', 'g4', 'Qh4#']);
  await mkdirSync(artifacts, { recursive: true });
  await app.page.screenshot({ path: join(artifacts, 'mate.png') });
  await app.page.click('#over-dialog button[value=close]');
  // Step back through the moves with the keyboard, then return to the end.
  await app.page.keyboard.press('ArrowLeft');
  await app.page.keyboard.press('ArrowLeft');
  assert.equal(await app.page.textContent('#moves .san.current'), 'e5');
  assert.equal(await app.page.locator('body.reviewing').count(), 1);
  await app.page.click('#moves .san >> text=f3');
  assert.equal(await app.page.textContent('#moves .san.current'), 'f3');
  await app.page.keyboard.press('End');
  assert.equal(await app.page.textContent('#moves .san.current'), 'Qh4#');
  assert.equal(await app.page.locator('body.reviewing').count(), 0);
});

test('castling on both sides', async () => {
  await newGame(app.page, { mode: 'local', setup: 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1' });
  await move(app.page, 'e1g1');
  await move(app.page, 'e8c8');
  assert.deepEqual(await sans(app.page), ['O-O', 'O-O-O']);
  const fen = await app.page.evaluate(() => fetch(`/api/games/${location.pathname.split('/').pop()}`).then(r => r.json()).then(s => s.fen));
  assert.equal(fen.split(' ')[0], '2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1');
});

test('promotion to a knight through the picker', async () => {
  await newGame(app.page, { mode: 'local', setup: '7k/P6p/8/8/8/8/8/K7 w - - 0 1' });
  await clickSquare(app.page, 'a7');
  await clickSquare(app.page, 'a8');
  await app.page.waitForSelector('#promo:not([hidden])');
  await app.page.click('.promo-choice[data-role=knight]');
  await waitMoves(app.page, 1);
  assert.deepEqual(await sans(app.page), ['a8=N']);
});

test('a threefold repetition is claimed, and a draw offer is agreed', async () => {
  await newGame(app.page, { mode: 'local' });
  for (const m of ['g1f3', 'g8f6', 'f3g1', 'f6g8', 'g1f3', 'g8f6', 'f3g1']) await move(app.page, m);
  await app.page.waitForSelector('#btn-claim:not([disabled])');
  await app.page.click('#btn-claim');
  await app.page.waitForSelector('#over-dialog[open]');
  assert.equal(await app.page.textContent('#over-title'), 'Draw (1/2-1/2)');
  assert.equal(await app.page.textContent('#over-reason'), 'By threefold repetition.');

  await newGame(app.page, { mode: 'local' });
  await move(app.page, 'e2e4');
  await move(app.page, 'e7e5'); // both sides have moved: an agreed draw is a draw, not an abort
  await app.page.click('#btn-draw');
  await app.page.waitForSelector('#offer-bar:not([hidden]) #btn-accept:not([hidden])');
  await app.page.click('#btn-accept');
  await app.page.waitForSelector('#over-dialog[open]');
  assert.equal(await app.page.textContent('#over-reason'), 'By agreement.');
});

test('against the computer: replies, undo, flip', async () => {
  await newGame(app.page, { mode: 'computer', color: 'white', level: 'greedy' });
  await move(app.page, 'e2e4');
  await waitMoves(app.page, 2); // the computer's reply
  await move(app.page, 'd2d4');
  await waitMoves(app.page, 4);
  await app.page.click('#btn-undo');
  await app.page.waitForFunction(() => document.querySelectorAll('#moves .san:not(.empty)').length === 2);
  assert.equal((await sans(app.page))[0], 'e4');
  assert.equal(await app.page.locator('#board.orientation-white').count(), 1);
  await app.page.click('#btn-flip');
  assert.equal(await app.page.locator('#board.orientation-black').count(), 1);
  await app.page.click('#btn-flip');
  // Resigning takes a second click.
  await app.page.click('#btn-resign');
  assert.equal(await app.page.textContent('#btn-resign'), 'Really resign?');
  await app.page.click('#btn-resign');
  await app.page.waitForSelector('#over-dialog[open]');
  assert.equal(await app.page.textContent('#over-reason'), 'White resigned.');
});

test('playing Black faces the board to the human; the computer opens', async () => {
  await newGame(app.page, { mode: 'computer', color: 'black', level: 'minimax' });
  await waitMoves(app.page, 1);
  assert.equal(await app.page.locator('#board.orientation-black').count(), 1);
});

test('a board theme persists across a reload', async () => {
  await app.page.click('#btn-settings');
  await app.page.selectOption('#set-board', 'green');
  await app.page.selectOption('#set-pieces', 'glyph');
  await app.page.click('#settings-dialog button.primary');
  await app.page.reload();
  await app.page.waitForSelector('body.board-green.pieces-glyph');
  await app.page.click('#btn-settings');
  await app.page.selectOption('#set-board', 'blue');
  await app.page.selectOption('#set-pieces', 'cburnett');
  await app.page.click('#settings-dialog button.primary');
});

test('the server restarts mid-game and the game goes on, clock included', async () => {
  await newGame(app.page, { mode: 'local', timed: true });
  await move(app.page, 'e2e4');
  await move(app.page, 'e7e5');
  // Chromium logs each refused WebSocket while the server is down and the page tries again.
  app.allowTrouble(/^console error: WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/ws\/game\/\w+(\?v=\d+)?' failed/);
  // Chromium may fetch the icon again while the server is down (a loaded
  // machine's late first fetch, or a revalidation): refused, as any request
  // would be then.
  app.allowTrouble(/^request failed: GET http:\/\/127\.0\.0\.1:\d+\/favicon\.svg: net::ERR_CONNECTION_REFUSED$/);
  app.allowTrouble(/^console error: Failed to load resource: net::ERR_CONNECTION_REFUSED$/);
  await app.server.restart();
  await app.page.waitForFunction(() => document.getElementById('conn').textContent === '', null, { timeout: 15000 });
  await move(app.page, 'g1f3');
  assert.deepEqual(await sans(app.page), ['e4', 'e5', 'Nf3']);
  await app.page.reload();
  await waitMoves(app.page, 3);
  const clock = await app.page.textContent('#clock-bottom');
  assert.match(clock, /^[45]:\d\d$/);
  await move(app.page, 'b8c6');
  await app.page.locator('#moves').scrollIntoViewIfNeeded();
  await app.page.screenshot({ path: join(artifacts, 'board.png') });
});

test('a pasted PGN starts the game from its moves; PGN export and phone width', async () => {
  await newGame(app.page, { mode: 'local', setup: '[Event "Casual"]\n\n1. e4 c5 2. Nf3 d6 *' });
  assert.deepEqual(await sans(app.page), ['e4', 'c5', 'Nf3', 'd6']);
  // The pasted moves are the start: nothing to take back yet.
  assert.equal(await app.page.locator('#btn-undo[disabled]').count(), 1);
  await move(app.page, 'd2d4');
  assert.equal(await app.page.locator('#btn-undo:not([disabled])').count(), 1);
  const text = await app.page.evaluate(() => fetch(document.getElementById('btn-download-pgn').href).then(r => r.text()));
  assert.match(text, /1\. e4 c5 2\. Nf3 d6 3\. d4 \*/);
  await app.page.setViewportSize({ width: 390, height: 844 });
  // chessground resizes on its ResizeObserver, a frame or two later
  await app.page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, null, { timeout: 3000 }).catch(() => {});
  const overflow = await app.page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than a phone`);
  await app.page.setViewportSize({ width: 1100, height: 800 });
});
