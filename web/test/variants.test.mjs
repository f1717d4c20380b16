// The variant registry as the server sends it (testdata/variants.json is
// GET /api/variants of this release) joined with the board kinds and the
// variants' modules, the texts, and the chess adapter's translation to
// chessground, without a browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { boards, describeEnd, fallback, modules, notationOf, setRegistry, sideName, variantOf, variants, variantUI } from '../src/variants.ts';
import { setLanguage, t } from '../src/i18n.ts';
import { chessgroundConfig } from '../src/chessboard.ts';
import registered from './testdata/variants.json';

setRegistry(registered);
const chess = variantOf('chess');
const chess960 = variantOf('chess960');
const xiangqi = variantOf('xiangqi');
const jieqi = variantOf('jieqi');
const fogofwar = variantOf('fogofwar');
const dice = variantOf('dice');
const bomb = variantOf('bomb');

const state = (over = {}) => ({ v: 1, id: 'g', mode: 'local', variant: 'chess', status: 'mate', result: '0-1', fen: '', turn: 'white',
  ply: 4, dests: {}, canClaim: false, seats: { white: { kind: 'human' }, black: { kind: 'human' } }, ...over });

test('the registry: every variant the server registers, in the modules\' order; unknown names fall back to chess', () => {
  assert.deepEqual(variants().map(v => v.name), ['chess', 'chess960', 'xiangqi', 'jieqi', 'banqi', 'fogofwar', 'dice', 'bomb']);
  assert.equal(variantOf('no such variant'), chess);
  assert.equal(variantOf(), chess);
  for (const info of registered) {
    const v = variantOf(info.name);
    assert.equal(v.name, info.name);
    assert.equal(v.board.kind, info.board, info.name);
    assert.equal(v.board.element, boards[info.board].element, info.name);
    assert.deepEqual([v.sides.white, v.sides.black], info.sides.map(s => s.toLowerCase()), info.name);
    assert.equal(v.claimDraw, info.claimDraw, info.name);
    assert.equal(v.takeback, info.takeback, info.name);
    assert.equal(v.handOver, info.handOver, info.name);
    // Every level has words of the UI's own, the same in English as the
    // server's (but for typographic apostrophes).
    const plain = s => s.replace(/’/g, "'");
    assert.deepEqual(v.levels.map(l => ({ ...l, label: plain(l.label) })), info.levels, info.name);
    assert.deepEqual(v.terminations, info.terminations, info.name);
    assert.equal(!!v.fair, info.seeded, info.name);
    if (v.fair) assert.equal(v.fair.verify, `gambit ${info.name} verify`);
    // Every way the rules may end its games has its words.
    for (const term of info.terminations) assert.ok(v.reasons[term], `${info.name}: no text for the termination ${term}`);
  }
});

test('a variant the server registers and this page has no module for: the server\'s words, its board, no hooks', () => {
  setRegistry([...registered, { ...fallback, name: 'atomic', label: 'Atomic', tag: 'atomic', sides: ['White', 'Black'], terminations: ['checkmate', 'king exploded'], takeback: false, levels: [] }]);
  try {
    const v = variantOf('atomic');
    assert.equal(variants().at(-1), v, 'after the known ones');
    assert.equal(v.label, 'Atomic');
    assert.equal(v.tag, 'atomic');
    assert.equal(v.board.kind, 'chess');
    assert.equal(v.takeback, false);
    assert.equal(v.panel, undefined);
    assert.deepEqual(describeEnd(state({ variant: 'atomic', winner: 'white', result: '1-0', termination: 'king exploded' })), ['White wins (1-0)', 'King exploded.']);
  } finally {
    setRegistry(registered);
  }
});

test('without the server\'s list the page plays chess alone', () => {
  setRegistry([]);
  try {
    assert.deepEqual(variants().map(v => v.name), ['chess']);
    assert.equal(variantOf('xiangqi').name, 'chess');
    assert.equal(variantOf().claimDraw, true);
  } finally {
    setRegistry(registered);
  }
});

