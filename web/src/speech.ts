// The words moves are said with, for the screen readers' live region
// (round/view/announce.ts): chess SAN in words in the user's language
// (movetext.ts speakSAN), xiangqi in Chinese notation in the user's script.

import type { Step } from './api';
import { Key, script, t } from './i18n';
import { SpokenWords, speakSAN } from './movetext';
import { xiangqiChinese, xiangqiStart } from './notation';

const pieces: Record<string, Key> = { K: 'piece.king', Q: 'piece.queen', R: 'piece.rook', B: 'piece.bishop', N: 'piece.knight' };

// spokenWords are the SpokenWords of the user's language.
export const spokenWords = (): SpokenWords => ({
  piece: l => t(pieces[l] ?? 'piece.pawn'),
  to: (piece, square) => t('speak.to', { piece, square }),
  takes: (piece, square) => t('speak.takes', { piece, square }),
  pawnTo: square => t('speak.pawnTo', { square }),
  pawnTakes: (file, square) => t('speak.pawnTakes', { file, square }),
  castle: long => t(long ? 'speak.castleLong' : 'speak.castleShort'),
  promote: (move, piece) => t('speak.promote', { move, piece }),
  check: move => t('speak.check', { move }),
  mate: move => t('speak.mate', { move }),
});

// speakChess says a chess move: its SAN in words.
export const speakChess = (m: Step): string => speakSAN(m.san, spokenWords());

// speakXiangqi says a xiangqi move in Chinese notation, in the user's
// script (the server's text for a move the browser cannot read: a
// face-down piece), and whether it gives check.
export function speakXiangqi(m: Step, before: string | undefined, check: boolean): string {
  const move = (m.uci && xiangqiChinese(before ?? xiangqiStart, m.uci, script())) || m.san;
  return check ? t('speak.check', { move }) : move;
}
