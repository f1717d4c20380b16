package xiangqigame

import (
	"errors"
	"slices"

	"github.com/gambitchess/gambit/xiangqi"
)

// Puzzle themes (game.Spec.PuzzleThemes) for xiangqi: the tactics chess
// names too, under lichess's keys where they mean the same (fork, pin,
// sacrifice, hangingPiece, discoveredAttack, doubleCheck, endgame), and
// xiangqi's own mating patterns under keys of Gambit's. Pieces are worth
// engine.go's material values (a soldier 1, an advisor or elephant 2, a
// horse 4, a cannon 4.5, a chariot 9), the general more than all. A piece
// attacks what it could take were it its side's turn (its legal captures,
// with a null move when it is not), so that a cannon attacks over its
// screen and a horse not over a blocked leg.

// puzzleThemes is xiangqi's PuzzleThemes: fen the position before the
// opponent's move, moves in ICCS coordinates.
func puzzleThemes(fen string, moves []string) []string {
	l, ok := replay(fen, moves)
	if !ok {
		return nil
	}
	return l.themes()
}

// line is a puzzle replayed: pos[0] is the position before the opponent's
// move, pos[i+1] the position after moves[i]. moves[0] is the opponent's,
// then the solver plays at the odd indexes, the last move the solver's.
type line struct {
	pos    []xiangqi.Position
	moves  []xiangqi.Move
	solver xiangqi.Color
}

// replay plays moves from fen. It fails on a FEN or a move that does not
// parse, an illegal move, and a move list that is not the opponent's move
// and a solution that ends on the solver's move.
func replay(fen string, moves []string) (*line, bool) {
	if len(moves) < 2 || len(moves)%2 != 0 {
		return nil, false
	}
	p, err := xiangqi.ParseFEN(fen)
	if err != nil {
		return nil, false
	}
	l := &line{pos: []xiangqi.Position{p}, solver: p.SideToMove().Other()}
	for _, text := range moves {
		cur := l.pos[len(l.pos)-1]
		m, err := cur.ParseUCI(text)
		if err != nil {
			return nil, false
		}
		cur.Play(m)
		l.pos = append(l.pos, cur)
		l.moves = append(l.moves, m)
	}
	return l, true
}

// themes names l's themes in a fixed order: the mate's patterns, then the
// tactics and the endgame.
func (l *line) themes() []string {
	out := []string{}
	add := func(ok bool, key string) {
		if ok {
			out = append(out, key)
		}
	}
	add(l.mateBy(xiangqi.Cannon, l.smotheredPalace), "smotheredPalace")
	add(l.mateBy(xiangqi.Cannon, l.doubleCannon), "doubleCannon")
	add(l.mateBy(xiangqi.Cannon, l.horseCannon), "horseCannon")
	add(l.mateBy(xiangqi.Chariot, l.twoChariots), "twoChariots")
	add(l.mateBy(xiangqi.Chariot, l.ironBolt), "ironBolt")
	add(l.mateBy(xiangqi.Horse, l.cornerHorse), "cornerHorse")
	add(l.mateBy(xiangqi.Horse, l.palaceCornerHorse), "palaceCornerHorse")
	add(l.facingGenerals(), "facingGenerals")
	add(l.stalemate(), "stalemate")
	add(l.doubleCheck(), "doubleCheck")
	add(l.sacrifice(), "sacrifice")
	add(l.fork(), "fork")
	add(l.hangingPiece(), "hangingPiece")
	add(l.discoveredAttack(), "discoveredAttack")
	add(l.pin(), "pin")
	add(endgame(&l.pos[1]), "endgame")
	return out
}

func (l *line) enemy() xiangqi.Color { return l.solver.Other() }

// final is the position the solution ends in.
func (l *line) final() *xiangqi.Position { return &l.pos[len(l.pos)-1] }

// lead is the solver's lead in material in pos[i], in centipawns.
func (l *line) lead(i int) int {
	return material(&l.pos[i], l.solver) - material(&l.pos[i], l.enemy())
}

