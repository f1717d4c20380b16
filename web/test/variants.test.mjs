// The variant registry, the texts and the chess adapter's translation to
// chessground, without a browser.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { bomb, chess, chess960, describeEnd, dice, fogofwar, notationOf, sideName, variantOf, variants, xiangqi } from '../src/variants.ts';
import { setLanguage, t } from '../src/i18n.ts';
import { chessgroundConfig } from '../src/chessboard.ts';

const state = (over = {}) => ({ v: 1, id: 'g', mode: 'local', variant: 'chess', status: 'mate', result: '0-1', fen: '', turn: 'white',
  ply: 4, dests: {}, canClaim: false, seats: { white: { kind: 'human' }, black: { kind: 'human' } }, ...over });

test('every variant the server names has one entry; unknown names fall back to chess', () => {
  assert.deepEqual(variants.map(v => v.name), ['chess', 'chess960', 'xiangqi', 'fogofwar', 'dice', 'bomb']);
  assert.equal(variantOf('xiangqi'), xiangqi);
  assert.equal(variantOf('fogofwar'), fogofwar);
  assert.equal(variantOf('dice'), dice);
  assert.equal(variantOf('bomb'), bomb);
  assert.equal(variantOf('chess960'), chess960);
  assert.equal(variantOf('chess'), chess);
  assert.equal(variantOf('no such variant'), chess);
  assert.equal(variantOf(), chess);
});

test("every entry's texts exist and its board has an element", () => {
  for (const v of variants) {
    for (const key of [v.label, v.help, ...(v.rules ? [v.rules] : []), ...(v.fair ? [v.fair.text] : []), v.setup.label, v.setup.placeholder, ...Object.values(v.reasons), ...(v.tag ? [v.tag] : []),
      ...(v.notations?.options.map(n => n.label) ?? [])]) {
      assert.notEqual(t(key), key, `${v.name}: no text for ${key}`);
    }
    assert.ok(v.board.element, v.name);
    assert.equal(typeof v.board.create, 'function', v.name);
    for (const c of ['white', 'black']) assert.ok(sideName(v, c) && sideName(v, c, true), `${v.name} ${c}`);
  }
});

test('chess960 plays on the chess board with the chess texts, and names itself', () => {
  assert.equal(chess960.board, chess.board);
  assert.equal(chess960.sides, chess.sides);
  assert.equal(chess960.reasons, chess.reasons);
  assert.equal(chess960.claimDraw, true);
  assert.equal(chess960.moveSound, chess.moveSound);
  assert.equal(t(chess960.tag), 'Chess960');
  assert.notEqual(chess960.setup.label, chess.setup.label);
  assert.match(t(chess960.setup.label), /0 to 959/);
  assert.deepEqual(describeEnd(state({ variant: 'chess960', result: '1-0', winner: 'white', termination: 'checkmate' })),
    ['White wins (1-0)', 'By checkmate.']);
});

test('fog of war, dice and bomb chess: chess boards, their own rules, no takebacks', () => {
  for (const v of [fogofwar, dice, bomb]) {
    assert.equal(v.board, chess.board, v.name);
    assert.equal(v.sides, chess.sides, v.name);
    assert.equal(v.takeback, false, `${v.name}: the server refuses takebacks`);
    assert.ok(v.rules && v.tag, v.name);
    assert.notEqual(v.help, chess.help, v.name);
    assert.ok(t(v.rules).length > t(v.help).length, `${v.name}: the rules say more than the summary`);
  }
  assert.ok(chess.takeback && chess960.takeback && xiangqi.takeback);
  // Only fog of war hides the board between turns on one screen.
  assert.deepEqual(variants.filter(v => v.handOver).map(v => v.name), ['fogofwar']);
  // Only dice chess writes its move list a turn a row and has a panel of its own; only bomb chess has a move effect.
  assert.deepEqual(variants.filter(v => v.moveRows !== chess.moveRows).map(v => v.name), ['dice']);
  assert.deepEqual(variants.filter(v => v.panel).map(v => v.name), ['dice']);
  assert.deepEqual(variants.filter(v => v.effect).map(v => v.name), ['bomb']);
  assert.deepEqual(variants.filter(v => v.fair).map(v => [v.name, v.fair.verify]), [['dice', 'gambit dice verify'], ['bomb', 'gambit bomb verify']]);
  assert.equal(fogofwar.claimDraw, false); // its draws come by themselves
  assert.match(t(fogofwar.help), /capture the king/);
  assert.match(t(dice.help), /three dice/);
  assert.match(t(bomb.help), /ranks 3 to 6/);
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
    [{ variant: 'xiangqi', result: '0-1', winner: 'black', termination: 'perpetual check' }, ['Black wins (0-1)', 'By perpetual check.']],
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

test('notations: xiangqi has three, chess writes SAN', () => {
  const m = { uci: 'h2e2', san: '炮二平五', wxf: 'C2.5', fen: '' };
  assert.equal(notationOf(chess, 'wxf'), undefined);
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
