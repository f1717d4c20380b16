package engine

import "github.com/gambitchess/gambit/chess"

// Pair is a tapered weight: a middlegame and an endgame value in
// centipawns, blended by the game phase.
type Pair struct {
	MG int `json:"mg"`
	EG int `json:"eg"`
}

// Weights holds every term of the evaluation. DefaultWeights returns the
// hand-set and PeSTO values; Tune changes the tunable ones (all Pair fields),
// and NewEvaluator turns a Weights into the tables Evaluate reads. The int
// fields (mobility centres, king-attack weights, tempo) are not tuned.
type Weights struct {
	// PieceValue is the material value by chess.PieceType (the king's is unused).
	PieceValue [7]Pair `json:"pieceValue"`
	// PST is the piece-square bonus by piece type and square for a White
	// piece (a1 = 0); a Black piece reads the square mirrored vertically.
	PST [7][64]Pair `json:"pst"`
	// Mobility is the bonus per reachable square (not own pieces, not
	// attacked by enemy pawns) beyond MobilityCentre, by piece type.
	Mobility       [7]Pair `json:"mobility"`
	MobilityCentre [7]int  `json:"mobilityCentre"`
	// PassedPawn is indexed by the pawn's rank seen from its own side.
	PassedPawn   [8]Pair `json:"passedPawn"`
	IsolatedPawn Pair    `json:"isolatedPawn"`
	DoubledPawn  Pair    `json:"doubledPawn"`
	BackwardPawn Pair    `json:"backwardPawn"`
	BishopPair   Pair    `json:"bishopPair"`
	RookOpen     Pair    `json:"rookOpen"`
	RookSemiOpen Pair    `json:"rookSemiOpen"`
	// Shelter terms count the files around a king on its first two ranks:
	// own pawn one rank ahead, two ranks ahead, or none in front.
	ShelterNear   Pair `json:"shelterNear"`
	ShelterFar    Pair `json:"shelterFar"`
	ShelterNoPawn Pair `json:"shelterNoPawn"`
	// KingAttack is the weight per attacked enemy king-zone square by
	// piece type; with two attackers and a queen the side gains
	// min(sum²/4, 500) in the middlegame.
	KingAttack [7]int `json:"kingAttack"`
	// Tempo is the side to move's bonus.
	Tempo int `json:"tempo"`
}

// DefaultWeights returns the engine's evaluation weights: PeSTO material and
// piece-square tables plus the hand-set terms.
func DefaultWeights() Weights {
	w := Weights{
		Mobility:       [7]Pair{2: {4, 4}, 3: {5, 5}, 4: {2, 4}, 5: {1, 2}},
		MobilityCentre: [7]int{0, 0, 4, 6, 7, 14, 0},
		PassedPawn:     [8]Pair{1: {0, 5}, 2: {3, 10}, 3: {8, 20}, 4: {18, 35}, 5: {35, 60}, 6: {60, 100}},
		IsolatedPawn:   Pair{-10, -15},
		DoubledPawn:    Pair{-10, -20},
		BackwardPawn:   Pair{-8, -10},
		BishopPair:     Pair{30, 50},
		RookOpen:       Pair{25, 10},
		RookSemiOpen:   Pair{12, 6},
		ShelterNear:    Pair{10, 0},
		ShelterFar:     Pair{5, 0},
		ShelterNoPawn:  Pair{-15, 0},
		KingAttack:     [7]int{0, 0, 2, 2, 3, 5, 0},
		Tempo:          10,
	}
	for pt := chess.Pawn; pt <= chess.King; pt++ {
		w.PieceValue[pt] = Pair{pestoValueMG[pt], pestoValueEG[pt]}
		for s := 0; s < 64; s++ {
			w.PST[pt][s] = Pair{pestoMG[pt][s^56], pestoEG[pt][s^56]}
		}
	}
	return w
}

// Evaluator is a Weights compiled into the fixed tables the evaluation
// reads. It is immutable once built and safe for concurrent use.
type Evaluator struct {
	psqt           [16][64]taper // by chess.Piece and square, material included, White's view
	mobility       [7]taper
	mobilityCentre [7]int
	passedPawn     [8]taper
	isolatedPawn   taper
	doubledPawn    taper
	backwardPawn   taper
	bishopPair     taper
	rookOpen       taper
	rookSemiOpen   taper
	shelterNear    taper
	shelterFar     taper
	shelterNoPawn  taper
	kingAttack     [7]int
	tempo          int
}

// defaultEvaluator is DefaultWeights compiled once; Evaluate uses it.
var defaultEvaluator = NewEvaluator(DefaultWeights())

// NewEvaluator compiles w.
func NewEvaluator(w Weights) *Evaluator {
	ev := &Evaluator{
		mobilityCentre: w.MobilityCentre,
		isolatedPawn:   w.IsolatedPawn.taper(),
		doubledPawn:    w.DoubledPawn.taper(),
		backwardPawn:   w.BackwardPawn.taper(),
		bishopPair:     w.BishopPair.taper(),
		rookOpen:       w.RookOpen.taper(),
		rookSemiOpen:   w.RookSemiOpen.taper(),
		shelterNear:    w.ShelterNear.taper(),
		shelterFar:     w.ShelterFar.taper(),
		shelterNoPawn:  w.ShelterNoPawn.taper(),
		kingAttack:     w.KingAttack,
		tempo:          w.Tempo,
	}
	for i := range ev.mobility {
		ev.mobility[i] = w.Mobility[i].taper()
	}
	for i := range ev.passedPawn {
		ev.passedPawn[i] = w.PassedPawn[i].taper()
	}
	for pt := chess.Pawn; pt <= chess.King; pt++ {
		for s := chess.Square(0); s < 64; s++ {
			white := w.PieceValue[pt].add(w.PST[pt][s])
			black := w.PieceValue[pt].add(w.PST[pt][s^56])
			ev.psqt[chess.NewPiece(chess.White, pt)][s] = white.taper()
			ev.psqt[chess.NewPiece(chess.Black, pt)][s] = -black.taper()
		}
	}
	return ev
}

func (p Pair) taper() taper    { return mkS(p.MG, p.EG) }
func (p Pair) add(q Pair) Pair { return Pair{p.MG + q.MG, p.EG + q.EG} }
