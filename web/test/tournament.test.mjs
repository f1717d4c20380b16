// The arena tournament pages without a browser: a player's sheet, the
// countdown, the clock, the buttons offered, the viewer's duel and state,
// when the viewer's own place is asked again, the creation form's fields,
// the socket's messages, and the controller sending a paired player to
// their game once. What both kinds share (../src/tourney/: the countdown,
// the clock, the variant's key, a refusal, the socket's backoff) is tested
// here; the fakes both kinds' tests use are in tourney-fakes.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ArenaCtrl, buttonsFor, createForm, duelOf, phaseOf, sheetMarks, standingOf } from '../src/tournament/ctrl.ts';
import { decodeMessage } from '../src/tournament/api.ts';
import { clockText, countdownText, gambitVariant, lichessFields, lichessVariant } from '../src/tourney/ctrl.ts';
import { answer, backoffMs } from '../src/tourney/api.ts';
import { assertAsksPassword, assertDecodesMe, fakeCtrl as fake, settle } from './tourney-fakes.mjs';

test('a sheet: one mark a game, the newest last, doubles told apart, the newest kept', () => {
  assert.deepEqual(sheetMarks('2104').map(m => m.kind), ['win', 'draw', 'loss', 'double']);
  assert.deepEqual(sheetMarks('2104').map(m => m.text), ['2', '1', '0', '4']);
  assert.deepEqual(sheetMarks('3').map(m => m.kind), ['double'], 'a berserked win is a double score');
  assert.deepEqual(sheetMarks(' 2x1 ').map(m => m.text), ['2', '1'], 'anything but a digit is skipped');
  assert.deepEqual(sheetMarks('').length, 0);
  assert.deepEqual(sheetMarks('0012', 2).map(m => m.text), ['1', '2'], 'the newest (last) kept, not the oldest');
});

test('the countdown: m:ss, h:mm:ss, never below 0:00, a fraction still to go counted', () => {
  assert.equal(countdownText(0), '0:00');
  assert.equal(countdownText(5), '0:05');
  assert.equal(countdownText(65), '1:05');
  assert.equal(countdownText(600), '10:00');
  assert.equal(countdownText(3723), '1:02:03');
  assert.equal(countdownText(3600), '1:00:00');
  assert.equal(countdownText(-4), '0:00');
  assert.equal(countdownText(4.2), '0:05');
  assert.equal(countdownText(NaN), '0:00');
});

test('the clock as lichess writes it', () => {
  assert.equal(clockText({ limit: 180, increment: 2 }), '3+2');
  assert.equal(clockText({ limit: 60, increment: 0 }), '1+0');
  assert.equal(clockText({ limit: 30, increment: 0 }), '½+0');
  assert.equal(clockText({ limit: 600, increment: 5 }), '10+5');
});

test('the phase: to the start, to the end, counted down from the message, finished', () => {
  assert.deepEqual(phaseOf({ secondsToStart: 120, secondsToFinish: 0 }, 20), { kind: 'created', seconds: 100 });
  assert.deepEqual(phaseOf({ secondsToStart: 0, secondsToFinish: 300 }, 10), { kind: 'started', seconds: 290 });
  assert.deepEqual(phaseOf({ secondsToFinish: 5 }, 10), { kind: 'started', seconds: 0 });
  assert.deepEqual(phaseOf({ secondsToStart: 10, isFinished: true }), { kind: 'finished' });
  assert.deepEqual(phaseOf({ secondsToStart: 3 }, 9), { kind: 'created', seconds: 0 }, 'still created until the server says it started');
});

test('the buttons: sign in, join, withdraw and pause, none once over', () => {
  const none = { join: false, withdraw: false, pause: false, signIn: false };
  assert.deepEqual(buttonsFor({ signedIn: false, phase: 'started' }), { ...none, signIn: true });
  assert.deepEqual(buttonsFor({ signedIn: true, phase: 'created' }), { ...none, join: true });
  assert.deepEqual(buttonsFor({ signedIn: true, phase: 'created', me: { rank: 1 } }), { ...none, withdraw: true }, 'no pause before the start');
  assert.deepEqual(buttonsFor({ signedIn: true, phase: 'started', me: { rank: 1 } }), { ...none, withdraw: true, pause: true });
  assert.deepEqual(buttonsFor({ signedIn: true, phase: 'started', me: { rank: 1, paused: true } }), { ...none, join: true });
  assert.deepEqual(buttonsFor({ signedIn: true, phase: 'started', me: { rank: 1, withdraw: true } }), { ...none, join: true });
  assert.deepEqual(buttonsFor({ signedIn: true, phase: 'finished', me: { rank: 1 } }), none);
  assert.deepEqual(buttonsFor({ signedIn: false, phase: 'finished' }), none);
});

