package chessgame

import (
	"slices"

	"github.com/gambitchess/gambit/chess"
)

// Puzzle themes (game.Spec.PuzzleThemes) for chess and Chess960: the
// motifs a puzzle's solution shows, under lichess's theme keys. Each
// detector below says the definition it uses; they follow the spirit of
// lichess-puzzler's tagger (tagger/cook.py), with lichess's piece values
// (a pawn 1, a knight or bishop 3, a rook 5, a queen 9: the values of
// engine.go's material count, in centipawns) and the king worth more than
// any of them.

// puzzleThemesOf returns the PuzzleThemes of a chess board whose FENs
// parse reads: chess.ParseFEN for chess, chess.ParseFEN960 for Chess960
// (Shredder-FEN or X-FEN castling, castling written king takes rook).
func puzzleThemesOf(parse func(string) (chess.Position, error)) func(fen string, moves []string) []string {
	return func(fen string, moves []string) []string {
		l, ok := replay(parse, fen, moves)
		if !ok {
			return nil
		}
		return l.themes()
	}
}

// line is a puzzle replayed: pos[0] is the position before the opponent's
// move, pos[i+1] the position after moves[i]. moves[0] is the opponent's,
// then the solver plays at the odd indexes, the last move the solver's.
type line struct {
	pos    []chess.Position
	moves  []chess.Move
	solver chess.Color
}

// replay plays moves, in UCI, from fen. It fails on a FEN or a move that
// does not parse, an illegal move or a null one, and a move list that is
// not the opponent's move and a solution that ends on the solver's move.
func replay(parse func(string) (chess.Position, error), fen string, moves []string) (*line, bool) {
	if len(moves) < 2 || len(moves)%2 != 0 {
		return nil, false
	}
	p, err := parse(fen)
	if err != nil {
		return nil, false
	}
	l := &line{pos: []chess.Position{p}, solver: p.SideToMove().Other()}
	for _, text := range moves {
		cur := l.pos[len(l.pos)-1]
		m, err := cur.ParseUCI(text)
		if err != nil || m == chess.MoveNull {
			return nil, false
		}
		cur.Play(m)
		l.pos = append(l.pos, cur)
		l.moves = append(l.moves, m)
	}
	return l, true
}

// themes names l's themes in a fixed order: the mate's pattern, then the
// tactics, the special moves, the endgame and the side attacked.
func (l *line) themes() []string {
	out := []string{}
	add := func(ok bool, key string) {
		if ok {
			out = append(out, key)
		}
	}
	switch {
	case l.smotheredMate():
		out = append(out, "smotheredMate")
	case l.backRankMate():
		out = append(out, "backRankMate")
	}
	add(l.doubleCheck(), "doubleCheck")
	add(l.sacrifice(), "sacrifice")
	add(l.fork(), "fork")
	add(l.hangingPiece(), "hangingPiece")
	add(l.discoveredAttack(), "discoveredAttack")
	add(l.skewer(), "skewer")
	add(l.pin(), "pin")
	add(l.attackingF2F7(), "attackingF2F7")
	add(l.solverMoveIs(chess.EnPassant), "enPassant")
	add(l.solverMoveIs(chess.Castling), "castling")
	add(l.solverMoveIs(chess.Promotion), "promotion")
	add(l.underPromotion(), "underPromotion")
	add(endgame(&l.pos[1]), "endgame")
	add(l.pieceEndgame(chess.Pawn), "pawnEndgame")
	add(l.pieceEndgame(chess.Queen), "queenEndgame")
	add(l.pieceEndgame(chess.Rook), "rookEndgame")
	add(l.pieceEndgame(chess.Bishop), "bishopEndgame")
	add(l.pieceEndgame(chess.Knight), "knightEndgame")
	add(l.queenRookEndgame(), "queenRookEndgame")
	if !slices.Contains(out, "backRankMate") && !slices.Contains(out, "fork") {
		switch {
		case l.sideAttack(chess.FileH, 20, chess.FileG, chess.FileH):
			out = append(out, "kingsideAttack")
		case l.sideAttack(chess.FileA, 18, chess.FileA, chess.FileB, chess.FileC):
			out = append(out, "queensideAttack")
		}
	}
	return out
}

func (l *line) enemy() chess.Color { return l.solver.Other() }

// final is the position the solution ends in.
func (l *line) final() *chess.Position { return &l.pos[len(l.pos)-1] }