test("every module's texts exist", () => {
  for (const m of modules) {
    for (const key of [m.label, m.help, m.rules, m.fair, m.tag, m.spectatorNote, m.setup?.label, m.setup?.placeholder, ...Object.values(m.reasons ?? {})].filter(Boolean)) {
      assert.notEqual(t(key), key, `${m.name}: no text for ${key}`);
    }
    assert.ok(registered.some(i => i.name === m.name), `${m.name}: the server registers no such variant`);
  }
  for (const v of variants()) {
    for (const key of [v.setup.label, v.setup.placeholder, ...Object.values(v.reasons), ...(v.notations?.options.map(n => n.label) ?? [])]) {
      assert.notEqual(t(key), key, `${v.name}: no text for ${key}`);
    }
    assert.equal(typeof v.board.create, 'function', v.name);
    for (const c of ['white', 'black']) assert.ok(sideName(v, c) && sideName(v, c, true), `${v.name} ${c}`);
  }
});

test('chess960 plays on the chess board with the chess texts, and names itself', () => {
  assert.deepEqual(chess960.board, chess.board);
  assert.deepEqual(chess960.sides, chess.sides);
  assert.deepEqual(chess960.reasons, chess.reasons);
  assert.equal(chess960.claimDraw, true);
  assert.equal(chess960.moveSound, chess.moveSound);
  assert.equal(chess960.tag, 'Chess960');
  // The analysis engine is told Chess960 by the module, not by the name.
  assert.deepEqual(variants().filter(v => v.uciChess960).map(v => v.name), ['chess960']);
  assert.notEqual(chess960.setup.label, chess.setup.label);
  assert.match(t(chess960.setup.label), /0 to 959/);
  assert.deepEqual(describeEnd(state({ variant: 'chess960', result: '1-0', winner: 'white', termination: 'checkmate' })),
    ['White wins (1-0)', 'By checkmate.']);
  // Chinese brackets among Chinese text.
  setLanguage('zh-TW');
  assert.equal(describeEnd(state({ variant: 'chess', result: '1-0', winner: 'white', termination: 'checkmate' }))[0], '白方勝（1-0）');
  assert.equal(describeEnd(state({ variant: 'chess', result: '1/2-1/2', termination: 'agreement' }))[0], '和棋（1/2-1/2）');
  setLanguage('zh-CN');
  assert.equal(describeEnd(state({ variant: 'xiangqi', result: '0-1', winner: 'black', termination: 'resignation' }))[0], '黑方胜（0-1）');
  setLanguage('en');
});

test('fog of war, dice and bomb chess: chess boards, their own rules, no takebacks', () => {
  for (const v of [fogofwar, dice, bomb]) {
    assert.deepEqual(v.board, chess.board, v.name);
    assert.deepEqual(v.sides, chess.sides, v.name);
    assert.equal(v.takeback, false, `${v.name}: the server refuses takebacks`);
    assert.ok(v.rules && v.tag, v.name);
    assert.notEqual(v.help, chess.help, v.name);
    assert.ok(v.rules.length > v.help.length, `${v.name}: the rules say more than the summary`);
  }
  assert.ok(chess.takeback && chess960.takeback && xiangqi.takeback);
  assert.equal(jieqi.takeback, false);
  // Only fog of war hides the board between turns on one screen.
  assert.deepEqual(variants().filter(v => v.handOver).map(v => v.name), ['fogofwar']);
  // Only dice chess writes its move list a turn a row; dice chess, jieqi and banqi have panels; only bomb chess has a move effect.
  assert.deepEqual(variants().filter(v => v.moveRows !== chess.moveRows).map(v => v.name), ['dice']);
  assert.deepEqual(variants().filter(v => v.panel).map(v => v.name), ['jieqi', 'banqi', 'dice']);
  assert.deepEqual(variants().filter(v => v.effect).map(v => v.name), ['bomb']);
  assert.deepEqual(variants().filter(v => v.marks).map(v => v.name), ['fogofwar', 'bomb']);
  assert.deepEqual(variants().filter(v => v.fair).map(v => [v.name, v.fair.verify]),
    [['jieqi', 'gambit jieqi verify'], ['banqi', 'gambit banqi verify'], ['dice', 'gambit dice verify'], ['bomb', 'gambit bomb verify']]);
  assert.equal(fogofwar.claimDraw, false); // its draws come by themselves
  assert.match(fogofwar.help, /capture the king/);
  assert.match(dice.help, /three dice/);
  assert.match(bomb.help, /ranks 3 to 6/);
});

