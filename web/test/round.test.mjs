// The game page's parts that need no browser: decoding the server's
// messages, grouping the move list, and the controller's turns, which come
// from the server's FENs and never from counting plies.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { decode } from '../src/round/socket.ts';
import { RoundCtrl, sideToMove } from '../src/round/ctrl.ts';
import { byFullMove } from '../src/round/movelist.ts';
import { byRoll } from '../src/variants/dice.ts';

const seats = { white: { kind: 'human' }, black: { kind: 'human' } };
const state = (over = {}) => ({ v: 1, id: 'g', mode: 'local', variant: 'chess', status: 'started', result: '*', fen: '8/8/8/8/8/8/8/8 w - - 0 1',
  turn: 'white', ply: 0, dests: {}, canClaim: false, seats, ...over });

test('decode reads every message the server sends, and drops the malformed and the unknown', () => {
  const wire = (t, d) => JSON.stringify({ t, d });
  assert.deepEqual(decode(wire('hello', { you: ['white'] })), { t: 'hello', d: { you: ['white'] } });
  assert.equal(decode(wire('state', state())).t, 'state');
  assert.equal(decode(wire('move', state({ v: 2 }))).d.v, 2);
  assert.equal(decode(wire('presence', { white: { online: true }, black: { online: false }, watching: 0 })).t, 'presence');
  assert.deepEqual(decode(wire('rematch', { offer: 'black' })), { t: 'rematch', d: { offer: 'black' } });
  assert.equal(decode(wire('chat', { room: 'players', from: 'white', name: 'w', text: 'hi', at: '' })).d.text, 'hi');
  assert.equal(decode(wire('chat-log', { room: 'players', lines: [] })).t, 'chat-log');
  assert.deepEqual(decode(wire('error', { code: 'rate_limited', message: 'slow down', retryAfter: 3 })),
    { t: 'error', d: { code: 'rate_limited', message: 'slow down', retryAfter: 3 } });
  for (const bad of ['', '{', '[]', '{"t":"state"}', wire('state', { v: 'x' }), wire('hello', { you: ['red'] }), wire('error', { code: 1 }),
    wire('no-such-message', {}), JSON.stringify({ t: 'move', d: [] })]) {
    assert.equal(decode(bad), undefined, bad);
  }
});

test('sideToMove reads the FEN the server wrote, chess and xiangqi alike', () => {
  assert.equal(sideToMove('rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1'), 'black');
  assert.equal(sideToMove('rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1'), 'white');
  assert.equal(sideToMove(undefined), undefined);
  assert.equal(sideToMove('8/8/8/8/8/8/8/8'), undefined);
});

// A dice-chess turn is up to three moves by one side: each step's color says so, a ply count cannot.
const diceMoves = [
  { uci: 'e2e4', san: 'e4', fen: 'x w - - 0 1', color: 'white', ext: { roll: ['P', 'N', 'B'] } },
  { uci: 'g1f3', san: 'Nf3', fen: 'x w - - 0 1', color: 'white' },
  { uci: 'f1c4', san: 'Bc4', fen: 'x b - - 0 1', color: 'white' },
  { uci: 'e7e5', san: 'e5', fen: 'x w - - 0 2', color: 'black', ext: { roll: ['P', 'P', 'P'] } },
  { uci: 'd2d4', san: 'd4', fen: 'x b - - 0 2', color: 'white', ext: { roll: ['P', 'K', 'K'] } },
];

function ctrlWith(moves, over = {}) {
  const noop = () => {};
  const c = new RoundCtrl('g', 'white', { send: () => true, redraw: noop, redrawButtons: noop, flash: noop, sound: noop, started: noop, over: noop, effect: noop, changed: noop });
  c.onHello({ you: ['white', 'black'] });
  c.onState(state({ startFen: 'x w - - 0 1', moves, ply: moves.length, turn: 'black', fen: 'x b - - 0 2', ...over }), true);
  return c;
}

