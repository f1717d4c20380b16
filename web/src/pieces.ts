// The "glyph" piece set: Unicode chess figures drawn as SVG backgrounds, so
// they scale with the board like the image sets do.

const roles: Record<string, string> = { king: '♚', queen: '♛', rook: '♜', bishop: '♝', knight: '♞', pawn: '♟' };

function svg(glyph: string, white: boolean): string {
  const fill = white ? '#fff' : '#111';
  const stroke = white ? '#111' : '#eee';
  const s = `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">` +
    `<text x="50" y="82" font-size="86" text-anchor="middle" font-family="DejaVu Sans, Segoe UI Symbol, Noto Sans Symbols2, sans-serif" ` +
    `fill="${fill}" stroke="${stroke}" stroke-width="3" paint-order="stroke">${glyph}</text></svg>`;
  return `url("data:image/svg+xml;utf8,${encodeURIComponent(s)}")`;
}

// installGlyphPieces adds the CSS of the glyph set, active under body.pieces-glyph.
export function installGlyphPieces() {
  const rules: string[] = [];
  for (const [role, glyph] of Object.entries(roles)) {
    for (const color of ['white', 'black']) {
      rules.push(`body.pieces-glyph .cg-wrap:not(.pv) piece.${role}.${color}, .pv-pieces-glyph piece.${role}.${color} { background-image: ${svg(glyph, color === 'white')}; }`);
    }
  }
  const style = document.createElement('style');
  style.textContent = rules.join('\n');
  document.head.appendChild(style);
}
