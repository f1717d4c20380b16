package xiangqi

import (
	"fmt"
	"math/bits"
	"strings"
)

// Rules is a rule set for judging repeated positions. Under both, a side
// that checks with every move of a repetition (perpetual check) or chases
// the same piece with every move (perpetual chase) must vary or lose, idle
// moves are allowed, a perpetual checker loses to a side that only chases,
// and a repetition in which both sides break the same rule, or neither
// does, is a draw. They differ in what else is forbidden:
//
//   - WXF (the Asian rules): a side mixing checks with chases (one check
//     one chase, rule 12) or threatening mate every move (rule 9) does not
//     break a rule.
//   - Chinese: every forcing move (打: a check, a chase, a threat of mate)
//     counts, so one check one chase (一將一捉) and a perpetual threat of
//     mate (長殺) lose too.
//
// Sources: the World Xiangqi Federation's Asian rules (the articles and
// diagrams at wxf.org/xq/rule/asia and clubxiangqi.com/rules), and the
// Chinese Xiangqi Association's competition rules (中國象棋競賽規則, 2011:
// 棋例總綱 and 棋例細則). What counts as a chase is read the same way under
// both (see Threatens); docs/xiangqi-rules.md says how, article by article,
// and what is not implemented.
type Rules uint8

const (
	// RulesWXF are the World Xiangqi Federation's (Asian) rules, the
	// default: played in international events, and what Fairy-Stockfish and
	// pychess.org judge.
	RulesWXF Rules = iota
	// RulesChinese are the Chinese Xiangqi Association's competition rules
	// (2011).
	RulesChinese
)

// DefaultRules is the rule set of a game that names none.
const DefaultRules = RulesWXF

var rulesNames = [...]string{"wxf", "chinese"}

// String returns the rule set's name as ParseRules reads it: "wxf" or
// "chinese".
func (r Rules) String() string {
	if int(r) < len(rulesNames) {
		return rulesNames[r]
	}
	return "invalid"
}

// ParseRules reads a rule set's name ("wxf" or "chinese", any case; "" is
// DefaultRules).
func ParseRules(s string) (Rules, error) {
	switch strings.ToLower(strings.TrimSpace(s)) {
	case "", "wxf", "asian", "axf":
		return RulesWXF, nil
	case "chinese", "cxa", "china":
		return RulesChinese, nil
	}
	return 0, fmt.Errorf("xiangqi: unknown rules %q (want wxf or chinese)", s)
}

// Act is what one move did to the other side, as the repetition rules
// see it: a check, a chase of one or more pieces, both, or neither (an
// idle move).
type Act struct {
	Check bool
	// MateThreat says that the move, not a check, threatens mate in one:
	// were the opponent to pass, the mover could mate (要殺). It is worked
	// out only for RulesChinese, under which it is a forcing move.
	MateThreat bool
	// Chased holds the squares, after the move, of the opponent's pieces
	// that the move began to chase: pieces it now threatens to win that it
	// did not threaten before (see Threatens).
	Chased Bitboard
}

// Chase reports whether the move chased a piece.
func (a Act) Chase() bool { return !a.Chased.Empty() }

// String names the act: "check", "chase", "check+chase", "mate threat",
// "mate threat+chase" or "idle".
func (a Act) String() string {
	var s string
	switch {
	case a.Check:
		s = "check"
	case a.MateThreat:
		s = "mate threat"
	}
	switch {
	case a.Chase() && s != "":
		return s + "+chase"
	case a.Chase():
		return "chase"
	case s != "":
		return s
	}
	return "idle"
}

// Classify returns what the legal move m does under the repetition rules
// r, given the positions before and after it: whether it gives check,
// threatens mate (for RulesChinese only), and which pieces it begins to
// chase. It allocates nothing.
func Classify(before, after *Position, m Move, r Rules) Act {
	act := Act{Check: after.InCheck()}
	var us Position
	after.MakeNullMove(&us)
	if r == RulesChinese && !act.Check {
		act.MateThreat = us.canMate()
	}
	// A checking move's threats are read as if its check were answered:
	// the check already on does not stop the opponent taking back.
	var old Bitboard
	if act.Check {
		old = after.attackers(after.kings[after.side], after.side.Other())
	}
	var now threatList
	us.threats(false, old, &now)
	if now.n == 0 {
		return act
	}
	// Before the move the mover was to move; if it was in check, its
	// captures are read as if it were not, so that answering a check does
	// not make old attacks look new.
	var was threatList
	before.threats(before.InCheck(), Bitboard{}, &was)
	for i := 0; i < now.n; i++ {
		t := now.t[i]
		if !was.has(t, m) {
			act.Chased.Set(t.victim)
		}
	}
	return act
}

