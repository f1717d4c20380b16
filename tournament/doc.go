// Package tournament holds the rules of arena tournaments, apart from any
// server: how a game scores, how a player's standing is ranked, and whom a
// waiting player meets next. It follows lichess's arenas (lila's
// modules/tournament, and its help page "How are scores calculated?"):
//
//   - A win scores 2, a draw 1, a loss 0.
//   - Two wins in a row set a player "on fire": from then on each game
//     scores double (a win 4, a draw 2) until one is not won.
//   - A player who went berserk (half the clock, no increment) and wins
//     gets one point more, if they made at least BerserkMoves moves; the
//     point is never doubled.
//   - A draw in fewer than QuickDrawPlies plies (ten moves each) scores
//     nothing and ends a streak, as lila's quick draws: two players cannot
//     share points by agreeing at once.
//   - Draw streaks (lichess's help page): after a draw that scored, a
//     player's next draws score nothing unless they last more than 30
//     moves (DrawStreakPlies), until the player wins again; a loss does
//     not end the streak of draws.
//   - A game that ends after the arena ends does not count (lichess:
//     "games in progress must be finished, but they don't count").
//   - An aborted game (Void) scores nothing and leaves the streak as it was.
//
// Standings rank by points, then by performance (lila's tie-break: the
// opponents' mean rating, plus 500 times wins minus losses over games),
// then by rating, then by who joined first.
//
// Pairing (PairArena) is this package's own rule, after lila's aim
// ("paired with opponents of similar ranking; no one waits long"):
// waiting players are ordered by their place in the standings and each is
// paired with the nearest one below who is not their last opponent. An
// immediate rematch is made only when neither has anyone else to meet and
// both have waited RematchWait. With an odd number waiting, the one who
// came back last waits for the next round of pairing (the others have
// waited longer), unless that would leave two unpaired who could meet the
// one left out (two who just played each other, say). Colours go to even out each player's whites and blacks.
package tournament
