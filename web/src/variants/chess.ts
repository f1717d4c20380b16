// Chess and Chess960: the chess board's variants without hooks of their
// own; what they are comes from the server's registration, how they are
// drawn from the chess board kind (variants.ts).

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
};
