// The Swiss event pages without a browser: the phase and its countdown,
// the points written with halves, the buttons offered, the viewer's own
// state (paired once, playing, a bye, waiting, withdrawn), the creation
// form's fields, the socket's messages, and the controller sending a
// paired player to their game once (the fakes shared with the arena's
// tests: tourney-fakes.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { SwissCtrl, buttonsFor, createSwissForm, pairingOf, phaseOf, podiumText, pointsText, stateOf, tieBreakText } from '../src/swiss/ctrl.ts';
import { setLanguage } from '../src/i18n.ts';
import { decodeMessage } from '../src/swiss/api.ts';
import { assertAsksPassword, assertDecodesMe, fakeCtrl as fake } from './tourney-fakes.mjs';

test('the phase: to the start, a round played, between rounds, over', () => {
  assert.deepEqual(phaseOf({ status: 'created', nextRound: { in: 120 } }, 20), { kind: 'created', seconds: 100 });
  assert.deepEqual(phaseOf({ status: 'created' }), { kind: 'created', seconds: 0 });
  assert.deepEqual(phaseOf({ status: 'started' }), { kind: 'playing' }, 'no next round announced: a round is on');
  assert.deepEqual(phaseOf({ status: 'started', nextRound: { in: 10 } }, 4), { kind: 'between', seconds: 6 });
  assert.deepEqual(phaseOf({ status: 'started', nextRound: { in: 3 } }, 9), { kind: 'between', seconds: 0 }, 'never below 0');
  assert.deepEqual(phaseOf({ status: 'finished', nextRound: { in: 3 } }), { kind: 'finished' });
});

test('points as a Swiss table writes them: halves as ½', () => {
  assert.equal(pointsText(0), '0');
  assert.equal(pointsText(0.5), '½');
  assert.equal(pointsText(1), '1');
  assert.equal(pointsText(2.5), '2½');
  assert.equal(pointsText(10), '10');
});

test('tie-breaks written exactly, as the reader\'s language writes numbers; points keep their ½', () => {
  try {
    setLanguage('en');
    assert.equal(tieBreakText(1.75), '1.75', 'not rounded to 2');
    assert.equal(tieBreakText(2.25), '2.25');
    assert.equal(tieBreakText(2.5), '2.5');
    assert.equal(tieBreakText(3), '3');
    assert.equal(tieBreakText(0), '0');
    assert.equal(tieBreakText(1234.5), '1,234.5');
    setLanguage('zh-CN');
    assert.equal(tieBreakText(1.75), '1.75');
  } finally {
    setLanguage('en');
  }
  assert.equal(pointsText(1.5), '1½');
});

test('the podium: 1 point, 1½ points, the tie-breaks exact', () => {
  try {
    setLanguage('en');
    assert.equal(podiumText({ points: 1, buchholz: 2.5, sonnebornBerger: 1.75 }), '1 point · Buchholz 2.5 · Sonneborn–Berger 1.75');
    assert.equal(podiumText({ points: 1.5, buchholz: 3, sonnebornBerger: 2.25 }), '1½ points · Buchholz 3 · Sonneborn–Berger 2.25');
    setLanguage('zh-TW');
    assert.equal(podiumText({ points: 2, buchholz: 3, sonnebornBerger: 1.75 }), '積分 2 · 布氏分 3 · 索伯分 1.75');
  } finally {
    setLanguage('en');
  }
});

test('the buttons: sign in, join, withdraw, join again after withdrawing, none once over', () => {
  const none = { join: false, withdraw: false, signIn: false };
  assert.deepEqual(buttonsFor({ signedIn: false, phase: 'created' }), { ...none, signIn: true });
  assert.deepEqual(buttonsFor({ signedIn: true, phase: 'created' }), { ...none, join: true });
  assert.deepEqual(buttonsFor({ signedIn: true, phase: 'playing', me: { rank: 2 } }), { ...none, withdraw: true });
  assert.deepEqual(buttonsFor({ signedIn: true, phase: 'between', me: { rank: 2, absent: true } }), { ...none, join: true });
  assert.deepEqual(buttonsFor({ signedIn: true, phase: 'finished', me: { rank: 1 } }), none);
});

const round = [
  { game: 'g1', white: 'Ann', black: 'Bob', result: '*' },
  { game: 'g2', white: 'Cyra', black: 'Dina', result: '1-0' },
  { white: 'Eve', result: '+' },
];
const page = (over = {}) => ({ id: 's1', name: 'Club', status: 'started', round: 1, nbRounds: 3, nbPlayers: 5, clock: { limit: 180, increment: 2 },
  variant: 'standard', standings: [], rounds: [round], ...over });

test('the viewer\'s pairing: by name, any case, either side, the bye', () => {
  assert.equal(pairingOf(round, 'bob')?.game, 'g1');
  assert.equal(pairingOf(round, 'Cyra')?.game, 'g2');
  assert.equal(pairingOf(round, 'eve')?.black, undefined);
  assert.equal(pairingOf(round, 'Zed'), undefined);
  assert.equal(pairingOf(round, ''), undefined);
  assert.equal(pairingOf(undefined, 'Ann'), undefined);
});

