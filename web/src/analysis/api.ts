// The analysis board's calls to the server (server/analysis, and the
// review and opening endpoints).

import { BoardKind, Color, json, post } from '../api';
import { language } from '../i18n';
import type { MoveData } from './tree';

// GameRecord is GET /api/games/{id}/analysis.
export interface GameRecord {
  variant: string;
  board: BoardKind;
  initial_fen: string;
  moves: MoveData[];
  tags: Record<string, string>;
  result: string;
}

// Position is POST /api/analysis/position's answer.
export interface Position {
  variant: string;
  board: BoardKind;
  initial_fen: string;
  moves: MoveData[];
  fen: string;
  turn: Color;
  dests: Record<string, string[]>;
  check?: string;
  result: string;
  termination?: string;
}

// ReviewMove is one move of a game's review (the server's review, cp from
// White's/Red's side).
export interface ReviewMove {
  ply: number;
  side: Color;
  san: string;
  uci: string;
  before: number;
  after: number;
  mate_before: number;
  mate_after: number;
  win_before: number;
  win_after: number;
  accuracy: number;
  class: '' | 'inaccuracy' | 'mistake' | 'blunder';
  book: boolean;
  best_san: string;
  best_uci: string;
}

// SideStats are one side's figures in a review.
// judged: the side's moves judged (0 when all were book; absent in reviews
// stored before it was sent).
export interface SideStats { accuracy: number; acpl: number; inaccuracies: number; mistakes: number; blunders: number; judged?: number }

// Review is a finished review.
export interface Review { engine: string; budget: unknown; moves: ReviewMove[]; white: SideStats; black: SideStats }

// ReviewState is GET /api/games/{id}/review.
export interface ReviewState {
  state: 'none' | 'queued' | 'running' | 'done' | 'failed';
  done: number;
  total: number;
  review: Review | null;
}

// Opening is GET /api/opening's answer.
export interface Opening { eco: string; name: string; ply: number }

export const gameRecord = (id: string) => fetch(`/api/games/${encodeURIComponent(id)}/analysis`).then(r => json<GameRecord>(r));

// play asks for the moves from fen (and the position they reach).
export const play = (variant: string, fen: string, moves: string[]) =>
  post('/api/analysis/position', { variant, fen, moves }).then(r => json<Position>(r));

// lines writes lines of moves from fen (an engine's lines, a link's
// variations) in one request: each move with its notation and the
// position after it.
export const lines = (variant: string, fen: string, ls: string[][]) =>
  post('/api/analysis/position', { variant, fen, lines: ls }).then(r => json<{ lines?: MoveData[][] }>(r)).then(p => p.lines ?? []);

// setup reads a pasted FEN or PGN.
export const setup = (variant: string, text: string) => post('/api/analysis/position', { variant, setup: text }).then(r => json<Position>(r));

// reviewState asks in the page's language (which the settings may have
// chosen over the browser's): the server writes a xiangqi review's moves
// in its script.
export const reviewState = (id: string) =>
  fetch(`/api/games/${encodeURIComponent(id)}/review`, { headers: { 'Accept-Language': language() } }).then(r => json<ReviewState>(r));

export const requestReview = (id: string) => post(`/api/games/${encodeURIComponent(id)}/review`, {}).then(r => json<{ state: string }>(r));

// opening names the opening of moves from start; undefined when none is
// known (or the server has no opening table).
export async function opening(start: string, moves: string[]): Promise<Opening | undefined> {
  const q = new URLSearchParams({ fen: start, moves: moves.join(',') });
  const res = await fetch(`/api/opening?${q}`);
  if (!res.ok) return undefined;
  const o = (await res.json().catch(() => undefined)) as Opening | undefined;
  return o && typeof o.name === 'string' ? o : undefined;
}
