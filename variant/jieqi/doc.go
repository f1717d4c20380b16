// Package jieqi implements the rules of jieqi (揭棋, "uncovering chess"),
// xiangqi with hidden pieces, on the board vocabulary of package xiangqi
// (its Square, Piece, Move and MoveList; moves are ICCS text, "h2e2").
//
// # The rule set
//
// The rules are those published by pychess-variants (pychess.org, page
// "Jieqi", source gbtami/pychess-variants static/docs/jieqi.md, itself
// after the chessprogramming wiki's "Jeiqi" article):
//
//   - The generals stand face up on their points. The other 15 pieces of
//     each side are shuffled and placed face down on that side's xiangqi
//     starting points.
//   - A face-down piece makes its first move as the piece whose starting
//     point it stands on (on a cannon's point it moves and captures as a
//     cannon), and that move turns it face up: from then on it moves as
//     its true piece.
//   - Revealed advisors and elephants are not bound to the palace or to
//     their side of the river. Generals stay in the palace. A soldier
//     moves forward only on its own side of the river, and forward or
//     sideways once across, wherever it was revealed.
//   - Face-down pieces capture and are captured as usual. When a face-down
//     piece is captured, its identity is shown to the player who took it
//     only; the other player (its owner) keeps seeing it as face down.
//     Pieces taken face up are known to both.
//   - Otherwise the rules are xiangqi's: flying generals, no move into
//     check, and a side with no legal move loses (checkmate, and
//     stalemate too).
//
// # Decisions where the rule set is silent
//
//   - Draws and repetition follow this project's package xiangqi: 60 moves
//     (120 plies) without a capture draw (a reveal does not restart the
//     count); a side that keeps checking through a repeated position, more
//     than three checks in a row while the other side did not, loses
//     (perpetual check); any other position occurring a third time draws.
//     Perpetual chasing is not judged (as in package xiangqi). Only the
//     two generals left is a draw by insufficient material: any other
//     piece may give mate, advisors and elephants roaming freely.
//   - A face-down piece on an advisor's point moves as an advisor in the
//     palace (to the palace centre only); on an elephant's point as an
//     elephant on its own side (the only points it could reach anyway).
//   - A soldier revealed on its own back rank moves forward one point, as
//     any soldier on its own side of the river; one revealed beyond the
//     river moves forward or sideways. Soldiers never move back.
//   - A face-down piece gives check as the piece of its point: a face-down
//     chariot-point piece checks along its lines like a chariot.
//   - The identities never change, so repetition compares the public
//     position (face-up pieces, face-down points, side to move).
//   - Nobody learns a face-down piece's identity while it is on the board,
//     a spectator knows only what both players know, and a piece taken
//     face down stays unknown to its owner for the whole game; at the end,
//     the seed is revealed and with it every identity.
//
// # Hidden information
//
// Position is the TRUE position when its face-down identities are set
// (Deal, SetIdentity), and a PUBLIC one otherwise (ParseFEN, View). Its
// FEN is always public: X for a red face-down piece, x for a black one,
// the xiangqi letters for face-up pieces. The legal moves depend only on
// the public position, for a face-down piece moves as the piece of its
// point. View(p, seer) gives a side (or a spectator, NoColor) its Sight:
// the public position and the taken pieces it knows.
//
// # Layout and fairness
//
// A game's layout comes from a fair.Seed (package variant/fair), committed
// to before the game by its hash: Deal shuffles each side's pieces onto
// its points with seed.Shuffle("jieqi red", 15, 15) and ("jieqi black",
// 15, 15). The same seed deals the same layout.
//
//	g := jieqi.NewGame(seed)
//	pl, err := g.PushUCI("h2e2") // pl.Revealed: what the cannon-point piece was
//	sight := g.View(jieqi.Black)   // what Black may see
//	_ = sight.FEN()
//
// # Notation
//
// Moves are written in xiangqi's Chinese notation and WXF too
// (Position.ChineseIn, Played.ChineseIn, notation.go): a face-down piece
// named as the piece of its point, whose move it makes (炮二平五), then 翻
// and what it turned up as, 吃 and what it took face down, or 吃暗子 for a
// reader who does not know it: "炮二平五 翻俥", "C2.5=R".
//
// # PGN
//
// Game.WritePGN writes [Variant "Jieqi"], [SeedHash] always, [Seed] and
// [Layout] once the game is over, ICCS moves, and after each move that
// turned a piece up a comment {[%reveal N]} (with the seed revealed, also
// [%take r] for a face-down piece taken). Verify checks such a game: the
// seed against its hash, every reveal and take against the layout the
// seed deals, and every move's legality.
package jieqi
