// A piece dragged across a hand-drawn board (xiangqi.ts, banqi.ts): it
// follows the pointer once it has gone a few pixels, and on release the
// board is told where it was dropped. The board keeps its own rules of
// what may be dragged where (the server's destinations).

// The distance, in pixels, a press must travel to become a drag rather
// than a click.
const dragThreshold = 5;

export class PieceDrag {
  private d?: { from: string; el: HTMLElement; x: number; y: number; moved: boolean };

  // start takes hold of piece el on square from, pressed at e.
  start(from: string, el: HTMLElement, e: PointerEvent, board: HTMLElement) {
    this.d = { from, el, x: e.clientX, y: e.clientY, moved: false };
    board.setPointerCapture?.(e.pointerId);
  }

  // move moves the piece held with the pointer.
  move(e: PointerEvent) {
    const d = this.d;
    if (!d) return;
    const dx = e.clientX - d.x;
    const dy = e.clientY - d.y;
    if (!d.moved && Math.hypot(dx, dy) < dragThreshold) return;
    d.moved = true;
    d.el.classList.add('dragging');
    d.el.style.transform = `translate(calc(-50% + ${dx}px), calc(-50% + ${dy}px))`;
  }

  // end lets the piece go: the square it was dragged from, if it was
  // dragged at all (a press that never moved is the board's click).
  end(): string | undefined {
    const d = this.d;
    this.d = undefined;
    if (!d || !d.moved) return undefined;
    d.el.style.transform = '';
    d.el.classList.remove('dragging');
    return d.from;
  }
}
