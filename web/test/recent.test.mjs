// The start page's two lists: the browser's own games apart from the
// others' games being played, and a stranger never called "You".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { playersLine, playersParts, seatLabel, splitRecent, youAt } from '../src/recent.ts';
import { setLanguage } from '../src/i18n.ts';
import { setRegistry, variantOf } from '../src/variants.ts';

const human = { kind: 'human' };
const bot = { kind: 'bot', level: 'beginner', name: 'Gambit · Beginner' };
let clock = 0;
const game = (id, over = {}) => ({ id, mode: 'online', variant: 'chess', status: 'started', result: '*', plies: 4,
  seats: { white: human, black: human }, updatedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, clock++)).toISOString(), ...over });

test('splitRecent: the browser\'s games apart from the others\' online games in play', () => {
  const mineOld = game('mine1', { mode: 'computer', seats: { white: human, black: bot }, yours: true });
  const ticketed = game('tick1', { status: 'mate', result: '1-0' });
  const strangerLive = game('str1');
  const strangerOver = game('str2', { status: 'resign', result: '0-1' });
  const strangerComputer = game('str3', { mode: 'computer', seats: { white: bot, black: human } });
  const waiting = game('str4', { status: 'created', seats: { white: human, black: { kind: 'open' } } });
  const flagged = game('mine2', { yours: true });
  const accepted = game('str5', { status: 'created' }); // seated, no move yet
  const lists = splitRecent([mineOld], [flagged, strangerLive, strangerOver, strangerComputer, waiting, accepted, ticketed, { ...mineOld }], { tick1: { color: 'white' } });
  assert.deepEqual(lists.yours.map(g => g.id), ['mine2', 'tick1', 'mine1']); // newest first, mine1 once
  assert.deepEqual(lists.now.map(g => g.id), ['str5', 'str1']);
});

test('splitRecent: the browser\'s games are kept however many newer games others played', () => {
  const mine = [game('old', { yours: true })];
  const recent = Array.from({ length: 30 }, (_, i) => game(`s${i}`));
  const lists = splitRecent(mine, recent, {}, 15);
  assert.deepEqual(lists.yours.map(g => g.id), ['old']);
  assert.equal(lists.now.length, 15);
});

test('a stranger is never "You"; the seat you hold is', () => {
  setLanguage('en');
  setRegistry([]);
  const v = variantOf('chess');
  const stranger = game('x', { mode: 'computer', seats: { white: human, black: bot } });
  assert.equal(seatLabel(v, stranger, 'white', undefined), 'white');
  assert.doesNotMatch(playersLine(v, stranger), /You/);
  assert.equal(youAt(stranger), 'white');
  assert.match(playersLine(v, stranger, youAt(stranger)), /^You vs /);
  const online = game('y', { seats: { white: { kind: 'human', name: 'Mei' }, black: human } });
  assert.equal(youAt(online, { color: 'black' }), 'black');
  assert.equal(youAt(online), undefined);
  assert.equal(playersLine(v, online, 'black'), 'Online: Mei vs You');
  assert.equal(playersLine(v, online), 'Online: Mei vs black');
  assert.equal(youAt(game('z', { mode: 'local' }), { color: 'white' }), undefined); // one screen: both seats
});

test('levelGroups: Gambit by strength, the teaching algorithms, each engine apart', async () => {
  const { levelGroups } = await import('../src/levels.ts');
  const lv = (name, algorithm, group, extra = {}) => ({ name, label: name, algorithm, group, ...extra });
  const levels = [lv('greedy', 'greedy', 'teaching'), lv('minimax', 'minimax', 'teaching'), lv('alphabeta', 'alphabeta', 'teaching'),
    lv('beginner', 'full', 'strength', { elo: 800 }), lv('full', 'full', 'strength'),
    lv('stockfish-1', 'uci', 'engine', { engine: 'Stockfish', number: 1 }), lv('stockfish-2', 'uci', 'engine', { engine: 'Stockfish', number: 2 }),
    lv('other-1', 'uci', 'engine', { engine: 'Other', number: 1 })];
  assert.deepEqual(levelGroups(levels).map(g => [g.label, g.params?.engine, g.levels.map(l => l.name)]), [
    ['levels.strength', undefined, ['beginner', 'full']], ['levels.teaching', undefined, ['greedy', 'minimax', 'alphabeta']],
    ['levels.engine', 'Stockfish', ['stockfish-1', 'stockfish-2']], ['levels.engine', 'Other', ['other-1']]]);
  // xiangqi's levels are all by strength; a variant's own too, or a server that says no group.
  const own = [lv('easy', 'dice', 'strength'), lv('hard', 'dice')];
  assert.deepEqual(levelGroups(own), [{ label: 'levels.strength', levels: own }]);
  assert.deepEqual(levelGroups([]), []);
});

