package pgn

import (
	"bufio"
	"bytes"
	"cmp"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/gambitchess/gambit/chess"
)

// Options configures Check, Cat and Stats, the functions behind the
// "gambit pgn" subcommands.
type Options struct {
	Mainline   bool                             // Cat: leave out variations
	NoComments bool                             // Cat: leave out comments
	TopMoves   int                              // Stats: how many first moves to list; 10 when 0
	Progress   func(bytesRead int64, games int) // called as the input is read, for a progress bar

	// Workers is how many goroutines read games at once: 0 is GOMAXPROCS,
	// 1 reads them one after the other in the calling goroutine. With more,
	// one more goroutine cuts the input into games; the output is the same.
	Workers int
}

// Summary is what Check, Cat or Stats found in one input.
type Summary struct {
	Games  int      // games read, good and bad
	Plies  int      // mainline plies of the good games
	Errors []*Error // one per bad game

	// Filled by Stats only.
	Results    map[string]int // good games by result: "1-0", "0-1", "1/2-1/2", "*"
	Endings    map[string]int // good games by how they ended (see Stats)
	FirstMoves map[string]int // White's first move in SAN, for games from the standard start
}

// WriteErrors writes each error as "NAME:LINE:COL: game N: message".
func (s *Summary) WriteErrors(name string, w io.Writer) error {
	for _, e := range s.Errors {
		if _, err := fmt.Fprintf(w, "%s:%v\n", name, e); err != nil {
			return err
		}
	}
	return nil
}

func newReader(r io.Reader, opt Options) *Reader {
	pr := NewReader(r)
	if opt.Progress != nil {
		pr.OnProgress(func(n int64) { opt.Progress(n, pr.Games()) })
	}
	return pr
}

// Check reads every game of r, variations included, checking each move
// against the rules. It writes each error to w as
// "NAME:LINE:COL: game N: message", then a line with the totals. The error
// result is for reading or writing failures only: bad games are in the Summary.
//
// Check builds no game tree: it visits each game (Reader.Visit), which
// checks the same moves and finds the same errors as Next but allocates
// nothing per move. Building trees made the garbage collector the larger
// part of the command's time (issue 28).
func Check(name string, r io.Reader, w io.Writer, opt Options) (Summary, error) {
	if n := opt.workers(); n > 1 {
		return checkParallel(name, r, w, opt, n)
	}
	var s Summary
	pr := newReader(r, opt)
	bw := bufio.NewWriter(w)
	var pc plyCounter
	for {
		pc = plyCounter{}
		err := pr.Visit(&pc)
		var pe *Error
		switch {
		case err == nil:
			s.Plies += pc.plies
		case errors.As(err, &pe):
			s.Errors = append(s.Errors, pe)
			fmt.Fprintf(bw, "%s:%v\n", name, pe)
		case err == io.EOF:
			s.Games = pr.Games()
			fmt.Fprintf(bw, "%s: %d games, %d plies, %d errors\n", name, s.Games, s.Plies, len(s.Errors))
			return s, bw.Flush()
		default:
			s.Games = pr.Games()
			bw.Flush()
			return s, fmt.Errorf("%s: %w", name, err)
		}
	}
}

// checkGame is Check's work on one game.
func checkGame() work {
	// The padding keeps each worker's counter off the cache lines of the
	// others' (they were allocated side by side, and the counting showed
	// in the profile).
	var pc struct {
		plyCounter
		_ [64]byte
	}
	return func(r *Reader, res *gameResult, _ *bytes.Buffer) error {
		pc.plyCounter = plyCounter{}
		err := r.Visit(&pc.plyCounter)
		switch e := err.(type) {
		case nil:
			res.plies = pc.plies
		case *Error:
			res.err = e
		default:
			return err
		}
		return nil
	}
}

func checkParallel(name string, r io.Reader, w io.Writer, opt Options, n int) (Summary, error) {
	var s Summary
	bw := bufio.NewWriter(w)
	games, err := pipeline(r, opt, n, checkGame, func(b *batch) error {
		for _, res := range b.res {
			if res.err != nil {
				s.Errors = append(s.Errors, res.err)
				fmt.Fprintf(bw, "%s:%v\n", name, res.err)
			} else {
				s.Plies += res.plies
			}
		}
		return nil
	})
	s.Games = games
	if err != nil {
		bw.Flush()
		return s, fmt.Errorf("%s: %w", name, err)
	}
	fmt.Fprintf(bw, "%s: %d games, %d plies, %d errors\n", name, s.Games, s.Plies, len(s.Errors))
	return s, bw.Flush()
}

// plyCounter is the Visitor of Check: it counts the mainline moves and
// lets every variation be visited, so that its moves are checked too.
type plyCounter struct {
	plies int // moves outside any variation
	depth int // variations open
}