test('jieqi: the xiangqi board, Red and Black, xiangqi\'s notations, its texts and fairness', () => {
  assert.deepEqual(jieqi.board, xiangqi.board);
  assert.deepEqual(jieqi.sides, { white: 'red', black: 'black' });
  // Chinese notation in the reader's script (the face-down mover named as
  // the piece of its point, then what it showed), WXF, or ICCS, as in xiangqi.
  assert.deepEqual(jieqi.notations.options.map(n => n.id), ['chinese', 'wxf', 'iccs']);
  assert.equal(jieqi.notations.storageKey, xiangqi.notations.storageKey, 'one choice for both games on the xiangqi board');
  const took = { uci: 'b2b9', san: '炮八進七 翻傌 吃暗子', wxf: 'C8+7=Hx?', fen: '', color: 'white', ext: { reveal: 'N', took: '?' } };
  const start = 'xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1';
  assert.deepEqual(['chinese', 'wxf', 'iccs'].map(id => notationOf(jieqi, id).text(took, start)), ['炮八進七 翻傌 吃暗子', 'C8+7=Hx?', 'b2b9=Nx?']);
  setLanguage('zh-CN');
  assert.equal(notationOf(jieqi, 'chinese').text(took, start), '炮八进七 翻马 吃暗子');
  assert.equal(notationOf(jieqi, 'chinese').text(took), '炮八进七 翻马 吃暗子', 'from the start without a FEN before');
  assert.equal(jieqi.speak(took, start, true), t('speak.check', { move: '炮八进七 翻马 吃暗子' }));
  setLanguage('en');
  assert.equal(jieqi.claimDraw, false);
  assert.deepEqual(jieqi.levels.map(l => l.name), ['easy', 'hard']);
  assert.equal(jieqi.label.startsWith('Jieqi'), true);
  assert.equal(jieqi.help, 'Xiangqi with hidden pieces: all but the generals start face down, shuffled; a face-down piece moves first as the piece of its point and turns over; a piece taken face down is shown to its captor only.');
  assert.equal(t(jieqi.fair.text), 'The layout is provably fair: the server committed to its secret seed before the game.');
  assert.deepEqual(jieqi.stepMark({ uci: 'b0c2', san: 'b0c2=N', fen: '', color: 'white', ext: { reveal: 'N' } }), { cls: 'reveal', title: 'Red\'s face-down piece at 傌八 turned up a horse (傌).' });
  assert.equal(jieqi.stepMark({ uci: 'h2e2', san: 'h2e2', fen: '', color: 'white' }), undefined);
  assert.deepEqual(describeEnd(state({ variant: 'jieqi', result: '1-0', winner: 'white', termination: 'stalemate' })), ['Red wins (1-0)', 'By stalemate: no legal move loses.']);
  // Taking a face-down piece sounds a capture: the pieces are counted, X and x among them.
  const before = state({ fen: 'xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1' });
  assert.equal(jieqi.moveSound(before, state({ fen: 'xxxxkxxxx/9/1X5x1/x1x1x1x1x/9/9/X1X1X1X1X/7X1/9/XXXXKXXXX b - - 0 1' })), 'capture');
});

