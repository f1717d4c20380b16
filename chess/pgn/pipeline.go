package pgn

import (
	"bytes"
	"fmt"
	"io"
	"runtime"
	"slices"
	"sync"
)

// The parallel pipeline of Check, Cat and Stats. One goroutine, the
// splitter, reads the stream with the skimming lexer (the NextTags path,
// which ends every game where the full lexer does: TestModesAgree,
// FuzzReader) and cuts it into batches of whole games: the decoded lines
// of those games and, for each game, where its first token is. Workers
// read the games of a batch again, in full, each with its own Reader, and
// the calling goroutine takes the batches back in their order, so the
// output is the sequential one. A fixed set of batches circulates, their
// buffers reused: memory stays bounded whatever the input's size.

// batchBytes is about how much text a batch holds (whole games: more when
// one game is longer). Tests lower it to cut at every game.
var batchBytes = 128 << 10

// span is one game of a batch.
type span struct {
	off, end  int // the game's text in batch.buf, from the start of its first line
	line, col int // where its first token is
	bol       bool
	game      int // its number in the stream
}

// gameResult is what a worker found in one game.
type gameResult struct {
	err   *Error
	plies int
	// Stats only.
	result, ending, first string
}

// batch is a unit of work: the splitter fills buf and spans, a worker
// res and out.
type batch struct {
	seq   int
	buf   []byte
	spans []span
	res   []gameResult
	out   bytes.Buffer // Cat's output for the batch's good games
	err   error        // a read error after the batch's games, or a split that went wrong
	games int          // in the last batch: the games of the stream, as Reader.Games counts them
}

// work reads the one game r is set up to read and fills res, writing any
// output to out. It returns only errors other than the game's *Error.
// Each worker makes its own work (newWork), which may keep scratch space.
type work func(r *Reader, res *gameResult, out *bytes.Buffer) error

// workers returns how many workers opt asks for: GOMAXPROCS when 0.
func (opt Options) workers() int {
	if opt.Workers > 0 {
		return opt.Workers
	}
	return runtime.GOMAXPROCS(0)
}

// pipeline reads every game of r with do on n workers and calls each,
// in the stream's order, with every finished batch. It returns the number
// of games and the first read error.
func pipeline(r io.Reader, opt Options, n int, newWork func() work, each func(*batch) error) (int, error) {
	nb := 2*n + 2
	free := make(chan *batch, nb)
	for range nb {
		free <- &batch{}
	}
	todo := make(chan *batch, nb)
	done := make(chan *batch, nb)
	stop := make(chan struct{})
	// On return, stop the splitter and wait for it and the workers: the
	// caller's reader and progress callback are not used after (a progress
	// bar finished, a file closed). The splitter stops at its next batch;
	// done holds every batch, so no worker blocks.
	var wg sync.WaitGroup
	defer wg.Wait()
	defer close(stop)

	pr := newReader(r, opt)
	wg.Go(func() { split(pr, free, todo, stop) })
	for range n {
		wg.Go(func() {
			wr, do := &Reader{}, newWork()
			for b := range todo {
				runBatch(wr, b, do)
				done <- b
			}
		})
	}

	// Take the batches back in order; the splitter numbers them from 0 and
	// ends with one whose spans are empty (maybe with an error).
	pending := map[int]*batch{}
	next, games := 0, 0
	for {
		b, ok := pending[next]
		if !ok {
			b = <-done
			if b.seq != next {
				pending[b.seq] = b
				continue
			}
		}
		delete(pending, next)
		next++
		last := len(b.spans) == 0
		err := b.err
		if !last && err == nil {
			err = each(b)
		}
		games += len(b.spans)
		if last {
			games = b.games
		}
		if last || err != nil {
			// Workers and splitter end with the deferred close(stop): the
			// splitter stops sending and closes todo.
			return games, err
		}
		free <- b
	}
}

