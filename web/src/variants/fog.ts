// Fog of war: chess where each side sees only its own pieces and the
// squares they could move to. The server cuts every state per viewer (the
// fen has unseen squares empty, the state's ext lists them, the opponent's
// steps are "?"); this module marks the unseen squares. No check: the king
// is captured. The registration says the rest (no takeback, hand-over on
// one screen, draws judged).

import { extOf } from '../api';
import type { VariantModule } from '../variants';

// FogView is fog of war's part of a state (Go's foggame.Fog): the squares
// the viewer cannot see (the fen has them empty).
export interface FogView { fog: string[] }

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
  // The fog of the live position only: reviewed plies carry no fog, only the view.
  marks: (s, live) => (live ? Object.fromEntries((extOf<FogView>(s).fog ?? []).map(k => [k, ['fog']])) : {}),
};
