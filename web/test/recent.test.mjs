// The start page's two lists: the browser's own games apart from the
// others' games being played, and a stranger never called "You".
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { playersLine, seatLabel, splitRecent, youAt } from '../src/recent.ts';
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

test('levelGroups: the strength levels apart from the teaching algorithms', async () => {
  const { levelGroups } = await import('../src/levels.ts');
  const lv = (name, algorithm, elo) => ({ name, label: name, algorithm, elo });
  const engine = [lv('greedy', 'greedy'), lv('minimax', 'minimax'), lv('alphabeta', 'alphabeta'), lv('beginner', 'full', 800), lv('full', 'full')];
  assert.deepEqual(levelGroups(engine).map(g => [g.label, g.levels.map(l => l.name)]), [
    ['levels.strength', ['beginner', 'full']], ['levels.teaching', ['greedy', 'minimax', 'alphabeta']]]);
  const own = [lv('easy', 'dice'), lv('hard', 'dice')];
  assert.deepEqual(levelGroups(own), [{ levels: own }]);
  assert.deepEqual(levelGroups([]), []);
});
