// The puzzle page's controller without a browser (issue 43): the
// opponent's move played first, a right move answered, a wrong one shown,
// taken back and counted (the first attempt sent as failed), any mate
// taken as right, the solution shown on asking, and a streak's end (the
// page itself is tested in e2e/training.test.mjs).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { TrainingCtrl, winner } from '../src/training/ctrl.ts';
import { readActivity } from '../src/training/api.ts';

// A puzzle whose FEN has Black to move: the opponent (Black) plays a7a6,
// White solves with e2e4, Black answers e7e5, White ends with d1h5.
const puzzle = {
  game: { clock: '-', id: '', perf: { key: 'classical', name: 'Classical' }, pgn: '', players: [], rated: false, source: 'test.pgn#1' },
  puzzle: { id: 'p1', variant: 'chess', fen: 'start b', lastMove: 'a7a6', solution: ['e2e4', 'e7e5', 'd1h5'], themes: ['fork'], rating: 1500, plays: 0, initialPly: 0 },
};

// fake answers positions by their moves; mates lists move lists (joined
// by spaces) that end the game, White winning.
function fake({ mates = [], puzzles = [puzzle], streak = [] } = {}) {
  const timers = [];
  const solved = [];
  const deps = {
    next: async () => ({ puzzle: puzzles.shift(), glicko: { rating: 1500, deviation: 500, provisional: true } }),
    byID: async id => [puzzle].find(p => p.puzzle.id === id),
    streak: async () => streak.splice(0),
    position: async (variant, fen, moves) => {
      const line = moves.join(' ');
      if (moves.includes('x9x9')) throw new Error('illegal');
      return { variant, board: 'chess', initial_fen: fen, moves: [], fen: `${fen}|${line}`, turn: moves.length % 2 ? 'white' : 'black',
        dests: { e2: ['e4'] }, result: mates.includes(line) ? '1-0' : '*' };
    },
    solve: async (variant, angle, id, win) => {
      solved.push({ id, win });
      return { glicko: { rating: win ? 1520 : 1480, deviation: 80 }, rounds: [{ id, win, ratingDiff: win ? 20 : -20 }] };
    },
    later: (ms, f) => timers.push(f),
  };
  const run = async () => { // the timers due, and what they start
    for (let i = 0; i < 20; i++) {
      await new Promise(r => setTimeout(r, 0));
      if (!timers.length) break;
      timers.shift()();
    }
    await new Promise(r => setTimeout(r, 0));
  };
  return { deps, timers, solved, run };
}

const settle = () => new Promise(r => setTimeout(r, 0));

test('a puzzle solved: the opponent\'s move first, the answers played, the first attempt sent as won', async () => {
  const f = fake();
  const c = new TrainingCtrl(f.deps, () => {});
  await c.load();
  assert.equal(c.phase, 'opening');
  assert.equal(c.solver, 'white', 'Black moved first, White solves');
  await f.run();
  assert.equal(c.phase, 'play');
  assert.deepEqual(c.moves, ['a7a6']);
  assert.equal(c.startFen, 'start b|a7a6');
  await c.move('e2e4');
  assert.equal(c.phase, 'reply');
  await f.run();
  assert.equal(c.phase, 'play');
  assert.deepEqual(c.moves, ['a7a6', 'e2e4', 'e7e5']);
  await c.move('d1h5');
  await settle();
  assert.equal(c.phase, 'solved');
  assert.deepEqual(f.solved, [{ id: 'p1', win: true }]);
  assert.equal(c.ratingDiff, 20);
  assert.equal(c.glicko.rating, 1520);
});

test('a wrong move is shown, taken back, sent at once as failed, and the puzzle counts as failed though finished', async () => {
  const f = fake();
  const c = new TrainingCtrl(f.deps, () => {});
  await c.load();
  await f.run();
  await c.move('d2d4');
  assert.equal(c.phase, 'wrong');
  assert.equal(c.lastMove, 'd2d4');
  assert.deepEqual(f.solved, [{ id: 'p1', win: false }], 'the failed attempt sent at the mistake: reloading does not undo it');
  assert.equal(c.pos.fen, 'start b|a7a6 d2d4');
  await f.run();
  assert.equal(c.phase, 'play');
  assert.equal(c.pos.fen, 'start b|a7a6', 'taken back');
  assert.equal(c.mistake, true);
  await c.move('e2e4');
  await f.run();
  await c.move('d1h5');
  await settle();
  assert.equal(c.phase, 'solved');
  assert.deepEqual(f.solved, [{ id: 'p1', win: false }]);
});

test('any move that mates is right', async () => {
  const f = fake({ mates: ['a7a6 e2e4 e7e5 f3f7'] });
  const c = new TrainingCtrl(f.deps, () => {});
  await c.load();
  await f.run();
  await c.move('e2e4');
  await f.run();
  await c.move('f3f7');
  await settle();
  assert.equal(c.phase, 'solved');
  assert.deepEqual(f.solved, [{ id: 'p1', win: true }]);
});

test('a move the server refuses leaves the solver to move', async () => {
  const f = fake();
  const c = new TrainingCtrl(f.deps, () => {});
  await c.load();
  await f.run();
  await c.move('x9x9');
  assert.equal(c.phase, 'play');
  assert.equal(c.mistake, false);
});

test('the solution shown plays the rest and fails the puzzle', async () => {
  const f = fake();
  const c = new TrainingCtrl(f.deps, () => {});
  await c.load();
  await f.run();
  c.showSolution();
  await f.run();
  assert.equal(c.phase, 'failed');
  assert.deepEqual(c.moves, ['a7a6', 'e2e4', 'e7e5', 'd1h5']);
  assert.deepEqual(f.solved, [{ id: 'p1', win: false }]);
});

test('a streak counts puzzles solved in a row, unrated, and ends at the first mistake', async () => {
  const two = { ...puzzle, puzzle: { ...puzzle.puzzle, id: 'p2' } };
  const f = fake({ streak: [puzzle, two] });
  const c = new TrainingCtrl(f.deps, () => {});
  c.setMode('streak');
  await settle();
  await settle();
  await f.run();
  await c.move('e2e4');
  await f.run();
  await c.move('d1h5');
  await settle();
  assert.equal(c.phase, 'solved');
  assert.equal(c.streakCount, 1);
  c.next();
  await settle();
  await settle();
  await f.run();
  assert.equal(c.puzzle.puzzle.id, 'p2');
  await c.move('d2d4');
  await f.run();
  assert.equal(c.phase, 'failed');
  assert.equal(c.streakCount, 1);
  assert.deepEqual(f.solved, [], 'a streak is not rated');
});

test('no puzzle left', async () => {
  const f = fake({ puzzles: [] });
  const c = new TrainingCtrl(f.deps, () => {});
  await c.load();
  assert.equal(c.phase, 'none');
});

test('the winner of a result', () => {
  assert.equal(winner('1-0'), 'white');
  assert.equal(winner('0-1'), 'black');
  assert.equal(winner('1/2-1/2'), undefined);
  assert.equal(winner('*'), undefined);
});

test('the activity\'s NDJSON read line by line, a line that is no attempt skipped', () => {
  const line = { date: 1, win: true, puzzle: { id: 'p1', fen: 'f', lastMove: 'a7a6', plays: 1, rating: 1500, solution: [], themes: [] } };
  const text = `${JSON.stringify(line)}\n\nnot json\n{"date":2}\n${JSON.stringify({ ...line, win: false })}\n`;
  assert.deepEqual(readActivity(text).map(a => a.win), [true, false]);
});