// lead is the solver's lead in material in pos[i], in centipawns.
func (l *line) lead(i int) int {
	return material(&l.pos[i], l.solver) - material(&l.pos[i], l.enemy())
}

// value is a piece type's worth in centipawns, the king's more than all
// the others together.
func value(pt chess.PieceType) int {
	if pt == chess.King {
		return 100 * 99
	}
	for _, pv := range values {
		if pv.pt == pt {
			return pv.v
		}
	}
	return 0
}

func valueAt(p *chess.Position, s chess.Square) int { return value(p.PieceAt(s).Type()) }

func slider(pt chess.PieceType) bool {
	return pt == chess.Bishop || pt == chess.Rook || pt == chess.Queen
}

// between returns the squares strictly between a and b on their rank,
// file or diagonal; none when they share no line.
func between(a, b chess.Square) chess.Bitboard {
	switch {
	case chess.RookAttacks(a, 0).Has(b):
		return chess.RookAttacks(a, b.Bitboard()) & chess.RookAttacks(b, a.Bitboard())
	case chess.BishopAttacks(a, 0).Has(b):
		return chess.BishopAttacks(a, b.Bitboard()) & chess.BishopAttacks(b, a.Bitboard())
	}
	return 0
}

// lineThrough returns the whole rank, file or diagonal through a and b,
// a and b included; none when they share no line.
func lineThrough(a, b chess.Square) chess.Bitboard {
	switch {
	case chess.RookAttacks(a, 0).Has(b):
		return chess.RookAttacks(a, 0)&chess.RookAttacks(b, 0) | a.Bitboard() | b.Bitboard()
	case chess.BishopAttacks(a, 0).Has(b):
		return chess.BishopAttacks(a, 0)&chess.BishopAttacks(b, 0) | a.Bitboard() | b.Bitboard()
	}
	return 0
}

// defended reports whether the piece on s is defended: a piece of its
// colour attacks s, directly or through an enemy bishop, rook or queen
// that attacks s (an x-ray defence, as lichess counts it).
func defended(p *chess.Position, s chess.Square) bool {
	own := p.ByColor(p.PieceAt(s).Color())
	occ := p.Occupied()
	if p.AttackersTo(s, occ)&own != 0 {
		return true
	}
	for a := p.AttackersTo(s, occ) &^ own; a != 0; {
		x := a.PopFirst()
		if slider(p.PieceAt(x).Type()) && p.AttackersTo(s, occ&^x.Bitboard())&own != 0 {
			return true
		}
	}
	return false
}

// badSpot reports whether the piece on s can be taken with profit: it is
// attacked, and undefended or attacked by a cheaper piece than the king.
func badSpot(p *chess.Position, s chess.Square) bool {
	pc := p.PieceAt(s)
	attackers := p.AttackersOf(s, pc.Color().Other())
	if attackers == 0 {
		return false
	}
	if !defended(p, s) {
		return true
	}
	for attackers != 0 {
		x := attackers.PopFirst()
		if t := p.PieceAt(x).Type(); t != chess.King && value(t) < value(pc.Type()) {
			return true
		}
	}
	return false
}

// smotheredMate: the solution ends in checkmate by a knight, every square
// next to the mated king held by a piece of its own.
func (l *line) smotheredMate() bool {
	f := l.final()
	if !f.IsCheckmate() || f.Checkers()&f.PiecesOfType(chess.Knight) == 0 {
		return false
	}
	k := f.KingSquare(l.enemy())
	return chess.KingAttacks(k)&^f.ByColor(l.enemy()) == 0
}

// backRankMate: the solution ends in checkmate by a rook or queen on the
// mated king's back rank, where the king stands; each square in front of
// the king (the next rank's squares beside it) holds a piece of its own
// that the solver does not attack, so that its own pieces wall it in.
func (l *line) backRankMate() bool {
	f := l.final()
	enemy := l.enemy()
	k := f.KingSquare(enemy)
	if !f.IsCheckmate() || k.RelativeRank(enemy) != chess.Rank1 {
		return false
	}
	for front := chess.KingAttacks(k) &^ chess.RankBB(k.Rank()); front != 0; {
		s := front.PopFirst()
		if pc := f.PieceAt(s); pc == chess.NoPiece || pc.Color() != enemy || f.AttackersOf(s, l.solver) != 0 {
			return false
		}
	}
	heavy := f.PiecesOfType(chess.Rook) | f.PiecesOfType(chess.Queen)
	return f.Checkers()&heavy&chess.RankBB(k.Rank()) != 0
}

