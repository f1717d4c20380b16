// The bots page without a browser (issue 41): the challenge's fields as
// lichess's API names them, the bot's answer read from the event stream,
// its reason for declining in the reader's words, and the NDJSON lines
// read at the edge (the page itself is tested in e2e/bots.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { answerOf, challengeParams, clockText, declineText, timeControls } from '../src/bots/ctrl.ts';
import { LineReader, readBot, readEvent } from '../src/bots/socket.ts';
import { setLanguage } from '../src/i18n.ts';

test('the time controls offered, as lichess writes them', () => {
  assert.deepEqual(timeControls.map(clockText), ['1+0', '3+0', '3+2', '5+0', '10+0', '15+10']);
});

test('a challenge\'s fields: seconds, lichess\'s "standard" for chess', () => {
  assert.deepEqual(challengeParams({ clock: { limit: 180, increment: 2 }, color: 'white', rated: false, variant: 'chess' }),
    { 'clock.limit': 180, 'clock.increment': 2, color: 'white', rated: false, variant: 'standard' });
  assert.equal(challengeParams({ clock: { limit: 60, increment: 0 }, color: 'random', rated: true, variant: 'chess960' }).variant, 'chess960');
});

test('a decline\'s reason in the reader\'s words, by its key in any case; else the bot\'s text, else the generic one', () => {
  setLanguage('en');
  assert.equal(declineText('toofast', 'This time control is too fast for me'), 'This time control is too fast for me, please challenge again with a slower game.');
  assert.equal(declineText('noBot'), 'I’m not accepting challenges from bots.');
  assert.equal(declineText('someday', 'Not today, thanks.'), 'Not today, thanks.');
  assert.equal(declineText(undefined, undefined), 'I’m not accepting challenges at the moment.');
  setLanguage('zh-TW');
  assert.equal(declineText('standard', 'I\'m not accepting variant challenges right now.'), '我現在不接受變體棋的挑戰。');
  setLanguage('zh-CN');
  assert.equal(declineText('timecontrol'), '我不接受这个时限的挑战。');
  setLanguage('en');
});

test('the answer to one challenge: its game\'s start, its decline, its withdrawal; others\' news is none', () => {
  const ch = (type, id, more = {}) => readEvent({ type, challenge: { id, status: 'created', finalColor: 'white', ...more } });
  assert.deepEqual(answerOf(readEvent({ type: 'gameStart', game: { gameId: 'g1', color: 'white' } }), 'g1'), { t: 'accepted' });
  assert.equal(answerOf(readEvent({ type: 'gameStart', game: { gameId: 'g2', color: 'white' } }), 'g1'), undefined);
  assert.deepEqual(answerOf(ch('challengeDeclined', 'g1', { declineReasonKey: 'later', declineReason: 'x' }), 'g1'),
    { t: 'declined', reason: 'This is not the right time for me, please ask again later.' });
  assert.deepEqual(answerOf(ch('challengeCanceled', 'g1'), 'g1'), { t: 'canceled' });
  assert.equal(answerOf(ch('challenge', 'g1'), 'g1'), undefined, 'the challenge itself is no answer');
  assert.equal(answerOf(ch('challengeDeclined', 'g9'), 'g1'), undefined);
});

test('lines of another shape are left out at the edge', () => {
  assert.equal(readEvent({ type: 'gameStart', game: { gameId: 'g1', color: 'green' } }), undefined);
  assert.equal(readEvent({ type: 'challenge', challenge: { id: 7 } }), undefined);
  assert.equal(readEvent({ type: 'chatLine' }), undefined);
  assert.equal(readEvent(null), undefined);
  assert.deepEqual(readBot({ id: 'robo', username: 'Robo', title: 'BOT', createdAt: 5 }), { id: 'robo', username: 'Robo', title: 'BOT', createdAt: 5 });
  assert.equal(readBot({ username: 'Robo' }), undefined);
});

test('NDJSON in chunks: a line cut by a chunk waits; keep-alive and broken lines give nothing', () => {
  const r = new LineReader();
  assert.deepEqual(r.push('{"a":1}\n{"b"'), [{ a: 1 }]);
  assert.deepEqual(r.push(':2}\n\n'), [{ b: 2 }]);
  assert.deepEqual(r.push('not json\n{"c":3}'), []);
  assert.deepEqual(r.end(), [{ c: 3 }]);
});
