// Passkeys on the account page, with Chromium's virtual authenticator (a
// platform authenticator that keeps discoverable credentials and verifies
// the user by itself): added after signing up, used to sign in without a
// username, deleted, and then refused. WebAuthn wants a domain, not an IP
// address, as its relying party: the page is opened at localhost (a secure
// context over http, as 127.0.0.1 is).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { openApp, artifacts, signUp } from './harness.mjs';

const app = openApp();

// signedInAs waits until the page's navigation names the account.
const signedInAs = (page, name) =>
  page.waitForFunction(n => document.getElementById('nav-account')?.textContent === n, name);

test('a passkey is added, signs in without the password, and once deleted is refused', async () => {
  const a = app.page;
  const url = app.server.url.replace('127.0.0.1', 'localhost');
  const cdp = await a.context().newCDPSession(a);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true, automaticPresenceSimulation: true },
  });

  await signUp(a, url, 'pia', 'correct horse battery');
  await a.waitForSelector('#account-in:not([hidden])');
  await a.waitForSelector('#passkey-form:visible');
  await a.fill('#passkey-form input[name=name]', 'laptop');
  await a.fill('#passkey-form input[name=password]', 'correct horse battery');
  await a.click('#passkey-form button');
  await a.waitForSelector('#passkeys li');
  assert.match(await a.textContent('#passkeys li'), /^laptop, added /);

  mkdirSync(artifacts, { recursive: true });
  await a.screenshot({ path: join(artifacts, 'passkeys-account-page.png'), fullPage: true });
  await a.goto(`${url}/account?lang=zh-TW`);
  await a.waitForSelector('#passkeys li');
  assert.match(await a.textContent('#passkeys li'), /^laptop，新增於 /);
  assert.equal((await a.textContent('#passkey-form button')).trim(), '新增通行密鑰');
  await a.screenshot({ path: join(artifacts, 'passkeys-account-page-zh-TW.png'), fullPage: true });
  await a.goto(`${url}/account?lang=en`);
  await a.waitForSelector('#passkeys li');

  await a.click('#btn-logout');
  await a.waitForSelector('#account-out:not([hidden])');
  await signedInAs(a, 'Sign in');
  assert.equal(await a.locator('#passkeys li, #tokens li, #sessions li').count(), 0, 'the signed-out page keeps none of the account\'s lists');
  await a.click('#btn-passkey-login');
  await signedInAs(a, 'pia');
  await a.waitForSelector('#account-in:not([hidden])');
  await a.waitForSelector('#passkeys li');
  assert.match(await a.textContent('#passkeys li'), /^laptop, added .*, last used /);
  const me = await a.evaluate(() => fetch('/api/session').then(r => r.json()));
  assert.equal(me.username, 'pia');

  await a.click('#passkeys li button');
  await a.waitForFunction(() => document.querySelectorAll('#passkeys li').length === 0);
  await a.click('#btn-logout');
  await a.waitForSelector('#account-out:not([hidden])');
  // The authenticator still offers the passkey; the server no longer has it.
  app.allowTrouble(/HTTP 401: POST .*\/api\/login\/passkey\/finish$|status of 401/);
  await a.click('#btn-passkey-login');
  await a.waitForSelector('#account-error:not([hidden])');
  assert.equal(await a.textContent('#account-error'), 'That passkey was not accepted.');
  assert.equal((await a.evaluate(() => fetch('/api/session').then(r => r.json()))).username, undefined);
});
