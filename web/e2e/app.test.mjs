// Browser end-to-end tests: a real server, a real Chromium, moves made by
// clicking squares as a person would.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { Server, launch, artifacts, clickSquare, move, newGame, sans, waitMoves } from './harness.mjs';

let server, browser, page;

before(async () => {
  server = new Server();
  await server.start();
  browser = await launch();
  page = browser.ctx.pages()[0] ?? await browser.ctx.newPage();
  page.on('pageerror', e => console.error('page error:', e));
  await page.goto(server.url);
});

after(async () => {
  await browser?.close();
  await server?.stop();
  server?.cleanup();
});

test("fool's mate on one screen ends with the result dialog", async () => {
  await newGame(page, { mode: 'local' });
  for (const m of ['f2f3', 'e7e5', 'g2g4', 'd8h4']) await move(page, m);
  await page.waitForSelector('#over-dialog[open]');
  assert.equal(await page.textContent('#over-title'), 'Black wins (0-1)');
  assert.equal(await page.textContent('#over-reason'), 'By checkmate.');
  assert.deepEqual(await sans(page), ['f3', 'e5', 'g4', 'Qh4#']);
  await mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, 'mate.png') });
  await page.click('#over-dialog button[value=review]');
  // Step back through the moves with the keyboard, then return to the end.
  await page.keyboard.press('ArrowLeft');
  await page.keyboard.press('ArrowLeft');
  assert.equal(await page.textContent('#moves .san.current'), 'e5');
  assert.equal(await page.locator('body.reviewing').count(), 1);
  await page.click('#moves .san >> text=f3');
  assert.equal(await page.textContent('#moves .san.current'), 'f3');
  await page.keyboard.press('End');
  assert.equal(await page.textContent('#moves .san.current'), 'Qh4#');
  assert.equal(await page.locator('body.reviewing').count(), 0);
});

test('castling on both sides', async () => {
  await newGame(page, { mode: 'local', setup: 'r3k2r/pppppppp/8/8/8/8/PPPPPPPP/R3K2R w KQkq - 0 1' });
  await move(page, 'e1g1');
  await move(page, 'e8c8');
  assert.deepEqual(await sans(page), ['O-O', 'O-O-O']);
  const fen = await page.evaluate(() => fetch(`/api/games/${location.pathname.split('/').pop()}`).then(r => r.json()).then(s => s.fen));
  assert.equal(fen.split(' ')[0], '2kr3r/pppppppp/8/8/8/8/PPPPPPPP/R4RK1');
});

test('promotion to a knight through the picker', async () => {
  await newGame(page, { mode: 'local', setup: '7k/P6p/8/8/8/8/8/K7 w - - 0 1' });
  await clickSquare(page, 'a7');
  await clickSquare(page, 'a8');
  await page.waitForSelector('#promo:not([hidden])');
  await page.click('.promo-choice[data-role=knight]');
  await waitMoves(page, 1);
  assert.deepEqual(await sans(page), ['a8=N']);
});

test('a threefold repetition is claimed, and a draw offer is agreed', async () => {
  await newGame(page, { mode: 'local' });
  for (const m of ['g1f3', 'g8f6', 'f3g1', 'f6g8', 'g1f3', 'g8f6', 'f3g1']) await move(page, m);
  await page.waitForSelector('#btn-claim:not([disabled])');
  await page.click('#btn-claim');
  await page.waitForSelector('#over-dialog[open]');
  assert.equal(await page.textContent('#over-title'), 'Draw (1/2-1/2)');
  assert.equal(await page.textContent('#over-reason'), 'By threefold repetition.');

  await newGame(page, { mode: 'local' });
  await move(page, 'e2e4');
  await page.click('#btn-draw');
  await page.waitForSelector('#offer-bar:not([hidden]) #btn-accept:not([hidden])');
  await page.click('#btn-accept');
  await page.waitForSelector('#over-dialog[open]');
  assert.equal(await page.textContent('#over-reason'), 'By agreement.');
});

test('against the computer: replies, undo, flip', async () => {
  await newGame(page, { mode: 'computer', color: 'white', level: 'greedy' });
  await move(page, 'e2e4');
  await waitMoves(page, 2); // the computer's reply
  await move(page, 'd2d4');
  await waitMoves(page, 4);
  await page.click('#btn-undo');
  await page.waitForFunction(() => document.querySelectorAll('#moves .san:not(.empty)').length === 2);
  assert.equal((await sans(page))[0], 'e4');
  assert.equal(await page.locator('#board.orientation-white').count(), 1);
  await page.click('#btn-flip');
  assert.equal(await page.locator('#board.orientation-black').count(), 1);
  await page.click('#btn-flip');
  // Resigning takes a second click.
  await page.click('#btn-resign');
  assert.equal(await page.textContent('#btn-resign'), 'Really resign?');
  await page.click('#btn-resign');
  await page.waitForSelector('#over-dialog[open]');
  assert.equal(await page.textContent('#over-reason'), 'White resigned.');
});

test('playing Black faces the board to the human; the computer opens', async () => {
  await newGame(page, { mode: 'computer', color: 'black', level: 'minimax' });
  await waitMoves(page, 1);
  assert.equal(await page.locator('#board.orientation-black').count(), 1);
});

test('a board theme persists across a reload', async () => {
  await page.click('#btn-settings');
  await page.selectOption('#set-board', 'green');
  await page.selectOption('#set-pieces', 'glyph');
  await page.click('#settings-dialog button.primary');
  await page.reload();
  await page.waitForSelector('body.board-green.pieces-glyph');
  await page.click('#btn-settings');
  await page.selectOption('#set-board', 'blue');
  await page.selectOption('#set-pieces', 'cburnett');
  await page.click('#settings-dialog button.primary');
});

test('the server restarts mid-game and the game goes on, clock included', async () => {
  await newGame(page, { mode: 'local', timed: true });
  await move(page, 'e2e4');
  await move(page, 'e7e5');
  await server.restart();
  await page.waitForFunction(() => document.getElementById('conn').textContent === '', null, { timeout: 15000 });
  await move(page, 'g1f3');
  assert.deepEqual(await sans(page), ['e4', 'e5', 'Nf3']);
  await page.reload();
  await waitMoves(page, 3);
  const clock = await page.textContent('#clock-bottom');
  assert.match(clock, /^[45]:\d\d$/);
  await move(page, 'b8c6');
  await page.locator('#moves').scrollIntoViewIfNeeded();
  await page.screenshot({ path: join(artifacts, 'board.png') });
});

test('a pasted PGN starts the game from its moves; PGN export and phone width', async () => {
  await newGame(page, { mode: 'local', setup: '[Event "Casual"]\n\n1. e4 c5 2. Nf3 d6 *' });
  assert.deepEqual(await sans(page), ['e4', 'c5', 'Nf3', 'd6']);
  await move(page, 'd2d4');
  const text = await page.evaluate(() => fetch(document.getElementById('btn-download-pgn').href).then(r => r.text()));
  assert.match(text, /1\. e4 c5 2\. Nf3 d6 3\. d4 \*/);
  await page.setViewportSize({ width: 390, height: 844 });
  // chessground resizes on its ResizeObserver, a frame or two later
  await page.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, null, { timeout: 3000 }).catch(() => {});
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  assert.ok(overflow <= 0, `page is ${overflow}px wider than a phone`);
  await page.setViewportSize({ width: 1100, height: 800 });
});
