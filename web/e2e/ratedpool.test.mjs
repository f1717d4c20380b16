// Rated quick pairing in two browsers signed in: Ann asks for a rated 3+2
// and waits; Bob sees her seek listed with her rating ("1500?" while
// provisional), asks for the same, and is seated against her; the game's
// end shows both rating changes. Then, 483 points apart, they meet again
// once the range has widened while they waited. Someone signed out is not
// offered the rated pool.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, move, waitMoves, signUp } from './harness.mjs';

const app = openApp();

async function shot(page, name) {
  mkdirSync(artifacts, { recursive: true });
  await page.screenshot({ path: join(artifacts, name) });
}

// pairRated asks on the start page for a rated game of time control tc.
async function pairRated(page, tc) {
  await page.goto(app.server.url);
  await page.waitForSelector('#pair-rated-choice:not([hidden])');
  await page.check('#pair-rated');
  await page.click(`#pair-buttons button[data-tc="${tc}"]`);
  await page.waitForURL(/\/game\/[a-z0-9]+$/);
  return page.url().split('/').pop();
}

test('two accounts meet in the rated pool and see their ratings move', async () => {
  const anon = await app.newPerson('anon');
  await anon.goto(app.server.url);
  await anon.waitForSelector('#pair-buttons button');
  await anon.waitForTimeout(300); // a first poll of the lobby has run
  assert.equal(await anon.isVisible('#pair-rated-choice'), false, 'the rated pool is offered to someone signed out');

  const a = app.page;
  await signUp(a, app.server.url, 'ann', 'correct horse battery');
  const b = await app.newPerson('B', { locale: 'zh-TW' });
  await signUp(b, app.server.url, 'bob', 'staple gun 42 blue');
  const id = await pairRated(a, '3+2');

  await b.goto(app.server.url);
  const row = b.locator(`#lobby li[data-id="${id}"]`);
  await row.waitFor();
  assert.equal(await row.locator('.rated').textContent(), '計分 · 1500?（暫定）');
  await shot(b, 'ratedpool-lobby-zh-TW.png');
  await anon.reload();
  await anon.locator(`#lobby li[data-id="${id}"] .rated`).waitFor();
  assert.equal(await anon.locator(`#lobby li[data-id="${id}"] button`).count(), 0, 'a rated seek offered to someone signed out');
  assert.equal(await pairRated(b, '3+2'), id, 'bob was not seated in ann\'s rated seek');

  await Promise.all([a, b].map(p => p.waitForFunction(id => document.body.dataset.game === id, id)));
  const annWhite = await a.locator('#board.orientation-white').count() === 1;
  const [w, bl] = annWhite ? [a, b] : [b, a];
  await w.waitForFunction(() => document.getElementById('name-top')?.textContent !== '');
  await waitMoves(w, 0);
  await move(w, 'e2e4');
  await waitMoves(bl, 1);
  await move(bl, 'e7e5');
  await waitMoves(w, 2);
  await bl.click('#btn-resign');
  await bl.click('#btn-resign');
  const [white, black] = annWhite ? ['ann', 'bob'] : ['bob', 'ann'];
  // Glicko-2 for two new players (1500, RD 500): the winner 1741?, the loser 1258? (rating/glicko2_test.go).
  for (const [p, text] of [[a, `${white} 1741? (provisional) (+241) · ${black} 1258? (provisional) (−242)`], [b, `${white} 1741?（暫定）（+241） · ${black} 1258?（暫定）（−242）`]]) {
    await p.waitForSelector('#over-rating:not([hidden])');
    assert.equal(await p.textContent('#over-rating'), text);
  }
  assert.equal(await b.getAttribute('#over-rating .provisional', 'title'), '暫定等級分：對局還少，等級分仍可能大幅變動');
  await shot(a, 'ratedpool-end.png');
  await shot(b, 'ratedpool-end-zh-TW.png');

  // Now 483 points apart: the winner waits first, the loser's seek is out
  // of range (±100 at once) and waits too; its page asks again every few
  // seconds and moves to the winner's seek once the range has widened
  // enough (±483 after about 29 s).
  const [winner, loser] = annWhite ? [a, b] : [b, a];
  const older = await pairRated(winner, '3+2');
  const newer = await pairRated(loser, '3+2');
  assert.notEqual(newer, older, '483 points apart, paired at once');
  const waited = Date.now();
  await loser.waitForURL(`**/game/${older}`, { timeout: 45000 });
  const after = (Date.now() - waited) / 1000;
  assert.ok(after > 20, `moved after ${after} s, before the range reached 483`);
  await Promise.all([winner, loser].map(p => p.waitForFunction(id => document.body.dataset.game === id, older)));
  await loser.waitForFunction(() => document.getElementById('name-top')?.textContent !== '');
  await shot(loser, 'ratedpool-widened.png');
});