// value is a piece type's worth in centipawns, the general's more than
// all the others together.
func value(pt xiangqi.PieceType) int {
	if pt == xiangqi.King {
		return 10000
	}
	for _, pv := range values {
		if pv.pt == pt {
			return pv.v
		}
	}
	return 0
}

func valueAt(p *xiangqi.Position, s xiangqi.Square) int { return value(p.PieceAt(s).Type()) }

// pieces returns the points of c's pieces.
func pieces(p *xiangqi.Position, c xiangqi.Color) []xiangqi.Square {
	var out []xiangqi.Square
	for s := xiangqi.Square(0); s < xiangqi.NumSquares; s++ {
		if pc := p.PieceAt(s); pc != xiangqi.NoPiece && pc.Color() == c {
			out = append(out, s)
		}
	}
	return out
}

// captures returns the legal captures side c would have in p on its turn:
// a null move passes the turn to c when it is not c's.
func captures(p *xiangqi.Position, c xiangqi.Color) []xiangqi.Move {
	q := *p
	if q.SideToMove() != c {
		q.PlayNull()
	}
	var ml xiangqi.MoveList
	q.Generate(xiangqi.Captures, &ml)
	return slices.Clone(ml.Moves())
}

// takers returns the points of c's pieces that could take on s.
func takers(p *xiangqi.Position, s xiangqi.Square, c xiangqi.Color) []xiangqi.Square {
	var out []xiangqi.Square
	for _, m := range captures(p, c) {
		if m.To() == s {
			out = append(out, m.From())
		}
	}
	return out
}

// takes reports whether the piece on from could take the piece on to.
func takes(p *xiangqi.Position, from, to xiangqi.Square) bool {
	return slices.Contains(takers(p, to, p.PieceAt(from).Color()), from)
}

// retaken reports whether, after the capture m, the side whose piece it
// took could take back on that point; a capture that cannot be made
// counts as answered.
func retaken(p *xiangqi.Position, m xiangqi.Move) bool {
	q := *p
	if q.SideToMove() != q.PieceAt(m.From()).Color() {
		q.PlayNull()
	}
	if !q.IsLegal(m) {
		return true
	}
	q.Play(m)
	return len(takers(&q, m.To(), q.SideToMove())) > 0
}

// badSpot reports whether the piece on s can be taken with profit: a
// cheaper piece than the general can take it, or a piece can take it
// that its side could not take back.
func badSpot(p *xiangqi.Position, s xiangqi.Square) bool {
	worth := valueAt(p, s)
	for _, x := range takers(p, s, p.PieceAt(s).Color().Other()) {
		if t := p.PieceAt(x).Type(); t != xiangqi.King && value(t) < worth || !retaken(p, xiangqi.NewMove(x, s)) {
			return true
		}
	}
	return false
}

// checkers returns the points of c's pieces that attack the other
// general.
func checkers(p *xiangqi.Position, c xiangqi.Color) []xiangqi.Square {
	return takers(p, p.KingSquare(c.Other()), c)
}

// between returns the points strictly between a and b on their file or
// rank; ok is false when they share neither.
func between(a, b xiangqi.Square) (out []xiangqi.Square, ok bool) {
	af, ar, bf, br := a.File(), a.Rank(), b.File(), b.Rank()
	switch {
	case a == b || af != bf && ar != br:
		return nil, false
	case af == bf:
		for r := min(ar, br) + 1; r < max(ar, br); r++ {
			out = append(out, xiangqi.NewSquare(af, r))
		}
	default:
		for f := min(af, bf) + 1; f < max(af, bf); f++ {
			out = append(out, xiangqi.NewSquare(f, ar))
		}
	}
	return out, true
}

// occupied returns the pieces on points.
func occupied(p *xiangqi.Position, points []xiangqi.Square) []xiangqi.Square {
	var out []xiangqi.Square
	for _, s := range points {
		if p.PieceAt(s) != xiangqi.NoPiece {
			out = append(out, s)
		}
	}
	return out
}

