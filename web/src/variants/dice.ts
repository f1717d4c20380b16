// Dice chess: chess with three dice a turn naming the piece types that may
// move. The server's dests hold only what the dice left allow, and "0000"
// passes the rest of a turn. This module writes the move list a turn a row
// and draws the dice panel: the three dice of the turn as piece
// figures, those used or lost dimmed, a short roll when a new roll arrives,
// and the Pass button. The server says which dice are left (the state's
// ext, a DiceTurn); the panel only shows them.

import { type Color, type State, extOf, finished } from '../api';
import { Key, plural, t } from '../i18n';
import { MoveGrouping, MoveRow, firstMoveNumber } from '../round/movelist';
import { type PanelFactory, type VariantModule, listAll, sideName, variantOf } from '../variants';
import { pieceNames } from './bomb';

// DiceTurn is dice chess's part of a state (Go's dicegame.Turn): the three
// dice rolled (piece letters, P a pawn), those still usable, the moves made
// this turn, and whether the rest of the turn may be passed (the move "0000").
export interface DiceTurn { rolled: string[]; left: string[]; moves: number; canPass: boolean }

// DiceRoll is dice chess's part of a step (Go's dicegame.Roll): the roll of
// the turn the step began, on a turn's first step only.
export interface DiceRoll { roll: string[] }

const figures: Record<Color, Record<string, string>> = {
  white: { K: '♔', Q: '♕', R: '♖', B: '♗', N: '♘', P: '♙' },
  black: { K: '♚', Q: '♛', R: '♜', B: '♝', N: '♞', P: '♟' },
};

const names: Record<string, Key> = { K: 'piece.king', Q: 'piece.queen', R: 'piece.rook', B: 'piece.bishop', N: 'piece.knight', P: 'piece.pawn' };

// dieFigure is a die's piece letter as the figure of a side's piece.
export function dieFigure(letter: string, color: Color): string {
  return figures[color][letter.toUpperCase()] ?? letter;
}

// liveDice marks each rolled die that is still usable: a letter of left
// is matched to one die each, so two knights rolled and one left mark one.
export function liveDice(d: DiceTurn): boolean[] {
  const left = [...d.left];
  return d.rolled.map(l => {
    const i = left.indexOf(l);
    if (i < 0) return false;
    left.splice(i, 1);
    return true;
  });
}

// rollText writes a roll for the move list: "♘♗♙".
export const rollText = (roll: string[], color: Color) => roll.map(l => dieFigure(l, color)).join('');

// byRoll writes dice chess's move list a turn a row: a turn starts with
// the step that carries its dice roll, and its row shows the roll; the
// number goes up when Black's turn is over.
export const byRoll: MoveGrouping = ({ moves, startFen, mover }) => {
  const rows: MoveRow[] = [];
  let num = firstMoveNumber(startFen);
  let last: Color | undefined; // the side of the row before
  let row: MoveRow | undefined;
  moves.forEach((m, i) => {
    const roll = extOf<DiceRoll>(m).roll;
    if (!row || roll) {
      const color = mover(i);
      if (last === 'black' && color === 'white') num++;
      last = color;
      row = { num: color === 'white' ? `${num}.` : `${num}…`, className: 'turn', steps: [] };
      if (roll) row.lead = { className: 'roll', text: rollText(roll, color) };
      rows.push(row);
    }
    row.steps.push(i);
  });
  return rows;
};

// dicePanel is dice chess's side panel (VariantUI.panel): the turn's dice
// of the live position, and Pass while the player to move may pass.
export const dicePanel: PanelFactory = act => {
  const $ = (id: string) => document.getElementById(id)!;
  const panel = new DicePanel($('dice'), $('dice-faces'), $('btn-pass') as HTMLButtonElement, () => act.move('0000'));
  return {
    render: ({ state: s, live, canMove }) => {
      const d = extOf<DiceTurn>(s);
      const turn = d.rolled && d.left ? (d as DiceTurn) : undefined;
      const rollKey = `${s.ply - (turn?.moves ?? 0)}:${turn?.rolled.join('')}`; // the ply the turn began at, and its dice
      panel.render(live ? turn : undefined, s.turn, rollKey, canMove && !!turn?.canPass);
    },
    destroy: () => panel.destroy(),
  };
};

