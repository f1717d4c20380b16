// The leaderboard page: two accounts play rated blitz games through the API
// for programs until both ratings are established (a leaderboard lists no
// provisional rating), then a zh-TW reader opens the page from the header,
// finds both players in the blitz table, best first, and follows a name to
// the profile; the page fits a 390 px wide phone.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, axe } from './harness.mjs';

const app = openApp();

// api calls the server as a program: JSON in, JSON out, failing on an error.
async function api(method, path, token, body) {
  const headers = {};
  if (token) headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) headers['Content-Type'] = 'application/json';
  const res = await fetch(`${app.server.url}${path}`, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
  const text = await res.text();
  assert.ok(res.ok, `${method} ${path}: ${res.status} ${text}`);
  return text ? JSON.parse(text) : {};
}

// account signs name up and returns a token of it.
async function account(name) {
  const password = 'correct horse battery';
  await api('POST', '/api/signup', undefined, { username: name, password });
  return (await api('POST', '/api/token', undefined, { username: name, password })).token;
}

// ratedGame: winner challenges loser (loserName) to rated blitz with white, both move,
// the loser resigns.
async function ratedGame(winner, loser, loserName) {
  const c = await api('POST', `/api/challenge/${loserName}`, winner, { rated: true, clock: { limit: 300, increment: 3 }, color: 'white' });
  await api('POST', `/api/challenge/${c.id}/accept`, loser);
  await api('POST', `/api/board/game/${c.id}/move/e2e4`, winner);
  await api('POST', `/api/board/game/${c.id}/move/e7e5`, loser);
  await api('POST', `/api/board/game/${c.id}/resign`, loser);
}

test('the leaderboard lists established players, links to their profiles and fits a phone', async () => {
  const mei = await account('mei');
  const lin = await account('lin');
  let board = [];
  // Glicko-2: about 20 games bring a deviation of 500 under 110 when the
  // results are not all one way; mei wins two games of three.
  for (let i = 0; i < 28 && board.length < 2; i++) {
    if (i % 3 === 2) await ratedGame(lin, mei, 'mei');
    else await ratedGame(mei, lin, 'lin');
    for (let wait = 0; wait < 20; wait++) { // the rating is applied as the game ends; give it a moment
      const n = (await api('GET', '/api/user/mei')).perfs?.blitz?.games ?? 0;
      if (n === i + 1) break;
      await new Promise(r => setTimeout(r, 50));
    }
    board = await api('GET', '/api/leaderboard/blitz');
  }
  assert.deepEqual(board.map(l => l.username), ['mei', 'lin'], `both established, the winner first: ${JSON.stringify((await api('GET', '/api/user/mei')).perfs)}`);

  const p = await app.newPerson('reader', { locale: 'zh-TW' });
  await p.goto(app.server.url);
  const nav = p.locator('#nav-leaderboard');
  assert.equal((await nav.textContent()).trim(), '排行榜');
  await nav.click();
  await p.waitForSelector('.leaderboard[data-perf=blitz] tbody tr');
  assert.equal(new URL(p.url()).pathname, '/leaderboard');
  assert.equal(await p.textContent('#leaderboard h2'), '排行榜');
  const rows = await p.$$eval('.leaderboard[data-perf=blitz] tbody tr', trs => trs.map(tr => [...tr.cells].map(c => c.textContent)));
  assert.deepEqual(rows.map(r => r.slice(0, 2)), [['1', 'mei'], ['2', 'lin']]);
  assert.equal(rows[0][2], String(board[0].rating));
  assert.deepEqual(await p.$$eval('.leaderboard', s => s.map(x => x.dataset.perf)), ['blitz'], 'a rating no one holds gets no table');
  assert.match(await p.textContent('.leaderboard[data-perf=blitz] caption'), /\S/);
  assert.equal(await p.textContent('.leaderboard th:nth-child(3)'), '等級分');
  mkdirSync(artifacts, { recursive: true });
  await p.screenshot({ path: join(artifacts, 'leaderboard-zh-TW.png'), fullPage: true });
  assert.deepEqual(await axe(p), [], 'serious accessibility problems on the leaderboard');

  await p.setViewportSize({ width: 390, height: 844 });
  await p.waitForFunction(() => document.documentElement.scrollWidth <= window.innerWidth, null, { timeout: 3000 }).catch(() => {});
  const overflow = await p.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  await p.screenshot({ path: join(artifacts, 'leaderboard-390.png'), fullPage: true });
  assert.ok(overflow <= 0, `the page scrolls sideways by ${overflow}px at 390 px`);

  await p.click('.leaderboard[data-perf=blitz] a:text-is("lin")');
  await p.waitForFunction(() => location.pathname === '/@/lin');
  await p.waitForSelector('#profile:not([hidden]) #profile-perfs li');
  assert.equal(await p.textContent('#profile-name'), 'lin');
});