// unblocked reports whether a and b share a file or rank with nothing between
// them: a chariot on a sees b.
func unblocked(p *xiangqi.Position, a, b xiangqi.Square) bool {
	pts, ok := between(a, b)
	return ok && len(occupied(p, pts)) == 0
}

// screened reports whether a and b share a file or rank with exactly one
// piece between them: a cannon on a attacks b.
func screened(p *xiangqi.Position, a, b xiangqi.Square) bool {
	pts, ok := between(a, b)
	return ok && len(occupied(p, pts)) == 1
}

// screen returns the piece between a cannon on c and the point k it
// attacks.
func screen(p *xiangqi.Position, c, k xiangqi.Square) (xiangqi.Square, bool) {
	pts, _ := between(c, k)
	if on := occupied(p, pts); len(on) == 1 {
		return on[0], true
	}
	return 0, false
}

// horseLeg returns the point a horse's step from a to b passes (its leg,
// which a piece blocks); ok is false when a to b is no horse's step.
func horseLeg(a, b xiangqi.Square) (xiangqi.Square, bool) {
	df, dr := b.File()-a.File(), b.Rank()-a.Rank()
	switch {
	case (df == 2 || df == -2) && (dr == 1 || dr == -1):
		return xiangqi.NewSquare(a.File()+df/2, a.Rank()), true
	case (dr == 2 || dr == -2) && (df == 1 || df == -1):
		return xiangqi.NewSquare(a.File(), a.Rank()+dr/2), true
	}
	return 0, false
}

// horseSees reports whether a horse on h could step to q (its leg free).
func horseSees(p *xiangqi.Position, h, q xiangqi.Square) bool {
	leg, ok := horseLeg(h, q)
	return ok && p.PieceAt(leg) == xiangqi.NoPiece
}

// home is c's back rank: 0 for Red, 9 for Black; forward is the step
// from it towards the river.
func home(c xiangqi.Color) (rank, forward int) {
	if c == xiangqi.Red {
		return 0, 1
	}
	return 9, -1
}

// neighbours returns the points of c's palace one step along a file or
// rank from s: where c's general on s could step.
func neighbours(s xiangqi.Square, c xiangqi.Color) []xiangqi.Square {
	back, fwd := home(c)
	var out []xiangqi.Square
	for _, d := range [4][2]int{{1, 0}, {-1, 0}, {0, 1}, {0, -1}} {
		f, r := s.File()+d[0], s.Rank()+d[1]
		if f >= 3 && f <= 5 && (r-back)*fwd >= 0 && (r-back)*fwd <= 2 {
			out = append(out, xiangqi.NewSquare(f, r))
		}
	}
	return out
}

// mateBy reports whether the solution ends in checkmate, one of the
// checking pieces of type pt standing where pattern says.
func (l *line) mateBy(pt xiangqi.PieceType, pattern func(f *xiangqi.Position, x, k xiangqi.Square) bool) bool {
	f := l.final()
	if !f.InCheck() || f.HasLegalMove() {
		return false
	}
	k := f.KingSquare(l.enemy())
	for _, x := range checkers(f, l.solver) {
		if f.PieceAt(x).Type() == pt && pattern(f, x, k) {
			return true
		}
	}
	return false
}

// smotheredPalace (悶宮): a cannon on x mates the general on k, which its
// own advisors shut in: each point it could step to off the cannon's line
// holds one of its advisors (at least one does).
func (l *line) smotheredPalace(f *xiangqi.Position, x, k xiangqi.Square) bool {
	advisor := xiangqi.NewPiece(l.enemy(), xiangqi.Advisor)
	off := 0
	for _, n := range neighbours(k, l.enemy()) {
		if x.File() == k.File() && n.File() == k.File() || x.Rank() == k.Rank() && n.Rank() == k.Rank() {
			continue
		}
		if f.PieceAt(n) != advisor {
			return false
		}
		off++
	}
	return off > 0
}

// doubleCannon (重炮): a cannon on x mates over the solver's other cannon,
// its screen, both on the general's line.
func (l *line) doubleCannon(f *xiangqi.Position, x, k xiangqi.Square) bool {
	s, ok := screen(f, x, k)
	return ok && f.PieceAt(s) == xiangqi.NewPiece(l.solver, xiangqi.Cannon)
}