// canMate reports whether the side to move has a move that mates.
func (p *Position) canMate() bool {
	var ml MoveList
	p.GenerateLegal(&ml)
	for i := 0; i < ml.n; i++ {
		var child Position
		p.MakeMove(ml.moves[i], &child)
		if child.InCheck() && !child.HasLegalMove() {
			return true
		}
	}
	return false
}

// threat is an attack that wins something: the piece on attacker can take
// the piece on victim with gain.
type threat struct{ attacker, victim Square }

// threatList is a fixed list of threats (a side has at most 16 pieces, each
// attacking at most 4 pieces along lines and 8 by horse moves, but never
// more than the opponent's 15 non-king pieces per attacker; 64 is ample for
// the captures a position holds).
type threatList struct {
	n int
	t [64]threat
}

func (l *threatList) add(t threat) {
	if l.n < len(l.t) {
		l.t[l.n] = t
		l.n++
	}
}

// has reports whether t was already a threat before the move m: the same
// victim attacked by the same piece, which m may have moved.
func (l *threatList) has(t threat, m Move) bool {
	for i := 0; i < l.n; i++ {
		a := l.t[i].attacker
		if a == m.From() {
			a = m.To()
		}
		if a == t.attacker && l.t[i].victim == t.victim {
			return true
		}
	}
	return false
}

// threats lists the captures with gain of the side to move (see
// Threatens). pseudo reads captures as the pieces move, without asking
// whether the mover's general would be left in check; old are the pieces
// of the side to move that give check already, whose check the opponent's
// answers ignore (the check of the move being classified).
func (p *Position) threats(pseudo bool, old Bitboard, l *threatList) {
	var ml MoveList
	if pseudo {
		p.generatePseudo(Captures, &ml)
	} else {
		p.Generate(Captures, &ml)
	}
	for i := 0; i < ml.n; i++ {
		m := ml.moves[i]
		if p.winsWith(m, old) {
			l.add(threat{m.From(), m.To()})
		}
	}
}

// Threatens reports whether the side to move in p threatens to win the
// piece on victim with the piece on attacker: whether the capture is a
// chase when a move creates it. Under both rule sets:
//   - the capture must be possible (pseudo-legal, and legal unless the
//     mover is in check, see Classify);
//   - generals and soldiers never chase, and neither a general nor a
//     soldier that has not crossed the river is ever chased;
//   - a piece offered in exchange is not chased: a victim of the attacker's
//     own kind that could take the attacker back at once;
//   - a chariot held by a horse (on its leg towards the chariot's general)
//     does not chase that horse;
//   - the capture must win something: the victim cannot be taken back
//     (it is unprotected, or its protection is false: a pinned
//     protector, a recapture that would expose the general), or it is
//     worth more than the attacker (a chariot attacked by a horse or a
//     cannon; a chariot, horse or cannon attacked by an advisor or an
//     elephant), protected or not.
func (p *Position) Threatens(attacker, victim Square) bool {
	m := NewMove(attacker, victim)
	return p.IsLegal(m) && p.winsWith(m, Bitboard{})
}

// winsWith applies Threatens' conditions, save legality, to the capture m;
// the opponent's replies ignore the check of the pieces on old.
func (p *Position) winsWith(m Move, old Bitboard) bool {
	a, v := p.board[m.From()], p.board[m.To()]
	at, vt := a.Type(), v.Type()
	switch {
	case at == King || at == Soldier || vt == King:
		return false
	case vt == Soldier && !crossed(v.Color(), m.To()):
		return false
	}
	if vt == at && p.couldTakeBack(m, old) {
		return false
	}
	if at == Chariot && vt == Horse && p.heldBy(m.From(), m.To()) {
		return false
	}
	if worthMore(vt, at) {
		return true
	}
	var after Position
	p.MakeMove(m, &after)
	return !after.canRecapture(m.To(), old)
}

