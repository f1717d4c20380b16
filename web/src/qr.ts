// QR codes as SVG, so that a friend across the table can open an invite
// link with a phone's camera. qrcode-generator does the encoding; the
// drawing is ours: one path through the dark modules, built with DOM calls
// (no markup from strings), sharp at any size.

import qrcode from 'qrcode-generator';

const svgNS = 'http://www.w3.org/2000/svg';

// quiet is the blank margin around the code, in modules: the QR standard
// asks for four so that readers find the code's edges.
const quiet = 4;

// qrModules encodes text (at error correction level M, the usual
// compromise between size and robustness) and returns its grid of dark
// modules, row by row.
export function qrModules(text: string): boolean[][] {
  const qr = qrcode(0, 'M'); // 0: the smallest version that holds the text
  qr.addData(text);
  qr.make();
  const n = qr.getModuleCount();
  return Array.from({ length: n }, (_, r) => Array.from({ length: n }, (_, c) => qr.isDark(r, c)));
}

// qrPath is the SVG path data of a grid's dark modules: a unit square each,
// offset by the quiet zone; adjacent modules in a row share one rectangle.
export function qrPath(grid: boolean[][]): string {
  const parts: string[] = [];
  grid.forEach((row, y) => {
    for (let x = 0; x < row.length; x++) {
      if (!row[x]) continue;
      let w = 1;
      while (row[x + w]) w++;
      parts.push(`M${x + quiet} ${y + quiet}h${w}v1h${-w}z`);
      x += w - 1;
    }
  });
  return parts.join('');
}

// qrSVG draws text's QR code, dark on light, scaled to its container.
export function qrSVG(text: string, label: string): SVGSVGElement {
  const grid = qrModules(text);
  const size = grid.length + 2 * quiet;
  const svg = document.createElementNS(svgNS, 'svg');
  svg.setAttribute('viewBox', `0 0 ${size} ${size}`);
  svg.setAttribute('role', 'img');
  svg.setAttribute('aria-label', label);
  svg.setAttribute('shape-rendering', 'crispEdges');
  svg.dataset.text = text; // what it encodes, for tests
  const bg = document.createElementNS(svgNS, 'rect');
  bg.setAttribute('width', String(size));
  bg.setAttribute('height', String(size));
  bg.setAttribute('fill', '#fff');
  const dark = document.createElementNS(svgNS, 'path');
  dark.setAttribute('d', qrPath(grid));
  dark.setAttribute('fill', '#000');
  svg.append(bg, dark);
  return svg;
}
