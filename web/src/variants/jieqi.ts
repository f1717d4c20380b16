// Jieqi (揭棋): xiangqi with hidden pieces, on the xiangqi board. The FEN
// has X (Red) and x (Black) for face-down pieces, which the board draws as
// plain discs; a step's ext says what a face-down mover turned up as and
// what it took ("?" when taken face down and the viewer is not the
// captor); the state's ext lists the pieces each side has lost, as far as
// this viewer knows them. This module draws that list in the side panel
// and marks the moves that turned a piece over. Its moves are written as
// xiangqi's are, in Chinese notation in the reader's script (notation.ts,
// as the server's variant/jieqi: a face-down mover named as the piece of
// its point, then what it showed: 炮二平五 翻俥, 炮八进七 翻兵 吃暗子), WXF
// (the server's: C2.5=R) or ICCS with the FEN letters ("h2e2=R",
// "b2b9=Cx?").

import { type Color, type State, type Step, extOf } from '../api';
import { type Key, language, script, spacedLatin, t } from '../i18n';
import { boardOf } from '../movetext';
import { jieqiChinese, jieqiICCS, jieqiMove } from '../notation';
import type { MoveSpeech, Notations, PanelFactory, StepContext, VariantModule } from '../variants';
import { pieceLook } from '../xiangqi';
import { sideName, variantOf } from '../variants';

// JieqiTaken is jieqi's part of a state (Go's jieqigame.Taken): per side
// (Red, Black) the pieces of that side taken whose type this viewer knows
// (FEN letters, upper case Red), and how many were taken face down
// without this viewer knowing what they were.
export interface JieqiTaken { known: [string, string]; unknown: [number, number] }

// JieqiTurned is jieqi's part of a step (Go's jieqigame.Turned): the piece
// a face-down mover turned up as, and the piece taken ("?": taken face
// down, and the viewer is not its captor).
export interface JieqiTurned { reveal: string; took: string }

// TakenPiece is one disc of the taken list: its side, and its character
// ("?" when unknown).
export interface TakenPiece { color: Color; glyph: string; unknown: boolean }

// takenPieces lists each side's lost pieces as the panel draws them: the
// known ones as their characters, then a "?" for each unknown one.
export function takenPieces(s: Pick<State, 'ext'>): Record<Color, TakenPiece[]> {
  const x = extOf<JieqiTaken>(s);
  const side = (i: 0 | 1, color: Color): TakenPiece[] => [
    ...[...(x.known?.[i] ?? '')].map(ch => ({ color, glyph: pieceLook(ch).glyph, unknown: false })),
    ...Array.from({ length: x.unknown?.[i] ?? 0 }, () => ({ color, glyph: '?', unknown: true })),
  ];
  return { white: side(0, 'white'), black: side(1, 'black') };
}

// jieqiStart is the public start: a move without a FEN before is read from it.
const jieqiStart = 'xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1';

// chinese is a move in Chinese notation in the reader's script; the
// server's (traditional) for a step the browser cannot read.
const chinese = (m: Step, before?: string): string =>
  (m.uci && jieqiChinese(before ?? jieqiStart, m.uci, extOf<JieqiTurned>(m), script())) || m.san;

// notations are xiangqi's three, remembered under the same key: one
// choice for both games on the xiangqi board.
const notations: Notations = {
  storageKey: 'gambit.xiangqiNotation',
  options: [
    { id: 'chinese', label: 'notation.chinese', text: chinese },
    { id: 'wxf', label: 'notation.wxf', text: m => m.wxf || m.san },
    { id: 'iccs', label: 'notation.iccs', text: m => jieqiICCS(m.uci, extOf<JieqiTurned>(m)) },
  ],
};

// speak says a move as the move list writes it in Chinese.
const speak: MoveSpeech = (m, before, check) => {
  const move = chinese(m, before);
  return check ? t('speak.check', { move }) : move;
};