test('the controller takes each position’s turn and each move’s side from the server', () => {
  const c = ctrlWith(diceMoves);
  assert.deepEqual(diceMoves.map((_, i) => c.mover(i)), ['white', 'white', 'white', 'black', 'white']);
  assert.equal(c.movesBy('white'), 4);
  assert.equal(c.movesBy('black'), 1);
  assert.equal(c.turn(), 'black'); // live: the state's turn
  c.view(1);
  assert.equal(c.turn(), 'white'); // mid-turn: still White's
  c.view(3);
  assert.equal(c.turn(), 'black');
  c.view(0);
  assert.equal(c.turn(), 'white');
  assert.equal(c.fen(), 'x w - - 0 1');
});

test('move lists: chess by move number, dice chess a turn a row', () => {
  const chessMoves = [{ san: 'e5', fen: 'x w - - 0 8' }, { san: 'Nf3', fen: 'x b - - 0 8' }, { san: 'Nc6', fen: 'x w - - 0 9' }];
  const fens = ['x b - - 0 7', ...chessMoves.map(m => m.fen)];
  const mover = i => (fens[i].split(' ')[1] === 'b' ? 'black' : 'white');
  assert.deepEqual(byFullMove({ moves: chessMoves, startFen: fens[0], mover }), [
    { num: '7.', lead: { className: 'san empty', text: '…' }, steps: [0] },
    { num: '8.', steps: [1, 2] },
  ]);
  const c = ctrlWith(diceMoves);
  const rows = byRoll({ moves: diceMoves, startFen: 'x w - - 0 1', mover: i => c.mover(i) });
  assert.deepEqual(rows.map(r => [r.num, r.lead?.text, r.steps]), [['1.', '♙♘♗', [0, 1, 2]], ['1…', '♟♟♟', [3]], ['2.', '♙♔♔', [4]]]);
});

test('the controller sends typed commands, and says so when the connection is down', () => {
  const sent = [];
  let up = true;
  const flashes = [];
  const noop = () => {};
  const c = new RoundCtrl('g', 'white', { send: m => (up ? (sent.push(m), true) : false), redraw: noop, redrawButtons: noop,
    flash: f => flashes.push(f), sound: noop, started: noop, over: noop, effect: noop, changed: noop });
  c.onHello({ you: ['white'] });
  c.onState(state({ mode: 'online', ply: 4 }), true);
  c.move('e2e4');
  c.offerDraw();
  c.takeback();
  c.resignOrAbort(); // the first click only asks to confirm
  assert.equal(c.confirming?.action, 'resign');
  c.resignOrAbort();
  assert.deepEqual(sent, [{ t: 'move', d: { u: 'e2e4' } }, { t: 'draw-offer' }, { t: 'takeback-offer' }, { t: 'resign' }]);
  up = false;
  c.claimDraw();
  assert.equal(flashes.length, 1);
});

test('a move sounds and shows its effect once: a later state that moves nothing keeps its last step but is no move', () => {
  const sounds = [], effects = [];
  const noop = () => {};
  const c = new RoundCtrl('g', 'white', { send: () => true, redraw: noop, redrawButtons: noop, flash: noop, started: noop, over: noop, changed: noop,
    sound: n => sounds.push(n), effect: e => effects.push(e) });
  c.onHello({ you: ['white'] });
  c.onState(state({ variant: 'bomb' }), true);
  const blast = { uci: 'e2e4', san: 'e4', fen: 'x b - - 0 1', color: 'white', ext: { blast: 'e4', took: [] } };
  c.onState(state({ variant: 'bomb', v: 2, ply: 1, turn: 'black', last: blast }), false);
  c.onState(state({ variant: 'bomb', v: 3, ply: 1, turn: 'black', last: blast, drawOffer: 'black' }), false);
  // The sound and the variant's effect (a blast) both follow moved; without the variants' registry
  // no effect is drawn here, so the sound tells.
  assert.equal(sounds.length, 1, `sounds ${sounds}`);
  assert.ok(effects.length <= 1, `${effects.length} effects for one move`);
});

test('a tournament’s game is resigned, never aborted, even before both sides moved', () => {
  const one = [{ uci: 'e2e4', san: 'e4', fen: 'x b - - 0 1', color: 'white' }];
  assert.equal(ctrlWith(one).endAction(), 'abort');
  assert.equal(ctrlWith(one, { mandatory: true }).endAction(), 'resign');
});