// horseCannon (馬後炮): a cannon on x mates over the solver's horse, its
// screen, and the horse takes a point the general could step to.
func (l *line) horseCannon(f *xiangqi.Position, x, k xiangqi.Square) bool {
	h, ok := screen(f, x, k)
	if !ok || f.PieceAt(h) != xiangqi.NewPiece(l.solver, xiangqi.Horse) {
		return false
	}
	for _, n := range neighbours(k, l.enemy()) {
		if horseSees(f, h, n) {
			return true
		}
	}
	return false
}

// twoChariots (雙車錯): a chariot on x mates along a file or rank, and
// the solver's other chariot holds the next file or rank, seeing a point
// there the general could step to: the finish of the two chariots'
// alternate checks.
func (l *line) twoChariots(f *xiangqi.Position, x, k xiangqi.Square) bool {
	for _, y := range pieces(f, l.solver) {
		if y == x || f.PieceAt(y).Type() != xiangqi.Chariot {
			continue
		}
		for _, n := range neighbours(k, l.enemy()) {
			onFile := x.File() == k.File() && y.File() == n.File() && abs(y.File()-k.File()) == 1
			onRank := x.Rank() == k.Rank() && y.Rank() == n.Rank() && abs(y.Rank()-k.Rank()) == 1
			if (onFile || onRank) && unblocked(f, y, n) {
				return true
			}
		}
	}
	return false
}

// ironBolt (鐵門栓): a chariot on x mates the general on a side file of
// its palace (d or f), while a solver's cannon on the central file e
// attacks the point beside the general on that file, so that it cannot
// step to the centre.
func (l *line) ironBolt(f *xiangqi.Position, _, k xiangqi.Square) bool {
	if k.File() != 3 && k.File() != 5 {
		return false
	}
	centre := xiangqi.NewSquare(4, k.Rank())
	for _, c := range pieces(f, l.solver) {
		if f.PieceAt(c).Type() == xiangqi.Cannon && c.File() == 4 && screened(f, c, centre) {
			return true
		}
	}
	return false
}

// cornerHorse (臥槽馬): a horse mates from the mated side's third file on
// its second rank (c or g; rank 8 against Black, 1 against Red).
func (l *line) cornerHorse(_ *xiangqi.Position, x, _ xiangqi.Square) bool {
	back, fwd := home(l.enemy())
	return (x.File() == 2 || x.File() == 6) && x.Rank() == back+fwd
}

// palaceCornerHorse (掛角馬): a horse mates from a corner of the mated
// general's palace.
func (l *line) palaceCornerHorse(_ *xiangqi.Position, x, _ xiangqi.Square) bool {
	back, fwd := home(l.enemy())
	return (x.File() == 3 || x.File() == 5) && (x.Rank() == back || x.Rank() == back+2*fwd)
}

// facingGenerals (白臉將): the solution ends with the mated side without a
// move (mate or stalemate, both lost in xiangqi), and the solver's own
// general takes a point the mated general could step to: that point
// shares the solver's general's file with nothing between them, so the
// generals would face each other.
func (l *line) facingGenerals() bool {
	f := l.final()
	if f.HasLegalMove() {
		return false
	}
	g := f.KingSquare(l.solver)
	for _, n := range neighbours(f.KingSquare(l.enemy()), l.enemy()) {
		if pc := f.PieceAt(n); pc != xiangqi.NoPiece && pc.Color() == l.enemy() {
			continue
		}
		if n.File() == g.File() && unblocked(f, n, g) {
			return true
		}
	}
	return false
}

// stalemate (困斃): the solution ends with the mated side not in check and
// without a legal move, which loses in xiangqi.
func (l *line) stalemate() bool {
	f := l.final()
	return !f.InCheck() && !f.HasLegalMove()
}

// doubleCheck (雙將): a solver's move gives check with two pieces at once.
func (l *line) doubleCheck() bool {
	for i := 1; i < len(l.moves); i += 2 {
		if len(checkers(&l.pos[i+1], l.solver)) >= 2 {
			return true
		}
	}
	return false
}

