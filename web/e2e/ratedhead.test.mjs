// The game header says whether a game is rated: a rated invite between two
// accounts says "Rated" (計分 in zh-TW) on both players' pages; a casual
// online game says "Casual". A signed-in player is not asked for a name.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, newGame, signUp, inviteRated } from './harness.mjs';

const app = openApp();

const headEndsWith = (page, word) =>
  page.waitForFunction(w => document.getElementById('game-head-info').textContent.endsWith(` · ${w}`), word);

test('the header says rated or casual', async () => {
  mkdirSync(artifacts, { recursive: true });
  const a = app.page;
  await newGame(a, { mode: 'online', color: 'white' });
  await a.waitForSelector('#invite:not([hidden])');
  await headEndsWith(a, 'Casual');

  await signUp(a, app.server.url, 'ann', 'correct horse battery');
  const b = await app.newPerson('B', { locale: 'zh-TW' });
  await signUp(b, app.server.url, 'bob', 'staple gun 42 blue');
  const { link } = await inviteRated(a);
  await headEndsWith(a, 'Rated');
  assert.match(await a.textContent('#game-head-info'), /^Chess · 5\+3 · Rated$/);
  await b.goto(link);
  await b.waitForSelector('#board.orientation-black');
  await headEndsWith(b, '計分');
  assert.equal(await b.isVisible('#join-name'), false, 'an account sits under its username');
  await b.screenshot({ path: join(artifacts, 'ratedhead-zh-TW.png') });
});
