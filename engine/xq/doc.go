// Package xq is Gambit's xiangqi (Chinese chess) engine: an alpha-beta
// search with its own evaluation, behind a Go API with no I/O of its own,
// on top of the rules library github.com/gambitchess/gambit/xiangqi.
//
// The search is iterative deepening over a principal variation search
// with aspiration windows, a transposition table of 16-byte entries,
// quiescence search over captures (MVV-LVA ordering, delta pruning and no
// captures of a defended piece by a dearer one), hash-move / MVV-LVA /
// killer / history move ordering, null-move pruning (off when the side to
// move has few attackers, where xiangqi zugzwangs are common), late move
// reductions, reverse futility and late-move pruning, check extensions and
// mate-distance pruning. Each search owns a fixed per-ply stack, so it
// allocates nothing per node.
//
// Game endings follow the xiangqi rules inside the search: no legal move
// loses; a repetition in which one side gave check with every move of the
// cycle loses for that side (the engine avoids perpetual check and punishes
// the opponent's), any other repetition is a draw; 60 moves without a
// capture draw (the search always uses xiangqi.DefaultMoveLimit). The
// search judges a repetition at its first recurrence, where the referee
// (xiangqi.Game) waits for a longer streak of checks or a third
// occurrence: the side that would lose by repeating has to vary anyway.
//
// The evaluation (Evaluate) is tapered material and piece-square values
// with the cannon-horse phase shift, mobility of chariots, horses and
// cannons, and king safety.
//
// Usage:
//
//	e := xq.New(xq.DefaultOptions())
//	res := e.Search(ctx, xiangqi.StartPosition(), nil, xq.Limits{MoveTime: time.Second}, nil)
//	fmt.Println(xq.FormatFairy(res.BestMove), res.Score)
//
// Search takes the keys of the earlier positions of the game; SearchGame
// takes a xiangqi.Game and so also knows which earlier moves gave check,
// for judging perpetual check through moves already played.
//
// Moves are xiangqi.Move values; xiangqi.Position.UCI writes them in ICCS
// coordinates with ranks 0-9 ("h2e2", as the game layer and Pikafish do),
// FormatFairy and ParseFairy with the ranks 1-10 of Fairy-Stockfish's UCI
// ("h3e3"), which Gambit's xiangqi UCI mode speaks, and GameFromUCI
// replays a UCI "position" command. Bench gives the node signature of the search;
// BENCH.md in this directory records speed and self-play results.
package xq
