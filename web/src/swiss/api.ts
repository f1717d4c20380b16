// The Swiss events' calls to the server: lichess's Swiss API in lichess's
// shapes (@lichess-org/types SwissTournament) for creating, joining and
// withdrawing, and Gambit's own reads for its pages (server/swiss/page.go):
// the list (GET /api/swiss) and the live page's WebSocket
// (/swiss/{id}/socket); made as the arenas' are (../tourney/api.ts).

import type { components } from '@lichess-org/types';
import { type Message, type Place, type SocketHooks, TourneySocket, answer, callsAt, decodeWith, postForm } from '../tourney/api';

type Lichess = components['schemas'];

// SwissSummary is one event as GET /api/swiss/{id} answers it: lichess's
// SwissTournament, its variant a Gambit key where lichess has none
// (xiangqi), and Gambit's mark of a private one.
export type SwissSummary = Omit<Lichess['SwissTournament'], 'variant' | 'status'> & {
  variant: string;
  status: 'created' | 'started' | 'finished';
  private?: boolean;
};

// SwissList is GET /api/swiss: to start, playing, finished.
export interface SwissList { created: SwissSummary[]; started: SwissSummary[]; finished: SwissSummary[] }

// SwissStanding is one line of the standings: the points and the two
// tie-breaks (Buchholz, Sonneborn–Berger); absent: withdrawn.
export interface SwissStanding {
  rank: number;
  name: string;
  rating: number;
  points: number;
  buchholz: number;
  sonnebornBerger: number;
  absent?: boolean;
}

// SwissPairing is one game of a round, or a bye (no black, no game).
// result: "1-0", "0-1", "½-½", "*" being played, "+" a bye, "0" not played.
export interface SwissPairing { game?: string; white: string; black?: string; result: string }

// SwissPage is the event's live page, as the socket's reload sends it.
export type SwissPage = SwissSummary & {
  minRating?: number;
  maxRating?: number;
  botsAllowed?: boolean;
  description?: string;
  standings: SwissStanding[];
  rounds: SwissPairing[][];
  podium?: SwissStanding[];
};

// SwissMe is the viewer's own place once they joined: rank, the game they
// play in the round under way, whether they withdrew.
export interface SwissMe extends Place { absent?: boolean }

// SwissMessage is a message of the event's socket: the whole page (reload),
// or the viewer's own place (me).
export type SwissMessage = Message<SwissPage, SwissMe>;

// decodeMessage reads a socket message (a page has its standings and
// rounds); undefined for anything else.
export const decodeMessage = (text: string): SwissMessage | undefined =>
  decodeWith<SwissPage, SwissMe>(text, d => Array.isArray(d.standings) && Array.isArray(d.rounds));

const calls = callsAt<SwissSummary>('/api/swiss');

// listSwiss is GET /api/swiss.
export const listSwiss = () => fetch('/api/swiss').then(r => answer<SwissList>(r));

// createSwiss is POST /api/swiss/new/{teamId}: Gambit has no teams, "-"
// stands for one.
export const createSwiss = (fields: URLSearchParams) => postForm('/api/swiss/new/-', fields).then(r => answer<SwissSummary>(r));

// getSwiss is GET /api/swiss/{id}: lichess's summary, before the socket
// gives the page.
export const getSwiss = calls.get;

// joinSwiss is POST /api/swiss/{id}/join, with the password of a private
// event.
export const joinSwiss = calls.join;

// withdrawSwiss is POST /api/swiss/{id}/withdraw.
export const withdrawSwiss = calls.withdraw;

// swissSocket follows the event on /swiss/{id}/socket.
export const swissSocket = (id: string, hooks: SocketHooks<SwissMessage>) =>
  new TourneySocket(`/swiss/${encodeURIComponent(id)}/socket`, decodeMessage, hooks);

// swissCalls are the event page's calls and socket.
export const swissCalls = { get: getSwiss, join: joinSwiss, withdraw: withdrawSwiss, socket: swissSocket };