// sacrifice: after one of the solver's moves from its second on, the
// solver's lead in material is at least 2 (two soldiers, an advisor) below
// its lead at the puzzle's start, after the opponent's move: it gave
// material up, even if it wins it back later (lichess's sacrifice).
func (l *line) sacrifice() bool {
	start := l.lead(1)
	for i := 3; i < len(l.moves); i += 2 {
		if l.lead(i+1)-start <= -200 {
			return true
		}
	}
	return false
}

// fork (捉雙): a solver's move, not the solution's last and not one that
// ends the game, by a piece other than the general, that lands where it
// cannot be taken with profit (badSpot) and then attacks two or more
// enemy pieces other than soldiers, each the general, worth more than the
// moved piece, or one its side could not take back and that does not
// attack the moved piece back (lichess's fork).
func (l *line) fork() bool {
	for i := 1; i < len(l.moves)-1; i += 2 {
		a, to := &l.pos[i+1], l.moves[i].To()
		if a.PieceAt(to).Type() == xiangqi.King || !a.HasLegalMove() || badSpot(a, to) {
			continue
		}
		mover := valueAt(a, to)
		n := 0
		for _, m := range captures(a, l.solver) {
			if m.From() != to {
				continue
			}
			switch pt := a.PieceAt(m.To()).Type(); {
			case pt == xiangqi.Soldier:
			case pt == xiangqi.King, value(pt) > mover, !retaken(a, m) && !takes(a, m.To(), to):
				n++
			}
		}
		if n >= 2 {
			return true
		}
	}
	return false
}

// hangingPiece: the solver's first move takes a piece other than a soldier
// that the opponent cannot take back, which is not the opponent's move
// trading onto that point (it took a piece worth as much or more there),
// and the solver still has that material after its second move
// (lichess's hangingPiece).
func (l *line) hangingPiece() bool {
	m, op := l.moves[1], l.moves[0]
	to := m.To()
	taken := l.pos[1].PieceAt(to)
	if taken == xiangqi.NoPiece || taken.Type() == xiangqi.Soldier || len(takers(&l.pos[2], to, l.enemy())) > 0 {
		return false
	}
	if op.To() == to {
		if traded := l.pos[0].PieceAt(to); traded != xiangqi.NoPiece && value(traded.Type()) >= value(taken.Type()) {
			return false
		}
	}
	return len(l.moves) < 4 || l.lead(4) >= l.lead(2)
}

// discoveredAttack (抽將, 閃擊): a solver's move gives check with a piece
// it did not move, the moved piece not the new screen of a checking
// cannon (a discovered check); or, from the solver's second move on, it
// captures through a point its previous move left (on the line of a
// chariot's or cannon's capture, or a horse's leg), the previous move not
// landing on the capture's points, the capture not a recapture on the
// point the opponent just moved to (lichess's discoveredAttack).
func (l *line) discoveredAttack() bool {
	for i := 1; i < len(l.moves); i += 2 {
		a, to := &l.pos[i+1], l.moves[i].To()
		k := a.KingSquare(l.enemy())
		for _, x := range checkers(a, l.solver) {
			if x == to {
				continue
			}
			if pts, _ := between(x, k); a.PieceAt(x).Type() == xiangqi.Cannon && slices.Contains(pts, to) {
				continue
			}
			return true
		}
	}
	for i := 3; i < len(l.moves); i += 2 {
		b, m, op, prev := &l.pos[i], l.moves[i], l.moves[i-1], l.moves[i-2]
		if b.PieceAt(m.To()) == xiangqi.NoPiece || op.To() == m.To() || prev.To() == m.To() || prev.To() == m.From() {
			continue
		}
		if opened(b, m, prev.From()) {
			return true
		}
	}
	return false
}

