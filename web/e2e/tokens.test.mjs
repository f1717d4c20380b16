// Access tokens on the account page: made with the password (shown once),
// listed, used by a program (Bearer, no cookie) and revoked.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, signUp } from './harness.mjs';

const app = openApp();

test('an access token is made on the account page, plays as the account, and is revoked', async () => {
  const a = app.page;
  await signUp(a, app.server.url, 'tia', 'correct horse battery');
  await a.waitForSelector('#account-in:not([hidden])');

  await a.fill('#token-form input[name=description]', 'my board');
  await a.fill('#token-form input[name=password]', 'correct horse battery');
  await a.click('#token-form button');
  await a.waitForSelector('#token-new:not([hidden])');
  const shown = await a.textContent('#token-new');
  const token = /gbt_[A-Za-z0-9_-]{43}/.exec(shown)?.[0];
  assert.ok(token, `no token in ${shown}`);
  await a.waitForSelector('#tokens li');
  assert.match(await a.textContent('#tokens li'), /^my board \(board:play, bot:play, challenge:read, challenge:write, preference:read, puzzle:read, puzzle:write, tournament:write\), since /);
  mkdirSync(artifacts, { recursive: true });
  await a.screenshot({ path: join(artifacts, 'tokens-account-page.png'), fullPage: true });

  const me = () => fetch(`${app.server.url}/api/account`, { headers: { Authorization: `Bearer ${token}` } });
  const res = await me();
  assert.equal(res.status, 200);
  assert.equal((await res.json()).username, 'tia');

  await a.click('#tokens li button');
  await a.waitForFunction(() => document.querySelectorAll('#tokens li').length === 0);
  assert.equal((await me()).status, 401);
});
