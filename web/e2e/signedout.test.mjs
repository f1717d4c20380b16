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
    await d.waitForSelector('#btn-resign', { state: 'visible' });

    await a.evaluate(() => fetch('/api/logout/all', { method: 'POST', headers: { 'Content-Type': 'application/json' } }));
    await d.waitForFunction(text => document.getElementById('conn')?.textContent?.startsWith(text), said);
    await d.waitForFunction(text => document.getElementById('nav-account')?.textContent === text, signIn);
    await d.waitForSelector('#btn-resign', { state: 'hidden' });
    mkdirSync(artifacts, { recursive: true });
    await d.screenshot({ path: join(artifacts, `signedout-${locale}.png`) });
    assert.equal(await d.textContent('#nav-account'), signIn);
    assert.ok((await d.textContent('#conn')).startsWith(said), 'the notice stays once the connection is back');
  });
}