// opened reports whether point s lies on the way of move m: between a
// chariot's or cannon's squares, or on a horse's leg.
func opened(p *xiangqi.Position, m xiangqi.Move, s xiangqi.Square) bool {
	switch p.PieceAt(m.From()).Type() {
	case xiangqi.Chariot, xiangqi.Cannon:
		pts, _ := between(m.From(), m.To())
		return slices.Contains(pts, s)
	case xiangqi.Horse:
		leg, ok := horseLeg(m.From(), m.To())
		return ok && leg == s
	}
	return false
}

// pin (牽制): after a solver's move, an enemy piece is pinned to its
// general: without it, its general would be attacked by a solver's piece
// that does not attack it now, or would face the solver's general. Either
// the moved piece pins a horse, chariot or cannon (an attacker, not a
// soldier or a defender, whose pins are everyday), which cannot simply
// take it; or a pinned piece pays for the pin: a cheaper piece than the
// general attacks it, or a piece attacks it that could not be taken back
// after the capture and that it cannot take.
func (l *line) pin() bool {
	for i := 1; i < len(l.moves); i += 2 {
		a, to := &l.pos[i+1], l.moves[i].To()
		for _, s := range pieces(a, l.enemy()) {
			pt := a.PieceAt(s).Type()
			if pt == xiangqi.King {
				continue
			}
			by, facing := l.pinners(a, s)
			if len(by) == 0 && !facing {
				continue
			}
			if (pt == xiangqi.Horse || pt == xiangqi.Chariot || pt == xiangqi.Cannon) && slices.Contains(by, to) &&
				!(takes(a, s, to) && (valueAt(a, to) >= value(pt) || !retaken(a, xiangqi.NewMove(s, to)))) {
				return true
			}
			if l.pinPays(a, s) {
				return true
			}
		}
	}
	return false
}

// pinners returns the solver's pieces that would attack the enemy general
// in p were the enemy piece on s gone and do not attack it now, and
// whether the generals would then face each other.
func (l *line) pinners(p *xiangqi.Position, s xiangqi.Square) (by []xiangqi.Square, facing bool) {
	q, facing, ok := without(p, s)
	if !ok {
		return nil, facing
	}
	now := checkers(p, l.solver)
	for _, x := range checkers(&q, l.solver) {
		if !slices.Contains(now, x) {
			by = append(by, x)
		}
	}
	return by, false
}

// pinPays reports whether the pinned enemy piece on s loses for the pin:
// a solver's piece cheaper than it (not the general) attacks it, or a
// solver's piece attacks it whose capture could not be taken back and
// which it cannot take.
func (l *line) pinPays(p *xiangqi.Position, s xiangqi.Square) bool {
	worth := valueAt(p, s)
	for _, x := range takers(p, s, l.solver) {
		if t := p.PieceAt(x).Type(); t != xiangqi.King && value(t) < worth ||
			!retaken(p, xiangqi.NewMove(x, s)) && !takes(p, s, x) {
			return true
		}
	}
	return false
}

// without returns p with the piece on s taken off the board. facing says
// the generals would then face each other, which no position allows; ok
// is false then, and for any other position the rules refuse.
func without(p *xiangqi.Position, s xiangqi.Square) (q xiangqi.Position, facing, ok bool) {
	board, fields, err := xiangqi.SplitFEN(p.FEN(), "xiangqi")
	if err != nil {
		return q, false, false
	}
	b, err := xiangqi.ReadFENBoard(board, "xiangqi")
	if err != nil {
		return q, false, false
	}
	b[s] = 0
	q, err = xiangqi.ParseFEN(xiangqi.JoinFEN(&b, fields))
	return q, errors.Is(err, xiangqi.ErrFacingGenerals), err == nil
}

// endgame (殘局): at most four chariots, horses and cannons in all are on
// the board at the puzzle's start, after the opponent's move; soldiers,
// advisors and elephants are not counted.
func endgame(p *xiangqi.Position) bool {
	n := 0
	for _, s := range append(pieces(p, xiangqi.Red), pieces(p, xiangqi.Black)...) {
		switch p.PieceAt(s).Type() {
		case xiangqi.Chariot, xiangqi.Horse, xiangqi.Cannon:
			n++
		}
	}
	return n <= 4
}

func abs(n int) int { return max(n, -n) }
