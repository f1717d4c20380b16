// Package benchrun is the bench-signature harness of Gambit's engines
// (engine.Bench for chess, xq.Bench for xiangqi; Stockfish's "bench"): it
// searches a fixed list of positions one after another, sums the node
// counts into the signature and times the whole run. Each engine supplies
// its positions and a function that searches one of them at a fixed depth
// with a cleared table.
package benchrun

import "time"

// Result is the outcome of a bench run.
type Result struct {
	Nodes uint64        // the signature: total nodes, deterministic for a given code version
	Time  time.Duration // wall time
	NPS   uint64        // nodes per second
}

// Run calls search for each of fens in order and returns the node total,
// the wall time and the nodes per second. search returns the nodes of one
// position; its first error stops the run and is returned as it is, with
// the result so far. progress, if not nil, is called after each position
// with its index, FEN and node count.
func Run(fens []string, search func(i int, fen string) (uint64, error), progress func(i int, fen string, nodes uint64)) (Result, error) {
	var res Result
	start := time.Now()
	for i, fen := range fens {
		n, err := search(i, fen)
		if err != nil {
			return res, err
		}
		res.Nodes += n
		if progress != nil {
			progress(i, fen, n)
		}
	}
	res.Time = time.Since(start)
	if s := res.Time.Seconds(); s > 0 {
		res.NPS = uint64(float64(res.Nodes) / s)
	}
	return res, nil
}
