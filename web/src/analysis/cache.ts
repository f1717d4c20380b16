// What the analysis board has learnt from the server, kept in the page so
// that it asks for each thing once: each position's legal moves (by
// variant and FEN, whichever path reaches it), each move's notation and
// the position after it (by variant, the FEN before it and its coordinate
// text: an engine line of moves already written needs no request), and
// the openings' names. Each is a small LRU, so a long study keeps the
// newest and the page's memory stays bounded; a request under way is
// shared by whoever asks the same meanwhile, and a failed one forgotten
// (asked again later).

import type { Opening, Position } from './api';
import type { MoveData } from './tree';

// LRU is a map holding its newest max entries: reading an entry makes it
// the newest, and adding past max drops the oldest.
export class LRU<K, V> {
  private m = new Map<K, V>();

  constructor(readonly max: number) {}

  get(k: K): V | undefined {
    const v = this.m.get(k);
    if (v !== undefined) {
      this.m.delete(k);
      this.m.set(k, v);
    }
    return v;
  }

  has(k: K): boolean {
    return this.m.has(k);
  }

  set(k: K, v: V) {
    this.m.delete(k);
    this.m.set(k, v);
    if (this.m.size > this.max) this.m.delete(this.m.keys().next().value as K);
  }

  delete(k: K) {
    this.m.delete(k);
  }

  get size(): number {
    return this.m.size;
  }
}

// Asks are the server's answers Answers reads (api.ts's calls; a test's
// stand-ins).
export interface Asks {
  play(variant: string, fen: string, moves: string[]): Promise<Position>;
  lines(variant: string, fen: string, lines: string[][]): Promise<MoveData[][]>;
  opening(start: string, moves: string[]): Promise<Opening | undefined>;
}

// The most lines and moves one request writes (server/analysis maxLines
// and maxAnalysisPlies).
export const maxLinesAsked = 64;
export const maxMovesAsked = 600;

// chunks splits lines into requests the server takes: at most
// maxLinesAsked lines and maxMovesAsked moves each (a longer line alone).
export function chunks(lines: string[][]): string[][][] {
  const out: string[][][] = [];
  let cur: string[][] = [];
  let moves = 0;
  for (const l of lines) {
    if (cur.length > 0 && (cur.length >= maxLinesAsked || moves + l.length > maxMovesAsked)) {
      out.push(cur);
      cur = [];
      moves = 0;
    }
    cur.push(l);
    moves += l.length;
  }
  if (cur.length > 0) out.push(cur);
  return out;
}

// Answers keeps what the server answered the analysis board.
export class Answers {
  private positions = new LRU<string, Position>(500);
  private asking = new Map<string, Promise<Position>>();
  private moves = new LRU<string, MoveData>(20000);
  private openings = new LRU<string, Opening | null>(500);
  private openingAsks = new Map<string, Promise<Opening | undefined>>();
  // asked counts the requests sent, for the tests.
  asked = 0;

  constructor(private asks: Asks) {}

  // known is the position of variant at fen, once answered.
  known(variant: string, fen: string): Position | undefined {
    return this.positions.get(`${variant} ${fen}`);
  }

  // position asks for the position of variant at fen ("" for its start),
  // once: the answer, or the request under way.
  position(variant: string, fen: string): Promise<Position> {
    const k = `${variant} ${fen}`;
    const got = this.positions.get(k);
    if (got) return Promise.resolve(got);
    return this.play(variant, fen, []);
  }

  // play plays moves from fen, once for the same variant, fen and moves:
  // every move learnt, the position reached kept as that position's.
  play(variant: string, fen: string, moves: string[]): Promise<Position> {
    const k = `${variant} ${fen} ${moves.join(',')}`;
    const under = this.asking.get(k);
    if (under) return under;
    this.asked++;
    const p = this.asks.play(variant, fen, moves).then(pos => {
      this.learn(variant, fen === '' ? pos.initial_fen : fen, pos.moves);
      this.positions.set(`${variant} ${pos.fen}`, pos);
      if (moves.length === 0) this.positions.set(`${variant} ${fen}`, pos);
      return pos;
    });
    this.asking.set(k, p);
    const forget = () => this.asking.delete(k);
    p.then(forget, forget);
    return p;
  }

  // learn keeps moves, played one after another from fen.
  learn(variant: string, fen: string, moves: MoveData[]) {
    let before = fen;
    for (const m of moves) {
      this.moves.set(`${variant} ${before} ${m.uci}`, m);
      before = m.fen;
    }
  }

  // written is the part of line (moves in coordinate text from fen) whose
  // moves are known, from its start.
  written(variant: string, fen: string, line: string[]): MoveData[] {
    const out: MoveData[] = [];
    let before = fen;
    for (const uci of line) {
      const m = this.moves.get(`${variant} ${before} ${uci}`);
      if (!m) break;
      out.push(m);
      before = m.fen;
    }
    return out;
  }

  // writeLines asks for the moves of lines from fen in as few requests as
  // the server takes, and learns them; it returns them written.
  async writeLines(variant: string, fen: string, lines: string[][]): Promise<MoveData[][]> {
    const out: MoveData[][] = [];
    for (const chunk of chunks(lines)) {
      this.asked++;
      const got = await this.asks.lines(variant, fen, chunk);
      for (const l of got) this.learn(variant, fen, l);
      out.push(...got);
    }
    return out;
  }

  // opening names the opening of moves from start, once.
  opening(start: string, moves: string[]): Promise<Opening | undefined> {
    const k = `${start} ${moves.join(',')}`;
    const got = this.openings.get(k);
    if (got !== undefined) return Promise.resolve(got ?? undefined);
    const under = this.openingAsks.get(k);
    if (under) return under;
    const p = this.asks.opening(start, moves).then(o => {
      this.openings.set(k, o ?? null);
      return o;
    });
    this.openingAsks.set(k, p);
    const forget = () => this.openingAsks.delete(k);
    p.then(forget, forget);
    return p;
  }
}
