package xiangqi

// Shared machinery of the relative notations (Chinese and WXF): both
// name a piece by its file counted from the mover's right, tell front from
// rear pieces on one file, and give a direction and a number.

// moveDesc is a move described relative to the mover.
type moveDesc struct {
	pt        PieceType
	us        Color
	file      int  // origin file 1-9 from the mover's right
	index     int  // 0 = front piece among same pieces on the origin file
	count     int  // number of same pieces on the origin file
	multiFile bool // soldiers only: two or more files hold two or more soldiers
	free      bool // advisors and elephants are told apart on a file too (a Placement)
	action    byte // '+' forward, '-' backward, '.' sideways
	num       int  // steps, or destination file 1-9 for sideways and diagonal moves
}

// sideFile converts a board file 0-8 (ICCS a-i) to the file number 1-9
// seen from c's right.
func sideFile(c Color, f int) int {
	if c == Red {
		return NumFiles - f
	}
	return f + 1
}

// describe returns the relative description of m, which must move a piece
// of the side to move.
func describe(p *Position, m Move) moveDesc { return describeOn(&p.board, m, false) }

// describeOn returns the relative description of m on board, whose origin
// must hold a piece; free says that advisors and elephants may share a
// file and a destination there (see Placement).
func describeOn(board *[NumSquares]Piece, m Move, free bool) moveDesc {
	from, to := m.From(), m.To()
	pc := board[from]
	us := pc.Color()
	d := moveDesc{pt: pc.Type(), us: us, file: sideFile(us, from.File()), free: free}
	ff, fr, tf, tr := from.File(), from.Rank(), to.File(), to.Rank()

	// Same pieces on the origin file, front first.
	for i := 0; i < NumRanks; i++ {
		r := NumRanks - 1 - i // red: front is the higher rank
		if us == Black {
			r = i
		}
		if board[NewSquare(ff, r)] != pc {
			continue
		}
		if r == fr {
			d.index = d.count
		}
		d.count++
	}
	if d.pt == Soldier && d.count >= 2 {
		files := 0
		for f := 0; f < NumFiles; f++ {
			if countOnFile(board, pc, f) >= 2 {
				files++
			}
		}
		d.multiFile = files >= 2
	}

	switch {
	case tr == fr:
		d.action, d.num = '.', sideFile(us, tf)
	case (tr > fr) == (us == Red):
		d.action = '+'
	default:
		d.action = '-'
	}
	if d.action != '.' {
		switch d.pt {
		case Advisor, Elephant, Horse:
			d.num = sideFile(us, tf)
		default:
			d.num = max(tr-fr, fr-tr)
		}
	}
	return d
}

func countOnFile(board *[NumSquares]Piece, pc Piece, f int) int {
	n := 0
	for r := 0; r < NumRanks; r++ {
		if board[NewSquare(f, r)] == pc {
			n++
		}
	}
	return n
}

// tandem reports whether the description needs a front/rear marker:
// xiangqi's advisors and elephants never do (two on one file never reach
// the same file the same way), a Placement's do.
func (d *moveDesc) tandem() bool {
	return d.count >= 2 && (d.free || d.pt != Advisor && d.pt != Elephant)
}

// matchForms finds the legal move that the normalised input names.
// forms fills the accepted normalised spellings of a move, its canonical
// spelling first. A canonical match wins over looser spellings (the middle
// of three WXF soldiers is written like a lone soldier).
func matchForms(p *Position, input, norm string, forms func(*Position, Move, *[12]string) int) (Move, error) {
	var ml MoveList
	p.GenerateLegal(&ml)
	var buf [12]string
	var canonical, loose [2]Move // first two distinct matches
	nc, nl := 0, 0
	for _, m := range ml.Moves() {
		n := forms(p, m, &buf)
		for i, f := range buf[:n] {
			if f != norm {
				continue
			}
			if i == 0 && nc < 2 {
				canonical[nc] = m
				nc++
			}
			if nl < 2 && (nl == 0 || loose[0] != m) {
				loose[nl] = m
				nl++
			}
		}
	}
	switch {
	case nc == 1:
		return canonical[0], nil
	case nc > 1 || nl > 1:
		return MoveNone, &MoveError{Move: input, Err: ErrAmbiguousMove}
	case nl == 1:
		return loose[0], nil
	}
	return MoveNone, &MoveError{Move: input, Err: ErrIllegalMove}
}
