// The analysis board's move tree: a position at each node, the moves from
// it as children, the first child the main line and the others its
// variations (as PGN and lichess's analysis board read them). Pure, so
// test/analysis.test.mjs checks it without a browser.
//
// A node is found by its path: the coordinate texts (UCI, ICCS) of the
// moves from the root, joined by commas; "" is the root. A move is one
// child at most per position, so a path names one node, and promoting a
// variation or deleting another leaves every other path as it was.

// Glyph is a move's mark: the review's ?! ? ?? (lichess's inaccuracy,
// mistake, blunder).
export type Glyph = '?!' | '?' | '??';

// TreeNode is a position and the move that led to it (none at the root).
export interface TreeNode {
  uci: string; // "" at the root
  san: string; // the move as the server wrote it (SAN; xiangqi's Chinese)
  wxf?: string; // xiangqi's WXF notation, when the server gave it
  fen: string; // the position after the move
  ply: number; // moves from the start position (the root is 0)
  children: TreeNode[];
  comment?: string;
  glyph?: Glyph;
}

// MoveData is a move as the server answers it.
export interface MoveData { uci: string; san: string; wxf?: string; fen: string }

// Tree holds the root; every change goes through its methods.
export class Tree {
  readonly root: TreeNode;

  constructor(fen: string) {
    this.root = { uci: '', san: '', fen, ply: 0, children: [] };
  }

  // nodeAt returns the node at path, if any.
  nodeAt(path: string): TreeNode | undefined {
    let n: TreeNode | undefined = this.root;
    for (const uci of split(path)) {
      n = n.children.find(c => c.uci === uci);
      if (!n) return undefined;
    }
    return n;
  }

  // nodesOn returns the nodes from the root to path, both included (only
  // the root for a path that leads nowhere past it).
  nodesOn(path: string): TreeNode[] {
    const out = [this.root];
    let n = this.root;
    for (const uci of split(path)) {
      const c = n.children.find(x => x.uci === uci);
      if (!c) break;
      out.push(c);
      n = c;
    }
    return out;
  }

  // add plays move at the node at path and returns the new node's path: a
  // new variation, unless the move is there already (then its node is
  // kept) or the position had no move yet (then it is the main line).
  add(path: string, move: MoveData): string {
    const parent = this.nodeAt(path);
    if (!parent) throw new Error(`no node at ${path}`);
    if (!parent.children.some(c => c.uci === move.uci)) {
      parent.children.push({ uci: move.uci, san: move.san, wxf: move.wxf, fen: move.fen, ply: parent.ply + 1, children: [] });
    }
    return join(path, move.uci);
  }

  // addLine plays moves one after another from path; it returns the path
  // of the last.
  addLine(path: string, moves: readonly MoveData[]): string {
    for (const m of moves) path = this.add(path, m);
    return path;
  }

  // promote makes the line through path the main line: at each position on
  // the way the move towards path becomes the first.
  promote(path: string) {
    const nodes = this.nodesOn(path);
    for (let i = 1; i < nodes.length; i++) {
      const kids = nodes[i - 1].children;
      const at = kids.indexOf(nodes[i]);
      if (at > 0) kids.unshift(...kids.splice(at, 1));
    }
  }

  // remove deletes the node at path with everything after it; it returns
  // its parent's path. The root stays.
  remove(path: string): string {
    const ucis = split(path);
    if (ucis.length === 0) return '';
    const parentPath = ucis.slice(0, -1).join(',');
    const parent = this.nodeAt(parentPath);
    if (parent) parent.children = parent.children.filter(c => c.uci !== ucis[ucis.length - 1]);
    return parentPath;
  }

  // setComment sets (or with "" clears) the comment after the move at path.
  setComment(path: string, text: string) {
    const n = this.nodeAt(path);
    if (n) n.comment = text.trim() || undefined;
  }