test('levelHelp: a line for each teaching algorithm, an engine, a rating', async () => {
  const { levelHelp } = await import('../src/levels.ts');
  const { setLanguage } = await import('../src/i18n.ts');
  setLanguage('en');
  for (const algorithm of ['greedy', 'minimax', 'negamax', 'alphabeta']) {
    assert.match(levelHelp({ name: algorithm, label: algorithm, algorithm, group: 'teaching' }), new RegExp(`^${algorithm === 'alphabeta' ? 'Alpha-beta' : algorithm[0].toUpperCase() + algorithm.slice(1)} `));
  }
  assert.match(levelHelp({ name: 'stockfish-3', label: '', algorithm: 'uci', group: 'engine', engine: 'Stockfish', number: 3 }), /^Stockfish at level 3 of 8/);
  assert.match(levelHelp({ name: 'casual', label: '', algorithm: 'full', group: 'strength', elo: 1200 }), /^Ratings are approximate/);
  assert.equal(levelHelp({ name: 'easy', label: '', algorithm: 'dice', group: 'strength' }), '');
  setLanguage('zh-TW');
  assert.match(levelHelp({ name: 'minimax', label: '', algorithm: 'minimax', group: 'teaching' }), /^極小化極大：/);
  setLanguage('en');
});

test('heldGameText: a game a refusal offers, named as its head names it', async () => {
  const { heldGameText } = await import('../src/levels.ts');
  const { default: registered } = await import('./testdata/variants.json');
  const started = new Date(2026, 0, 2, 14, 5).getTime();
  const held = { id: 'abc', variant: 'chess', level: 'casual', opponent: 'Gambit Casual (~1200)', color: 'black', plies: 3, started: new Date(started).toISOString() };
  for (const [lang, want] of [
    ['en', /^Chess, Black, against Gambit · Casual \(~1200\): 3 moves played, begun 2:05\sPM$/],
    ['zh-TW', /^西洋棋，你執黑方，對 Gambit · 休閒（約 1200 分）：已走 3 步，(下午 ?)?(0?2|14):05 開始$/],
    ['zh-CN', /^国际象棋，你执黑方，对 Gambit · 休闲（约 1200 分）：已走 3 步，(下午 ?)?(0?2|14):05 开始$/],
  ]) {
    setLanguage(lang);
    setRegistry(registered);
    assert.match(heldGameText(held, started + 60000), want, lang);
  }
  setLanguage('en');
  setRegistry(registered);
  assert.match(heldGameText({ ...held, variant: 'xiangqi', level: 'beginner', color: 'white', plies: 0 }, started + 86400000 * 3),
    /^Xiangqi \(Chinese chess\), Red, against Gambit · Beginner \(skill 3\): no move yet, begun Jan 2, 2026, 2:05\sPM$/);
  setRegistry([]);
});

test('a bot account is named after its title: in parts for the page, in text for its tooltip', () => {
  setLanguage('en');
  setRegistry([]);
  const v = variantOf('chess');
  const g = game('b1', { seats: { white: { kind: 'human', name: 'ann' }, black: { kind: 'human', name: 'Robo', title: 'BOT' } } });
  assert.deepEqual(playersParts(v, g, 'white', (label, title) => ({ title, label })), ['Online: ', 'ann (you)', ' vs ', { title: 'BOT', label: 'Robo' }]);
  assert.equal(playersLine(v, g, 'white'), 'Online: ann (you) vs BOT Robo');
  const computer = game('c1', { mode: 'computer', seats: { white: human, black: { ...bot, title: 'BOT' } } });
  assert.doesNotMatch(playersLine(v, computer), /BOT/, 'the computer has a level, no account');
  setLanguage('zh-TW');
  const parts = playersParts(v, g, 'white', (label, title) => ({ title, label }));
  assert.equal(parts[0], '線上：');
  assert.deepEqual(parts.at(-1), { title: 'BOT', label: 'Robo' });
  setLanguage('en');
});