func (c *plyCounter) Tag(name, value string)   {}
func (c *plyCounter) Start(pos chess.Position) {}
func (c *plyCounter) NAG(n int)                {}
func (c *plyCounter) Comment(text []byte)      {}
func (c *plyCounter) BeginVariation() bool     { c.depth++; return true }
func (c *plyCounter) EndVariation()            { c.depth-- }
func (c *plyCounter) Move(before *chess.Position, m chess.Move) {
	if c.depth == 0 {
		c.plies++
	}
}

// Cat writes every good game of r to w in the PGN export format (see
// Write), leaving out variations or comments as opt says. Bad games are left
// out and listed in the Summary (see Summary.WriteErrors).
//
// Cat builds no Game tree: it visits each game (Reader.Visit) and writes
// the bytes Write would write for the tree Next builds; it allocates for
// tag values and comments, not for moves (issue 28; see fullWriter).
func Cat(name string, r io.Reader, w io.Writer, opt Options) (Summary, error) {
	if n := opt.workers(); n > 1 {
		return catParallel(name, r, w, opt, n)
	}
	var s Summary
	pr := newReader(r, opt)
	bw := bufio.NewWriter(w)
	wopt := WriteOptions{Mainline: opt.Mainline, NoComments: opt.NoComments}
	cat := newCatter(wopt)
	for {
		err := cat.cat(pr, bw)
		if err == nil {
			s.Plies += cat.plies()
		}
		var pe *Error
		switch {
		case err == nil:
		case errors.As(err, &pe):
			s.Errors = append(s.Errors, pe)
		case err == io.EOF:
			s.Games = pr.Games()
			return s, bw.Flush()
		default:
			s.Games = pr.Games()
			bw.Flush()
			return s, fmt.Errorf("%s: %w", name, err)
		}
	}
}

// Stats reads the mainlines of r (the fast path: variations are not
// checked) and writes a report to w: games, plies, results, how the games
// ended and the most common first moves. A game's ending is, in order: what
// its final position shows (checkmate, stalemate, insufficient material,
// 75-move rule, a position repeated five or three times, 50-move rule); the
// Termination tag unless it says "Normal"; else its result ("decisive,
// no mate on the board", "draw, no rule on the board", "unfinished").
func Stats(name string, r io.Reader, w io.Writer, opt Options) (Summary, error) {
	if n := opt.workers(); n > 1 {
		return statsParallel(name, r, w, opt, n)
	}
	s := Summary{Results: map[string]int{}, Endings: map[string]int{}, FirstMoves: map[string]int{}}
	pr := newReader(r, opt)
	var ml Mainline
	var keys []uint64
	for {
		err := pr.NextMainline(&ml)
		var pe *Error
		switch {
		case err == nil:
			s.Plies += len(ml.Moves)
			s.Results[ml.Result]++
			var end string
			end, keys = ending(&ml, keys)
			s.Endings[end]++
			if len(ml.Moves) > 0 && !ml.Start.Chess960() && ml.Start.Key() == startPos.Key() {
				s.FirstMoves[startPos.SAN(ml.Moves[0])]++
			}
			continue
		case errors.As(err, &pe):
			s.Errors = append(s.Errors, pe)
			continue
		case err == io.EOF:
			s.Games = pr.Games()
			return s, s.report(name, w, opt)
		}
		s.Games = pr.Games()
		return s, fmt.Errorf("%s: %w", name, err)
	}
}

func catParallel(name string, r io.Reader, w io.Writer, opt Options, n int) (Summary, error) {
	var s Summary
	bw := bufio.NewWriter(w)
	wopt := WriteOptions{Mainline: opt.Mainline, NoComments: opt.NoComments}
	catGame := func() work {
		c, ow := newCatter(wopt), bufio.NewWriter(nil)
		return func(r *Reader, res *gameResult, out *bytes.Buffer) error {
			ow.Reset(out)
			err := c.cat(r, ow)
			switch e := err.(type) {
			case nil:
				res.plies = c.plies()
				return ow.Flush()
			case *Error:
				res.err = e
				return nil
			}
			return err
		}
	}
	games, err := pipeline(r, opt, n, catGame, func(b *batch) error {
		for _, res := range b.res {
			if res.err != nil {
				s.Errors = append(s.Errors, res.err)
			} else {
				s.Plies += res.plies
			}
		}
		_, err := bw.Write(b.out.Bytes())
		return err
	})
	s.Games = games
	if err != nil {
		bw.Flush()
		return s, fmt.Errorf("%s: %w", name, err)
	}
	return s, bw.Flush()
}

