// The arena tournaments' calls to the server: lichess's tournament API in
// lichess's shapes (@lichess-org/types), with Gambit's few additions (the
// viewer's own standing, a private tournament's mark, a withdrawn or
// paused player's mark, a variant key lichess has not: xiangqi), and the
// tournament page's WebSocket; made as the Swiss events' are
// (../tourney/api.ts).

import type { components } from '@lichess-org/types';
import { type Message, type Place, type SocketHooks, TourneySocket, answer, callsAt, decodeWith, postAction, postForm } from '../tourney/api';

type Lichess = components['schemas'];

// ArenaVariant is a tournament's variant: lichess's keys ("standard",
// "chess960") and Gambit's ("xiangqi").
export interface ArenaVariant { key: string; name: string; short?: string }

// ArenaPerf is the rating a tournament counts in (a Gambit perf's key).
export interface ArenaPerf { key: string; name: string; position?: number; icon?: string }

// ArenaTournament is one tournament of the lists (GET /api/tournament).
export type ArenaTournament = Omit<Lichess['ArenaTournament'], 'variant' | 'perf'> & { variant: ArenaVariant; perf?: ArenaPerf };

// ArenaTournaments is GET /api/tournament: to start, playing, finished.
export type ArenaTournaments = { [K in keyof Lichess['ArenaTournaments']]: ArenaTournament[] };

type Full = Lichess['ArenaTournamentFull'];
type LichessPlayer = NonNullable<NonNullable<Full['standing']>['players']>[number];

// StandingPlayer is one line of the standings: lichess's, and whether the
// player withdrew or paused.
export type StandingPlayer = LichessPlayer & { withdraw?: boolean; paused?: boolean };

// Duel is a game being played: its id and its two players (n: name,
// r: rating, k: rank).
export type Duel = NonNullable<Full['duels']>[number];

// PodiumPlace is one of the finished tournament's first three.
export type PodiumPlace = NonNullable<Full['podium']>[number];

// ArenaFull is a tournament in full, as the socket's reload sends it.
// private: it asks a password to join.
export type ArenaFull = Omit<Full, 'standing'> & { standing?: { page?: number; players?: StandingPlayer[] }; private?: boolean };

// Me is the viewer's own place, when signed in and joined: rank, whether
// they withdrew or paused, the game they play now.
export interface Me extends Place { withdraw?: boolean; paused?: boolean }

// ArenaPage is GET /api/tournament/{id}: the tournament and the viewer's
// place in it.
export type ArenaPage = ArenaFull & { me?: Me };

// ArenaMessage is a message of the tournament's socket: the whole
// tournament (reload), or the viewer's own place (me).
export type ArenaMessage = Message<ArenaFull, Me>;

// decodeMessage reads a socket message; undefined for anything else.
export const decodeMessage = (text: string): ArenaMessage | undefined => decodeWith<ArenaFull, Me>(text, () => true);

const calls = callsAt<ArenaPage>('/api/tournament');

// listTournaments is GET /api/tournament.
export const listTournaments = () => fetch('/api/tournament').then(r => answer<ArenaTournaments>(r));

// getTournament is GET /api/tournament/{id}.
export const getTournament = calls.get;

// createTournament is POST /api/tournament: the new tournament in full.
export const createTournament = (fields: URLSearchParams) => postForm('/api/tournament', fields).then(r => answer<ArenaFull>(r));

// joinTournament is POST /api/tournament/{id}/join, with the password of a
// private one.
export const joinTournament = calls.join;

// withdrawTournament is POST /api/tournament/{id}/withdraw.
export const withdrawTournament = calls.withdraw;

// pauseTournament is POST /api/tournament/{id}/pause: out of the pairings,
// the points kept; joining again comes back.
export const pauseTournament = (id: string) => postAction(`${calls.path(id)}/pause`);

// arenaSocket follows the tournament on /tournament/{id}/socket.
export const arenaSocket = (id: string, hooks: SocketHooks<ArenaMessage>) =>
  new TourneySocket(`/tournament/${encodeURIComponent(id)}/socket`, decodeMessage, hooks);

// arenaCalls are the tournament page's calls and socket.
export const arenaCalls = { get: getTournament, join: joinTournament, withdraw: withdrawTournament, pause: pauseTournament, socket: arenaSocket };
