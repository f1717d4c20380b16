// DOM helpers of the pages that build their own elements (the analysis
// board, the puzzles).

// el makes an element with a class and a text.
export const el = <K extends keyof HTMLElementTagNameMap>(tag: K, cls = '', text = ''): HTMLElementTagNameMap[K] => {
  const e = document.createElement(tag);
  if (cls) e.className = cls;
  if (text) e.textContent = text;
  return e;
};

// button makes a button with an id; a title, if given, is also its
// accessible name (a button showing a glyph).
export const button = (id: string, text: string, title = '') => {
  const b = el('button', '', text);
  b.id = id;
  b.type = 'button';
  if (title) { b.title = title; b.setAttribute('aria-label', title); }
  return b;
};
