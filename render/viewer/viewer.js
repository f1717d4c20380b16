// Gambit's game viewer. Every position, move text and highlighted square was
// computed by Gambit (package render/viewer) and sits in the page as JSON:
// this script only shows it, and knows no rules of chess, xiangqi or any
// other game.
(() => {
  'use strict';


  const SVG = 'http://www.w3.org/2000/svg';
  const S = 100; // board units per square: text sizes stay well above a pixel
  const $ = id => document.getElementById(id);
  const data = JSON.parse($('gambit-games').textContent);
  // T holds every text the page shows, in the page's language (<html lang>),
  // written by Gambit from its tables (internal/lang).
  const T = data.text;
  const state = { game: 0, node: 0, flipped: data.flipped, notation: data.notation };
  const game = () => data.games[state.game];
  const node = i => game().nodes[i];

  // el makes an HTML element with a class and text.
  function el(tag, className, text) {
    const e = document.createElement(tag);
    if (className) e.className = className;
    if (text !== undefined) e.textContent = text;
    return e;
  }

  // svg makes an SVG element with attributes.
  function svg(tag, attrs) {
    const e = document.createElementNS(SVG, tag);
    for (const [k, v] of Object.entries(attrs)) e.setAttribute(k, v);
    return e;
  }

  // svgText makes an SVG text element.
  function svgText(attrs, text) {
    const e = svg('text', attrs);
    e.textContent = text;
    return e;
  }

  // geometry returns a board's files and ranks and the number of its first
  // rank: chess 8×8 squares from 1, xiangqi 9×10 points from 0, a board of
  // discs (xiangqi's pieces in squares) the shape of its start's FEN, from 1.
  function geometry(variant) {
    if (variant === 'chess') return { files: 8, ranks: 8, base: 1 };
    if (variant === 'xiangqi') return { files: 9, ranks: 10, base: 0 };
    const rows = game().nodes[0].fen.split(' ')[0].split('/');
    let files = 0;
    for (const c of rows[0]) files += c >= '0' && c <= '9' ? Number(c) : 1;
    return { files, ranks: rows.length, base: 1 };
  }

  // cell returns the column and row (from the top left) where a square
  // such as "e4" or "h2" is drawn.
  function cell(square, variant) {
    const g = geometry(variant);
    const file = square.charCodeAt(0) - 97;
    const rank = Number(square.slice(1)) - g.base;
    return state.flipped
      ? { col: g.files - 1 - file, row: rank }
      : { col: file, row: g.ranks - 1 - rank };
  }

  // placement lists the pieces of a FEN's first field as [square, letter].
  function placement(fen, variant) {
    const g = geometry(variant);
    const base = g.base;
    const out = [];
    fen.split(' ')[0].split('/').forEach((row, i) => {
      let file = 0;
      for (const c of row) {
        if (c >= '0' && c <= '9') {
          file += Number(c);
        } else {
          out.push([String.fromCharCode(97 + file) + (g.ranks - 1 - i + base), c]);
          file++;
        }
      }
    });
    return out;
  }

  function drawChessGrid(board) {
    for (let row = 0; row < 8; row++) {
      for (let col = 0; col < 8; col++) {
        board.append(svg('rect', { x: col * S, y: row * S, width: S, height: S, class: (row + col) % 2 ? 'dark' : 'light' }));
      }
    }
    for (let i = 0; i < 8; i++) {
      const file = String.fromCharCode(97 + (state.flipped ? 7 - i : i));
      const rank = String(state.flipped ? i + 1 : 8 - i);
      board.append(svgText({ x: (i + 0.96) * S, y: 7.96 * S, class: 'coord file' }, file));
      board.append(svgText({ x: 0.04 * S, y: (i + 0.2) * S, class: 'coord rank' }, rank));
    }
  }

  function drawXiangqiGrid(board) {
    board.append(svg('rect', { x: 0, y: 0, width: 9 * S, height: 10 * S, class: 'xq-ground' }));
    const at = v => (v + 0.5) * S;
    const line = (x1, y1, x2, y2) => board.append(svg('line', { x1: at(x1), y1: at(y1), x2: at(x2), y2: at(y2), class: 'xq-line' }));
    for (let r = 0; r < 10; r++) line(0, r, 8, r);
    line(0, 0, 0, 9);
    line(8, 0, 8, 9);
    for (let f = 1; f < 8; f++) {
      line(f, 0, f, 4);
      line(f, 5, f, 9);
    }
    for (const top of [0, 7]) {
      line(3, top, 5, top + 2);
      line(5, top, 3, top + 2);
    }
    const [left, right] = [T.riverLeft, T.riverRight];
    board.append(svgText({ x: 2.5 * S, y: 5 * S, class: 'river' }, left));
    board.append(svgText({ x: 6.5 * S, y: 5 * S, class: 'river' }, right));
  }

  // drawDiscGrid draws a board of discs: wood, the lines between its
  // squares, and the coordinates in the squares as on the chess board.
  function drawDiscGrid(board, geo) {
    board.append(svg('rect', { x: 0, y: 0, width: geo.files * S, height: geo.ranks * S, class: 'xq-ground' }));
    for (let f = 0; f <= geo.files; f++) board.append(svg('line', { x1: f * S, y1: 0, x2: f * S, y2: geo.ranks * S, class: 'xq-line' }));
    for (let r = 0; r <= geo.ranks; r++) board.append(svg('line', { x1: 0, y1: r * S, x2: geo.files * S, y2: r * S, class: 'xq-line' }));
    for (let i = 0; i < geo.files; i++) {
      const file = String.fromCharCode(97 + (state.flipped ? geo.files - 1 - i : i));
      board.append(svgText({ x: (i + 0.96) * S, y: (geo.ranks - 0.04) * S, class: 'coord file' }, file));
    }
    for (let i = 0; i < geo.ranks; i++) {
      const rank = String(state.flipped ? i + 1 : geo.ranks - i);
      board.append(svgText({ x: 0.04 * S, y: (i + 0.2) * S, class: 'coord rank' }, rank));
    }
  }

  // highlight marks the squares or points of the last move.
  function highlight(board, n, variant) {
    for (const sq of [n.from, n.to]) {
      if (!sq) continue;
      const { col, row } = cell(sq, variant);
      if (variant !== 'xiangqi') {
        board.append(svg('rect', { x: col * S, y: row * S, width: S, height: S, class: 'last', 'data-square': sq }));
      } else {
        board.append(svg('circle', { cx: (col + 0.5) * S, cy: (row + 0.5) * S, r: 0.47 * S, class: 'last', 'data-square': sq }));
      }
    }
  }

  // pieceImage clones the piece's picture from its template.
  function pieceImage(variant, letter) {
    const t = $(`piece-${variant}-${letter}`);
    const pic = t && t.content.firstElementChild;
    return pic ? pic.cloneNode(true) : svg('svg', { viewBox: '0 0 100 100' });
  }

  function drawPieces(board, fen, variant) {
    const inset = variant === 'chess' ? 0 : 0.04;
    for (const [sq, letter] of placement(fen, variant)) {
      const { col, row } = cell(sq, variant);
      const pic = pieceImage(variant, letter);
      const box = { x: (col + inset) * S, y: (row + inset) * S, width: (1 - 2 * inset) * S, height: (1 - 2 * inset) * S };
      for (const [k, v] of Object.entries(box)) pic.setAttribute(k, v);
      pic.setAttribute('class', 'piece');
      pic.setAttribute('data-square', sq);
      pic.setAttribute('data-piece', letter);
      board.append(pic);
    }
  }

  function drawBoard() {
    const g = game();
    const n = node(state.node);
    const geo = geometry(g.variant);
    const board = $('board');
    board.replaceChildren();
    board.setAttribute('viewBox', `0 0 ${geo.files * S} ${geo.ranks * S}`);
    board.setAttribute('class', `board ${g.variant}${state.flipped ? ' flipped' : ''}`);
    board.setAttribute('data-fen', n.fen);
    if (g.variant === 'chess') drawChessGrid(board);
    else if (g.variant === 'xiangqi') drawXiangqiGrid(board);
    else drawDiscGrid(board, geo);
    highlight(board, n, g.variant);
    drawPieces(board, n.fen, g.variant);
  }

  function tag(name) {
    const t = game().tags.find(t => t.name === name);
    return t ? t.value : '';
  }

  // players returns the names of the first and second player.
  function players() {
    const first = game().variant === 'xiangqi' ? tag('Red') || tag('White') : tag('White');
    return [first || T.unknownPlayer, tag('Black') || T.unknownPlayer];
  }

  function drawPlayers() {
    const [first, second] = players();
    $('player-top').textContent = state.flipped ? first : second;
    $('player-bottom').textContent = state.flipped ? second : first;
  }

  // moveText is a move as the list shows it: its number if wanted, the
  // notation chosen, its annotation glyphs.
  function moveText(n, withNumber) {
    const notation = game().variant === 'xiangqi' ? state.notation : 'san';
    let text = n.text[notation] + (n.glyphs || '');
    if (withNumber) text = n.number + (n.second ? '... ' : '. ') + text;
    else if (!n.second && !n.continues) text = n.number + '. ' + text; // a turn's later moves (dice chess) go unnumbered
    return text;
  }

  // appendLine writes a line of play starting at node first: each move, its
  // comments, and after a move the variations that replace it, nested.
  function appendLine(box, first) {
    let number = true; // the next move shows its number even for Black
    for (let i = first; i !== undefined;) {
      const n = node(i);
      if (n.startingComment) {
        box.append(el('span', 'comment', n.startingComment));
        number = true;
      }
      const m = el('span', 'move', moveText(n, number));
      m.dataset.node = i;
      box.append(m);
      number = false;
      if (n.comment) {
        box.append(el('span', 'comment', n.comment));
        number = true;
      }
      const siblings = node(n.parent).children;
      if (siblings[0] === i) {
        for (const v of siblings.slice(1)) {
          const variation = el('span', 'variation');
          variation.append('(');
          appendLine(variation, v);
          variation.append(')');
          box.append(variation);
          number = true;
        }
      }
      i = n.children[0];
    }
  }

  function drawMoves() {
    const box = $('moves');
    box.replaceChildren();
    const root = node(0);
    if (root.comment) box.append(el('span', 'comment', root.comment));
    if (root.children.length) appendLine(box, root.children[0]);
    else box.append(el('span', 'empty', T.noMoves));
    const g = game();
    const result = el('span', 'result', g.result + (g.resultComment ? ' ' + g.resultComment : ''));
    result.id = 'result';
    box.append(result);
    markCurrent();
  }

  function markCurrent() {
    for (const m of $('moves').querySelectorAll('.move.current')) m.classList.remove('current');
    const m = $('moves').querySelector(`.move[data-node="${state.node}"]`);
    if (m) {
      m.classList.add('current');
      m.scrollIntoView({ block: 'nearest' });
    }
  }

  function drawTags() {
    const table = $('tags');
    table.replaceChildren();
    for (const t of game().tags) {
      const tr = el('tr');
      // The tag's name in the page's language; the PGN's own for one it
      // has no word for.
      tr.append(el('th', '', T['tag.' + t.name] || t.name), el('td', '', t.value));
      table.append(tr);
    }
  }

  // go shows node i of the current game.
  function go(i) {
    if (i === undefined || i < 0 || i >= game().nodes.length) return;
    state.node = i;
    drawBoard();
    markCurrent();
    $('fen').value = node(i).fen;
  }

  // lineEnd is the last node of the line through node i.
  function lineEnd(i) {
    while (node(i).children.length) i = node(i).children[0];
    return i;
  }

  const actions = {
    first: () => go(0),
    prev: () => go(node(state.node).parent),
    next: () => go(node(state.node).children[0]),
    last: () => go(lineEnd(state.node)),
    flip: () => {
      state.flipped = !state.flipped;
      drawBoard();
      drawPlayers();
    },
  };

  const keys = { ArrowLeft: 'prev', ArrowRight: 'next', Home: 'first', End: 'last', ArrowUp: 'first', ArrowDown: 'last', f: 'flip' };

  function showGame(i) {
    state.game = i;
    state.node = 0;
    $('notation-box').hidden = game().variant !== 'xiangqi';
    drawTags();
    drawPlayers();
    drawMoves();
    go(0);
  }

  function gameLabel(g, i) {
    const get = name => (g.tags.find(t => t.name === name) || {}).value || '';
    const first = (g.variant === 'xiangqi' ? get('Red') || get('White') : get('White')) || T.unknownPlayer;
    const second = get('Black') || T.unknownPlayer;
    const where = [get('Event'), get('Date')].filter(s => s && s !== '?' && !s.startsWith('????')).join(T.listSeparator);
    return `${i + 1}. ${first}${T.versus}${second}${where ? T.asideOpen + where + T.asideClose : ''} ${g.result}`; // （…） in Chinese
  }

  function setUpPicker() {
    const picker = $('game');
    data.games.forEach((g, i) => picker.append(new Option(gameLabel(g, i), String(i))));
    $('game-box').hidden = data.games.length < 2;
    picker.addEventListener('change', () => {
      showGame(Number(picker.value));
      picker.blur(); // the arrow keys step through the new game
    });
  }

  function setUpNotation() {
    const select = $('notation');
    for (const key of ['chinese', 'wxf', 'iccs']) select.append(new Option(T[key], key));
    select.value = state.notation;
    select.addEventListener('change', () => {
      state.notation = select.value;
      drawMoves();
      select.blur();
    });
  }

  function setUpControls() {
    for (const name of Object.keys(actions)) {
      const b = $(name);
      b.title = T[name];
      b.setAttribute('aria-label', T[name]);
      b.addEventListener('click', actions[name]);
    }
    $('moves').addEventListener('click', e => {
      const m = e.target.closest('.move');
      if (m) go(Number(m.dataset.node));
    });
    document.addEventListener('keydown', e => {
      if (e.altKey || e.ctrlKey || e.metaKey || e.target.closest('select, input, textarea')) return;
      const action = keys[e.key];
      if (!action) return;
      e.preventDefault();
      actions[action]();
    });
    $('fen').addEventListener('focus', () => $('fen').select());
    $('copy').textContent = T.copy;
    $('copy').addEventListener('click', copyFEN);
  }

  function copyFEN() {
    const fen = $('fen');
    fen.select();
    const done = () => { $('copy').textContent = T.copied; };
    if (navigator.clipboard) navigator.clipboard.writeText(fen.value).then(done, () => {});
  }

  function setUpLabels() {
    for (const e of document.querySelectorAll('[data-text]')) e.textContent = T[e.dataset.text];
    if (!document.title) document.title = T.title;
    const heading = document.querySelector('.bar h1');
    if (!heading.textContent) heading.textContent = T.title;
  }

  setUpLabels();
  setUpControls();
  setUpPicker();
  setUpNotation();
  showGame(0);
})();