// takenPanel is jieqi's side panel: the pieces each side has lost.
const takenPanel: PanelFactory = () => {
  const box = document.getElementById('variant-panel')!;
  return {
    render: ({ state }) => {
      const v = variantOf(state.variant);
      const taken = takenPieces(state);
      box.hidden = false;
      box.className = 'variant-panel taken';
      box.textContent = '';
      box.appendChild(Object.assign(document.createElement('span'), { className: 'taken-title', textContent: t('jieqi.taken') }));
      for (const c of ['white', 'black'] as const) {
        const row = Object.assign(document.createElement('div'), { className: 'taken-row' });
        row.dataset.color = c;
        row.appendChild(Object.assign(document.createElement('span'), { className: 'taken-side', textContent: sideName(v, c) }));
        for (const p of taken[c]) {
          const d = Object.assign(document.createElement('span'), { className: `taken-piece ${c === 'white' ? 'red' : 'black'}${p.unknown ? ' unknown' : ''}`, textContent: p.glyph });
          if (p.unknown) d.title = t('jieqi.unknown');
          row.appendChild(d);
        }
        box.appendChild(row);
      }
    },
    destroy: () => {
      box.hidden = true;
      box.textContent = '';
      box.className = 'variant-panel';
    },
  };
};

// names are xiangqi's pieces within a sentence, by FEN letter (either
// side's, either letter of the horse and the elephant): its character
// in the reader's script, and in English its name with it.
const names: Record<string, Key> = {
  R: 'xq.name.chariot', N: 'xq.name.horse', H: 'xq.name.horse', B: 'xq.name.elephant', E: 'xq.name.elephant',
  A: 'xq.name.advisor', C: 'xq.name.cannon', P: 'xq.name.soldier', K: 'xq.name.general',
};

// pieceWords names a piece (FEN letter) in a sentence: "a chariot (俥)", "俥".
export const pieceWords = (letter: string): string =>
  t(names[letter.toUpperCase()] ?? 'xq.name.soldier', { glyph: pieceLook(letter).glyph });

// pointName names the point a face-down mover left as the move list's
// notation (Chinese by default) names a piece where it stands, that is, as
// the move itself begins: in Chinese notation by the piece of its point and
// its file counted from its side's right (傌二, 砲２; 前炮 where two such
// stand on one file), in WXF the same in letters (H2), in ICCS by its
// square (h0). The board's labels are the notation's: 九…一 and 1…9 under
// the Chinese and WXF, a…i and 0…9 under ICCS.
export function pointName(m: Step, before: string | undefined, notation = 'chinese'): string {
  const square = m.uci.slice(0, 2);
  if (notation === 'iccs') return square;
  if (notation === 'wxf') return m.wxf?.slice(0, 2) || square;
  return jieqiMove(before ?? jieqiStart, m.uci, script())?.slice(0, 2) ?? square;
}

// turnedWords say what a move turned over, played from the FEN before,
// the point named in the notation of ctx: what the face-down piece it
// moved turned up as ("Red's face-down piece at 傌二 turned up a chariot
// (俥)."), and whose face-down piece it took and what it was, when this
// viewer took it (or that only its captor knows).
export function turnedWords(m: Step, before: string | undefined, ctx?: StepContext): string | undefined {
  const x = extOf<JieqiTurned>(m);
  const v = variantOf('jieqi');
  const side = sideName(v, m.color);
  const said: string[] = [];
  if (x.reveal) said.push(t('jieqi.revealed', { side, point: spacedLatin(pointName(m, before, ctx?.notation)), piece: pieceWords(x.reveal) }));
  const target = before ? boardOf(before).get(m.uci.slice(2, 4)) : undefined;
  if (x.took && (target === 'X' || target === 'x')) {
    const victim = sideName(v, m.color === 'white' ? 'black' : 'white');
    said.push(x.took === '?' ? t('jieqi.tookUnknown', { side, victim }) : t('jieqi.tookDown', { side, victim, piece: pieceWords(x.took) }));
  }
  return said.length ? said.join(language() === 'en' ? ' ' : '') : undefined; // Chinese sentences run on without a space
}

export const jieqi: VariantModule = {
  name: 'jieqi',
  label: 'variant.jieqi',
  tag: 'variant.jieqi.tag',
  help: 'variant.jieqi.help',
  levels: { easy: 'level.jieqi.easy', hard: 'level.jieqi.hard' },
  rules: 'variant.jieqi.rules',
  setup: { label: 'setup.jieqi', placeholder: 'setup.jieqi.placeholder' },
  fair: 'fair.jieqi',
  notations,
  speak,
  panel: takenPanel,
  stepMark: (m, before, ctx) => {
    const reveal = extOf<JieqiTurned>(m).reveal;
    return reveal ? { cls: 'reveal', title: turnedWords(m, before, ctx) ?? t('moves.reveal', { piece: pieceLook(reveal).glyph }) } : undefined;
  },
  stepWords: turnedWords,
};
