package xiangqi

import "math/bits"

// GenKind selects which legal moves a generator produces, so that a search
// can try captures before quiet moves (staged generation).
type GenKind uint8

// The generation kinds, as in package chess. Captures and Quiets partition
// the legal moves.
const (
	// All is every legal move.
	All GenKind = iota
	// Captures are the moves that take a piece.
	Captures
	// Quiets are the other legal moves.
	Quiets
	// Evasions is every legal move of a side in check; it is the same as
	// All, named for the engine's readability.
	Evasions
)

// okTarget[us][kind][piece] reports whether a move of side us may land on
// a point holding piece (NoPiece for empty) for generator kind.
var okTarget [2][4][16]bool

func init() {
	for us := Red; us <= Black; us++ {
		for pc := Piece(0); pc < 16; pc++ {
			empty := pc == NoPiece
			enemy := !empty && pc.Color() != us && pc.Type() != NoPieceType
			okTarget[us][All][pc] = empty || enemy
			okTarget[us][Captures][pc] = enemy
			okTarget[us][Quiets][pc] = empty
			okTarget[us][Evasions][pc] = empty || enemy
		}
	}
}

// kindMasks returns masks selecting quiet and capture targets for kind.
func kindMasks(kind GenKind) (quiet, capture uint16) {
	switch kind {
	case Captures:
		return 0, 0xffff
	case Quiets:
		return 0xffff, 0
	}
	return 0xffff, 0xffff
}

// generatePseudo fills ml with the pseudo-legal moves of kind of the side
// to move: moves that follow the piece rules but may leave the mover's
// general in check or facing the other general (for tests of the legal
// generator).
func (p *Position) generatePseudo(kind GenKind, ml *MoveList) {
	ml.n = 0
	us := p.side
	for pt := King; pt <= Soldier; pt++ {
		pc := NewPiece(us, pt)
		bb := p.pieces[pc]
		for w := 0; w < 2; w++ {
			for x := bb[w]; x != 0; x &= x - 1 {
				p.generatePiece(Square(w*64+bits.TrailingZeros64(x)), pc, kind, ml)
			}
		}
	}
}

// GenerateLegal fills ml with every legal move of the side to move. Only
// the moves that might expose the general are tested by playing them.
func (p *Position) GenerateLegal(ml *MoveList) {
	ml.n = 0
	p.generate(All, ml)
}

// Generate fills ml with the legal moves of the given kind.
func (p *Position) Generate(kind GenKind, ml *MoveList) {
	ml.n = 0
	p.generate(kind, ml)
}

// HasLegalMove reports whether the side to move has any legal move.
func (p *Position) HasLegalMove() bool {
	var ml MoveList
	p.generate(All, &ml)
	return ml.n > 0
}

func (p *Position) generatePiece(from Square, pc Piece, kind GenKind, ml *MoveList) {
	switch pc.Type() {
	case Chariot:
		p.genLine(from, false, kind, ml)
	case Cannon:
		p.genLine(from, true, kind, ml)
	case Horse:
		p.genBlocked(from, &horseSteps[from], kind, ml)
	case Elephant:
		p.genBlocked(from, &elephantSteps[from], kind, ml)
	case Advisor:
		p.genSteps(from, &advisorSteps[from], kind, ml)
	case King:
		p.genSteps(from, &kingSteps[from], kind, ml)
	case Soldier:
		p.genSteps(from, &soldierSteps[pc.Color()][from], kind, ml)
	}
}

func (p *Position) genSteps(from Square, l *stepList, kind GenKind, ml *MoveList) {
	ok := &okTarget[p.side][kind]
	for i := uint8(0); i < l.n; i++ {
		if to := l.to[i]; ok[p.board[to]] {
			ml.add(from, to)
		}
	}
}

func (p *Position) genBlocked(from Square, l *blockList, kind GenKind, ml *MoveList) {
	ok := &okTarget[p.side][kind]
	for i := uint8(0); i < l.n; i++ {
		if to := l.to[i]; p.board[l.block[i]] == NoPiece && ok[p.board[to]] {
			ml.add(from, to)
		}
	}
}

// genLine generates chariot (cannon=false) or cannon moves along the rank
// and file of from, with the precomputed line tables.
func (p *Position) genLine(from Square, cannon bool, kind GenKind, ml *MoveList) {
	them := p.side.Other()
	f, r := sqFile[from], sqRank[from]
	qm, cm := kindMasks(kind)

	rocc := p.rankOccupancy(r)
	slide := rankSlide[f][rocc]
	capt := slide
	if cannon {
		capt = rankCannon[f][rocc]
	}
	t := (slide&^rocc)&qm | capt&p.rankOcc[them][r]&cm
	base := Square(r) * NumFiles
	for ; t != 0; t &= t - 1 {
		ml.add(from, base+Square(bits.TrailingZeros16(t)))
	}

	focc := p.fileOccupancy(f)
	slide = fileSlide[r][focc]
	capt = slide
	if cannon {
		capt = fileCannon[r][focc]
	}
	t = (slide&^focc)&qm | capt&p.fileOcc[them][f]&cm
	for ; t != 0; t &= t - 1 {
		ml.add(from, Square(bits.TrailingZeros16(t))*NumFiles+Square(f))
	}
}

// guard describes what a move must avoid so as not to expose the mover's
// general, when the general is not in check:
//   - vacate: points whose piece must not leave without a full test
//     (screens and blockers of enemy chariots, cannons, generals, and horse
//     legs next to the general with an enemy horse behind);
//   - fill: empty points between the general and an enemy cannon with no
//     screen; putting a piece there makes the cannon give check.
//
// Every other non-general move is legal as soon as it is pseudo-legal.
type guard struct {
	vacate Bitboard
	fill   Bitboard
}

