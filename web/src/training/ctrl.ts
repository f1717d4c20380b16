// The puzzle page's controller, no DOM: which puzzle is on the board, where
// its solution stands, and what the solver did, as lichess's puzzle page
// plays one. The board shows the position before the opponent's mistake,
// then that move; the solver finds each move of the solution, the
// opponent's answers played for it. A wrong move is shown, taken back and
// marks the puzzle failed (the solver may go on, or see the solution); any
// move that mates is right, as lichess counts it. The first attempt is
// sent to be rated; a streak goes on from puzzle to puzzle until the first
// mistake. Every position's legal moves come from the server.

import type { Color } from '../api';
import type { Position } from '../analysis/api';
import type { Glicko, Next, Puzzle, Solved } from './api';

// Mode is how puzzles come: rated ones near the solver's rating, a streak
// of rising ones (unrated, one mistake ends it), or the day's.
export type Mode = 'rated' | 'streak' | 'daily';

// Phase is where the solver stands in a puzzle.
export type Phase =
  | 'loading' // no puzzle yet
  | 'opening' // the opponent's move is about to be played
  | 'play' // the solver's turn
  | 'reply' // a right move, the opponent answers
  | 'wrong' // a wrong move shown, about to be taken back
  | 'solved' // the last move found
  | 'failed' // the solution was shown, or a streak's mistake
  | 'none' // no puzzle left of this kind
  | 'error';

// Deps are what the controller calls: the server and the clock (tests
// give their own).
export interface Deps {
  next(mode: Mode, variant: string, angle: string): Promise<Next>;
  byID(id: string): Promise<Puzzle | undefined>;
  streak(variant: string): Promise<Puzzle[]>;
  position(variant: string, fen: string, moves: string[]): Promise<Position>;
  solve(variant: string, angle: string, id: string, win: boolean): Promise<Solved>;
  later(ms: number, f: () => void): void;
}

// Delays: before the opponent's first move, before its answers, a wrong
// move on the board, and each move of a solution shown.
export const delays = { opening: 600, reply: 350, wrong: 700, solution: 550 };

export class TrainingCtrl {
  mode: Mode = 'rated';
  variant = 'chess';
  angle = 'mix'; // a theme's key, or mix: any
  phase: Phase = 'loading';
  puzzle?: Puzzle;
  pos?: Position; // the position on the board, with its legal moves
  moves: string[] = []; // played from the puzzle's FEN: the opponent's move, then the solution so far
  mistake = false; // the solver got a move wrong (or asked for the solution): the puzzle counts as failed
  wrongMove = ''; // the wrong move shown, while phase is 'wrong'
  glicko?: Glicko; // the solver's rating, after the last answer
  ratingDiff?: number; // what the last puzzle changed it by
  streakCount = 0;
  reported = 0; // first attempts the server took since the page opened (the history shows them)
  error: unknown; // why the last call failed, if it did
  startFen = ''; // the position the solver starts from, after the opponent's move
  private streakQueue: Puzzle[] = [];
  private wanted = ''; // a puzzle asked for by its id (/training/{id}), played first
  missing = false; // the puzzle asked for by its id is not on this server
  private sent = false; // the first attempt at this puzzle was sent
  private token = 0; // a newer puzzle invalidates the answers still coming for an older one

  constructor(private deps: Deps, private redraw: () => void) {}

  // solver is the side the solver plays: the side to move after the
  // opponent's move, so the other side of the FEN's.
  get solver(): Color {
    const side = this.puzzle?.puzzle.fen.split(' ')[1];
    return side === 'b' ? 'white' : 'black';
  }

  // solution is the puzzle's moves after the opponent's first.
  get solution(): string[] {
    return this.puzzle?.puzzle.solution ?? [];
  }

  // over says the puzzle is done, right or wrong.
  get over(): boolean {
    return this.phase === 'solved' || this.phase === 'failed';
  }

  // setMode starts afresh in mode (a streak from its start).
  setMode(mode: Mode) {
    this.mode = mode;
    this.streakCount = 0;
    this.streakQueue = [];
    void this.load();
  }

  setVariant(variant: string) {
    this.variant = variant;
    this.angle = 'mix';
    this.setMode(this.mode);
  }

  setAngle(angle: string) {
    this.angle = angle || 'mix';
    if (this.mode !== 'rated') this.mode = 'rated';
    void this.load();
  }

  // open plays the puzzle of that id, then goes on with rated puzzles of
  // its variant.
  open(id: string) {
    this.wanted = id;
    this.setMode('rated');
  }

  // load fetches the next puzzle of the mode and plays its opening move.
  async load() {
    const token = ++this.token;
    this.phase = 'loading';
    this.puzzle = undefined;
    this.ratingDiff = undefined;
    this.error = undefined;
    this.startFen = '';
    this.missing = false;
    this.redraw();
    try {
      const p = await this.fetchNext();
      if (token !== this.token) return;
      if (!p) {
        this.phase = 'none';
        this.redraw();
        return;
      }
      await this.start(p, token);
    } catch (e) {
      if (token !== this.token) return;
      this.phase = 'error';
      this.error = e;
      this.redraw();
    }
  }

  // fetchNext is the mode's next puzzle: a streak's from its queue.
  private async fetchNext(): Promise<Puzzle | undefined> {
    if (this.wanted) {
      const p = await this.deps.byID(this.wanted);
      this.wanted = '';
      if (p) this.variant = p.puzzle.variant;
      else this.missing = true;
      return p;
    }
    if (this.mode !== 'streak') {
      const n = await this.deps.next(this.mode, this.variant, this.angle);
      this.glicko = n.glicko ?? this.glicko;
      return n.puzzle;
    }
    if (this.streakQueue.length === 0) this.streakQueue = await this.deps.streak(this.variant);
    return this.streakQueue.shift();
  }

