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
import { lostWords } from '../src/variants/fog.ts';
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
  // In Chinese each piece begins with its side, so the list's 、 and 和
  // (Intl.ListFormat's) never touch a square's Latin letters.
  setLanguage('zh-TW');
  assert.equal(blastWords(m2, before), 'e5 的地雷爆炸，炸掉了白方 e5 的騎士和黑方 e6 的士兵。');
  const m5 = { ...m2, ext: { blast: 'e5', cleared: ['e6', 'e5', 'd6'] } };
  assert.equal(blastWords(m5, 'rnbqkbnr/pp3ppp/2pppp2/8/8/5N2/PPPPPPPP/RNBQKB1R w KQkq - 0 1'), 'e5 的地雷爆炸，炸掉了白方 e5 的騎士、黑方 e6 的士兵和黑方 d6 的士兵。');
  setLanguage('zh-CN');
  assert.equal(blastWords(m2, before), 'e5 的地雷爆炸，炸掉了白方 e5 的马和黑方 e6 的兵。');
  setLanguage('en');
});

// roundWith is a controller holding seats you, after states.
function roundWith(you, ...states) {
  const hooks = { send: () => true, redraw() {}, redrawButtons() {}, flash() {}, sound() {}, started() {}, over() {}, effect() {}, changed() {}, reload() {} };
  const ctrl = new RoundCtrl('g', you[0] ?? 'white', hooks);
  ctrl.onHello({ you });
  for (const [s, full] of states) ctrl.onState(s, full);
  return ctrl;
}

test('the events of a turn stay on show until the player moves again: a reply adds its own', () => {
  const seats = { white: { kind: 'human' }, black: { kind: 'bot', level: 'easy' } };
  const base = { id: 'g', mode: 'computer', variant: 'bomb', status: 'started', result: '*', canClaim: false, seats, dests: {} };
  const step = (uci, color, ext) => ({ uci, san: uci, fen: start, color, ext });
  const moves = [step('e2e4', 'white'), step('e7e5', 'black'), step('d1h5', 'white', { blast: 'h5', cleared: ['h5'] })];
  const blasted = { ...base, v: 3, fen: start, startFen: start, turn: 'black', ply: 3, moves };
  // The player's move set off a mine: its blast is the line's.
  let ctrl = roundWith(['white'], [blasted, true]);
  assert.deepEqual(ctrl.eventSteps(), [2]);
  // The computer's reply comes: the blast stays, the reply's events after it.
  ctrl.onState({ ...base, v: 4, fen: start, turn: 'white', ply: 4, last: step('b8c6', 'black') }, false);
  assert.deepEqual(ctrl.eventSteps(), [2, 3]);
  // The player moves again: the line starts anew.
  ctrl.onState({ ...base, v: 5, fen: start, turn: 'black', ply: 5, last: step('g1f3', 'white') }, false);
  assert.deepEqual(ctrl.eventSteps(), [4]);
  // Under review, the move shown.
  ctrl.view(3);
  assert.deepEqual(ctrl.eventSteps(), [2]);
  ctrl.view(0);
  assert.deepEqual(ctrl.eventSteps(), []);
  // The computer moved first: its moves until the player's first.
  ctrl = roundWith(['black'], [{ ...base, v: 1, fen: start, startFen: start, turn: 'black', ply: 1, moves: [step('e2e4', 'white')] }, true]);
  assert.deepEqual(ctrl.eventSteps(), [0]);
  // A turn of several moves (dice chess) is one: the player's whole turn, then the reply's.
  const dice = [step('e2e4', 'white'), step('d2d4', 'white'), step('e7e5', 'black'), step('d7d5', 'black'), step('g8f6', 'black')];
  ctrl = roundWith(['white'], [{ ...base, variant: 'dice', v: 5, fen: start, startFen: start, turn: 'white', ply: 5, moves: dice }, true]);
  assert.deepEqual(ctrl.eventSteps(), [0, 1, 2, 3, 4]);
  // A spectator, or both players at one screen: since the side to move last moved.
  ctrl = roundWith([], [{ ...blasted, turn: 'white', ply: 4, moves: [...moves, step('b8c6', 'black')] }, true]);
  assert.deepEqual(ctrl.eventSteps(), [2, 3]);
});