test('the new terminations have their words', () => {
  const cases = [
    [{ variant: 'fogofwar', result: '1-0', winner: 'white', termination: 'king captured' }, ['White wins (1-0)', 'The king was captured.']],
    [{ variant: 'fogofwar', result: '1/2-1/2', termination: 'bare kings' }, ['Draw (1/2-1/2)', 'Only the kings are left.']],
    [{ variant: 'fogofwar', result: '1/2-1/2', termination: 'stalemate' }, ['Draw (1/2-1/2)', 'By stalemate.']],
    [{ variant: 'bomb', winner: 'black', termination: 'king exposed by a mine' }, ['Black wins (0-1)', 'A mine’s blast left the mover’s own king in check.']],
    [{ variant: 'bomb', winner: 'black', termination: 'checkmate' }, ['Black wins (0-1)', 'By checkmate.']],
    [{ variant: 'dice', winner: 'black', termination: 'checkmate' }, ['Black wins (0-1)', 'By checkmate.']],
    [{ variant: 'dice', result: '1/2-1/2', termination: 'threefold repetition' }, ['Draw (1/2-1/2)', 'By threefold repetition.']],
    [{ variant: 'dice', winner: 'white', result: '1-0', termination: 'resignation' }, ['White wins (1-0)', 'Black resigned.']],
  ];
  for (const [over, want] of cases) assert.deepEqual(describeEnd(state(over)), want, JSON.stringify(over));
});

test('bomb chess sounds a blast', () => {
  assert.equal(bomb.moveSound(state(), state({ last: { uci: 'e2e4', san: 'e4', fen: '', color: 'white', ext: { blast: 'e4', cleared: ['e4'] } } })), 'blast');
  assert.equal(bomb.moveSound(state(), state({ last: { uci: 'e2e4', san: 'exd5', fen: '' } })), 'capture');
  assert.equal(dice.moveSound, chess.moveSound);
  assert.equal(fogofwar.moveSound(state(), state({ last: { uci: '', san: '?', fen: '' } })), 'move');
});

test('every text is filled in, and the dialog and board texts of the new variants exist', () => {
  for (const key of ['handover.text', 'handover.show', 'btn.pass', 'dice.title', 'dice.used', 'dice.left', 'fair.commitment', 'fair.seed',
    'fair.verify', 'fair.later', 'moves.blast', 'dialog.rules', 'piece.pawn', 'piece.king', 'reason.kingCaptured', 'reason.bareKings', 'reason.kingExposed']) {
    assert.notEqual(t(key), key, key);
  }
  assert.equal(t('handover.text', { side: 'Black' }), 'Pass the device to Black');
  assert.equal(t('fair.verify', { command: 'gambit dice verify' }), 'Check it with gambit dice verify on the game’s PGN.');
});

test('side names', () => {
  assert.equal(sideName(chess, 'white'), 'White');
  assert.equal(sideName(chess, 'black', true), 'black');
  assert.equal(sideName(xiangqi, 'white'), 'Red');
  assert.equal(sideName(xiangqi, 'white', true), 'red');
  assert.equal(sideName(xiangqi, 'black'), 'Black');
});

