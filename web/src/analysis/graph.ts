// The review's evaluation graph: White's (Red's) winning chance after each
// move of the main line, drawn as SVG by the browser. A click on the graph
// goes to the move under it.

import type { ReviewMove } from './api';

const svgNS = 'http://www.w3.org/2000/svg';

// graphPoints are the graph's points, one per position from the start: x
// the ply, y the winning chance (0-100) of the first side.
export function graphPoints(moves: readonly ReviewMove[]): [number, number][] {
  if (moves.length === 0) return [];
  return [[0, moves[0].win_before], ...moves.map(m => [m.ply, m.win_after] as [number, number])];
}

// drawGraph draws the graph of moves in el, the move at ply current
// marked; go(ply) is called with the ply clicked (0: the start).
export function drawGraph(el: HTMLElement, moves: readonly ReviewMove[], current: number, go: (ply: number) => void) {
  el.textContent = '';
  const pts = graphPoints(moves);
  if (pts.length < 2) return;
  const n = pts.length - 1;
  const svg = document.createElementNS(svgNS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${n} 100`);
  svg.setAttribute('preserveAspectRatio', 'none');
  svg.setAttribute('class', 'eval-graph');
  const path = (d: string, cls: string) => {
    const p = document.createElementNS(svgNS, 'path');
    p.setAttribute('d', d);
    p.setAttribute('class', cls);
    p.setAttribute('vector-effect', 'non-scaling-stroke');
    svg.appendChild(p);
  };
  const line = pts.map(([x, y], i) => `${i === 0 ? 'M' : 'L'}${x} ${(100 - y).toFixed(2)}`).join(' ');
  path(`M0 100 ${line.replace(/^M/, 'L')} L${n} 100 Z`, 'area');
  path(`M0 50 L${n} 50`, 'mid');
  path(line, 'line');
  for (const m of moves) {
    if (m.class !== 'mistake' && m.class !== 'blunder') continue;
    const c = document.createElementNS(svgNS, 'path');
    c.setAttribute('d', `M${m.ply} 0 L${m.ply} 100`);
    c.setAttribute('class', `mark ${m.class}`);
    c.setAttribute('vector-effect', 'non-scaling-stroke');
    svg.appendChild(c);
  }
  if (current > 0) path(`M${current} 0 L${current} 100`, 'cursor');
  svg.onclick = e => {
    const r = svg.getBoundingClientRect();
    go(Math.max(0, Math.min(n, Math.round(((e.clientX - r.left) / r.width) * n))));
  };
  el.appendChild(svg);
}