// heldBy reports whether the chariot on c is held by the horse on h: it
// stands on the horse's leg towards its own general, so that moving it
// would give check. The explanation of the Asian rule 19 (diagrams 39-41)
// does not count such a chariot's attack on the horse as a chase,
// protected or not: the chariot "doesn't move" (Fairy-Stockfish reads
// diagram 39 so too, and calls it controversial).
func (p *Position) heldBy(c, h Square) bool {
	k := p.kings[p.board[c].Color()]
	df, dr := k.File()-h.File(), k.Rank()-h.Rank()
	var leg Square
	switch {
	case (df == 1 || df == -1) && (dr == 2 || dr == -2):
		leg = NewSquare(h.File(), h.Rank()+dr/2)
	case (dr == 1 || dr == -1) && (df == 2 || df == -2):
		leg = NewSquare(h.File()+df/2, h.Rank())
	default:
		return false
	}
	return leg == c
}

// couldTakeBack reports whether the victim of m could itself take the
// attacker, were it the victim's turn: an exchange offered, not a chase.
func (p *Position) couldTakeBack(m Move, old Bitboard) bool {
	var them Position
	p.MakeNullMove(&them)
	back := NewMove(m.To(), m.From())
	var ml MoveList
	them.generatePiece(m.To(), them.board[m.To()], Captures, &ml)
	return ml.Contains(back) && them.safeAfter(back, old)
}

// canRecapture reports whether the side to move has a capture on s that
// leaves its general safe from all but the pieces on old.
func (p *Position) canRecapture(s Square, old Bitboard) bool {
	var ml MoveList
	p.generatePseudo(Captures, &ml)
	for i := 0; i < ml.n; i++ {
		if m := ml.moves[i]; m.To() == s && p.safeAfter(m, old) {
			return true
		}
	}
	return false
}

// safeAfter reports whether the pseudo-legal move m leaves the mover's
// general attacked by no enemy piece but those on old (none: m is legal).
func (p *Position) safeAfter(m Move, old Bitboard) bool {
	if old.Empty() {
		return p.legalAfter(m.From(), m.To())
	}
	var after Position
	p.MakeMove(m, &after)
	k := after.kings[p.side]
	if !after.IsAttacked(k, after.side) {
		return true
	}
	if after.kingsFace() {
		return false
	}
	a := after.attackers(k, after.side)
	old.Clear(m.To()) // a checker taken gives no check
	return a.and(old) == a
}

// attackers returns the squares of the pieces of colour by that could
// capture on s, the generals' facing aside (see kingsFace).
func (p *Position) attackers(s Square, by Color) Bitboard {
	q := *p
	q.side = by
	var out Bitboard
	for pt := Advisor; pt <= Soldier; pt++ {
		pc := NewPiece(by, pt)
		bb := q.pieces[pc]
		for w := 0; w < 2; w++ {
			for x := bb[w]; x != 0; x &= x - 1 {
				from := Square(w*64 + bits.TrailingZeros64(x))
				var ml MoveList
				q.generatePiece(from, pc, Captures, &ml)
				if ml.Contains(NewMove(from, s)) {
					out.Set(from)
				}
			}
		}
	}
	return out
}

// kingsFace reports whether the generals stand on one file with nothing
// between them.
func (p *Position) kingsFace() bool {
	r, b := p.kings[Red], p.kings[Black]
	if r.File() != b.File() {
		return false
	}
	for s := r + NumFiles; s < b; s += NumFiles {
		if p.board[s] != NoPiece {
			return false
		}
	}
	return true
}

// worthMore reports whether a piece of kind victim is worth more than one
// of kind attacker, so that attacking it is a chase even when it is
// protected: a chariot against a horse or a cannon, and a chariot, horse
// or cannon against an advisor or an elephant.
func worthMore(victim, attacker PieceType) bool {
	switch attacker {
	case Horse, Cannon:
		return victim == Chariot
	case Advisor, Elephant:
		return victim == Chariot || victim == Horse || victim == Cannon
	}
	return false
}

// crossed reports whether a soldier of colour c on s has crossed the river.
func crossed(c Color, s Square) bool {
	if c == Red {
		return s.Rank() >= 5
	}
	return s.Rank() <= 4
}

// Violation levels of a side's moves in a cycle, graver last.
const (
	allowed  = iota // the side broke no rule
	chasing         // perpetual chase, or (Chinese) a mix of forcing moves
	checking        // perpetual check
)

