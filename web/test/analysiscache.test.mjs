// The analysis board's cache of the server's answers (src/analysis/cache.ts):
// the LRU, the lines split into requests the server takes, and Answers
// asking each position, line and opening once.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { Answers, LRU, chunks, maxLinesAsked, maxMovesAsked } from '../src/analysis/cache.ts';

test('the LRU keeps its newest entries, a read making one the newest', () => {
  const c = new LRU(2);
  c.set('a', 1);
  c.set('b', 2);
  assert.equal(c.get('a'), 1); // a is now the newest
  c.set('c', 3); // b goes
  assert.deepEqual([c.has('a'), c.has('b'), c.has('c'), c.size], [true, false, true, 2]);
  c.set('a', 4);
  c.set('d', 5); // c goes: a was set again
  assert.deepEqual([c.get('a'), c.get('c'), c.get('d')], [4, undefined, 5]);
});

test('chunks split lines into requests of at most 64 lines and 600 moves, in order', () => {
  const line = n => Array.from({ length: n }, () => 'e2e4');
  assert.deepEqual(chunks([]), []);
  assert.deepEqual(chunks([line(2), line(3)]).map(c => c.map(l => l.length)), [[2, 3]]);
  const many = Array.from({ length: 130 }, () => line(1));
  assert.deepEqual(chunks(many).map(c => c.length), [maxLinesAsked, maxLinesAsked, 2]);
  const long = [line(400), line(300), line(700), line(1)];
  assert.deepEqual(chunks(long).map(c => c.map(l => l.length)), [[400], [300], [700], [1]]);
  for (const c of chunks([line(200), line(200), line(200), line(1)])) assert.ok(c.reduce((n, l) => n + l.length, 0) <= maxMovesAsked);
});

// fakeServer answers as server/analysis does, moves written as their
// coordinates upper-cased and each position's FEN as the moves so far.
function fakeServer() {
  const calls = [];
  const write = (fen, moves) => {
    let at = fen;
    return moves.map(u => ({ uci: u, san: u.toUpperCase(), fen: (at = `${at}/${u}`) }));
  };
  let gate = Promise.resolve();
  return {
    calls,
    hold() { let open; gate = new Promise(r => { open = r; }); return () => open(); },
    asks: {
      play: async (variant, fen, moves) => {
        calls.push(['play', variant, fen, moves.join(',')]);
        await gate;
        if (moves.includes('bad')) throw new Error('illegal');
        const ms = write(fen || 'start', moves);
        return { variant, board: 'chess', initial_fen: fen || 'start', moves: ms, fen: ms.length ? ms[ms.length - 1].fen : fen || 'start', turn: 'white', dests: {}, result: '*' };
      },
      lines: async (variant, fen, ls) => { calls.push(['lines', variant, fen, ls.length]); await gate; return ls.map(l => write(fen, l)); },
      opening: async (start, moves) => { calls.push(['opening', moves.join(',')]); return moves[0] === 'e2e4' ? { eco: 'B00', name: "King's Pawn", ply: 1 } : undefined; },
    },
  };
}

test('a position is asked once: by two at once, again later, or reached by its moves', async () => {
  const srv = fakeServer();
  const a = new Answers(srv.asks);
  const open = srv.hold();
  const [p1, p2] = [a.position('chess', 'x'), a.position('chess', 'x')];
  open();
  assert.equal(await p1, await p2);
  await a.position('chess', 'x');
  assert.equal(a.known('chess', 'x').fen, 'x');
  assert.equal(a.known('xiangqi', 'x'), undefined, 'another variant is another position');
  // Moves played from x: the position reached and every move are known.
  await a.play('chess', 'x', ['e2e4', 'e7e5']);
  assert.equal(a.known('chess', 'x/e2e4/e7e5').fen, 'x/e2e4/e7e5');
  await a.position('chess', 'x/e2e4/e7e5');
  assert.deepEqual(a.written('chess', 'x', ['e2e4', 'e7e5', 'g1f3']).map(m => m.san), ['E2E4', 'E7E5']);
  assert.deepEqual(srv.calls, [['play', 'chess', 'x', ''], ['play', 'chess', 'x', 'e2e4,e7e5']]);
  assert.equal(a.asked, 2);
});

test('a failed request is forgotten: asked again later', async () => {
  const srv = fakeServer();
  const a = new Answers(srv.asks);
  await assert.rejects(a.play('chess', 'x', ['bad']));
  await assert.rejects(a.play('chess', 'x', ['bad']));
  assert.equal(srv.calls.length, 2);
});

test('lines are written in one request and learnt; a line known needs none', async () => {
  const srv = fakeServer();
  const a = new Answers(srv.asks);
  const got = await a.writeLines('chess', 'x', [['e2e4', 'e7e5'], ['d2d4']]);
  assert.deepEqual(got.map(l => l.map(m => m.san)), [['E2E4', 'E7E5'], ['D2D4']]);
  assert.deepEqual(srv.calls, [['lines', 'chess', 'x', 2]]);
  // The line's first moves are known, and the moves after them too.
  assert.equal(a.written('chess', 'x', ['e2e4', 'e7e5']).length, 2);
  assert.equal(a.written('chess', 'x', ['e2e4', 'c7c5']).length, 1);
  assert.equal(a.written('chess', 'x/e2e4', ['e7e5']).length, 1);
  // A tree of 130 lines takes three requests.
  await a.writeLines('chess', 'y', Array.from({ length: 130 }, (_, i) => [`m${i}`]));
  assert.equal(srv.calls.filter(c => c[0] === 'lines').length, 4);
});

test('an opening is asked once, a position without one included', async () => {
  const srv = fakeServer();
  const a = new Answers(srv.asks);
  assert.equal((await a.opening('s', ['e2e4'])).eco, 'B00');
  assert.equal(await a.opening('s', ['a2a3']), undefined);
  await a.opening('s', ['e2e4']);
  await a.opening('s', ['a2a3']);
  assert.deepEqual(srv.calls, [['opening', 'e2e4'], ['opening', 'a2a3']]);
});
