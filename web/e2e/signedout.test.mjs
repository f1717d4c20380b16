// A device signed out from elsewhere: Ann plays on a second browser, then
// logs out everywhere from her first. The second browser's game page is
// told so in its language, its header says "Sign in", and it watches the
// game it was playing: its board no longer moves for it.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, signUp, logIn } from './harness.mjs';

const app = openApp();

for (const [locale, said, signIn] of [
  ['en-US', 'You were signed out', 'Sign in'],
  ['zh-TW', '你已被登出', '登入'],
  ['zh-CN', '你已被退出登录', '登录'],
]) {
  test(`a device signed out from elsewhere is told so and watches (${locale})`, async () => {
    const name = `ann${locale.slice(-2).toLowerCase()}`;
    const a = await app.newPerson('A');
    await signUp(a, app.server.url, name, 'correct horse battery');
    const d = await app.newPerson('D', { locale });
    await logIn(d, app.server.url, name, 'correct horse battery');
    const game = await a.evaluate(() => fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ mode: 'local' }) }).then(r => r.json()));
    await d.goto(`${app.server.url}/game/${game.id}`);
    await d.waitForSelector('#btn-resign', { state: 'visible' }); // shown once the socket's state says D plays (its credential held)

    const out = await a.evaluate(() => fetch('/api/logout/all', { method: 'POST', headers: { 'Content-Type': 'application/json' } }).then(r => r.status));
    assert.ok(out >= 200 && out < 300, `logout/all answered ${out}`);
    await d.waitForFunction(text => document.getElementById('conn')?.textContent?.startsWith(text), said);
    await d.waitForFunction(text => document.getElementById('nav-account')?.textContent === text, signIn);
    await d.waitForSelector('#btn-resign', { state: 'hidden' });
    mkdirSync(artifacts, { recursive: true });
    await d.screenshot({ path: join(artifacts, `signedout-${locale}.png`) });
    assert.equal(await d.textContent('#nav-account'), signIn);
    assert.ok((await d.textContent('#conn')).startsWith(said), 'the notice stays once the connection is back');
  });
}

// The seat's buttons wait for the game's state: before it, the page does
// not know whether its viewer plays (a stranger never sees Resign), and a
// test that waits for Resign waits for the socket (the test above once
// signed out before D's socket opened, and D then came as a stranger).
test('before the socket says who plays, the seat’s buttons are not shown', async () => {
  const a = await app.newPerson('A');
  await a.goto(app.server.url, { waitUntil: 'networkidle' });
  const game = await a.evaluate(() => fetch('/api/games', { method: 'POST', headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ mode: 'local' }) }).then(r => r.json()));
  let opened;
  const held = new Promise(resolve => { opened = resolve; });
  await a.routeWebSocket(/\/ws\/game\//, ws => opened(ws)); // opened, and nothing said
  await a.goto(`${app.server.url}/game/${game.id}`);
  const ws = await held;
  await a.waitForSelector('#btn-flip', { state: 'visible' });
  for (const id of ['btn-resign', 'btn-draw', 'btn-undo', 'btn-claim']) assert.equal(await a.isHidden(`#${id}`), true, id);
  const server = ws.connectToServer(); // now the state comes through
  server.onMessage(text => ws.send(text));
  ws.onMessage(text => server.send(text));
  await a.waitForSelector('#btn-resign', { state: 'visible' });
});