// split cuts the stream of pr into batches. It sends a last, empty batch
// (carrying the read error if there was one), then closes todo.
func split(pr *Reader, free <-chan *batch, todo chan<- *batch, stop <-chan struct{}) {
	defer close(todo)
	lx := &pr.lx
	lx.record, lx.recFirst = true, 1
	seq, size := 0, batchBytes
	get := func() *batch {
		select {
		case b := <-free:
			b.seq, b.spans, b.err = seq, b.spans[:0], nil
			seq++
			return b
		case <-stop:
			return nil
		}
	}
	send := func(b *batch) bool {
		select {
		case todo <- b:
			return true
		case <-stop:
			return false
		}
	}
	cur := get()
	if cur == nil {
		return
	}
	lx.rec = cur.buf[:0]
	for {
		err := pr.read(modeTags)
		if err == nil || isGameError(err) {
			start := lx.recAt[pr.startLine-lx.recFirst]
			if k := len(cur.spans); k > 0 {
				cur.spans[k-1].end = start + pr.startCol - 1
			}
			cur.spans = append(cur.spans, span{off: start, line: pr.startLine, col: pr.startCol, bol: pr.startBol, game: pr.Games()})
			if k := len(cur.spans); k > 1 && start >= size {
				// Cut before this game: it opens the next batch.
				nxt := get()
				if nxt == nil {
					return
				}
				g := cur.spans[k-1]
				cur.spans = cur.spans[:k-1]
				cur.buf = lx.rec[:cur.spans[k-2].end]
				nxt.buf = append(nxt.buf[:0], lx.rec[g.off:]...)
				lx.rec = nxt.buf
				i := g.line - lx.recFirst
				n := copy(lx.recAt, lx.recAt[i:])
				lx.recAt = lx.recAt[:n]
				for j := range lx.recAt {
					lx.recAt[j] -= g.off
				}
				lx.recFirst = g.line
				g.off = 0
				nxt.spans = append(nxt.spans, g)
				if !send(cur) {
					return
				}
				cur = nxt
			}
			continue
		}
		// The end of the stream, or a read error: the game being read
		// (none at io.EOF) is left out, as Next leaves it out.
		if k := len(cur.spans); k > 0 {
			cur.spans[k-1].end = len(lx.rec)
			cur.buf = lx.rec
			if !send(cur) {
				return
			}
			if cur = get(); cur == nil {
				return
			}
		}
		if err != io.EOF {
			cur.err = err
		}
		cur.games = pr.Games()
		send(cur)
		return
	}
}

func isGameError(err error) bool {
	_, ok := err.(*Error)
	return ok
}

// runBatch reads the games of b with do, through wr.
func runBatch(wr *Reader, b *batch, do work) {
	b.res = slices.Grow(b.res[:0], len(b.spans))[:len(b.spans)]
	clear(b.res)
	b.out.Reset()
	for i, sp := range b.spans {
		wr.startSpan(b.buf[sp.off:sp.end], sp)
		if err := do(wr, &b.res[i], &b.out); err != nil {
			b.err = err
			return
		}
		// The game must end where the splitter ended it.
		for {
			t := wr.lx.peek()
			if t.kind == tEOF {
				break
			}
			if t.kind != tBlank {
				b.err = fmt.Errorf("pgn: internal error: game %d read on past %d:%d, where the skimming reader ended it", sp.game, t.line, t.col)
				return
			}
			wr.lx.next()
		}
	}
}

// startSpan sets r to read the one game of text, the lines that sp gives.
func (r *Reader) startSpan(text []byte, sp span) {
	lx := &r.lx
	lx.err, lx.eof, lx.have, lx.inComment, lx.peeked = nil, false, false, false, false
	lx.prepared, lx.text, lx.lineNo = true, text, sp.line-1
	lx.skipTo, lx.firstBol = sp.col-1, sp.bol
	r.gameNo = sp.game - 1
}
