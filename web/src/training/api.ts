// The puzzle page's calls to the server: lichess's puzzle API
// (server/puzzles; the shapes of @lichess-org/types) with Gambit's few
// additions, and the analysis board's position endpoint for the legal
// moves of each position (the page keeps no rules of its own).

import type { components } from '@lichess-org/types';
import { json, post } from '../api';

type Lichess = components['schemas'];

// Puzzle is lichess's PuzzleAndGame with Gambit's fields: puzzle.variant
// (the variant's key), game.source (where it came from: a file and its
// game's number, or a game's id on this server). puzzle.fen is the
// position before the opponent's move, lastMove that move, solution the
// rest (coordinate text: UCI; ICCS on a xiangqi board).
export type Puzzle = Lichess['PuzzleAndGame'] & {
  puzzle: Lichess['PuzzleAndGame']['puzzle'] & { variant: string; fen: string; lastMove: string };
  game: Lichess['PuzzleAndGame']['game'] & { source?: string };
};

// Glicko is the solver's puzzle rating.
export type Glicko = Lichess['PuzzleGlicko'];

// Solved is POST /api/puzzle/batch/{angle}'s answer.
export type Solved = Omit<Lichess['PuzzleBatchSolveResponse'], 'puzzles'> & { puzzles?: Puzzle[] };

// ThemeCount is one entry of GET /api/training/themes.
export interface ThemeCount { key: string; count: number }

const query = (params: Record<string, string>) => new URLSearchParams(params).toString();

// Next is a puzzle to play, if any is left, and the solver's rating.
export interface Next { puzzle?: Puzzle; glicko?: Glicko }

// nextPuzzle is GET /api/puzzle/batch/{angle} for one puzzle: near the
// solver's rating, not played before, of the theme (angle) asked; none
// when every one was played (lichess's /api/puzzle/next says that with a
// 404, which a browser logs as an error).
export const nextPuzzle = (variant: string, angle: string): Promise<Next> =>
  fetch(`/api/puzzle/batch/${encodeURIComponent(angle)}?${query({ variant, nb: '1' })}`)
    .then(r => json<{ puzzles?: Puzzle[]; glicko?: Glicko }>(r)).then(b => ({ puzzle: b.puzzles?.[0], glicko: b.glicko }));

// dailyPuzzle is GET /api/puzzle/daily: the day's puzzle.
export const dailyPuzzle = (variant: string) => fetch(`/api/puzzle/daily?${query({ variant })}`).then(r => json<Puzzle>(r));

// puzzleByID is GET /api/puzzle/{id}.
export const puzzleByID = (id: string) => fetch(`/api/puzzle/${encodeURIComponent(id)}`).then(r => json<Puzzle>(r));

// streak is GET /api/training/streak: puzzles of rising rating.
export const streak = (variant: string) =>
  fetch(`/api/training/streak?${query({ variant })}`).then(r => json<{ puzzles: Puzzle[] }>(r)).then(s => s.puzzles);

// themes lists the themes of the variant's puzzles, with their counts.
export const themes = (variant: string) => fetch(`/api/training/themes?${query({ variant })}`).then(r => json<ThemeCount[]>(r));

// solve records a first attempt (rated for a signed-in solver).
export const solve = (variant: string, angle: string, id: string, win: boolean) =>
  post(`/api/puzzle/batch/${encodeURIComponent(angle)}?${query({ variant, nb: '0' })}`, { solutions: [{ id, win, rated: true }] })
    .then(r => json<Solved>(r));

// Activity is one line of GET /api/puzzle/activity: a first attempt.
export type Activity = Lichess['PuzzleActivity'];

// activity is the solver's last first attempts, the newest first (a
// signed-out browser's by its player cookie): none for a browser that has
// played none.
export async function activity(max: number): Promise<Activity[]> {
  const res = await fetch(`/api/puzzle/activity?${query({ max: String(max) })}`);
  if (res.status === 401) return []; // no player cookie yet: nothing played
  if (!res.ok) await json<unknown>(res); // throws the server's error
  return readActivity(await res.text());
}

// readActivity reads activity's NDJSON, skipping a line that is not an
// attempt.
export function readActivity(text: string): Activity[] {
  const out: Activity[] = [];
  for (const line of text.split('\n')) {
    if (!line.trim()) continue;
    try {
      const a = JSON.parse(line) as Partial<Activity>;
      if (typeof a.date === 'number' && typeof a.win === 'boolean' && typeof a.puzzle?.id === 'string' && typeof a.puzzle.rating === 'number') out.push(a as Activity);
    } catch {
      // not JSON: skipped
    }
  }
  return out;
}
