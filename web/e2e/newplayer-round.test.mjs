// What a new player meets on the game page (issue 40), in English,
// 繁體中文 and 简体中文: a friend who opens a rated invite without an
// account is told why the seat is not theirs and signs in or up on the
// spot, then plays; Review on the result screen starts the engine's review
// on the analysis page; an unknown address and a missing game say so in
// the reader's language with a link home; a guest named as a side is
// never taken for one.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, axe, inviteRated, move, newGame, signUp, waitMoves } from './harness.mjs';

const app = openApp();

const shot = async (page, name) => {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, name) });
};

test('Review on the result screen starts the engine review on its own page, which shows the accuracies and the graph', async () => {
  const page = app.page;
  await page.goto(app.server.url);
  await newGame(page, { mode: 'local' });
  const id = await page.evaluate(() => document.body.dataset.game);
  // Moves out of every opening book (a book move is not judged), then White resigns.
  for (const m of ['a2a4', 'h7h5', 'a1a3', 'h8h6', 'a3b3', 'h6b6']) await move(page, m);
  await page.click('#btn-resign');
  await page.click('#btn-resign');
  await page.waitForSelector('#over-dialog[open]');
  assert.equal(await page.getAttribute('#btn-over-review', 'title'), 'Have the engine review this game, on the analysis page');
  await page.click('#btn-over-review');
  await page.waitForURL(u => u.pathname === '/analysis' && u.searchParams.get('game') === id);
  // The review was asked for by the button: it runs, then shows its figures.
  await page.waitForSelector('#a-graph', { timeout: 60000 });
  await page.waitForSelector('.review-stats tr[data-side=white] td.acc');
  for (const side of ['white', 'black']) assert.match(await page.textContent(`.review-stats tr[data-side=${side}] td.acc`), /^\d+(\.\d)?%$/, side);
  assert.equal(await page.locator('#a-review-go').count(), 0, 'no second request was needed');
  const st = await page.evaluate(id => fetch(`/api/games/${id}/review`).then(r => r.json()), id);
  assert.equal(st.state, 'done');
  await shot(page, 'newplayer-review.png');
});

test('a game of a variant the engines do not review: Review goes through its moves on the page', async () => {
  const page = app.page;
  await page.goto(app.server.url);
  await newGame(page, { mode: 'local', variant: 'fogofwar' });
  // Fog of war on one screen: White resigns after a move each (the first move hands over).
  await move(page, 'e2e4');
  await page.click('#btn-handover');
  await move(page, 'e7e5');
  await page.click('#btn-handover');
  await page.click('#btn-resign');
  await page.click('#btn-resign');
  await page.waitForSelector('#over-dialog[open]');
  assert.equal(await page.getAttribute('#btn-over-review', 'title'), 'Go through the moves on this page');
  await page.click('#btn-over-review');
  await page.waitForFunction(() => !document.getElementById('over-dialog').open);
  assert.match(new URL(page.url()).pathname, /^\/game\//);
});
