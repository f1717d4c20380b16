package xq

import "github.com/gambitchess/gambit/xiangqi"

// repetition looks for an earlier occurrence of the position at ply among
// the positions since the last capture (halfmove plies back) with the same
// side to move, stopping at a null move. It returns the score of the
// repetition and true if there is one.
func (w *worker) repetition(ply, halfmove int) (int, bool) {
	n := w.base + ply
	lo := max(n-halfmove, 0)
	key := w.keys[n]
	for i := n - 1; i >= lo; i-- {
		if w.checks[i+1] == checkNull {
			break
		}
		if (n-i)&1 == 0 && n-i >= 4 && w.keys[i] == key {
			return w.judgeCycle(i, n, ply), true
		}
	}
	return 0, false
}

// judgeCycle scores the repetition of position i at position n (the node
// at ply) by the rules (xiangqi.JudgeActs): a side that broke a rule in
// every one of its moves of the cycle (perpetual check, perpetual chase;
// under the Chinese rules also one check one chase, perpetual mate threat)
// while the other did not loses, and a perpetual checker loses to a
// perpetual chaser; any other repetition is a draw. What a move of the search did is worked out when
// a cycle first needs it, and kept while its node is on the stack. When
// the cycle reaches into game history given without its moves (Search),
// only checks are judged (judgeChecks).
func (w *worker) judgeCycle(i, n, ply int) int {
	for j := i + 1; j <= n; j++ {
		if w.actKnown[j] {
			continue
		}
		if j <= w.base {
			return w.judgeChecks(i, n, ply)
		}
		before, after := &w.stack[j-w.base-1].pos, &w.stack[j-w.base].pos
		w.acts[j] = xiangqi.Classify(before, after, w.moves[j], w.rules)
		w.actKnown[j] = true
	}
	us := w.stack[ply].pos.SideToMove()
	o := xiangqi.JudgeActs(w.acts[i+1:n+1], w.moves[i+1:n+1], us, w.rules)
	switch {
	case o.Draw:
		return 0
	case o.Winner == us:
		return mateIn(ply)
	}
	return matedIn(ply)
}

// judgeChecks judges the cycle from position i to n by checks alone: a
// side that gave check with every one of its moves in the cycle, while
// the other side did not, loses; any other repetition is a draw. Moves
// whose check state is unknown (game history given without it) are not
// counted either way; a side with no known move in the cycle is not
// judged a perpetual checker.
//
// checks[j] says whether the move into position j gave check. The side to
// move at n made the moves into j for odd n-j.
func (w *worker) judgeChecks(i, n, ply int) int {
	usAll, themAll := true, true
	usKnown, themKnown := 0, 0
	for j := i + 1; j <= n; j++ {
		c := w.checks[j]
		if c != checkYes && c != checkNo {
			continue
		}
		if (n-j)&1 == 1 {
			usKnown++
			usAll = usAll && c == checkYes
		} else {
			themKnown++
			themAll = themAll && c == checkYes
		}
	}
	usPerpetual := usAll && usKnown > 0
	themPerpetual := themAll && themKnown > 0
	switch {
	case usPerpetual && !themPerpetual:
		return matedIn(ply)
	case themPerpetual && !usPerpetual:
		return mateIn(ply)
	}
	return 0
}