export class DicePanel {
  private shown = ''; // the roll on show, to tell a new one
  private timer?: number;

  constructor(private box: HTMLElement, private faces: HTMLElement, private pass: HTMLButtonElement, onPass: () => void) {
    pass.onclick = onPass;
  }

  // render shows a turn's dice (none: the panel hides). rollKey names the
  // roll (it changes with every new roll); canPass enables Pass.
  render(d: DiceTurn | undefined, color: Color, rollKey: string, canPass: boolean) {
    this.box.hidden = !d;
    if (!d) return;
    this.box.querySelector('.dice-title')!.textContent = t('dice.title');
    this.pass.textContent = t('btn.pass');
    this.pass.disabled = !canPass;
    const live = liveDice(d);
    const fresh = rollKey !== this.shown;
    this.shown = rollKey;
    this.faces.textContent = '';
    const dice = d.rolled.map((l, i) => {
      const die = document.createElement('span');
      die.className = 'die' + (live[i] ? '' : ' used');
      die.dataset.piece = l;
      die.textContent = dieFigure(l, color);
      const name = t(names[l.toUpperCase()] ?? 'piece.pawn');
      die.title = t(live[i] ? 'dice.left' : 'dice.used', { piece: name });
      this.faces.appendChild(die);
      return die;
    });
    this.faces.title = plural('dice.moves', d.moves ?? 0);
    if (fresh) this.roll(dice, d.rolled, color);
  }

  // roll tumbles the dice through random faces for half a second, ending
  // on the faces rolled.
  private roll(dice: HTMLElement[], rolled: string[], color: Color) {
    window.clearInterval(this.timer);
    const letters = Object.keys(figures.white);
    let n = 0;
    this.faces.classList.add('rolling');
    this.timer = window.setInterval(() => {
      if (++n >= 8) {
        window.clearInterval(this.timer);
        this.faces.classList.remove('rolling');
        dice.forEach((die, i) => { die.textContent = dieFigure(rolled[i], color); });
        return;
      }
      for (const die of dice) die.textContent = dieFigure(letters[Math.floor(Math.random() * letters.length)], color);
    }, 60);
  }

  destroy() {
    window.clearInterval(this.timer);
    this.faces.classList.remove('rolling');
    this.box.hidden = true;
    this.shown = '';
  }
}

// diceWords say which kinds of piece the dice left may move in the turn
// to move, each named once however many dice show it, to a viewer holding
// the seats you: "You may move: knight and pawn" to the one player to
// move, the side's name to anyone else (and on one screen, where both
// sides play at the screen). The dice themselves show how many.
export function diceWords(s: State, you: readonly Color[]): string | undefined {
  const left = extOf<DiceTurn>(s).left;
  if (!left?.length || finished(s.status)) return undefined;
  const kinds = [...new Set(left.map(l => l.toUpperCase()))];
  const pieces = listAll(kinds.map(l => t(pieceNames[l] ?? 'piece.name.pawn')));
  if (you.length === 1 && you[0] === s.turn) return t('dice.youMay', { pieces });
  return t('dice.sideMay', { side: sideName(variantOf('dice'), s.turn), pieces });
}

export const dice: VariantModule = {
  name: 'dice',
  label: 'variant.dice',
  tag: 'variant.dice.tag',
  help: 'variant.dice.help',
  levels: { easy: 'level.dice.easy', hard: 'level.dice.hard' },
  rules: 'variant.dice.rules',
  fair: 'fair.dice',
  moveRows: byRoll,
  panel: dicePanel,
  turnWords: diceWords,
};
