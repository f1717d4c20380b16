// A finished game is final (issue 39): after a checkmate on one screen or
// against the computer, Undo is disabled, a takeback sent over the game's
// socket is refused, and the mate still stands after a reload. A rated
// game ended before both sides moved says it changed no rating.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { openApp, move, waitMoves, newGame, signUp, inviteRated } from './harness.mjs';

const app = openApp();

// sendOverSocket opens the game's WebSocket from page (its cookies hold
// the page's seats) and sends msg; it returns the code of the error the
// server answers with, or 'aborted' once a state says the game is, or ''
// when neither comes within 5 s.
async function sendOverSocket(page, msg) {
  return page.evaluate(msg => new Promise(resolve => {
    const id = location.pathname.split('/').pop();
    const ws = new WebSocket(`${location.origin.replace(/^http/, 'ws')}/ws/game/${id}`);
    const done = code => { clearTimeout(timer); ws.close(); resolve(code); };
    const timer = setTimeout(() => done(''), 5000);
    ws.onopen = () => ws.send(JSON.stringify(msg));
    ws.onmessage = e => {
      const m = JSON.parse(e.data);
      if (m.t === 'error') done(m.d.code);
      else if (m.d?.status === 'aborted') done('aborted');
    };
  }), msg);
}

// gameOf reads the page's game from the API.
const gameOf = page => page.evaluate(() => fetch(`/api/games/${location.pathname.split('/').pop()}`).then(r => r.json()));

// assertFinal checks that the mate of n moves stands: Undo disabled, a
// takeback refused as game_over, and the same after a reload.
async function assertFinal(page, n) {
  await page.waitForSelector('#over-dialog[open]');
  await page.evaluate(() => document.getElementById('over-dialog').close());
  assert.equal(await page.locator('#btn-undo:not([hidden])[disabled]').count(), 1, 'Undo is enabled after the mate');
  assert.equal(await sendOverSocket(page, { t: 'takeback' }), 'game_over');
  await page.reload();
  await waitMoves(page, n);
  const s = await gameOf(page);
  assert.deepEqual([s.status, s.ply], ['mate', n]);
  assert.equal(await page.locator('#btn-undo:not([hidden])[disabled]').count(), 1, 'Undo is enabled after a reload');
}

test('on one screen, a checkmate cannot be taken back', async () => {
  await newGame(app.page, { mode: 'local' });
  for (const m of ['f2f3', 'e7e5', 'g2g4', 'd8h4']) await move(app.page, m);
  await assertFinal(app.page, 4);
});

test('against the computer, a checkmate cannot be taken back', async () => {
  // White mates in one on the back rank: the computer has no move to make.
  await newGame(app.page, { mode: 'computer', color: 'white', level: 'greedy', setup: '6k1/5ppp/8/8/8/8/8/R5K1 w - - 0 1' });
  await move(app.page, 'a1a8');
  await assertFinal(app.page, 1);
});

test('a rated game resigned before both sides moved is aborted, and says no rating changed', async () => {
  const a = app.page;
  await signUp(a, app.server.url, 'ann', 'correct horse battery');
  const b = await app.newPerson('B');
  await signUp(b, app.server.url, 'bob', 'staple gun 42 blue');
  // Ann invites Bob to a rated 5+3 game as white.
  const { link, id } = await inviteRated(a);
  await b.goto(link);
  await b.waitForFunction(id => document.body.dataset.game === id, id);
  await b.waitForSelector('#board.orientation-black');
  await move(a, 'e2e4');
  await waitMoves(b, 1);
  // The page offers Abort here; a resignation sent as it is ends the game the same way.
  assert.equal(await sendOverSocket(b, { t: 'resign' }), 'aborted');
  for (const p of [a, b]) {
    await p.waitForSelector('#over-dialog[open]');
    await p.waitForSelector('#over-rating:not([hidden])');
    assert.equal(await p.textContent('#over-title'), 'Game aborted');
    assert.equal(await p.textContent('#over-rating'), 'Game aborted: no rating change');
  }
  const r = await a.evaluate(id => fetch(`/api/games/${id}/rating`).then(r => r.json()), id);
  assert.deepEqual([r.rated, r.state], [true, 'void']);
});