// doubleCheck: a solver's move gives check with two pieces at once.
func (l *line) doubleCheck() bool {
	for i := 1; i < len(l.moves); i += 2 {
		if l.pos[i+1].Checkers().More() {
			return true
		}
	}
	return false
}

// sacrifice: after one of the solver's moves from its second on, the
// solver's lead in material is at least two pawns below its lead at the
// puzzle's start (after the opponent's move): it gave material up, even
// if it wins it back later; not when the opponent promoted meanwhile
// (lichess's sacrifice).
func (l *line) sacrifice() bool {
	for i := 2; i < len(l.moves); i += 2 {
		if l.moves[i].Kind() == chess.Promotion {
			return false
		}
	}
	start := l.lead(1)
	for i := 3; i < len(l.moves); i += 2 {
		if l.lead(i+1)-start <= -200 {
			return true
		}
	}
	return false
}

// fork: a solver's move, not the solution's last and not a mate, by a
// piece other than the king, that lands where it cannot be taken with
// profit (badSpot) and then attacks two or more enemy pieces other than
// pawns, each the king, worth more than the moved piece, or undefended
// and not attacking the moved piece back (lichess's fork).
func (l *line) fork() bool {
	for i := 1; i < len(l.moves)-1; i += 2 {
		a, m := &l.pos[i+1], l.moves[i]
		to := m.To()
		if m.Kind() == chess.Castling || a.PieceAt(to).Type() == chess.King || a.IsCheckmate() || badSpot(a, to) {
			continue
		}
		mover := valueAt(a, to)
		n := 0
		for t := a.AttacksFrom(to) & a.ByColor(l.enemy()); t != 0; {
			s := t.PopFirst()
			switch pt := a.PieceAt(s).Type(); {
			case pt == chess.Pawn:
			case pt == chess.King, value(pt) > mover, !defended(a, s) && !a.AttacksFrom(s).Has(to):
				n++
			}
		}
		if n >= 2 {
			return true
		}
	}
	return false
}

// hangingPiece: the solver's first move takes an undefended piece other
// than a pawn, which is not the opponent's move trading onto that square
// (it took a piece worth as much or more there), and the solver still
// has that material after its second move (lichess's hangingPiece).
func (l *line) hangingPiece() bool {
	p, m, op := &l.pos[1], l.moves[1], l.moves[0]
	to := m.To()
	if m.Kind() == chess.Castling || m.Kind() == chess.EnPassant {
		return false
	}
	taken := p.PieceAt(to)
	if taken == chess.NoPiece || taken.Type() == chess.Pawn || defended(p, to) {
		return false
	}
	if op.To() == to && op.Kind() != chess.Castling {
		if traded := l.pos[0].PieceAt(to); traded != chess.NoPiece && value(traded.Type()) >= value(taken.Type()) {
			return false
		}
	}
	return len(l.moves) < 4 || l.lead(4) >= l.lead(2)
}

// landed returns the squares the solver's move i put its pieces on: the
// king's and the rook's for castling.
func (l *line) landed(i int) chess.Bitboard {
	m := l.moves[i]
	if m.Kind() == chess.Castling {
		k, r := m.CastlingTargets()
		return k.Bitboard() | r.Bitboard()
	}
	return m.To().Bitboard()
}

// discoveredAttack: a solver's move gives check with a piece it did not
// move (a discovered check); or, from the solver's second move on, it
// captures along a line its previous move opened (that move left a square
// between the capture's squares, neither landing on the capture's squares
// nor castling), the capture not a recapture on the square the opponent
// just moved to (lichess's discoveredAttack).
func (l *line) discoveredAttack() bool {
	for i := 1; i < len(l.moves); i += 2 {
		if l.pos[i+1].Checkers()&^l.landed(i) != 0 {
			return true
		}
	}
	for i := 3; i < len(l.moves); i += 2 {
		m, op, prev := l.moves[i], l.moves[i-1], l.moves[i-2]
		if !l.pos[i].IsCapture(m) || op.To() == m.To() || prev.Kind() == chess.Castling {
			continue
		}
		if between(m.From(), m.To()).Has(prev.From()) && prev.To() != m.To() && prev.To() != m.From() {
			return true
		}
	}
	return false
}