// rayPoints returns the first three occupied points of a line mask,
// walking towards higher bits if up, else towards lower bits; -1 if absent.
func rayPoints(mask uint16, up bool) (pts [3]int) {
	for i := range pts {
		if mask == 0 {
			pts[i] = -1
			continue
		}
		var b int
		if up {
			b = bits.TrailingZeros16(mask)
		} else {
			b = 15 - bits.LeadingZeros16(mask)
		}
		mask &^= 1 << b
		pts[i] = b
	}
	return pts
}

// linePoint maps index i on the line through k (a rank if !onFile) to a
// square, or NoSquare when i < 0.
func linePoint(k Square, i int, onFile bool) Square {
	if i < 0 {
		return NoSquare
	}
	if onFile {
		return Square(i*NumFiles) + Square(sqFile[k])
	}
	return Square(int(sqRank[k])*NumFiles + i)
}

// guards fills g for the side to move and reports whether it is in check.
func (p *Position) guards(g *guard) bool {
	us, them := p.side, p.side.Other()
	ksq := p.kings[us]
	f, r := int(sqFile[ksq]), int(sqRank[ksq])
	focc := p.fileOccupancy(uint8(f))
	rocc := p.rankOccupancy(uint8(r))
	check := p.guardLine(g, ksq, rayPoints(focc>>(r+1)<<(r+1), true), true)
	check = p.guardLine(g, ksq, rayPoints(focc&(1<<r-1), false), true) || check
	check = p.guardLine(g, ksq, rayPoints(rocc>>(f+1)<<(f+1), true), false) || check
	check = p.guardLine(g, ksq, rayPoints(rocc&(1<<f-1), false), false) || check

	horse := NewPiece(them, Horse)
	hc := &horseChecks[ksq]
	for i := uint8(0); i < hc.n; i++ {
		if p.board[hc.to[i]] == horse {
			if p.board[hc.block[i]] == NoPiece {
				check = true
			} else {
				g.vacate.Set(hc.block[i])
			}
		}
	}
	soldier := NewPiece(them, Soldier)
	sc := &soldierChecks[them][ksq]
	for i := uint8(0); i < sc.n; i++ {
		if p.board[sc.to[i]] == soldier {
			check = true
		}
	}
	return check
}

func (p *Position) guardLine(g *guard, k Square, pts [3]int, onFile bool) bool {
	return p.guardRay(g, k, linePoint(k, pts[0], onFile), linePoint(k, pts[1], onFile), linePoint(k, pts[2], onFile), onFile)
}

// guardRay handles one ray from the general at k whose first three pieces
// are s1, s2, s3 (NoSquare when absent). It reports a line check.
func (p *Position) guardRay(g *guard, k, s1, s2, s3 Square, onFile bool) bool {
	if s1 == NoSquare {
		return false
	}
	them := p.side.Other()
	chariot, cannon, king := NewPiece(them, Chariot), NewPiece(them, Cannon), NewPiece(them, King)
	pc1 := p.board[s1]
	if pc1 == chariot || onFile && pc1 == king {
		return true
	}
	if s2 == NoSquare {
		if pc1 == cannon {
			g.fillBetween(k, s1)
		}
		return false
	}
	pc2 := p.board[s2]
	if pc2 == cannon {
		return true
	}
	if pc1 == cannon {
		g.fillBetween(k, s1)
	}
	if pc2 == chariot || onFile && pc2 == king {
		g.vacate.Set(s1)
	}
	if s3 != NoSquare && p.board[s3] == cannon {
		g.vacate.Set(s1)
		g.vacate.Set(s2)
	}
	return false
}

// fillBetween adds the points strictly between a and b (on one line) to g.fill.
func (g *guard) fillBetween(a, b Square) {
	step := Square(1)
	if sqFile[a] == sqFile[b] {
		step = NumFiles
	}
	if a > b {
		a, b = b, a
	}
	for s := a + step; s < b; s += step {
		g.fill.Set(s)
	}
}

// generate produces the legal moves of kind into ml.
func (p *Position) generate(kind GenKind, ml *MoveList) {
	var g guard
	inCheck := p.guards(&g)
	us := p.side
	for pt := Advisor; pt <= Soldier; pt++ {
		pc := NewPiece(us, pt)
		bb := p.pieces[pc]
		for w := 0; w < 2; w++ {
			for x := bb[w]; x != 0; x &= x - 1 {
				from := Square(w*64 + bits.TrailingZeros64(x))
				start := ml.n
				p.generatePiece(from, pc, kind, ml)
				if inCheck || g.vacate.Has(from) {
					p.filterLegal(ml, start)
				}
			}
		}
	}
	start := ml.n
	ksq := p.kings[us]
	p.genSteps(ksq, &kingSteps[ksq], kind, ml)
	p.filterLegal(ml, start)
	if !inCheck && !g.fill.Empty() {
		p.filterFill(ml, &g.fill)
	}
}

// filterLegal drops the illegal moves among ml.moves[start:].
func (p *Position) filterLegal(ml *MoveList, start int) {
	j := start
	for i := start; i < ml.n; i++ {
		m := ml.moves[i]
		if p.legalAfter(m.From(), m.To()) {
			ml.moves[j] = m
			j++
		}
	}
	ml.n = j
}

// filterFill drops the illegal moves landing on a point of fill.
func (p *Position) filterFill(ml *MoveList, fill *Bitboard) {
	j := 0
	for i := 0; i < ml.n; i++ {
		m := ml.moves[i]
		if !fill.Has(m.To()) || p.legalAfter(m.From(), m.To()) {
			ml.moves[j] = m
			j++
		}
	}
	ml.n = j
}
