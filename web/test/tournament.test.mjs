// The arena tournament pages without a browser: a player's sheet, the
// countdown, the clock, the buttons offered, the viewer's duel and state,
// when the viewer's own place is asked again, the creation form's fields,
// the socket's messages, and the controller sending a paired player to
// their game once. What both kinds share (../src/tourney/: the countdown,
// the clock, the variant's key, a refusal, the socket's backoff) is tested
// here; the fakes both kinds' tests use are in tourney-fakes.mjs.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { ArenaCtrl, botsChoice, buttonsFor, createForm, duelOf, phaseOf, podiumText, sheetCells, sheetMarks, standingOf } from '../src/tournament/ctrl.ts';
import { decodeMessage } from '../src/tournament/api.ts';
import { botsWelcome, clockText, countdownText, gambitVariant, lichessFields, lichessVariant, lineText } from '../src/tourney/ctrl.ts';
import { fallback, variantUI } from '../src/variants.ts';
import { answer, backoffMs } from '../src/tourney/api.ts';
import { setLanguage } from '../src/i18n.ts';
import { assertAsksPassword, assertDecodesMe, fakeCtrl as fake, settle } from './tourney-fakes.mjs';

test('a sheet: one mark a game, the newest last, doubles told apart, the newest kept', () => {
  assert.deepEqual(sheetMarks('2104').map(m => m.kind), ['win', 'draw', 'loss', 'double']);
  assert.deepEqual(sheetMarks('2104').map(m => m.text), ['2', '1', '0', '4']);
  assert.deepEqual(sheetMarks('3').map(m => m.kind), ['double'], 'a berserked win is a double score');
  assert.deepEqual(sheetMarks(' 2x1 ').map(m => m.text), ['2', '1'], 'anything but a digit is skipped');
  assert.deepEqual(sheetMarks('').length, 0);
  assert.deepEqual(sheetMarks('0012', 2).map(m => m.text), ['1', '2'], 'the newest (last) kept, not the oldest');
});

test('a sheet\'s games set apart by a space, seen and spoken: 2 2 4, never 224', () => {
  const cells = sheetCells('224');
  assert.deepEqual(cells.map(c => (c === ' ' ? c : c.text)).join(''), '2 2 4');
  assert.deepEqual(cells.filter(c => c !== ' ').map(c => c.kind), ['win', 'win', 'double']);
  assert.deepEqual(sheetCells('2'), [{ text: '2', kind: 'win' }], 'one game: no space');
  assert.deepEqual(sheetCells(''), []);
  assert.equal(sheetCells('0012', 2).map(c => (c === ' ' ? c : c.text)).join(''), '1 2', 'the newest kept');
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
  assert.deepEqual(buttonsFor({ signedIn: true, phase: 'started', me: { rank: 1, paused: true } }), { ...none, join: true, withdraw: true },
    'a paused player may come back, or leave for good');
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

test('the viewer\'s state: a game still going comes before withdrawn or paused', () => {
  const none = () => false;
  const seen = id => id === 'g1';
  const started = arena({ duels: [duels[0]] });
  assert.deepEqual(standingOf(started, { rank: 1, withdraw: true }, 'Ann', seen), { kind: 'playing', game: 'g1' }, 'withdrawn during the game');
  assert.deepEqual(standingOf(started, { rank: 1, paused: true }, 'Ann', seen), { kind: 'playing', game: 'g1' }, 'paused during the game');
  assert.deepEqual(standingOf(arena(), { rank: 1, withdraw: true, gameId: 'g7' }, 'Ann', none), { kind: 'paired', game: 'g7' });
  assert.deepEqual(standingOf(started, { rank: 3, withdraw: true }, 'Eve', none), { kind: 'withdrawn' }, 'no game: withdrawn');
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

test('a refusal Gambit names by code and reason is worded in the reader\'s language, not the server\'s English', async () => {
  const refusal = (status, body) => new Response(JSON.stringify({ error: body.message, ...body }), { status });
  const cases = [
    [403, { code: 'refused', reason: 'password', message: 'not allowed: wrong tournament password' }, '錦標賽密碼錯誤。', 'Wrong tournament password.'],
    [403, { code: 'refused', reason: 'rating_floor', params: { rating: 1300, floor: 1500 }, message: 'not allowed: your rating 1300 is below' }, '下限', 'floor'],
    [403, { code: 'refused', reason: 'rating_ceiling', params: { rating: 2100, ceiling: 2000 }, message: 'not allowed: above' }, '上限', 'ceiling'],
    [403, { code: 'refused', reason: 'bots', message: 'not allowed: bots may not join this tournament' }, '不允許機器人', 'Bots may not join'],
    [403, { code: 'refused', reason: 'hidden', message: 'not allowed: a bot plays no game of hidden information' }, '隱藏資訊', 'hidden information'],
    [400, { code: 'bad_request', reason: 'tournament_over', message: 'bad request: this tournament is over' }, '已經結束', 'is over'],
  ];
  try {
    setLanguage('zh-TW');
    for (const [status, body, zh] of cases) {
      await assert.rejects(answer(refusal(status, body)), e => e.message.includes(zh) && !/[a-z]{3}/.test(e.message) && e.code === body.code && e.status === status,
        `${body.reason} in 繁體中文`);
    }
    setLanguage('en');
    for (const [status, body, , en] of cases) await assert.rejects(answer(refusal(status, body)), e => e.message.includes(en), `${body.reason} in English`);
  } finally {
    setLanguage('en');
  }
});

test('bots and hidden variants: the form\'s box off and disabled with a note, the page never says bots may play', () => {
  assert.deepEqual(botsChoice(true, true), { disabled: true, checked: false, note: true }, 'a hidden variant: no bots, and why');
  assert.deepEqual(botsChoice(false, true), { disabled: false, checked: true, note: false }, 'the creator\'s choice kept');
  assert.deepEqual(botsChoice(false, false), { disabled: false, checked: false, note: false });
  assert.equal(botsWelcome(true, false), true);
  assert.equal(botsWelcome(true, true), false, 'a hidden tournament admits no bot, whatever its setting');
  assert.equal(botsWelcome(false, false), false);
  assert.equal(botsWelcome(undefined, false), false);
  assert.equal(variantUI({ ...fallback, name: 'fogofwar', hidden: true }).hidden, true, 'the registry tells a hidden variant');
  assert.equal(variantUI(fallback).hidden, false);
});

test('the podium counts as the language does: 1 point, 2 points; a list\'s line set apart by ·', () => {
  try {
    setLanguage('en');
    assert.equal(podiumText({ score: 1, nb: { game: 1, win: 0 }, performance: 1500 }), '1 point · 1 game · 0 wins · performance 1500');
    assert.equal(podiumText({ score: 12, nb: { game: 6, win: 1 } }), '12 points · 6 games · 1 win · performance —');
    setLanguage('zh-TW');
    assert.equal(podiumText({ score: 1, nb: { game: 1, win: 1 }, performance: 1500 }), '積分 1 · 對局 1 · 勝 1 · 表現分 1500');
    setLanguage('zh-CN');
    assert.equal(podiumText({ score: 2, nb: { game: 3, win: 1 }, performance: 1600 }), '积分 2 · 对局 3 · 胜 1 · 表现分 1600');
  } finally {
    setLanguage('en');
  }
  assert.equal(lineText(['4 players', 'Ends in 2:12']), '4 players · Ends in 2:12');
  assert.equal(lineText(['Blitz', '', 'Private']), 'Blitz · Private', 'an empty part left out');
});