const duels = [
  { id: 'g1', p: [{ n: 'Ann', r: 1500, k: 1 }, { n: 'Bob', r: 1400, k: 2 }] },
  { id: 'g2', p: [{ n: 'Cy', r: 1300, k: 3 }, { n: 'Dee', r: 1200, k: 4 }] },
];

test('the viewer\'s duel: by name, any case, either side, none for others', () => {
  assert.equal(duelOf(duels, 'bob')?.id, 'g1');
  assert.equal(duelOf(duels, 'Dee')?.id, 'g2');
  assert.equal(duelOf(duels, 'Eve'), undefined);
  assert.equal(duelOf(duels, ''), undefined);
  assert.equal(duelOf(undefined, 'Ann'), undefined);
  assert.equal(duelOf(duels, 'An'), undefined, 'a whole name, not a prefix');
});

const player = (name, rank, score, more = {}) => ({ name, rank, score, rating: 1500, sheet: { scores: '' }, ...more });
const arena = (over = {}) => ({ id: 'a1', fullName: 'Test Arena', clock: { limit: 180, increment: 2 }, nbPlayers: 2, secondsToFinish: 600, duels: [],
  standing: { page: 1, players: [player('Ann', 1, 4), player('Bob', 2, 2)] }, ...over });

test('the viewer\'s state: paired once, then playing, waiting, paused, withdrawn', () => {
  const none = () => false;
  const seen = id => id === 'g1';
  const started = arena({ duels: [duels[0]] });
  assert.deepEqual(standingOf(started, { rank: 1 }, 'Ann', none), { kind: 'paired', game: 'g1' });
  assert.deepEqual(standingOf(started, { rank: 1 }, 'Ann', seen), { kind: 'playing', game: 'g1' }, 'sent there already');
  assert.deepEqual(standingOf(arena(), { rank: 1, gameId: 'g7' }, 'Ann', none), { kind: 'paired', game: 'g7' }, 'me.gameId before the duels show it');
  assert.deepEqual(standingOf(arena(), { rank: 1 }, 'Ann', none), { kind: 'waiting' });
  assert.deepEqual(standingOf(arena({ secondsToStart: 60 }), { rank: 1 }, 'Ann', none), { kind: 'none' }, 'not started: no waiting');
  assert.deepEqual(standingOf(arena(), { rank: 1, paused: true }, 'Ann', none), { kind: 'paused' });
  assert.deepEqual(standingOf(arena(), { rank: 1, withdraw: true }, 'Ann', none), { kind: 'withdrawn' });
  assert.deepEqual(standingOf(arena({ isFinished: true, duels: [duels[0]] }), { rank: 1 }, 'Ann', none), { kind: 'none' });
  assert.deepEqual(standingOf(started, undefined, 'Ann', none), { kind: 'none' }, 'not in it');
});

test('both kinds\' creation fields: lichess\'s names, chess sent as standard, empty options left out', () => {
  const base = { name: '  Friday blitz ', variant: 'chess', password: '', minRating: '', maxRating: ' ', rated: true };
  const f = lichessFields(base);
  assert.equal(f.get('name'), 'Friday blitz');
  assert.equal(f.get('variant'), 'standard');
  assert.equal(f.get('rated'), 'true');
  assert.equal(f.has('password'), false);
  assert.equal(f.has('conditions.minRating.rating'), false);
  assert.equal(f.has('conditions.maxRating.rating'), false);
  const g = lichessFields({ ...base, name: '', variant: 'xiangqi', password: 'secret', minRating: '1500', maxRating: '2000', rated: false });
  assert.equal(g.has('name'), false);
  assert.equal(g.get('variant'), 'xiangqi');
  assert.equal(g.get('password'), 'secret');
  assert.equal(g.get('conditions.minRating.rating'), '1500');
  assert.equal(g.get('conditions.maxRating.rating'), '2000');
  assert.equal(g.get('rated'), 'false');
  assert.match(g.toString(), /conditions\.minRating\.rating=1500/);
  assert.equal(lichessVariant('chess960'), 'chess960');
  assert.equal(gambitVariant('standard'), 'chess');
  assert.equal(gambitVariant(undefined), 'chess');
  assert.equal(gambitVariant('xiangqi'), 'xiangqi');
});