  // lineEnd returns the path of the main line's last node from path on.
  lineEnd(path: string): string {
    let n = this.nodeAt(path);
    while (n && n.children.length > 0) {
      n = n.children[0];
      path = join(path, n.uci);
    }
    return path;
  }

  // mainlinePaths lists the paths of the main line's nodes after the root.
  mainlinePaths(): string[] {
    const out: string[] = [];
    let path = '';
    for (let n = this.root; n.children.length > 0; n = n.children[0]) {
      path = join(path, n.children[0].uci);
      out.push(path);
    }
    return out;
  }
}

// split reads a path into its moves.
export const split = (path: string): string[] => (path === '' ? [] : path.split(','));

// join appends a move to a path.
export const join = (path: string, uci: string): string => (path === '' ? uci : `${path},${uci}`);

// parentOf is the path of the node before path's ("" for the root and its children).
export const parentOf = (path: string): string => split(path).slice(0, -1).join(',');

// moveNumber numbers the move that leads to a node of ply from a start
// position: the start FEN's move number and side to move ("w" or "b").
export function moveNumber(startFen: string, ply: number): { num: number; black: boolean } {
  const f = startFen.split(' ');
  const first = parseInt(f[5] ?? '1', 10) || 1;
  const blackFirst = f[1] === 'b';
  const half = ply - 1 + (blackFirst ? 1 : 0); // plies since White's move of move `first`
  return { num: first + Math.floor(half / 2), black: half % 2 === 1 };
}

// commentText makes a comment safe inside PGN's braces.
const commentText = (c: string) => c.replace(/[{}]/g, m => (m === '{' ? '(' : ')'));

// PGNText words what pgnMoves writes of each move, where the page's reader
// wants it otherwise than the server wrote it: the move's text from the
// position before it (xiangqi's Chinese notation in the reader's script;
// the node's san when absent or undefined), and a note written before the
// move's own comment (a review's evaluation and advice).
export interface PGNText {
  move?(n: TreeNode, before: string): string | undefined;
  note?(n: TreeNode): string | undefined;
}

// pgnMoves writes the tree's moves in PGN movetext: the main line with
// each variation in parentheses after the main-line move it replaces,
// comments in braces, glyphs after their move, and move numbers where PGN
// needs them (at White's moves, and at Black's after a break).
export function pgnMoves(tree: Tree, text: PGNText = {}): string {
  const start = tree.root.fen;
  const out: string[] = [];
  const comment = (n: TreeNode) => [text.note?.(n), n.comment].filter(Boolean).join(' ');
  const moveText = (n: TreeNode, before: string, forceNumber: boolean) => {
    const { num, black } = moveNumber(start, n.ply);
    let s = '';
    if (!black) s = `${num}. `;
    else if (forceNumber) s = `${num}... `;
    s += (text.move?.(n, before) || n.san) + (n.glyph ?? '');
    out.push(s);
    const c = comment(n);
    if (c) out.push(`{ ${commentText(c)} }`);
  };
  // line writes from the node `parent`'s children on: the first child,
  // then the other children as variations, then the first child's line.
  const line = (parent: TreeNode, forceNumber: boolean) => {
    let p = parent;
    let force = forceNumber;
    while (p.children.length > 0) {
      const [main, ...vars] = p.children;
      moveText(main, p.fen, force);
      force = !!comment(main);
      for (const v of vars) {
        out.push('(');
        moveText(v, p.fen, true);
        line(v, !!comment(v));
        out.push(')');
        force = true;
      }
      p = main;
    }
  };
  if (tree.root.comment) out.push(`{ ${commentText(tree.root.comment)} }`);
  line(tree.root, true);
  return out.join(' ').replace(/\( /g, '(').replace(/ \)/g, ')');
}

