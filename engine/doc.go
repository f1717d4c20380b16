// Package engine is Gambit's chess engine: search, transposition table,
// move ordering, evaluation and time management, behind a Go API with no
// I/O of its own (the uci package speaks the protocol; the server calls the
// engine in-process).
//
// The full search is iterative deepening over a principal variation search
// with aspiration windows, a shared lockless transposition table, quiescence
// search with SEE pruning, hash-move / MVV-LVA / killer / countermove /
// history ordering, null-move pruning, late move reductions, reverse
// futility, futility and late-move pruning, check extensions, mate-distance
// pruning, draw detection and Lazy SMP. Each search thread owns a fixed
// per-ply stack, so the search allocates nothing per node.
//
// Besides the full search, the engine has teaching algorithms (greedy,
// minimax, negamax, plain alpha-beta) and strength limits (Skill Level,
// UCI_LimitStrength with UCI_Elo).
//
// The evaluation's weights are data (Weights, DefaultWeights); NewEvaluator
// compiles them into fixed tables and Engine.SetWeights swaps them in. They
// are tuned by Texel's method on the engine's own games: SelfPlay writes
// quiet positions labelled with game results ("FEN;result" lines), Tune
// fits sigmoid(K·eval) to them, and Match plays two weight sets against each
// other at fixed nodes ("gambit tune selfplay|texel|match"; see BENCH.md).
//
// Usage:
//
//	e := engine.New(engine.DefaultOptions())
//	pos := chess.StartPosition()
//	res := e.Search(ctx, pos, nil, engine.Limits{MoveTime: time.Second}, func(i engine.Info) {
//		fmt.Println(i.Depth, i.Score, i.PV)
//	})
//	fmt.Println(res.BestMove)
package engine