test('the creation form: the arena\'s fields beside both kinds\'', () => {
  const base = { name: 'Friday blitz', variant: 'chess', clockTime: 3, clockIncrement: 2, minutes: 45, waitMinutes: 5, rated: true, berserkable: false,
    password: '', minRating: '', maxRating: '', bots: false };
  const f = createForm(base);
  assert.deepEqual([...f.keys()].sort(), ['berserkable', 'clockIncrement', 'clockTime', 'conditions.bots', 'minutes', 'name', 'rated', 'variant', 'waitMinutes']);
  assert.deepEqual(Object.fromEntries(f), {
    name: 'Friday blitz', variant: 'standard', rated: 'true', clockTime: '3', clockIncrement: '2', minutes: '45', waitMinutes: '5', berserkable: 'false',
    'conditions.bots': 'false',
  });
  const g = createForm({ ...base, bots: true, berserkable: true, password: 'secret' });
  assert.equal(g.get('conditions.bots'), 'true');
  assert.equal(g.get('berserkable'), 'true');
  assert.equal(g.get('password'), 'secret');
});

test('the socket\'s messages: a reload with a tournament, a me, nothing else', () => {
  assert.deepEqual(decodeMessage('{"t":"reload","d":{"id":"a1","fullName":"x"}}'), { t: 'reload', d: { id: 'a1', fullName: 'x' } });
  assert.equal(decodeMessage('{"t":"reload"}'), undefined);
  assert.equal(decodeMessage('{"t":"reload","d":{"fullName":"x"}}'), undefined);
  assertDecodesMe(decodeMessage);
});

test('reconnecting backs off, doubling, at most 30 seconds', () => {
  assert.equal(backoffMs(1), 500);
  assert.equal(backoffMs(2), 1000);
  assert.equal(backoffMs(3), 2000);
  assert.equal(backoffMs(20), 30_000);
});

test('a refusal\'s {"error"} is the message shown', async () => {
  const res = new Response('{"error":"This tournament is full"}', { status: 400 });
  await assert.rejects(answer(res), e => e.message === 'This tournament is full' && e.status === 400);
  assert.deepEqual(await answer(new Response('{"ok":true}')), { ok: true });
  await assert.rejects(answer(new Response('oops', { status: 500, statusText: 'Internal' })), e => e.status === 500);
});

// fakeCtrl is the controller with a fake server and socket; page gives
// GET's answer.
const fakeCtrl = ({ page, ...o }) => fake(ArenaCtrl, { id: 'a1', got: page, ...o });

test('a paired player is sent to their game once; others\' games ask nothing', async () => {
  let me = { rank: 1 };
  let current = arena();
  const f = fakeCtrl({ page: () => ({ ...current, me }) });
  await f.c.start();
  assert.equal(f.calls.get, 1);
  assert.deepEqual(f.calls.went, []);
  assert.equal(f.c.state.kind, 'waiting');
  f.send({ t: 'reload', d: arena({ duels: [duels[1]] }) });
  await settle();
  assert.equal(f.calls.get, 1, 'another pair\'s game: no call');
  current = arena({ duels: [duels[0]] });
  me = { rank: 1, gameId: 'g1' };
  f.send({ t: 'reload', d: current });
  await settle();
  assert.deepEqual(f.calls.went, ['g1'], 'sent to the game');
  f.send({ t: 'reload', d: current });
  await settle();
  assert.deepEqual(f.calls.went, ['g1'], 'once per game');
  assert.equal(f.c.state.kind, 'playing');
  f.c.destroy();
  assert.equal(f.calls.closed, 1);
});

test('the viewer\'s own place comes on the socket: sent to the game it names, no call to the server', async () => {
  const f = fakeCtrl({ page: () => ({ ...arena(), me: { rank: 2 } }) });
  await f.c.start();
  f.send({ t: 'me', d: { rank: 2, gameId: 'g7' } });
  await settle();
  assert.deepEqual(f.calls.went, ['g7']);
  assert.equal(f.calls.get, 1, 'no GET: the socket told');
  f.send({ t: 'me', d: { rank: 2, withdraw: true } });
  assert.equal(f.c.state.kind, 'withdrawn');
  f.send({ t: 'me', d: null });
  assert.deepEqual(f.c.buttons.join, true, 'out of it: Join again');
});

test('back on the page after a game: not sent to it again', async () => {
  const f = fakeCtrl({ page: () => ({ ...arena({ duels: [duels[0]] }), me: { rank: 1 } }), visited: new Set(['g1']) });
  await f.c.start();
  assert.deepEqual(f.calls.went, []);
  assert.equal(f.c.state.kind, 'playing');
});

test('a private tournament asks its password before joining', async () => {
  const f = fakeCtrl({ page: () => ({ ...arena({ private: true }) }) });
  await f.c.start();
  assert.equal(f.c.buttons.join, true);
  await assertAsksPassword(f);
});