// skewer: from the solver's second move on, a bishop, rook or queen takes
// a piece that stood behind the one the opponent just moved off the line
// between them, the piece moved worth more (the king most), the piece
// taken one that could be taken with profit (badSpot), and the capture not
// a mate (lichess's skewer).
func (l *line) skewer() bool {
	for i := 3; i < len(l.moves); i += 2 {
		b, m, op := &l.pos[i], l.moves[i], l.moves[i-1]
		taken := b.PieceAt(m.To())
		if m.Kind() == chess.Castling || taken == chess.NoPiece || !slider(b.PieceAt(m.From()).Type()) || l.pos[i+1].IsCheckmate() {
			continue
		}
		if op.To() == m.To() || !between(m.From(), m.To()).Has(op.From()) {
			continue
		}
		if valueAt(&l.pos[i-1], op.From()) > value(taken.Type()) && badSpot(b, m.To()) {
			return true
		}
	}
	return false
}

// pin: after a solver's move, its moved bishop, rook or queen pins an enemy
// piece other than a pawn or the king (pinCreated), or an enemy piece
// pinned to its king pays for the pin (pinExploited).
func (l *line) pin() bool {
	for i := 1; i < len(l.moves); i += 2 {
		a := &l.pos[i+1]
		if l.pinCreated(a, l.moves[i]) || l.pinExploited(a) {
			return true
		}
	}
	return false
}

// pinCreated: the moved piece, a bishop, rook or queen, attacks an enemy
// piece other than a pawn or the king, behind which on the same line
// stands the enemy king, or an enemy piece worth more than the pinned one
// and either worth more than the pinner or undefended; and the pinned
// piece cannot simply take the pinner (it does not attack it, or the
// pinner is defended and worth less than it).
func (l *line) pinCreated(a *chess.Position, m chess.Move) bool {
	to := m.To()
	pc := a.PieceAt(to)
	if m.Kind() == chess.Castling || !slider(pc.Type()) {
		return false
	}
	occ := a.Occupied()
	seen := a.AttacksFrom(to)
	for t := seen & a.ByColor(l.enemy()); t != 0; {
		s := t.PopFirst()
		front := a.PieceAt(s).Type()
		if front == chess.Pawn || front == chess.King ||
			a.AttacksFrom(s).Has(to) && (value(pc.Type()) >= value(front) || !defended(a, to)) {
			continue
		}
		// The squares seen through s end on the next piece behind it.
		behind := chess.Attacks(pc.Type(), l.solver, to, occ&^s.Bitboard()) &^ seen & occ & a.ByColor(l.enemy())
		if behind == 0 {
			continue
		}
		b := behind.First()
		back := a.PieceAt(b).Type()
		if back == chess.King || value(back) > value(front) && (value(back) > value(pc.Type()) || !defended(a, b)) {
			return true
		}
	}
	return false
}

// pinExploited: an enemy piece pinned to its king cannot escape an attack
// (a cheaper piece attacks it, or it is attacked, undefended and cannot
// take any attacker) or cannot take what it attacks off the pin's line
// (a solver's piece worth more than it, or undefended): lichess's "pin
// prevents escape" and "pin prevents attack".
func (l *line) pinExploited(a *chess.Position) bool {
	enemy := l.enemy()
	k := a.KingSquare(enemy)
	for pinned := a.Pinned(enemy); pinned != 0; {
		s := pinned.PopFirst()
		worth := valueAt(a, s)
		attackers := a.AttackersOf(s, l.solver)
		for x := attackers; x != 0; {
			if valueAt(a, x.PopFirst()) < worth {
				return true
			}
		}
		if attackers != 0 && !defended(a, s) && !takesAny(a, s, attackers) {
			return true
		}
		for t := a.AttacksFrom(s) & a.ByColor(l.solver) &^ lineThrough(k, s); t != 0; {
			x := t.PopFirst()
			if valueAt(a, x) > worth || !defended(a, x) {
				return true
			}
		}
	}
	return false
}

// takesAny reports whether the piece on s, of the side to move, has a
// legal capture of a piece on targets.
func takesAny(p *chess.Position, s chess.Square, targets chess.Bitboard) bool {
	for _, m := range p.LegalMovesFrom(s) {
		if targets.Has(m.To()) {
			return true
		}
	}
	return false
}

