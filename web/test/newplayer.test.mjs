// What a new player meets on the game page (issue 40), in the parts that
// need no browser: the variants' events in words (a blast, a piece turned
// up, the dice), a name that reads as a side's, and the move list on one
// screen in fog of war.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { isSideName, setRegistry, shownName, variantOf } from '../src/variants.ts';
import { blastWords } from '../src/variants/bomb.ts';
import { diceWords } from '../src/variants/dice.ts';
import { turnedWords } from '../src/variants/jieqi.ts';
import { RoundCtrl } from '../src/round/ctrl.ts';
import { setLanguage } from '../src/i18n.ts';
import registered from './testdata/variants.json';

setRegistry(registered);

const start = 'rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';

test('bomb chess: a blast says its square and each piece it removed, the mover among them', () => {
  // White's knight lands on a mine: it goes, with the pieces around it (Black's pawn on e6 next to e5).
  const before = 'rnbqkbnr/pp3ppp/2p1p3/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1';
  const m = { uci: 'f3d4', san: 'Nd4', fen: '', color: 'white', ext: { blast: 'd4', cleared: ['d4'] } };
  setLanguage('en');
  assert.equal(blastWords(m, before), 'A mine exploded on d4, removing the white knight on d4.');
  const m2 = { uci: 'f3e5', san: 'Ne5', fen: '', color: 'white', ext: { blast: 'e5', cleared: ['e6', 'e5'] } }; // the server lists them by square
  assert.equal(blastWords(m2, before), 'A mine exploded on e5, removing the white knight on e5 and the black pawn on e6.');
  // A king on the mine survives: nothing removed.
  const m3 = { uci: 'e1e2', san: 'Ke2', fen: '', color: 'white', ext: { blast: 'e2', cleared: [] } };
  assert.equal(blastWords(m3, '8/8/8/8/8/8/8/4K2k w - - 0 1'), 'A mine exploded on e2; it removed no piece (kings survive).');
  // A promotion that lands on a mine removes the piece it became.
  const m4 = { uci: 'a7a8q', san: 'a8=Q', fen: '', color: 'white', ext: { blast: 'a8', cleared: ['a8'] } };
  assert.equal(blastWords(m4, '8/P7/8/8/8/8/8/4K2k w - - 0 1'), 'A mine exploded on a8, removing the white queen on a8.');
  assert.equal(blastWords({ uci: 'e2e4', san: 'e4', fen: '', color: 'white' }, start), undefined);
  setLanguage('zh-TW');
  assert.equal(blastWords(m2, before), 'e5 的地雷爆炸，炸掉了 e5 的白方騎士和e6 的黑方士兵。');
  setLanguage('zh-CN');
  assert.equal(blastWords(m2, before), 'e5 的地雷爆炸，炸掉了 e5 的白方马和e6 的黑方兵。');
  setLanguage('en');
});

test('jieqi: what a face-down piece turned up as, and a face-down piece taken', () => {
  const before = 'xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1';
  setLanguage('en');
  assert.equal(turnedWords({ uci: 'h0g2', san: 'h0g2=R', fen: '', color: 'white', ext: { reveal: 'R' } }, before), 'The piece from h0 turned up a chariot (俥).');
  assert.equal(turnedWords({ uci: 'b2b9', san: 'b2b9=Cxn', fen: '', color: 'white', ext: { reveal: 'C', took: 'n' } }, before),
    'The piece from b2 turned up a cannon (炮). It took a face-down piece: a horse (馬).');
  assert.equal(turnedWords({ uci: 'b2b9', san: 'b2b9=Cx?', fen: '', color: 'white', ext: { reveal: 'C', took: '?' } }, before),
    'The piece from b2 turned up a cannon (炮). It took a face-down piece: only its captor knows what it was.');
  assert.equal(turnedWords({ uci: 'e0e1', san: 'e0e1', fen: '', color: 'white' }, before), undefined);
  setLanguage('zh-TW');
  assert.equal(turnedWords({ uci: 'h0g2', san: 'h0g2=R', fen: '', color: 'white', ext: { reveal: 'R' } }, before), 'h0 的暗子翻開是俥。');
  setLanguage('zh-CN');
  assert.equal(turnedWords({ uci: 'h9g7', san: 'h9g7=N', fen: '', color: 'black', ext: { reveal: 'n' } }, before), 'h9 的暗子翻开为马。');
  setLanguage('en');
});

test('dice chess: the pieces the dice left may move, to the player to move and to anyone else', () => {
  const s = { v: 1, id: 'g', mode: 'online', variant: 'dice', status: 'started', result: '*', fen: start, turn: 'white', ply: 0, dests: {},
    canClaim: false, seats: {}, ext: { rolled: ['N', 'P', 'P'], left: ['N', 'P', 'P'], moves: 0, canPass: false } };
  setLanguage('en');
  // Each kind once, however many dice show it.
  assert.equal(diceWords(s, ['white']), 'You may move: knight and pawn');
  assert.equal(diceWords(s, ['black']), 'White may move: knight and pawn');
  assert.equal(diceWords(s, ['white', 'black']), 'White may move: knight and pawn');
  assert.equal(diceWords({ ...s, ext: { ...s.ext, left: ['N', 'P', 'N'] } }, ['white']), 'You may move: knight and pawn');
  assert.equal(diceWords({ ...s, ext: { ...s.ext, left: ['B', 'N', 'P'] } }, ['white']), 'You may move: bishop, knight, and pawn');
  assert.equal(diceWords({ ...s, ext: { ...s.ext, left: ['P', 'P'] } }, ['white']), 'You may move: pawn');
  assert.equal(diceWords({ ...s, status: 'mate' }, ['white']), undefined);
  setLanguage('zh-TW');
  assert.equal(diceWords(s, ['white']), '你可以走：騎士和士兵');
  setLanguage('zh-CN');
  assert.equal(diceWords({ ...s, turn: 'black' }, []), '黑方可以走：马和兵');
  setLanguage('en');
});

