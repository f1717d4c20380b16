// The base64url conversions of the passkeys' JSON: WebAuthn's binary
// fields both ways, padded or not, every byte value.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { creationOptions, fromB64url, requestOptions, toB64url } from '../src/passkey.ts';

const bytes = b => [...new Uint8Array(b)];

test('base64url round-trips every byte and length, without padding', () => {
  const all = Uint8Array.from({ length: 256 }, (_, i) => i);
  for (const n of [0, 1, 2, 3, 4, 31, 32, 33, 256]) {
    const b = all.slice(0, n);
    const s = toB64url(b.buffer);
    assert.match(s, /^[A-Za-z0-9_-]*$/, `length ${n}: ${s}`);
    assert.deepEqual(bytes(fromB64url(s)), [...b], `length ${n}`);
    assert.deepEqual(bytes(fromB64url(s + '='.repeat((4 - (s.length % 4)) % 4))), [...b], `length ${n}, padded`);
  }
  assert.equal(toB64url(new Uint8Array([0xfb, 0xff, 0xbf])), '-_-_');
  assert.equal(toB64url(new Uint8Array([9, 0xfb, 0xff]).subarray(1)), '-_8');
});

test('the server\'s options have their binary fields decoded', () => {
  const c = creationOptions({
    challenge: 'AQID', rp: { id: 'localhost', name: 'Gambit' }, user: { id: 'dTE', name: 'pia', displayName: 'pia' },
    pubKeyCredParams: [{ type: 'public-key', alg: -7 }], excludeCredentials: [{ type: 'public-key', id: 'BAU' }],
  });
  assert.deepEqual(bytes(c.challenge), [1, 2, 3]);
  assert.deepEqual(bytes(c.user.id), [...Buffer.from('u1')]);
  assert.equal(c.user.name, 'pia');
  assert.deepEqual(bytes(c.excludeCredentials[0].id), [4, 5]);
  const r = requestOptions({ challenge: 'AQID', rpId: 'localhost' });
  assert.deepEqual(bytes(r.challenge), [1, 2, 3]);
  assert.equal(r.allowCredentials, undefined);
  assert.equal(r.rpId, 'localhost');
});

test('an IP address is no relying party: the passkey buttons need a name', async () => {
  const { isIPAddress } = await import('../src/passkey.ts');
  for (const h of ['127.0.0.1', '10.0.0.12', '::1', '[::1]', 'fe80::1']) assert.equal(isIPAddress(h), true, h);
  for (const h of ['localhost', 'gambit.example', 'chess-1.local', '127.example']) assert.equal(isIPAddress(h), false, h);
});