func statsParallel(name string, r io.Reader, w io.Writer, opt Options, n int) (Summary, error) {
	s := Summary{Results: map[string]int{}, Endings: map[string]int{}, FirstMoves: map[string]int{}}
	statsGame := func() work {
		var ml Mainline
		var keys []uint64
		return func(r *Reader, res *gameResult, _ *bytes.Buffer) error {
			err := r.NextMainline(&ml)
			switch e := err.(type) {
			case nil:
				res.plies, res.result = len(ml.Moves), ml.Result
				res.ending, keys = ending(&ml, keys)
				if len(ml.Moves) > 0 && !ml.Start.Chess960() && ml.Start.Key() == startPos.Key() {
					res.first = startPos.SAN(ml.Moves[0])
				}
				return nil
			case *Error:
				res.err = e
				return nil
			}
			return err
		}
	}
	games, err := pipeline(r, opt, n, statsGame, func(b *batch) error {
		for _, res := range b.res {
			if res.err != nil {
				s.Errors = append(s.Errors, res.err)
				continue
			}
			s.Plies += res.plies
			s.Results[res.result]++
			s.Endings[res.ending]++
			if res.first != "" {
				s.FirstMoves[res.first]++
			}
		}
		return nil
	})
	s.Games = games
	if err != nil {
		return s, fmt.Errorf("%s: %w", name, err)
	}
	return s, s.report(name, w, opt)
}

// ending classifies how a game ended; keys is scratch space, returned for reuse.
func ending(ml *Mainline, keys []uint64) (string, []uint64) {
	final := &ml.Final
	if o := final.Outcome(); o.Over() {
		return o.Termination.String(), keys
	}
	keys = keys[:0]
	pos := ml.Start
	keys = append(keys, pos.Key())
	for _, m := range ml.Moves {
		play(&pos, m)
		keys = append(keys, pos.Key())
	}
	reps := 0
	for _, k := range keys {
		if k == final.Key() {
			reps++
		}
	}
	switch {
	case reps >= 5:
		return chess.FivefoldRepetition.String(), keys
	case reps >= 3:
		return chess.ThreefoldRepetition.String(), keys
	case final.HalfmoveClock() >= 100:
		return chess.FiftyMoves.String(), keys
	}
	if t := ml.Tags.Get("Termination"); t != "" && !strings.EqualFold(t, "normal") {
		return strings.ToLower(t), keys
	}
	switch ml.Result {
	case "1-0", "0-1":
		return "decisive, no mate on the board", keys
	case "1/2-1/2":
		return "draw, no rule on the board", keys
	}
	return "unfinished", keys
}

type count struct {
	key string
	n   int
}

// ranked returns the entries of m, most frequent first, then by key.
func ranked(m map[string]int) []count {
	var cs []count
	for k, n := range m {
		cs = append(cs, count{k, n})
	}
	slices.SortFunc(cs, func(a, b count) int {
		if c := cmp.Compare(b.n, a.n); c != 0 {
			return c
		}
		return strings.Compare(a.key, b.key)
	})
	return cs
}

func percent(n, of int) float64 {
	if of == 0 {
		return 0
	}
	return 100 * float64(n) / float64(of)
}

func (s *Summary) report(name string, w io.Writer, opt Options) error {
	bw := bufio.NewWriter(w)
	good := s.Games - len(s.Errors)
	fmt.Fprintf(bw, "%s\n", name)
	fmt.Fprintf(bw, "  games   %d (%d with errors)\n", s.Games, len(s.Errors))
	perGame := 0.0
	if good > 0 {
		perGame = float64(s.Plies) / float64(good)
	}
	fmt.Fprintf(bw, "  plies   %d (%.1f per game)\n", s.Plies, perGame)
	fmt.Fprintf(bw, "  results\n")
	for _, res := range []string{"1-0", "0-1", "1/2-1/2", "*"} {
		fmt.Fprintf(bw, "    %-8s %7d  %5.1f%%\n", res, s.Results[res], percent(s.Results[res], good))
	}
	fmt.Fprintf(bw, "  endings\n")
	for _, c := range ranked(s.Endings) {
		fmt.Fprintf(bw, "    %-32s %7d  %5.1f%%\n", c.key, c.n, percent(c.n, good))
	}
	top := opt.TopMoves
	if top <= 0 {
		top = 10
	}
	fmt.Fprintf(bw, "  first moves\n")
	total := 0
	for _, n := range s.FirstMoves {
		total += n
	}
	for i, c := range ranked(s.FirstMoves) {
		if i == top {
			break
		}
		fmt.Fprintf(bw, "    %-8s %7d  %5.1f%%\n", c.key, c.n, percent(c.n, total))
	}
	return bw.Flush()
}