// pgn writes the whole PGN: the tags (Result last of the roster when given,
// and SetUp and FEN for a start other than standard), then the moves (as
// text words them) and the result.
export function pgn(tree: Tree, tags: readonly [string, string][], standardStart: string, text: PGNText = {}): string {
  const list = [...tags];
  const has = (k: string) => list.some(([n]) => n === k);
  if (tree.root.fen !== standardStart && !has('FEN')) list.push(['SetUp', '1'], ['FEN', tree.root.fen]);
  const result = list.find(([n]) => n === 'Result')?.[1] ?? '*';
  if (!has('Result')) list.push(['Result', result]);
  const head = list.map(([k, v]) => `[${k} "${v.replace(/\\/g, '\\\\').replace(/"/g, '\\"')}"]`).join('\n');
  const moves = pgnMoves(tree, text);
  return `${head}\n\n${moves ? moves + ' ' : ''}${result}\n`;
}

// Skeleton is a tree without positions: its moves and comments only, as a
// link carries it. The positions come back from the server (Tree.add).
export interface Skeleton { uci: string; comment?: string; children: Skeleton[] }

// encodeTree writes the tree's moves and comments compactly for a link:
// PGN's shape (variations in parentheses, comments in braces) with the
// moves' coordinate text, which needs no board to read.
export function encodeTree(tree: Tree): string {
  const out: string[] = [];
  const comment = (n: TreeNode) => { if (n.comment) out.push(`{${commentText(n.comment)}}`); };
  const line = (p: TreeNode) => {
    while (p.children.length > 0) {
      const [main, ...vars] = p.children;
      out.push(main.uci);
      comment(main);
      for (const v of vars) {
        out.push('(', v.uci);
        comment(v);
        line(v);
        out.push(')');
      }
      p = main;
    }
  };
  comment(tree.root);
  line(tree.root);
  return out.join(' ');
}

// decodeTree reads encodeTree's text back into a skeleton whose root has
// uci "". It throws on text it cannot read, saying where.
export function decodeTree(text: string): Skeleton {
  const root: Skeleton = { uci: '', children: [] };
  let last: Skeleton = root; // the node the next move follows
  const stack: Skeleton[] = []; // per open variation, the node to go back to after it
  const parents = new Map<Skeleton, Skeleton>();
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === ' ') { i++; continue; }
    if (c === '{') {
      const end = text.indexOf('}', i);
      if (end < 0) throw new Error(`unclosed comment at ${i}`);
      last.comment = text.slice(i + 1, end).trim() || undefined;
      i = end + 1;
      continue;
    }
    if (c === '(') {
      if (last === root) throw new Error(`a variation before any move at ${i}`);
      stack.push(last);
      last = parents.get(last) ?? root; // the variation replaces last's move
      i++;
      continue;
    }
    if (c === ')') {
      const top = stack.pop();
      if (!top) throw new Error(`unopened ) at ${i}`);
      last = top;
      i++;
      continue;
    }
    const m = /^[a-z0-9@*]{2,8}/i.exec(text.slice(i));
    if (!m) throw new Error(`unreadable text at ${i}: ${text.slice(i, i + 10)}`);
    let node = last.children.find(k => k.uci === m[0]);
    if (!node) {
      node = { uci: m[0], children: [] };
      last.children.push(node);
      parents.set(node, last);
    }
    last = node;
    i += m[0].length;
  }
  if (stack.length > 0) throw new Error('unclosed variation');
  return root;
}

// lines lists the skeleton's lines from its root to each leaf, as the
// moves' texts: what the server is asked to play to fill the tree again.
export function lines(s: Skeleton): string[][] {
  const out: string[][] = [];
  const walk = (n: Skeleton, acc: string[]) => {
    if (n.children.length === 0) { if (acc.length > 0) out.push(acc); return; }
    for (const c of n.children) walk(c, [...acc, c.uci]);
  };
  walk(s, []);
  return out;
}

// applyComments copies the skeleton's comments onto the tree filled from it.
export function applyComments(tree: Tree, s: Skeleton) {
  const walk = (n: Skeleton, path: string) => {
    if (n.comment) tree.setComment(path, n.comment);
    for (const c of n.children) walk(c, join(path, c.uci));
  };
  walk(s, '');
}
