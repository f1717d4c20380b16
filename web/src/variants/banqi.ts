// Banqi (暗棋): Taiwan's dark chess, xiangqi's 32 pieces face down on the
// banqi board (banqi.ts: 4 ranks of 8 cells). The seats are the first and
// the second player; which colour each plays is known once the first flip
// is made (the FEN's third field). A flip is the square twice ("c2c2"),
// and its step's ext says what it turned up ({"reveal": "C"}). This
// module writes the moves (a flip as "c2 翻炮", a move as "炮 c2-c3"), marks
// and words the flips, says the moves for screen readers, tells who plays
// which colour, and shows the pieces taken (the state's ext) in the side
// panel.

import { type Color, type State, type Step, extOf } from '../api';
import { type Key, t } from '../i18n';
import { type BanqiColour, faceDown, firstColour, isFlip, parseBanqiFEN, pieceColour, seatColour } from '../banqi';
import type { MoveSpeech, Notations, PanelFactory, StepContext, VariantModule } from '../variants';
import { sideName, variantOf } from '../variants';
import { pieceLook } from '../xiangqi';

// BanqiFlip is banqi's part of a flip's step (Go's banqigame): the piece it
// turned up, as a FEN letter (upper case red).
export interface BanqiFlip { reveal: string }

// BanqiSeen is banqi's part of a state (Go's banqigame.Seen): the pieces
// taken of each colour (red first) as FEN letters in the order they were
// taken, and once the game is over the board with its face-down pieces
// shown (not drawn here).
export interface BanqiSeen { taken: [string, string]; layout?: string }

// takenPieces lists each colour's pieces taken, as the panel draws them:
// their characters in the reader's script.
export function takenPieces(s: Pick<State, 'ext'>): Record<BanqiColour, string[]> {
  const taken = extOf<BanqiSeen>(s).taken;
  const glyphs = (letters: unknown) => (typeof letters === 'string' ? [...letters].map(ch => pieceLook(ch).glyph) : []);
  return { red: glyphs(taken?.[0]), black: glyphs(taken?.[1]) };
}