test('describeEnd', () => {
  const cases = [
    [{ winner: 'black', termination: 'checkmate' }, ['Black wins (0-1)', 'By checkmate.']],
    [{ variant: 'xiangqi', result: '1-0', winner: 'white', termination: 'checkmate' }, ['Red wins (1-0)', 'By checkmate.']],
    [{ variant: 'xiangqi', result: '1-0', winner: 'white', termination: 'stalemate' }, ['Red wins (1-0)', 'By stalemate: no legal move loses.']],
    [{ variant: 'xiangqi', result: '0-1', winner: 'black', termination: 'perpetual check' }, ['Black wins (0-1)', 'Red loses by perpetual check.']],
    [{ variant: 'xiangqi', result: '1-0', winner: 'white', termination: 'perpetual chase' }, ['Red wins (1-0)', 'Black loses by perpetual chase.']],
    [{ variant: 'xiangqi', result: '0-1', winner: 'black', termination: 'one check one chase' }, ['Black wins (0-1)', 'Red loses by one check one chase.']],
    [{ variant: 'xiangqi', result: '0-1', winner: 'black', termination: 'perpetual mate threat' }, ['Black wins (0-1)', 'Red loses by perpetual mate threat.']],
    [{ variant: 'xiangqi', result: '1/2-1/2', termination: 'repetition' }, ['Draw (1/2-1/2)', 'By repetition.']],
    [{ variant: 'xiangqi', result: '1/2-1/2', termination: 'move limit' }, ['Draw (1/2-1/2)', 'By the 60-move rule.']],
    [{ result: '1/2-1/2', termination: 'stalemate' }, ['Draw (1/2-1/2)', 'By stalemate.']],
    [{ result: '1/2-1/2', termination: 'threefold repetition' }, ['Draw (1/2-1/2)', 'By threefold repetition.']],
    [{ result: '1/2-1/2', termination: 'agreement' }, ['Draw (1/2-1/2)', 'By agreement.']],
    [{ winner: 'black', termination: 'resignation' }, ['Black wins (0-1)', 'White resigned.']],
    [{ variant: 'xiangqi', winner: 'black', termination: 'resignation' }, ['Black wins (0-1)', 'Red resigned.']],
    [{ result: '1-0', winner: 'white', termination: 'timeout' }, ['White wins (1-0)', 'Black ran out of time.']],
    [{ result: '1/2-1/2', termination: 'timeout' }, ['Draw (1/2-1/2)', 'Time ran out, but the opponent cannot mate.']],
    [{ status: 'aborted', result: '*' }, ['Game aborted', 'No result.']],
    [{ status: 'abandoned', result: '1-0', winner: 'white', termination: 'abandonment' }, ['White wins (1-0)', 'Black left the game.']],
    [{ status: 'abandoned', result: '1/2-1/2', termination: 'abandonment' }, ['Draw (1/2-1/2)', 'A player left the game.']],
    [{ winner: 'black', termination: 'king captured' }, ['Black wins (0-1)', 'King captured.']], // a termination the UI does not know yet
    [{ winner: 'black', termination: 'constructor' }, ['Black wins (0-1)', 'Constructor.']], // not read from Object.prototype
  ];
  for (const [over, want] of cases) assert.deepEqual(describeEnd(state(over)), want, JSON.stringify(over));
});

test('notations: xiangqi has three, chess writes SAN or figurines', () => {
  const m = { uci: 'h2e2', san: '炮二平五', wxf: 'C2.5', fen: '', color: 'white' };
  assert.equal(notationOf(chess, 'wxf').id, 'san'); // another board's notation: the default
  assert.deepEqual(chess.notations.options.map(n => n.text({ uci: 'g1f3', san: 'Nf3', fen: '', color: 'white' })), ['Nf3', '♘f3']);
  assert.equal(notationOf(chess, 'figurine').text({ uci: 'e7e8q', san: 'exd8=Q+', fen: '', color: 'black' }), 'exd8=♛+');
  assert.equal(notationOf(xiangqi, null).id, 'chinese');
  assert.equal(notationOf(xiangqi, 'bogus').id, 'chinese');
  assert.deepEqual(xiangqi.notations.options.map(n => n.text(m)), ['炮二平五', 'C2.5', 'h2e2']);
  assert.equal(notationOf(xiangqi, 'wxf').text({ ...m, wxf: undefined }), '炮二平五');
  assert.equal(xiangqi.notations.storageKey, 'gambit.xiangqiNotation'); // users' saved choice stays
});

