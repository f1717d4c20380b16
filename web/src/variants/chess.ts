// Chess and Chess960: the chess board's variants without hooks of their
// own; what they are comes from the server's registration, how they are
// drawn from the chess board kind (variants.ts).

import { t } from '../i18n';
import type { VariantModule } from '../variants';

export const chess: VariantModule = {
  name: 'chess',
  label: 'variant.chess',
  help: 'variant.chess.help',
};

// chess960 is chess from a shuffled back rank, on the chess board: the
// server draws the start (or reads the number, FEN or PGN pasted), and its
// dests offer castling as the king's move onto its own rook, which
// ChessBoard sends as king square + rook square.
export const chess960: VariantModule = {
  name: 'chess960',
  label: 'variant.chess960',
  tag: 'variant.chess960.tag',
  help: 'variant.chess960.help',
  setup: { label: 'setup.chess960', placeholder: 'setup.chess960.placeholder' },
  uciChess960: true,
  startNote: s => {
    const n = chess960Number(s.startFen ?? s.fen);
    return n === undefined ? undefined : t('head.chess960', { n: String(n) });
  },
};

// Scharnagl's numbering of the 960 start positions (the one lichess and
// the server's "0".."959" use, 518 the standard start): for number n, the
// light-squared bishop stands on file b, d, f or h by n % 4, the dark one
// on a, c, e or g by (n / 4) % 4, the queen on the (n / 16) % 6-th free
// square, the knights on the free squares knightPairs[n / 96] names, and
// rook, king, rook on the three left.
const knightPairs = [[0, 1], [0, 2], [0, 3], [0, 4], [1, 2], [1, 3], [1, 4], [2, 3], [2, 4], [3, 4]];

// chess960Number is the number of the Chess960 start position fen holds
// (its back ranks and pawns as at the start, either side to move), or
// undefined when it is not one.
export function chess960Number(fen: string): number | undefined {
  const rows = fen.split(' ')[0]?.split('/') ?? [];
  if (rows.length !== 8 || rows[1] !== 'pppppppp' || rows[6] !== 'PPPPPPPP' || rows.slice(2, 6).some(r => r !== '8')) return undefined;
  const rank = rows[7];
  if (rows[0] !== rank.toLowerCase() || !/^[RNBQK]{8}$/.test(rank)) return undefined;
  const at = (p: string) => [...rank].flatMap((c, i) => (c === p ? [i] : []));
  const [bishops, queens, knights] = [at('B'), at('Q'), at('N')];
  if (bishops.length !== 2 || queens.length !== 1 || knights.length !== 2 || (bishops[0] + bishops[1]) % 2 === 0) return undefined;
  const light = bishops.find(f => f % 2 === 1)!;
  const dark = bishops.find(f => f % 2 === 0)!;
  let free = [0, 1, 2, 3, 4, 5, 6, 7].filter(f => f !== light && f !== dark);
  const q = free.indexOf(queens[0]);
  free = free.filter(f => f !== queens[0]);
  const kn = knightPairs.findIndex(([a, b]) => free[a] === knights[0] && free[b] === knights[1]);
  const rest = free.filter(f => !knights.includes(f)).map(f => rank[f]).join('');
  if (kn < 0 || rest !== 'RKR') return undefined;
  return ((kn * 6 + q) * 4 + dark / 2) * 4 + (light - 1) / 2;
}
