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
  'prompt.copy': 'Copy:',
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

// t returns the text of key with each {name} replaced by params[name]; a
// placeholder without a param stays as it is, so a missing one shows.
export function t(key: Key, params?: Record<string, string | number>): string {
  const text: string = current[key] ?? en[key] ?? key;
  if (!params) return text;
  return text.replace(/\{(\w+)\}/g, (m, name: string) => (name in params ? String(params[name]) : m));
}