// takenPanel is banqi's side panel: the pieces each colour has lost.
const takenPanel: PanelFactory = () => {
  const box = document.getElementById('variant-panel')!;
  return {
    render: ({ state }) => {
      const taken = takenPieces(state);
      box.hidden = false;
      box.className = 'variant-panel taken';
      box.textContent = '';
      box.appendChild(Object.assign(document.createElement('span'), { className: 'taken-title', textContent: t('banqi.taken') }));
      for (const c of ['red', 'black'] as const) {
        const row = Object.assign(document.createElement('div'), { className: 'taken-row' });
        row.dataset.color = c;
        row.appendChild(Object.assign(document.createElement('span'), { className: 'taken-side', textContent: t(c === 'red' ? 'side.red' : 'side.black') }));
        for (const glyph of taken[c]) row.appendChild(Object.assign(document.createElement('span'), { className: `taken-piece ${c}`, textContent: glyph }));
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

// names are the pieces' names within a sentence, by FEN letter (either
// colour): in English the name with its character, in Chinese the
// character alone.
const names: Record<string, Key> = {
  K: 'banqi.name.general', A: 'banqi.name.advisor', B: 'banqi.name.elephant', R: 'banqi.name.chariot',
  N: 'banqi.name.horse', C: 'banqi.name.cannon', P: 'banqi.name.soldier',
};

const colourKeys: Record<BanqiColour, Key> = { red: 'banqi.colour.red', black: 'banqi.colour.black' };

// colourName names a colour in the reader's language: red, 紅, 红.
export const colourName = (c: BanqiColour): string => t(colourKeys[c]);

// pieceWords names a face-up piece (FEN letter) with its colour: "red
// cannon (炮)", "紅炮", "黑车".
export function pieceWords(letter: string): string {
  const name = t(names[letter.toUpperCase()] ?? 'banqi.name.soldier', { glyph: pieceLook(letter).glyph });
  return t('banqi.piece', { colour: colourName(pieceColour(letter)), name });
}

// revealOf is what a step turned up, if it is a flip the server wrote one for.
const revealOf = (m: Step): string | undefined => {
  const r = extOf<BanqiFlip>(m).reveal;
  return isFlip(m.uci) && typeof r === 'string' && r !== '' ? r : undefined;
};

// banqiStart is the start: a step without a FEN before is read from it.
export const banqiStart = 'xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx w - 0 1';

// StepParts are what a step did, read from its text, its ext and the
// position before it: a flip and what it turned up, or the piece that
// moved, from where to where, and the piece it took.
export type StepParts =
  | { kind: 'flip'; square: string; reveal?: string }
  | { kind: 'move'; from: string; to: string; piece?: string; took?: string };

// stepParts reads step m, played from the FEN before (the start without
// one); none for a step without coordinates (one the viewer may not see).
export function stepParts(m: Step, before?: string): StepParts | undefined {
  if (!/^[a-h][1-4][a-h][1-4]$/.test(m.uci)) return undefined;
  const from = m.uci.slice(0, 2);
  const to = m.uci.slice(2, 4);
  if (from === to) return { kind: 'flip', square: from, reveal: revealOf(m) };
  const board = parseBanqiFEN(before ?? banqiStart);
  return { kind: 'move', from, to, piece: board.get(from), took: board.get(to) };
}

// glyphOf is a piece's character in the reader's script, "?" face down or unknown.
const glyphOf = (letter?: string): string => (letter && letter !== faceDown ? pieceLook(letter).glyph : '?');

// moveText writes a step in the move list: a flip as its square and what it
// turned up ("c2 翻炮", "c2 flip 炮"), a move as the piece and its squares
// ("炮 c2-c3"), a capture with × ("炮 c2×c5"); the server's text for a step
// it cannot read.
export function moveText(m: Step, before?: string): string {
  const p = stepParts(m, before);
  if (!p) return m.san;
  if (p.kind === 'flip') return p.reveal ? t('banqi.move.flip', { square: p.square, glyph: glyphOf(p.reveal) }) : t('banqi.move.flipped', { square: p.square });
  return `${glyphOf(p.piece)} ${p.from}${p.took ? '×' : '-'}${p.to}`;
}

// notations: the pieces and squares (the default), or the squares alone,
// as the server takes them (a flip the square twice).
const notations: Notations = {
  storageKey: 'gambit.banqiNotation',
  options: [
    { id: 'pieces', label: 'notation.banqi', text: moveText },
    { id: 'squares', label: 'notation.squares', text: m => m.uci || m.san },
  ],
};

// pieceName names a piece for a sentence; a face-down one as such.
const pieceName = (letter: string | undefined): string => (letter && letter !== faceDown ? pieceWords(letter) : t('piece.faceDown'));

// speak says a step for a screen reader: "flips c2", "red cannon (炮) c2
// to c3", "red cannon (炮) c2 takes black horse (馬) on c5". What a flip
// turned up is said by its stepWords, after it.
export const speak: MoveSpeech = (m, before) => {
  const p = stepParts(m, before);
  if (!p) return m.san;
  if (p.kind === 'flip') return t('banqi.speak.flip', { square: p.square });
  const piece = pieceName(p.piece);
  if (!p.took) return t('banqi.speak.move', { piece, from: p.from, to: p.to });
  return t('banqi.speak.capture', { piece, from: p.from, to: p.to, victim: pieceName(p.took) });
};

// flipWords say what a flip turned up, and who flipped it: "First flipped
// c2: red cannon (炮)."; none for another step.
export function flipWords(m: Step, before?: string): string | undefined {
  const p = stepParts(m, before);
  if (p?.kind !== 'flip' || !p.reveal) return undefined;
  return t('banqi.flipped', { side: sideName(variantOf('banqi'), m.color), square: p.square, piece: pieceWords(p.reveal) });
}

// stepMark marks a flip (dotted, in the colour it turned up) with its
// words, and gives every other step its words as a tooltip.
function stepMark(m: Step, before?: string, _ctx?: StepContext): { cls: string; title: string } | undefined {
  const p = stepParts(m, before);
  if (!p) return undefined;
  if (p.kind === 'flip') return p.reveal ? { cls: `reveal ${pieceColour(p.reveal)}`, title: flipWords(m, before) ?? '' } : undefined;
  return p.piece && p.piece !== faceDown ? { cls: pieceColour(p.piece), title: speak(m, before, false) } : undefined;
}

// colourWords say who plays which colour, once the first flip has told:
// to a player holding one seat, its own colour; to anyone else (a
// spectator, the two players of one screen), both. Before the first flip,
// how the colours will be decided.
export function colourWords(s: Pick<State, 'fen' | 'variant'>, you: readonly Color[]): string {
  const first = firstColour(s.fen);
  if (!first) return t('banqi.undecided');
  if (you.length === 1) return t('banqi.youPlay', { colour: colourName(seatColour(s.fen, you[0])!) });
  const v = variantOf(s.variant);
  return t('banqi.sidesPlay', {
    first: sideName(v, 'white'), firstColour: colourName(first),
    second: sideName(v, 'black'), secondColour: colourName(seatColour(s.fen, 'black')!),
  });
}

export const banqi: VariantModule = {
  name: 'banqi',
  label: 'variant.banqi',
  tag: 'variant.banqi.tag',
  help: 'variant.banqi.help',
  rules: 'variant.banqi.rules',
  levels: { easy: 'level.banqi.easy', hard: 'level.banqi.hard' },
  setup: { label: 'setup.banqi', placeholder: 'setup.banqi.placeholder' },
  fair: 'fair.banqi',
  sidesLegend: 'new.seat',
  notations,
  speak,
  panel: takenPanel,
  stepMark,
  stepWords: flipWords,
  turnWords: colourWords,
};