test('jieqi: what a face-down piece turned up as, its point in the reader\'s notation, and whose face-down piece was taken by whom', () => {
  const before = 'xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1';
  const h0 = { uci: 'h0g2', san: '傌二進三 翻俥', wxf: 'H2+3=R', fen: '', color: 'white', ext: { reveal: 'R' } };
  const b2 = { uci: 'b2b9', san: '炮八進七 翻炮 吃馬', wxf: 'C8+7=C', fen: '', color: 'white', ext: { reveal: 'C', took: 'n' } };
  setLanguage('en');
  // The point as the notation names a piece where it stands (the board's labels are the notation's).
  assert.equal(turnedWords(h0, before), 'Red\'s face-down piece at 傌二 turned up a chariot (俥).', 'Chinese, the default');
  assert.equal(turnedWords(h0, before, { notation: 'wxf' }), 'Red\'s face-down piece at H2 turned up a chariot (俥).');
  assert.equal(turnedWords(h0, before, { notation: 'iccs' }), 'Red\'s face-down piece at h0 turned up a chariot (俥).');
  assert.equal(turnedWords(b2, before), 'Red\'s face-down piece at 炮八 turned up a cannon (炮). Red took one of Black\'s face-down pieces: a horse (馬).');
  assert.equal(turnedWords({ ...b2, ext: { reveal: 'C', took: '?' } }, before),
    'Red\'s face-down piece at 炮八 turned up a cannon (炮). Red took one of Black\'s face-down pieces: only Red knows what it was.');
  assert.equal(turnedWords({ uci: 'e0e1', san: '帥五進一', fen: '', color: 'white' }, before), undefined);
  setLanguage('zh-TW');
  assert.equal(turnedWords(h0, before), '紅方傌二的暗子翻開是俥。');
  assert.equal(turnedWords(h0, before, { notation: 'iccs' }), '紅方 h0 的暗子翻開是俥。');
  assert.equal(turnedWords({ ...b2, ext: { reveal: 'C', took: '?' } }, before), '紅方炮八的暗子翻開是炮。紅方吃掉了黑方的一枚暗子：只有紅方知道它是什麼。');
  assert.equal(turnedWords({ uci: 'b7b0', san: '砲２進７ 翻卒 吃傌', fen: '', color: 'black', ext: { reveal: 'p', took: 'N' } }, before),
    '黑方砲２的暗子翻開是卒。黑方吃掉了紅方的一枚暗子，是傌。');
  setLanguage('zh-CN');
  assert.equal(turnedWords({ uci: 'h9g7', san: '馬８進７ 翻馬', wxf: 'H8+7=N', fen: '', color: 'black', ext: { reveal: 'n' } }, before), '黑方马８的暗子翻开为马。');
  assert.equal(turnedWords({ uci: 'h9g7', san: '', wxf: 'H8+7=N', fen: '', color: 'black', ext: { reveal: 'n' } }, before, { notation: 'wxf' }), '黑方 H8 的暗子翻开为马。');
  setLanguage('en');
});

test('fog of war: a piece of the viewer\'s taken unseen, from the viewer\'s own boards before and after', () => {
  // White's view: Black's rook on h8 seen (it stands on the h-file White's rook sees), then White's rook gone from h1.
  const before = '7r/8/8/8/8/8/8/4K2R b - - 0 1';
  const hidden = { uci: '', san: '?', fen: '8/8/8/8/8/8/8/4K2r w - - 0 2', color: 'black' };
  setLanguage('en');
  assert.equal(lostWords(hidden, before, { viewer: 'white' }), 'Your rook on h1 was captured.');
  // A piece taken on its square by a piece the viewer cannot see, or en passant: gone from the viewer's board alike.
  assert.equal(lostWords({ ...hidden, fen: '8/8/8/8/8/8/8/4K3 w - - 0 2' }, before, { viewer: 'white' }), 'Your rook on h1 was captured.');
  assert.equal(lostWords({ ...hidden, fen: '8/8/8/8/8/8/8/4K1R1 w - - 0 2', color: 'white' }, before, { viewer: 'white' }), undefined, 'the viewer\'s own move');
  assert.equal(lostWords({ ...hidden, fen: '7r/8/8/8/8/8/8/4K2R w - - 0 2' }, before, { viewer: 'white' }), undefined, 'nothing taken');
  assert.equal(lostWords(hidden, before, {}), undefined, 'a spectator');
  assert.equal(lostWords({ ...hidden, color: 'white', fen: '8/8/8/8/8/8/8/4K2R b - - 0 2' }, before, { viewer: 'black' }), 'Your rook on h8 was captured.');
  setLanguage('zh-TW');
  assert.equal(lostWords(hidden, before, { viewer: 'white' }), '你在 h1 的城堡被吃掉了。');
  setLanguage('zh-CN');
  assert.equal(lostWords(hidden, before, { viewer: 'white' }), '你在 h1 的车被吃掉了。');
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
