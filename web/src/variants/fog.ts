// Fog of war: chess where each side sees only its own pieces and the
// squares they could move to. The server cuts every state per viewer (the
// fen has unseen squares empty, the state's ext lists them, the opponent's
// steps are "?"); this module marks the unseen squares. No check: the king
// is captured. The registration says the rest (no takeback, hand-over on
// one screen, draws judged).

import { type Step, extOf } from '../api';
import { t } from '../i18n';
import { boardOf } from '../movetext';
import type { StepContext, VariantModule } from '../variants';
import { pieceNames } from './bomb';

// FogView is fog of war's part of a state (Go's foggame.Fog): the squares
// the viewer cannot see (the fen has them empty).
export interface FogView { fog: string[] }

// lostWords say which of the viewer's pieces an opponent's move took,
// unseen: "Your rook on h1 was captured." They are worked out from the
// viewer's own view alone, the board it saw before the move (the FEN
// before) and after it (the step's FEN): a piece of the viewer's that stood
// on a square before and is not there after was taken (en passant
// included), since only a capture moves a player's piece on the
// opponent's move. Nothing for a spectator, or for the viewer's own move.
export function lostWords(m: Step, before: string | undefined, ctx?: StepContext): string | undefined {
  const me = ctx?.viewer;
  if (!me || m.color === me || !before || !m.fen) return undefined;
  const after = boardOf(m.fen);
  for (const [square, pc] of boardOf(before)) {
    if ((pc === pc.toUpperCase()) !== (me === 'white') || after.get(square) === pc) continue;
    return t('fog.lost', { piece: t(pieceNames[pc.toUpperCase()] ?? 'piece.name.pawn'), square });
  }
  return undefined;
}

export const fogofwar: VariantModule = {
  name: 'fogofwar',
  label: 'variant.fogofwar',
  tag: 'variant.fogofwar.tag',
  help: 'variant.fogofwar.help',
  levels: { easy: 'level.fogofwar.easy', hard: 'level.fogofwar.hard' },
  rules: 'variant.fogofwar.rules',
  reasons: {
    'king captured': 'reason.kingCaptured',
    'bare kings': 'reason.bareKings',
  },
  spectatorNote: 'status.fogWatching',
  stepWords: lostWords,
  // The fog of the live position only: reviewed plies carry no fog, only the view.
  marks: (s, live) => (live ? Object.fromEntries((extOf<FogView>(s).fog ?? []).map(k => [k, ['fog']])) : {}),
};
