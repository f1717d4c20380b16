// User-facing text, one table per language, looked up by key with t(). The
// English table is the reference: its keys are the type Key, and a table for
// another language is a Record<Key, string>, so tsc reports any key it lacks.
// Adding a language is adding one table to `tables`.
//
// Texts are whole phrases with named {params}, never pieces glued together
// in code, so that a language can order and punctuate them its own way.
// (index.html still holds its static labels in English.)

const en = {
  // sides, as a name ("White") and within a sentence ("You (white)")
  'side.white': 'White',
  'side.black': 'Black',
  'side.red': 'Red',
  'side.white.inline': 'white',
  'side.black.inline': 'black',
  'side.red.inline': 'red',

  // variants: their name in the new-game dialog, their tag in the recent
  // games, their rules in a few words
  'variant.chess': 'Chess',
  'variant.chess960': 'Chess960 (Fischer random)',
  'variant.chess960.tag': 'Chess960',
  'variant.xiangqi': 'Xiangqi (Chinese chess)',
  'variant.xiangqi.tag': 'Xiangqi',
  'variant.chess.help': 'Checkmate the king. Stalemate, insufficient material, repetition and the 50-move rule draw.',
  'variant.chess960.help': 'Chess from one of 960 shuffled back ranks, the same for both sides. To castle, move the king onto its rook: the king ends on the g- or c-file and the rook beside it, as in chess.',
  'variant.xiangqi.help': 'Checkmate the general. A side with no legal move loses, and so does perpetual check; repetitions and the 60-move rule are judged automatically.',
  'variant.fogofwar': 'Fog of war',
  'variant.fogofwar.tag': 'Fog of war',
  'variant.fogofwar.help': 'You see only your pieces and the squares they could move to. There is no check: capture the king to win.',
  'variant.fogofwar.rules': 'The pieces move as in chess, but each side sees only its own pieces and the squares they could move to; the rest of the board is in fog. Nothing is check: a king may move into attack, stay in it, or castle through it, and a side loses when its king is captured. Each pawn also sees the square in front of it. Stalemate (no move at all), the 75-move rule, fivefold repetition and bare kings are draws. On one screen the board is hidden between turns: pass the device and let the next player show it.',
  'variant.dice': 'Dice chess',
  'variant.dice.tag': 'Dice',
  'variant.dice.help': 'Each turn three dice show the piece types that may move: make up to three moves, one per die. A check ends the turn; after one move you may pass.',
  'variant.dice.rules': 'At the start of each turn three dice are rolled; each shows a type of piece you have that can move. Make up to three moves, one per die, each with a piece of that die’s type (a promotion uses a pawn die, castling a king die). A die whose type has no move left is lost. The turn ends when no die is left, at once when a move gives check, or when you pass (after at least one move). Checkmate and stalemate are judged at the start of a turn. The dice come from a secret seed the server commits to before the game and reveals after it, so every roll can be checked.',
  'variant.bomb': 'Bomb chess',
  'variant.bomb.tag': 'Bomb',
  'variant.bomb.help': 'Eight hidden mines lie on ranks 3 to 6. A piece that ends its move on one explodes, clearing the 3×3 block around it (kings survive); if the blast exposes your own king, you lose.',
  'variant.jieqi': 'Jieqi (揭棋, xiangqi with hidden pieces)',
  'variant.jieqi.tag': 'Jieqi',
  'variant.jieqi.help': 'Xiangqi with hidden pieces: all but the generals start face down, shuffled; a face-down piece moves first as the piece of its point and turns over; a piece taken face down is shown to its captor only.',
  'variant.jieqi.rules': 'The board is xiangqi’s, but only the generals start face up: the other fifteen pieces of each side are shuffled and placed face down on the usual starting points. A face-down piece moves as the piece whose starting point it stands on (a face-down piece on a chariot’s point moves as a chariot), and turns over with its first move, showing what it really is; from then on it moves as itself, and advisors and elephants may then leave the palace and cross the river. A face-down piece that is captured stays hidden: only its captor sees what it was. Otherwise the rules of xiangqi apply: checkmate or no legal move loses, perpetual check loses, repetitions and the 60-move rule are judged automatically. The layout comes from a secret seed the server commits to before the game and reveals after it.',
  'variant.bomb.rules': 'Chess, with eight mines hidden on ranks 3 to 6, placed from a secret seed the server commits to before the game. A piece that ends its move on a mine sets it off: every piece in the 3×3 block around the mine is removed, except kings, and the mine is gone. If the blast leaves your own king in check, you lose at once. Exploded mines are marked on the board; all of them are shown when the game ends, with the seed, so the placement can be checked. Otherwise the rules of chess apply.',

  // the end of a game: "{title} ({result})", then the reason as a sentence
  'end.wins': '{side} wins',
  'end.draw': 'Draw',
  'end.aborted': 'Game aborted',
  'end.noResult': 'No result.',
  'end.resigned': '{side} resigned.',
  'end.flagged': '{side} ran out of time.',
  'end.timeoutDraw': 'Time ran out, but the opponent cannot mate.',
  'end.abandoned': '{side} left the game.',
  'end.other': '{reason}.',
  'reason.checkmate': 'By checkmate.',
  'reason.stalemate': 'By stalemate.',
  'reason.insufficientMaterial': 'By insufficient material.',
  'reason.75moves': 'By the 75-move rule.',
  'reason.fivefold': 'By fivefold repetition.',
  'reason.50moves': 'By the 50-move rule.',
  'reason.threefold': 'By threefold repetition.',
  'reason.resignation': 'By resignation.',
  'reason.agreement': 'By agreement.',
  'reason.timeout': 'On time.',
  'reason.abandonment': 'A player left the game.',
  'reason.xiangqi.stalemate': 'By stalemate: no legal move loses.',
  'reason.perpetualCheck': 'By perpetual check.',
  'reason.repetition': 'By repetition.',
  'reason.60moves': 'By the 60-move rule.',
  'reason.kingCaptured': 'The king was captured.',
  'reason.bareKings': 'Only the kings are left.',
  'reason.kingExposed': 'A mine’s blast left the mover’s own king in check.',

  // the game page
  'player.computer': 'Computer',
  'player.you': 'You ({side})',
  'player.you.short': 'You',
  'player.open': 'Waiting for a player',
  'presence.online': 'online',
  'presence.offline': 'offline',
  'watching.one': '{n} watching',
  'watching.other': '{n} watching',
  'watching.you': 'You are watching',
  'watching.youAndOthers': 'You are watching, with {n} more',
  'status.thinking': 'The computer is thinking…',
  'status.toMove': '{side} to move',
  'status.toMoveCheck': '{side} to move — check!',
  'status.over': '{title} — {reason}',
  'status.noSuchGame': 'No such game.',
  'status.reconnecting': 'Reconnecting…',
  'status.drawDeclined': 'Your draw offer was declined',
  'status.takebackDeclined': 'Your takeback request was declined',
  'status.notSent': 'Not connected: try again in a moment',
  'status.waiting': 'Waiting for your opponent…',
  'status.waitingSpectator': 'Waiting for a second player…',
  'status.seatTaken': 'Both seats are taken: you are watching',
  'status.fenCopied': 'FEN copied',
  'status.pgnCopied': 'PGN copied',
  'offer.draw': '{side} offers a draw',
  'offer.takeback': '{side} asks to take back a move',
  'invite.text': 'Send this link to your opponent, or let them scan the code:',
  'invite.lobby': 'Looking for an opponent: your challenge is in the lobby, where anyone may accept it. Or send this link to someone:',
  'invite.copied': 'Link copied',
  'invite.qr': 'QR code of the invite link',
  'claim.wait': 'Your opponent left — you can claim victory in {n} s',
  'claim.now': 'Your opponent left — you can claim victory',
  'rematch.offer': 'Your opponent offers a rematch',
  'rematch.offered': 'Rematch offered — waiting for your opponent',
  'rematch.spectator': '{side} offers a rematch',
  'rematch.declined': 'Your rematch offer was declined',
  'btn.rematch': 'Rematch',
  'btn.acceptRematch': 'Accept rematch',
  'btn.rematchOffered': 'Rematch offered',
  'btn.undo': 'Undo',
  'btn.takeback': 'Takeback',
  'btn.decline': 'Decline',
  'btn.withdraw': 'Withdraw',
  'btn.resign': 'Resign',
  'btn.abort': 'Abort',
  'btn.reallyResign': 'Really resign?',
  'btn.reallyAbort': 'Really abort?',
  'btn.downloadGif': 'Download GIF',
  'btn.downloadGif.title': 'The whole game as an animated image',
  'btn.downloadViewer': 'Download viewer',
  'btn.downloadViewer.title': 'The game in one HTML page that works offline',
  'prompt.copy': 'Copy:',
  'handover.text': 'Pass the device to {side}',
  'handover.show': 'Show the board',
  'status.fogWatching': 'Fog of war: the board shows when the game is over',
  'dice.title': 'Dice',
  'dice.used': '{piece}: used or lost',
  'dice.left': '{piece}: may move',
  'dice.moves.one': '{n} move made this turn',
  'dice.moves.other': '{n} moves made this turn',
  'btn.pass': 'Pass',
  'fair.dice': 'The rolls are provably fair: the server committed to their secret seed before the game.',
  'fair.jieqi': 'The layout is provably fair: the server committed to its secret seed before the game.',
  'fair.generic': 'This game is provably fair: the server committed to its secret seed before the game.',
  'fair.bomb': 'The mines are provably fair: the server committed to their secret seed before the game.',
  'fair.commitment': 'Commitment (SHA-256): {hash}',
  'fair.seed': 'Seed: {seed}',
  'fair.verify': 'Check it with {command} on the game’s PGN.',
  'fair.later': 'The seed is revealed when the game is over.',
  'moves.reveal': 'Turned up as {piece}',
  'jieqi.taken': 'Pieces taken',
  'jieqi.unknown': 'Taken face down: only its captor knows what it was',
  'piece.faceDown': 'face-down piece',
  'moves.blast': 'A mine went off on {square}',
  'dialog.rules': 'Rules',
  'piece.pawn': 'Pawn',
  'piece.king': 'King',
  'piece.queen': 'Queen',
  'piece.rook': 'Rook',
  'piece.bishop': 'Bishop',
  'piece.knight': 'Knight',
  'notation.chinese': 'Chinese (炮二平五)',
  'notation.wxf': 'WXF (C2.5)',
  'notation.iccs': 'ICCS (h2e2)',
  'chat.players': 'Chat with your opponent',
  'chat.spectators': 'Spectators’ chat',
  'chat.mute': 'Mute',
  'chat.unmute': 'Unmute',
  'chat.muted': 'Chat muted.',

  'clock.days': '{d}d {h}h',

  // the start page
  'lobby.none': 'No open challenges. Pick a time control above, or create one.',
  'lobby.challenge': '{tc} · {game} · the challenger plays {side}',
  'lobby.untimed': 'No clock',
  'lobby.waiting': 'yours, waiting',
  'lobby.open': 'Open',
  'lobby.accept': 'Accept',
  'recent.loadFailed': 'Could not load games: {error}',
  'recent.none': 'No games yet.',
  'recent.review': 'Review',
  'recent.resume': 'Resume',
  'recent.players': '{white} vs {black}',
  'recent.tagged': '{tag} · {players}',
  'recent.online': 'Online: {players}',
  'recent.inPlay.one': 'in play · {n} move played',
  'recent.inPlay.other': 'in play · {n} moves played',
  'ago.now': 'just now',
  'ago.minutes': '{n} min ago',
  'ago.hours': '{n} h ago',
  'level.greedy': 'Greedy',
  'sound.on': '♪ on',
  'sound.off': '♪ off',
  'setup.chess': 'Start from FEN or PGN (optional)',
  'setup.chess.placeholder': 'rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1 or 1. e4 e5 2. Nf3',
  'setup.chess960': 'Start position: a number from 0 to 959, a FEN or a Chess960 PGN (optional: empty draws one at random)',
  'setup.chess960.placeholder': '518 (the standard start) or bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w KQkq - 0 1',
  'setup.xiangqi': 'Start from a xiangqi FEN or PGN (optional)',
  'setup.jieqi': 'Start from a jieqi FEN, X and x for face-down pieces (optional: empty deals a shuffled layout)',
  'setup.jieqi.placeholder': 'xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1',
  'setup.xiangqi.placeholder': 'rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1 or 1. 炮二平五 馬８进７',
} as const;

// Key names one text.
export type Key = keyof typeof en;

// Table is one language's texts.
export type Table = Record<Key, string>;

const tables: Record<string, Table> = { en };

let current: Table = en;

// setLanguage switches to the table of a language code ("en", "zh-TW"), and
// reports whether there is one; without one the texts stay as they were.
export function setLanguage(code: string): boolean {
  const table = tables[code];
  if (table) current = table;
  return !!table;
}

// hasText reports whether key names a text (a side or a variant the server
// names that this UI may not have words for).
export function hasText(key: string): key is Key {
  return Object.prototype.hasOwnProperty.call(en, key);
}

// t returns the text of key with each {name} replaced by params[name]; a
// placeholder without a param stays as it is, so a missing one shows.
export function t(key: Key, params?: Record<string, string | number>): string {
  const text: string = current[key] ?? en[key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}