// attackingF2F7: a solver's move takes on f7 with the enemy king on e8, or
// on f2 with the enemy king on e1 (lichess's attackingF2F7).
func (l *line) attackingF2F7() bool {
	for i := 1; i < len(l.moves); i += 2 {
		m := l.moves[i]
		if !l.pos[i].IsCapture(m) {
			continue
		}
		k := l.pos[i+1].KingSquare(l.enemy())
		if m.To() == chess.F7 && k == chess.E8 || m.To() == chess.F2 && k == chess.E1 {
			return true
		}
	}
	return false
}

// solverMoveIs reports whether a solver's move is of kind k: en passant,
// castling or a promotion.
func (l *line) solverMoveIs(k chess.MoveKind) bool {
	for i := 1; i < len(l.moves); i += 2 {
		if l.moves[i].Kind() == k {
			return true
		}
	}
	return false
}

// underPromotion: a solver's move promotes to a knight, bishop or rook;
// not a mate by a rook or bishop, which a queen would give as well
// (lichess's underPromotion).
func (l *line) underPromotion() bool {
	for i := 1; i < len(l.moves); i += 2 {
		m := l.moves[i]
		if m.Kind() != chess.Promotion || m.Promotion() == chess.Queen {
			continue
		}
		if m.Promotion() == chess.Knight || !l.pos[i+1].IsCheckmate() {
			return true
		}
	}
	return false
}

// endgame: at most six queens, rooks, bishops and knights in all are on
// the board at the puzzle's start, after the opponent's move (the rule
// lichess's game phases use, scalachess's Divider).
func endgame(p *chess.Position) bool {
	pieces := p.PiecesOfType(chess.Knight) | p.PiecesOfType(chess.Bishop) | p.PiecesOfType(chess.Rook) | p.PiecesOfType(chess.Queen)
	return pieces.Count() <= 6
}

// pieceEndgame: after the opponent's move and after the solver's first,
// the board holds kings, pawns and pieces of type pt alone, at least one
// of type pt: a pawn, queen, rook, bishop or knight endgame (lichess's).
func (l *line) pieceEndgame(pt chess.PieceType) bool {
	for _, p := range l.pos[1:3] {
		if p.PiecesOfType(pt) == 0 || p.Occupied()&^p.PiecesOfType(chess.King)&^p.PiecesOfType(chess.Pawn)&^p.PiecesOfType(pt) != 0 {
			return false
		}
	}
	return true
}

// queenRookEndgame: after the opponent's move and after the solver's
// first, the board holds one queen, a rook or more, and kings and pawns
// besides (lichess's).
func (l *line) queenRookEndgame() bool {
	for _, p := range l.pos[1:3] {
		queens, rooks := p.PiecesOfType(chess.Queen), p.PiecesOfType(chess.Rook)
		if queens.Count() != 1 || rooks == 0 || p.Occupied()&^p.PiecesOfType(chess.King)&^p.PiecesOfType(chess.Pawn)&^queens&^rooks != 0 {
			return false
		}
	}
	return true
}

// sideAttack: lichess's kingsideAttack and queensideAttack. At the
// puzzle's start the enemy king stands on its back rank on one of files,
// with at least pieces men on the board (no endgame), and a solver's move
// gives check; then the solution scores: a point for each of the solver's
// checks, a point for each capture within three squares of the corner on
// file corner of the enemy's back rank, a point off for each other move
// landing five or more squares from it; two points make the attack.
func (l *line) sideAttack(corner chess.File, pieces int, files ...chess.File) bool {
	p := &l.pos[1]
	k := p.KingSquare(l.enemy())
	if k.RelativeRank(l.enemy()) != chess.Rank1 || !slices.Contains(files, k.File()) || p.Occupied().Count() < pieces {
		return false
	}
	c := chess.NewSquare(corner, k.Rank())
	score, checks := 0, false
	for i := 1; i < len(l.moves); i += 2 {
		m := l.moves[i]
		if l.pos[i+1].InCheck() {
			score++
			checks = true
		}
		switch d := distance(c, m.To()); {
		case l.pos[i].IsCapture(m) && d <= 3:
			score++
		case d >= 5:
			score--
		}
	}
	return checks && score >= 2
}

// distance is the number of king steps between two squares.
func distance(a, b chess.Square) int {
	df := int(a.File()) - int(b.File())
	dr := int(a.Rank()) - int(b.Rank())
	return max(df, -df, dr, -dr)
}