test('move sounds', () => {
  const last = san => state({ last: { uci: '', san, fen: '' } });
  assert.equal(chess.moveSound(state(), last('e4')), 'move');
  assert.equal(chess.moveSound(state(), last('exd5')), 'capture');
  assert.equal(chess.moveSound(state(), last('Qxf7#')), 'check');
  assert.equal(chess.moveSound(state(), last('Bb5+')), 'check');
  const before = state({ fen: '3k5/9/9/9/9/9/9/9/9/RR2K4 w - - 0 1' });
  assert.equal(xiangqi.moveSound(before, state({ fen: 'R2k5/9/9/9/9/9/9/9/9/1R2K4 b - - 1 1', check: 'd9' })), 'check');
  assert.equal(xiangqi.moveSound(before, state({ fen: 'R2k5/9/9/9/9/9/9/9/9/1R2K4 b - - 1 1' })), 'move');
  assert.equal(xiangqi.moveSound(before, state({ fen: '3R5/9/9/9/9/9/9/9/9/1R2K4 b - - 0 1' })), 'capture');
  assert.equal(xiangqi.claimDraw, false);
  assert.equal(chess.claimDraw, true);
});

test('t fills params and keeps a missing one visible', () => {
  assert.equal(t('end.wins', { side: 'White' }), 'White wins');
  assert.equal(t('end.wins'), '{side} wins');
  assert.equal(t('recent.inPlay.other', { n: 3 }), 'in play · 3 moves played');
  assert.equal(setLanguage('xx'), false);
  assert.equal(setLanguage('en'), true);
});

test('ChessBoard: a BoardConfig in chessground words', () => {
  const cfg = { fen: '8/8/8/8/8/8/8/8 w - - 0 1', orientation: 'black', turn: 'white', dests: { e2: ['e3', 'e4'] } };
  const live = chessgroundConfig({ ...cfg, movable: 'white', check: 'e1', lastMove: ['d7', 'd5'] });
  assert.equal(live.check, 'white'); // chessground marks the king of the side to move
  assert.deepEqual(live.lastMove, ['d7', 'd5']);
  assert.equal(live.movable.color, 'white');
  assert.deepEqual([...live.movable.dests], [['e2', ['e3', 'e4']]]);
  assert.equal(live.orientation, 'black');
  assert.equal(live.turnColor, 'white');
  // Chess960 castling is the king's move onto its own rook: the dests keep
  // it (rookCastle), so the board sends king square + rook square.
  const castle = chessgroundConfig({ ...cfg, fen: '1r4kr/pppppppp/8/8/8/8/PPPPPPPP/RK5R w KQkq - 0 1', orientation: 'white',
    movable: 'white', dests: { b1: ['a1', 'c1', 'h1'] } });
  assert.deepEqual(castle.movable.dests.get('b1'), ['a1', 'c1', 'h1']);
  assert.equal(castle.movable.rookCastle, true);
  const frozen = chessgroundConfig(cfg); // not the user's turn: nothing moves
  assert.equal(frozen.check, false);
  assert.equal(frozen.movable.color, undefined);
  assert.equal(frozen.movable.dests.size, 0);
  assert.equal(frozen.premovable.enabled, false);
  // Online, while the opponent thinks: Black's pieces move, as premoves.
  const ahead = chessgroundConfig({ ...cfg, premove: 'black' });
  assert.equal(ahead.movable.color, 'black');
  assert.equal(ahead.movable.dests.size, 0); // no legal moves yet: chessground checks them when the premove is played
  assert.equal(ahead.premovable.enabled, true);
  const turn = chessgroundConfig({ ...cfg, movable: 'white', premove: 'white' }); // the turn has come: a premove kept waits to be played
  assert.equal(turn.movable.color, 'white');
  assert.equal(turn.premovable.enabled, true);
});

test('a tournament’s game lost by a first move never made says so, in each language', () => {
  const lapsed = state({ variant: 'chess', status: 'abandoned', result: '1-0', winner: 'white', termination: 'no start' });
  setLanguage('en');
  assert.deepEqual(describeEnd(lapsed), ['White wins (1-0)', 'Black did not make their first move in time.']);
  setLanguage('zh-TW');
  assert.equal(describeEnd(lapsed)[1], '黑方未在時限內走出第一步。');
  setLanguage('zh-CN');
  assert.equal(describeEnd(lapsed)[1], '黑方未在时限内走出第一步。');
  setLanguage('en');
});
