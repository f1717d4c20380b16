// The chess board: chessground, plus the promotion picker that asks which
// piece a pawn becomes. Every variant played on an 8×8 chess board with the
// usual pieces can use it.

import { Chessground } from 'chessground';
import type { Api } from 'chessground/api';
import type { Config } from 'chessground/config';
import type { Key } from 'chessground/types';
import type { Color } from './api';
import type { Board, BoardConfig, BoardHooks } from './board';
import { t } from './i18n';

// allSquares lists the 64 squares of a chess board.
export const allSquares = [...'abcdefgh'].flatMap(f => [1, 2, 3, 4, 5, 6, 7, 8].map(r => f + r));

const promotions = ['queen', 'knight', 'rook', 'bishop'] as const;
type Promotion = (typeof promotions)[number];

// ChessBoard draws on el (a .cg-wrap) and shows its promotion picker in promo,
// an element laid over the board.
export class ChessBoard implements Board {
  private cg: Api;
  private cfg?: BoardConfig;
  private pending?: { orig: Key; dest: Key }; // a promotion waiting for its piece

  constructor(private el: HTMLElement, private hooks: BoardHooks, private promo: HTMLElement) {
    this.cg = Chessground(el, {
      coordinates: true,
      // A king moved onto its own rook castles (Chess960 offers castling
      // that way): chessground shows king and rook on their castled squares
      // and reports the king's square and the rook's, the move's UCI, until
      // the server's next state redraws the board.
      autoCastle: true,
      animation: { enabled: true, duration: 180 },
      highlight: { lastMove: true, check: true },
      movable: { free: false, showDests: true, events: { after: (o, d) => this.moved(o, d) } },
      premovable: { enabled: false, showDests: true, castle: true },
      draggable: { enabled: true, showGhost: true },
    });
    promo.onclick = e => { if (e.target === promo) this.promote(null); };
  }

  set(cfg: BoardConfig) {
    this.cfg = cfg;
    if (!cfg.premove) this.cg.cancelPremove(); // a premove is for the live game only
    this.cg.set(chessgroundConfig(cfg));
  }

  playPremove() {
    this.cg.playPremove();
  }

  effect(squares: string[], cls: string, ms: number) {
    const white = this.cfg?.orientation !== 'black';
    const layer = document.createElement('div');
    layer.className = `fx ${cls}`;
    for (const sq of squares) {
      const file = sq.charCodeAt(0) - 97;
      const rank = Number(sq[1]) - 1;
      const cell = document.createElement('div');
      cell.dataset.square = sq;
      cell.style.left = `${(white ? file : 7 - file) * 12.5}%`;
      cell.style.top = `${(white ? 7 - rank : rank) * 12.5}%`;
      layer.appendChild(cell);
    }
    this.el.appendChild(layer);
    window.setTimeout(() => layer.remove(), ms);
  }

  arrows(list: [string, string][]) {
    // The first at the brush's width (15), the others thinner, as lichess
    // draws the engine's other lines.
    this.cg.setAutoShapes(list.map(([orig, dest], i) => ({ orig: orig as Key, dest: dest as Key, brush: 'paleGreen', modifiers: i > 0 ? { lineWidth: 7 } : undefined })));
  }

  destroy() {
    for (const fx of this.el.querySelectorAll('.fx')) fx.remove();
    this.cg.destroy();
    this.promo.onclick = null;
    this.promo.hidden = true; // a picker left open must not cover the next game's board
    this.promo.textContent = '';
  }

  private moved(orig: Key, dest: Key) {
    const piece = this.cg.state.pieces.get(dest);
    const lastRank = dest[1] === '8' || dest[1] === '1';
    if (piece?.role === 'pawn' && lastRank) {
      this.pending = { orig, dest };
      this.showPromotion(dest, piece.color);
      return;
    }
    this.hooks.move(orig, dest);
  }

  // showPromotion lays the choices over the promotion square's file, from
  // the promotion square towards the board's middle.
  private showPromotion(dest: Key, color: Color) {
    const box = this.promo;
    const white = this.cfg?.orientation !== 'black';
    box.textContent = '';
    const file = dest.charCodeAt(0) - 97;
    const col = white ? file : 7 - file;
    const fromTop = (dest[1] === '8') === white;
    promotions.forEach((role, i) => {
      const sq = document.createElement('button');
      sq.className = 'promo-choice';
      sq.dataset.role = role;
      sq.title = t(`piece.${role}`);
      sq.style.left = `${col * 12.5}%`;
      sq.style.top = `${(fromTop ? i : 7 - i) * 12.5}%`;
      const p = document.createElement('piece');
      p.className = `${role} ${color}`;
      sq.appendChild(p);
      sq.onclick = () => this.promote(role);
      box.appendChild(sq);
    });
    box.hidden = false;
  }

  // promote sends the pending move with the chosen piece, or without a
  // choice puts the pawn back.
  private promote(role: Promotion | null) {
    this.promo.hidden = true;
    const p = this.pending;
    this.pending = undefined;
    if (!p || !role) {
      if (this.cfg) this.set(this.cfg);
      return;
    }
    this.hooks.move(p.orig, p.dest, role === 'knight' ? 'n' : role[0]);
  }
}

// chessgroundConfig says a BoardConfig in chessground's words.
export function chessgroundConfig(cfg: BoardConfig): Config {
  const dests = new Map<Key, Key[]>();
  if (cfg.movable) for (const [from, tos] of Object.entries(cfg.dests)) dests.set(from as Key, tos as Key[]);
  return {
    fen: cfg.fen,
    orientation: cfg.orientation,
    turnColor: cfg.turn,
    lastMove: cfg.lastMove as Key[] | undefined,
    check: cfg.check ? cfg.turn : false, // chessground finds the king of the side to move
    // A side that may premove is movable out of turn: chessground then
    // takes its moves as premoves (by the pieces' geometry, checked
    // against the server's dests when played). rookCastle keeps a king's
    // move onto its rook among the dests (false would drop it where the
    // king also has the two-square step).
    movable: { color: cfg.movable ?? cfg.premove, dests, rookCastle: true },
    premovable: { enabled: !!cfg.premove },
    // Always a new map: chessground replaces the old one, so marks of the
    // last position never stay.
    highlight: { custom: new Map(Object.entries(cfg.marks ?? {}) as [Key, string][]) },
  };
}