  // start shows p before the opponent's move, then plays it.
  private async start(p: Puzzle, token: number) {
    this.puzzle = p;
    this.moves = [];
    this.mistake = false;
    this.sent = false;
    this.pos = await this.deps.position(p.puzzle.variant, p.puzzle.fen, []);
    if (token !== this.token) return;
    this.phase = 'opening';
    this.redraw();
    this.deps.later(delays.opening, () => void this.advance([p.puzzle.lastMove], 'play', token));
  }

  // advance plays moves on the board and then hands over to phase next.
  private async advance(moves: string[], next: Phase, token: number) {
    if (token !== this.token || !this.puzzle) return;
    try {
      const pos = await this.deps.position(this.puzzle.puzzle.variant, this.puzzle.puzzle.fen, [...this.moves, ...moves]);
      if (token !== this.token) return;
      this.moves.push(...moves);
      this.pos = pos;
      this.phase = next;
      if (this.moves.length === 1) this.startFen = pos.fen;
    } catch (e) {
      this.phase = 'error';
      this.error = e;
    }
    this.redraw();
  }

  // step is how many moves of the solution are played.
  private get step(): number {
    return Math.max(0, this.moves.length - 1);
  }

  // move takes the solver's move (coordinate text): right, it stands and
  // the opponent answers; wrong, it is shown and taken back.
  async move(uci: string) {
    const p = this.puzzle;
    if (!p || this.phase !== 'play') return;
    const token = this.token;
    const want = this.solution[this.step];
    this.phase = 'reply';
    let pos: Position;
    try {
      pos = await this.deps.position(p.puzzle.variant, p.puzzle.fen, [...this.moves, uci]);
    } catch {
      if (token !== this.token) return;
      this.phase = 'play'; // refused (not legal there): the board is set back
      this.redraw();
      return;
    }
    if (token !== this.token) return;
    const mates = winner(pos.result) === this.solver;
    if (uci === want || mates) {
      this.moves.push(uci);
      this.pos = pos;
      if (mates || this.step >= this.solution.length) {
        this.finish(true);
        return;
      }
      this.redraw();
      const answer = this.solution[this.step];
      this.deps.later(delays.reply, () => void this.advance([answer], 'play', token));
      return;
    }
    this.mistake = true;
    this.report(false); // at once, as lichess: reloading the page does not undo it
    this.wrongMove = uci;
    this.phase = 'wrong';
    const back = this.pos;
    this.pos = pos;
    this.redraw();
    this.deps.later(delays.wrong, () => {
      if (token !== this.token) return;
      this.pos = back;
      this.wrongMove = '';
      if (this.mode === 'streak') {
        this.showSolution();
        return;
      }
      this.phase = 'play';
      this.redraw();
    });
  }

  // showSolution plays the rest of the solution, the puzzle failed.
  showSolution() {
    const p = this.puzzle;
    if (!p || this.over) return;
    this.mistake = true;
    this.report(false);
    this.phase = 'reply';
    const token = this.token;
    const rest = this.solution.slice(this.step);
    const playNext = async () => {
      if (token !== this.token) return;
      const m = rest.shift();
      if (m === undefined) {
        this.finish(false);
        return;
      }
      await this.advance([m], 'reply', token);
      this.deps.later(delays.solution, () => void playNext());
    };
    this.redraw();
    void playNext();
  }

  // finish ends the puzzle and sends its first attempt, unless a mistake
  // sent it already.
  private finish(found: boolean) {
    const p = this.puzzle;
    if (!p) return;
    const win = found && !this.mistake;
    this.phase = win || (found && this.mode !== 'streak') ? 'solved' : 'failed';
    if (this.mode === 'streak') {
      if (win) this.streakCount++;
      else this.streakQueue = [];
    }
    this.report(win);
    this.redraw();
  }

  // report sends the first attempt at the puzzle, once: won, or lost at
  // the first mistake. A streak is not rated and sends nothing.
  private report(win: boolean) {
    const p = this.puzzle;
    if (!p || this.sent || this.mode === 'streak') return;
    this.sent = true;
    const token = this.token;
    this.deps.solve(p.puzzle.variant, this.angle, p.puzzle.id, win).then(r => {
      if (token !== this.token) return;
      this.glicko = r.glicko ?? this.glicko;
      this.ratingDiff = r.rounds?.find(x => x.id === p.puzzle.id)?.ratingDiff;
      this.reported++;
      this.redraw();
    }, (e: unknown) => {
      if (token !== this.token) return;
      this.error = e;
      this.redraw();
    });
  }

  // next goes on: the next puzzle, or after a streak's end a new streak.
  next() {
    if (this.mode === 'streak' && this.phase === 'failed') {
      this.streakCount = 0;
      this.streakQueue = [];
    }
    void this.load();
  }

  // lastMove is the move that led to the position shown.
  get lastMove(): string | undefined {
    return this.wrongMove || this.moves[this.moves.length - 1];
  }
}

// winner is the side a PGN result gives the game to, if any (the first
// side, White or Red, is 'white').
export function winner(result: string): Color | undefined {
  return result === '1-0' ? 'white' : result === '0-1' ? 'black' : undefined;
}