test('a name that reads as a side\'s, in any language, is shown in quotes', () => {
  for (const n of ['黑方', '白方', '紅方', '红方', 'Black', ' white ', 'RED', '黑', '紅棋', 'You', '你']) assert.ok(isSideName(n), n);
  for (const n of ['Ann', '黑馬', 'Blackburne', '老王']) assert.ok(!isSideName(n), n);
  setLanguage('zh-TW');
  assert.equal(shownName('黑方'), '「黑方」');
  assert.equal(shownName('Ann'), 'Ann');
  setLanguage('en');
  assert.equal(shownName('Black'), '“Black”');
});

test('fog of war on one screen: the list is the player\'s at the screen, never the other\'s', () => {
  let reloads = 0;
  const hooks = { send: () => true, redraw() {}, redrawButtons() {}, flash() {}, sound() {}, started() {}, over() {}, effect() {}, changed() {},
    reload: () => { reloads++; } };
  const ctrl = new RoundCtrl('g', 'white', hooks);
  ctrl.onHello({ you: ['white', 'black'] });
  const seats = { white: { kind: 'human' }, black: { kind: 'human' } };
  const base = { id: 'g', mode: 'local', variant: 'fogofwar', status: 'started', result: '*', canClaim: false, seats };
  const whiteView = 'rnbqkbnr/8/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1';
  const blackView = 'rnbqkbnr/pppppppp/8/8/8/8/8/8 b kq - 0 1';
  const hidden = color => ({ uci: '', san: '?', fen: '', color });
  ctrl.onState({ ...base, v: 1, fen: whiteView, startFen: whiteView, turn: 'white', ply: 0, dests: { e2: ['e3', 'e4'], g1: ['f3', 'h3'] }, moves: [] }, true);
  assert.ok(!ctrl.covered(), 'a new game starts with White at the screen');
  ctrl.move('e2e4');
  // The server sends the move in Black's view: White's move is "?".
  ctrl.onState({ ...base, v: 2, fen: blackView, turn: 'black', ply: 1, dests: { g8: ['f6', 'h6'] }, last: hidden('white') }, false);
  assert.ok(ctrl.covered());
  assert.deepEqual(ctrl.shownMoves().map(m => m.san), ['e4'], 'White, at the screen, sees its own move');
  ctrl.handOver();
  assert.equal(reloads, 1, 'the hand-over asks for the whole state in Black\'s view');
  assert.deepEqual(ctrl.shownMoves().map(m => m.san), ['?'], 'nothing shown before it comes');
  ctrl.onState({ ...base, v: 2, fen: blackView, turn: 'black', ply: 1, dests: { g8: ['f6', 'h6'] }, moves: [hidden('white')] }, true);
  assert.deepEqual(ctrl.shownMoves().map(m => m.san), ['?']);
  ctrl.move('g8f6');
  // The move comes in White's view, where Black's move is "?" and White's e4 would show.
  ctrl.onState({ ...base, v: 3, fen: whiteView, turn: 'white', ply: 2, dests: {}, last: hidden('black') }, false);
  assert.ok(ctrl.covered());
  assert.deepEqual(ctrl.shownMoves().map(m => m.san), ['?', 'Nf6'], 'Black, at the screen, sees its move and not White\'s');
  ctrl.handOver();
  ctrl.onState({ ...base, v: 3, fen: whiteView, turn: 'white', ply: 2, dests: { d2: ['d3', 'd4'] },
    moves: [{ uci: 'e2e4', san: 'e4', fen: '', color: 'white' }, hidden('black')] }, true);
  assert.deepEqual(ctrl.shownMoves().map(m => m.san), ['e4', '?']);
  ctrl.move('d2d4');
  // A whole state in Black's view (a reconnection) while White is at the screen shows none of Black's moves.
  const blackState = { ...base, v: 4, fen: blackView, turn: 'black', ply: 3, dests: {},
    moves: [hidden('white'), { uci: 'g8f6', san: 'Nf6', fen: '', color: 'black' }, hidden('white')] };
  ctrl.onState(blackState, true);
  assert.deepEqual(ctrl.shownMoves().map(m => m.san), ['e4', '?', 'd4']);
  // A page that did not see White move (opened again while covered) shows nothing.
  const fresh = new RoundCtrl('g', 'white', hooks);
  fresh.onHello({ you: ['white', 'black'] });
  fresh.onState(blackState, true);
  assert.ok(fresh.covered());
  assert.deepEqual(fresh.shownMoves().map(m => m.san), ['?', '?', '?']);
});
