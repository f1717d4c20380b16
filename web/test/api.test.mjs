// What the client makes of a refusal: when to ask again, and after how long.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { APIError, json, retryDelayMs, retryAfterHeader } from '../src/api.ts';

test('retryDelayMs waits what the server asks for a refusal for pace or a busy server, and does not retry anything else', () => {
  const cases = [
    [new APIError('slow down', 429, 'rate_limited', [], 3), 3000],
    [new APIError('slow down', 429, 'rate_limited'), 1000], // none given: a second
    [new APIError('busy', 503, 'unavailable', [], 0), 1000], // at least a second
    [new APIError('busy', 503, 'unavailable', [], 0.2), 1000],
    [new APIError('slow down', 429, 'rate_limited', [], 7200), 60000], // at most a minute
    [new APIError('slow down', 429, 'rate_limited', [], Number.NaN), 1000],
    [new APIError('bad', 400, 'bad_request', [], 5), undefined],
    [new APIError('gone', 404, 'not_found'), undefined],
    [new Error('network'), undefined],
    ['not an error', undefined],
  ];
  for (const [e, want] of cases) assert.equal(retryDelayMs(e), want, String(e?.message ?? e));
});

test('retryAfterHeader reads seconds, and nothing else', () => {
  assert.equal(retryAfterHeader('5'), 5);
  assert.equal(retryAfterHeader(' 12 '), 12);
  assert.equal(retryAfterHeader(null), undefined);
  assert.equal(retryAfterHeader(''), undefined);
  assert.equal(retryAfterHeader('-1'), undefined);
  assert.equal(retryAfterHeader('1.5'), undefined);
  assert.equal(retryAfterHeader('Wed, 21 Oct 2026 07:28:00 GMT'), undefined);
});

test('json keeps the pause a refusal asks for, from the body or the header', async () => {
  const refusal = (status, body, headers = {}) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json', ...headers } });
  const refused = async res => {
    try {
      await json(res);
    } catch (e) {
      return e;
    }
    assert.fail('a refusal was answered');
  };
  let e = await refused(refusal(429, { code: 'rate_limited', message: 'slow', retryAfter: 4 }));
  assert.ok(e instanceof APIError);
  assert.equal(e.retryAfter, 4);
  assert.equal(retryDelayMs(e), 4000);
  e = await refused(refusal(503, { code: 'unavailable', message: 'busy' }, { 'Retry-After': '7' }));
  assert.equal(retryDelayMs(e), 7000);
  e = await refused(refusal(400, { code: 'bad_request', message: 'no' }, { 'Retry-After': '7' }));
  assert.equal(retryDelayMs(e), undefined);
  assert.deepEqual(await json(new Response('{"moves":[]}', { status: 200 })), { moves: [] });
});
