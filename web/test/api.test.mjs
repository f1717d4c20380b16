// What the client makes of a refusal: when to ask again, and after how long.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { APIError, retryDelayMs, retryAfterHeader } from '../src/api.ts';

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
