package jieqi

import "github.com/gambitchess/gambit/xiangqi"

// GenKind selects which legal moves a generator produces: package
// xiangqi's kinds, of which jieqi's generator knows three (Evasions, the
// same as All, is left out).
type GenKind = xiangqi.GenKind

// The generation kinds; Captures and Quiets partition All.
const (
	All      = xiangqi.All
	Captures = xiangqi.Captures
	Quiets   = xiangqi.Quiets
)

// GenerateLegal fills ml with every legal move of the side to move. It
// allocates nothing. The moves do not depend on the identities of the
// face-down pieces, so a public position (View, ParseFEN) has the same
// moves as the true one.
func (p *Position) GenerateLegal(ml *MoveList) { p.Generate(All, ml) }

// Generate fills ml with the legal moves of the given kind.
func (p *Position) Generate(kind GenKind, ml *MoveList) {
	ml.Clear()
	us := p.side
	for s := Square(0); s < NumSquares; s++ {
		if pc := p.board[s]; pc != xiangqi.NoPiece && pc.Color() == us {
			p.generatePiece(s, pc, kind, ml)
		}
	}
}

// HasLegalMove reports whether the side to move has a legal move.
func (p *Position) HasLegalMove() bool {
	var ml MoveList
	p.GenerateLegal(&ml)
	return ml.Len() > 0
}

// IsLegal reports whether m is a legal move in p.
func (p *Position) IsLegal(m Move) bool {
	from, to := m.From(), m.To()
	if !from.Valid() || !to.Valid() || m>>14 != 0 {
		return false
	}
	pc := p.board[from]
	if pc == xiangqi.NoPiece || pc.Color() != p.side {
		return false
	}
	var ml MoveList
	p.generatePiece(from, pc, All, &ml)
	return ml.Contains(m)
}

// generatePiece adds the legal moves of kind of the piece pc on from.
func (p *Position) generatePiece(from Square, pc Piece, kind GenKind, ml *MoveList) {
	down := p.down.Has(from)
	switch pc.Type() {
	case Chariot:
		p.genLine(from, false, kind, ml)
	case Cannon:
		p.genLine(from, true, kind, ml)
	case Horse:
		p.genSteps(from, &horseSteps[from], true, kind, ml)
	case Elephant:
		if down {
			p.genSteps(from, &homeElephantSteps[from], true, kind, ml)
		} else {
			p.genSteps(from, &elephantSteps[from], true, kind, ml)
		}
	case Advisor:
		if down {
			p.genSteps(from, &palaceAdvisorSteps[from], false, kind, ml)
		} else {
			p.genSteps(from, &advisorSteps[from], false, kind, ml)
		}
	case King:
		p.genSteps(from, &kingSteps[from], false, kind, ml)
	case Soldier:
		p.genSteps(from, &soldierSteps[pc.Color()][from], false, kind, ml)
	}
}

// target reports whether a move of the side to move may end on to for
// kind, and whether it captures.
func (p *Position) target(to Square, kind GenKind) bool {
	pc := p.board[to]
	if pc == xiangqi.NoPiece {
		return kind != Captures
	}
	return pc.Color() != p.side && kind != Quiets
}

func (p *Position) genSteps(from Square, l *steps, blocked bool, kind GenKind, ml *MoveList) {
	for i := uint8(0); i < l.n; i++ {
		to := l.to[i]
		if blocked && p.board[l.block[i]] != xiangqi.NoPiece {
			continue
		}
		if p.target(to, kind) && p.legalAfter(from, to) {
			ml.Add(xiangqi.NewMove(from, to))
		}
	}
}

// genLine adds the chariot (cannon false) or cannon moves of the piece on
// from, walking the four rays.
func (p *Position) genLine(from Square, cannon bool, kind GenKind, ml *MoveList) {
	f, r := from.File(), from.Rank()
	for _, d := range [4][2]int{{0, 1}, {0, -1}, {1, 0}, {-1, 0}} {
		screen := false
		for nf, nr := f+d[0], r+d[1]; onBoard(nf, nr); nf, nr = nf+d[0], nr+d[1] {
			to := sq(nf, nr)
			pc := p.board[to]
			if pc == xiangqi.NoPiece {
				if !screen && kind != Captures && p.legalAfter(from, to) {
					ml.Add(xiangqi.NewMove(from, to))
				}
				continue
			}
			if !cannon || screen {
				if pc.Color() != p.side && kind != Quiets && p.legalAfter(from, to) {
					ml.Add(xiangqi.NewMove(from, to))
				}
				break
			}
			screen = true
		}
	}
}

// legalAfter reports whether moving the piece on from to to leaves the
// mover's general unattacked (flying generals included). It edits the
// mailbox in place and restores it. Only the opponent's pieces attack, and
// they are as they were, less the one taken; the mover's identity, which
// shows after the move, plays no part.
func (p *Position) legalAfter(from, to Square) bool {
	us := p.side
	pc, captured := p.board[from], p.board[to]
	p.board[from], p.board[to] = xiangqi.NoPiece, pc
	ksq := p.kings[us]
	if pc.Type() == King {
		ksq = to
	}
	ok := !p.IsAttacked(ksq, us.Other())
	p.board[from], p.board[to] = pc, captured
	return ok
}