test('the viewer\'s state: paired once, then playing, a bye, waiting, withdrawn, nothing before the start or after the end', () => {
  const none = () => false;
  assert.deepEqual(stateOf(page(), { rank: 1 }, 'Ann', none), { kind: 'paired', game: 'g1' }, 'from the round, before me names it');
  assert.deepEqual(stateOf(page(), { rank: 1, gameId: 'g1' }, 'Ann', id => id === 'g1'), { kind: 'playing', game: 'g1' });
  assert.deepEqual(stateOf(page({ rounds: [] }), { rank: 1, gameId: 'g9' }, 'Ann', none), { kind: 'paired', game: 'g9' });
  assert.deepEqual(stateOf(page(), { rank: 1 }, 'Cyra', none), { kind: 'waiting' }, 'her game over: waiting');
  assert.deepEqual(stateOf(page(), { rank: 5 }, 'Eve', none), { kind: 'bye' });
  assert.deepEqual(stateOf(page({ nextRound: { in: 5 } }), { rank: 5 }, 'Eve', none), { kind: 'waiting' }, 'the round over: the next awaited');
  assert.deepEqual(stateOf(page(), { rank: 3, absent: true }, 'Cyra', none), { kind: 'withdrawn' }, 'her game over: withdrawn');
  assert.deepEqual(stateOf(page(), { rank: 1, absent: true }, 'Ann', id => id === 'g1'), { kind: 'playing', game: 'g1' },
    'withdrawn during the game: it is still played');
  assert.deepEqual(stateOf(page(), { rank: 1, absent: true, gameId: 'g1' }, 'Ann', none), { kind: 'paired', game: 'g1' });
  assert.deepEqual(stateOf(page({ status: 'created', rounds: [] }), { rank: 1 }, 'Ann', none), { kind: 'none' });
  assert.deepEqual(stateOf(page({ status: 'finished' }), { rank: 1 }, 'Ann', none), { kind: 'none' });
  assert.deepEqual(stateOf(page(), undefined, 'Ann', none), { kind: 'none' }, 'not in it');
});

test('the creation form: lichess\'s Swiss fields beside both kinds\', the clock in seconds, the start in ms', () => {
  const base = { name: 'Club', variant: 'chess', clockTime: 3, clockIncrement: 2, rounds: 5, interval: 30, waitMinutes: 5, rated: true,
    password: '', minRating: '', maxRating: '' };
  assert.deepEqual(Object.fromEntries(createSwissForm(base, 1_000_000)), {
    name: 'Club', variant: 'standard', rated: 'true', 'clock.limit': '180', 'clock.increment': '2', nbRounds: '5', roundInterval: '30',
    startsAt: String(1_000_000 + 5 * 60_000),
  });
  const g = createSwissForm({ ...base, clockTime: 0.5, waitMinutes: 0, password: 'pw', minRating: '1400' }, 7);
  assert.equal(g.get('clock.limit'), '30');
  assert.equal(g.get('startsAt'), '7');
  assert.equal(g.get('password'), 'pw');
  assert.equal(g.get('conditions.minRating.rating'), '1400');
});

test('the socket\'s messages: a page with its standings and rounds, a me, nothing else', () => {
  const d = { id: 's1', standings: [], rounds: [] };
  assert.deepEqual(decodeMessage(JSON.stringify({ t: 'reload', d })), { t: 'reload', d });
  assert.equal(decodeMessage('{"t":"reload","d":{"id":"s1"}}'), undefined, 'no standings: not a page');
  assert.equal(decodeMessage('{"t":"reload","d":{"standings":[],"rounds":[]}}'), undefined);
  assertDecodesMe(decodeMessage);
});

// fakeCtrl is the controller with a fake server and socket; summary is
// GET's answer.
const fakeCtrl = ({ summary = page({ status: 'created', rounds: [] }), ...o } = {}) => fake(SwissCtrl, { id: 's1', got: () => summary, ...o });

test('a paired player is sent to their game once, by the round or by their me', async () => {
  const f = fakeCtrl();
  await f.c.start();
  assert.equal(f.c.head?.name, 'Club', 'the summary before the socket speaks');
  f.send({ t: 'me', d: { rank: 1 } });
  f.send({ t: 'reload', d: page({ rounds: [] }) });
  assert.equal(f.c.state.kind, 'waiting');
  f.send({ t: 'reload', d: page() });
  assert.deepEqual(f.calls.went, ['g1']);
  f.send({ t: 'me', d: { rank: 1, gameId: 'g1' } });
  f.send({ t: 'reload', d: page() });
  assert.deepEqual(f.calls.went, ['g1'], 'once per game');
  assert.equal(f.c.state.kind, 'playing');
  f.c.destroy();
  assert.equal(f.calls.closed, 1);
});

test('a private event asks its password before joining; withdrawing and coming back asks none', async () => {
  const f = fakeCtrl({ summary: page({ status: 'created', rounds: [], private: true }) });
  await f.c.start();
  await assertAsksPassword(f);
  f.send({ t: 'me', d: { rank: 1 } });
  await f.c.withdraw();
  assert.equal(f.calls.withdraw, 1);
  f.send({ t: 'me', d: { rank: 1, absent: true } });
  await f.c.join();
  assert.deepEqual(f.calls.join, ['pw', ''], 'back in without the password');
});

test('a refused action is kept to be shown', async () => {
  const f = fakeCtrl();
  await f.c.start();
  f.c['deps'].join = async () => { throw new Error('no'); };
  await f.c.join();
  assert.equal(f.c.actionError?.message, 'no');
  assert.equal(f.c.busy, false);
});
