// Package banqi implements the rules of banqi (暗棋, also 翻翻棋; "dark
// chess"), the game of xiangqi's 32 pieces face down on half its board,
// as commonly played in Taiwan.
//
// # The rule set
//
// The rules are those of the English Wikipedia's "Banqi" article (its
// Taiwanese ranking) and of the Taiwanese rule summary 暗棋「規則簡介」
// (wl6u4.pixnet.net/blog/post/10700330), which agree on every point
// below; the draw rules are the Computer Olympiad's (ICGA Journal 39
// (2017) 163-165, "DarkKnight wins Chinese dark chess tournament", and its
// 2022 report "CLAP_CDC wins Chinese dark chess tournament"):
//
//   - The board is 4×8 squares, the pieces standing in the squares. Each
//     side has a general (帥/將), two advisors (仕/士), two elephants
//     (相/象), two chariots (俥/車), two horses (傌/馬), two cannons (炮/包)
//     and five soldiers (兵/卒), red and black. All 32 start face down in
//     a random layout.
//   - A turn either flips a face-down piece (any: it may be the
//     opponent's), or moves a face-up piece of one's own colour one square
//     up, down, left or right, to an empty square or onto a face-up piece
//     of the other colour that it may take.
//   - The first player's first flip gives it that piece's colour; the
//     second player plays the other.
//   - A piece takes one of equal or lower rank, general, advisor,
//     elephant, chariot, horse, cannon, soldier from the highest, except
//     that a soldier takes the general and the general cannot take a
//     soldier.
//   - The cannon moves one square like the others, but takes only by a
//     jump: along a rank or file over exactly one piece (face up or face
//     down, of either colour), any number of empty squares before and
//     after it, onto a face-up piece of the other colour, whatever its
//     rank.
//   - A face-down piece is never taken ("pieces take each other only
//     when face up", the Taiwanese summary says).
//   - A player with no piece left, or no legal move on its turn, loses.
//   - A game is drawn after 180 plies in a row without a flip or a
//     capture, or when a position occurs for the third time.
//
// Where rule sets differ, Options chooses: the draw count
// (Options.DrawPlies), the repetitions (Options.Repetitions), the cannon's
// reach (Options.CannonReach: the short cannon of some house rules takes
// only right behind its screen) and a chase rule (Options.ChaseLoses: a
// player whose every move through a repetition threatened a capture
// loses it). DefaultOptions is the rule set above, which the live game
// plays.
//
// # Positions and hidden pieces
//
// Position is the TRUE position when its face-down identities are set
// (Deal, SetIdentity), and a PUBLIC one otherwise (ParseFEN, SightOf).
// Nobody, the players included, knows a face-down piece until it is
// flipped, so the public position is the same for everyone. Its FEN
// (ParseFEN) shows a face-down piece as x, never its identity. The moves
// depend on the public position only; a flip's outcome on the identity:
// MakeMove turns a piece up as it is, MakeFlip as the caller says, so a
// search of a public position can weigh every piece the pool holds.
//
// # Layout and fairness
//
// A game's layout comes from a fair.Seed (package variant/fair), committed
// to before the game by its hash: Deal shuffles the 32 pieces onto the 32
// squares with seed.Shuffle("banqi layout", 32, 32). The same seed deals
// the same layout; once the game is over the seed is revealed, and
// Verify checks a game's record against it.
//
// # Notation and PGN
//
// Moves are coordinate text, "c2c3", a flip the square twice, "c2c2"
// (ParseMove), and in records SAN: "c2=K" (a flip and what it turned
// up), "Rc2-c3", "Rc2xc3" (ParseSAN). Game.WritePGN writes [Variant
// "Banqi"], [SeedHash] always, [Seed] and [Layout] once the game is over,
// and the moves in SAN; ReadPGN reads it back, and Verify checks it.
//
//	g := banqi.NewGame(seed, banqi.DefaultOptions())
//	pl, err := g.PushText("c2c2") // pl.Piece: what the flip turned up
//	fen := g.FEN()                // the public position: anyone may see it
package banqi
