// formatClock: the clock's text from tenths of a second to days per move.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { formatClock } from '../src/round/view/players.ts';

test('formatClock', () => {
  for (const [ms, want] of [
    [9_950, '0:09.9'], [10_000, '0:10'], [65_000, '1:05'], [59 * 60_000 + 59_000, '59:59'],
    [3_600_000, '1:00:00'], [3 * 3_600_000 + 5 * 60_000 + 7_000, '3:05:07'],
    [3 * 86_400_000, '3d 0h'], [2 * 86_400_000 + 23 * 3_600_000 + 59 * 60_000, '2d 23h'],
  ]) assert.equal(formatClock(ms), want, `${ms} ms`);
});