// JudgeActs judges a cycle of moves that repeats a position: acts[i] is
// what moves[i] did (see Classify), and first is the side that played
// moves[0]. A side breaks a rule when every one of its moves checks
// (perpetual check), or chases one same piece (perpetual chase), or, under
// RulesChinese, is forcing, its chases all of one piece (one check one
// chase, a perpetual threat of mate). When one side breaks a rule and the
// other does not, or only by chasing against a perpetual check, the graver
// side loses; any other cycle is a draw, returned as Repetition for the
// caller to count. It allocates nothing.
func JudgeActs(acts []Act, moves []Move, first Color, r Rules) Outcome {
	var level [2]int
	var kinds [2]Termination
	for c := Red; c <= Black; c++ {
		level[c], kinds[c] = sideLevel(acts, moves, first, c, r)
	}
	switch {
	case level[Red] > level[Black]:
		return win(kinds[Red], Black)
	case level[Black] > level[Red]:
		return win(kinds[Black], Red)
	}
	return draw(Repetition)
}

// sideLevel returns how gravely side c broke the rules r in the cycle, and
// the termination that names it.
func sideLevel(acts []Act, moves []Move, first, c Color, r Rules) (int, Termination) {
	allCheck, allChase, allForcing := true, true, true
	anyCheck, anyChase, anyThreat := false, false, false
	var common Bitboard // c's victims chased in every chasing move, where they stand now
	started := false
	for i, m := range moves {
		mover := first
		if i%2 == 1 {
			mover = first.Other()
		}
		if mover != c {
			// The opponent moved one of c's victims, perhaps.
			if common.Has(m.From()) {
				common.Clear(m.From())
				common.Set(m.To())
			}
			continue
		}
		a := acts[i]
		allCheck = allCheck && a.Check
		allForcing = allForcing && (a.Check || a.MateThreat || a.Chase())
		anyCheck = anyCheck || a.Check
		anyThreat = anyThreat || a.MateThreat
		if !a.Chase() {
			allChase = false
			continue
		}
		anyChase = true
		if !started {
			common, started = a.Chased, true
		} else {
			common = common.and(a.Chased)
		}
	}
	chasesOnePiece := !anyChase || !common.Empty()
	switch {
	case allCheck && anyCheck:
		return checking, PerpetualCheck
	case allChase && anyChase && chasesOnePiece:
		return chasing, PerpetualChase
	case r != RulesChinese || !allForcing || !chasesOnePiece:
		return allowed, NoTermination
	case anyChase && anyCheck:
		return chasing, CheckAndChase
	case anyChase:
		return chasing, PerpetualChase // chases and threats of mate
	case anyThreat:
		return chasing, MateThreat
	}
	return allowed, NoTermination
}

// JudgeCycle judges the moves between two occurrences of a position by
// rules r (see JudgeActs): moves[i] was played in positions[i], and
// positions, one longer than moves, ends where it began.
func JudgeCycle(positions []Position, moves []Move, r Rules) Outcome {
	acts := make([]Act, len(moves))
	for i, m := range moves {
		acts[i] = Classify(&positions[i], &positions[i+1], m, r)
	}
	return JudgeActs(acts, moves, positions[0].side, r)
}

// JudgeRepetitions applies the repetition rules to a game: positions[i]
// is the position after i moves, moves[i] the move played in positions[i],
// lo the first index a repetition may reach back to (the last capture).
// When the last position has occurred three times (or draws times, when
// draws is not 0) since lo, the moves since the first of those occurrences
// are judged by JudgeCycle: a side that broke a rule loses; otherwise the
// game is drawn by repetition when draws is not 0, and goes on when it is.
// It returns the outcome and the index of the position where the judged
// moves began (0 when the game goes on).
func JudgeRepetitions(positions []Position, moves []Move, lo, draws int, r Rules) (Outcome, int) {
	n := len(positions) - 1
	need := draws
	if need <= 0 {
		need = DefaultRepetitions
	}
	key := positions[n].key
	count, from := 1, -1
	for i := n - 2; i >= max(lo, 0) && count < need; i -= 2 {
		if positions[i].key == key {
			count++
			from = i
		}
	}
	if count < need {
		return Outcome{}, 0
	}
	o := JudgeCycle(positions[from:], moves[from:n], r)
	if o.Draw && draws <= 0 {
		return Outcome{}, 0
	}
	return o, from
}

func (b Bitboard) and(o Bitboard) Bitboard { return Bitboard{b[0] & o[0], b[1] & o[1]} }
