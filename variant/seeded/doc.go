// Package seeded checks the record of a finished game whose hidden chances
// came from a fair.Seed (package variant/fair): rolls, mines, a shuffled
// layout, the face-down pieces a flip turns up. Such a game's PGN carries
// the commitment [SeedHash] from the start and, once the game is over, the
// [Seed] itself; a comment after each move that drew something says what
// it drew. Verify reads the record, checks the seed against the commitment
// and replays the game. A variant supplies only what is its own: a Spec
// (its Variant tag, its error sentinels, how to start the game from the
// seed and its own tags) and a Replay (how to play one move, what a
// recorded draw looks like, what must not be left missing at the end).
//
// A variant whose moves may flip a face-down piece, recording what it
// turned up as {[%flip R]}, needs about this much (the package example is
// a complete one):
//
//	type verifier struct {
//		g    *Game
//		flip Piece // what the last move turned up, until its comment comes
//	}
//
//	func (v *verifier) Move(t pgntag.Token) error {
//		if v.flip != NoPiece {
//			return fmt.Errorf("%w: line %d: move %d lacks its comment [%%flip %v]", ErrBadPGN, t.Line, v.g.Ply(), v.flip)
//		}
//		m, err := ParseMove(t.Text)
//		if err == nil {
//			v.flip, err = v.g.Push(m) // the game deals what a flip turns up from its seed
//		}
//		if err != nil {
//			return fmt.Errorf("%w: line %d, move %d (%s): %w", ErrBadPGN, t.Line, v.g.Ply()+1, t.Text, err)
//		}
//		return nil
//	}
//
//	func (v *verifier) Comment(t pgntag.Token) error {
//		arg, ok := strings.CutPrefix(t.Text, "[%flip ")
//		switch {
//		case !ok:
//			return nil // an ordinary comment
//		case v.flip == NoPiece || arg != v.flip.String()+"]":
//			return fmt.Errorf("%w: line %d: [%%flip %s after move %d", ErrWrongDeal, t.Line, arg, v.g.Ply())
//		}
//		v.flip = NoPiece
//		return nil
//	}
//
//	func (v *verifier) End(t pgntag.Token) error  { ... } // v.flip still set: the last comment is missing
//	func (v *verifier) Outcome() seeded.Outcome { return v.g.Outcome() }
//
//	var spec = seeded.Spec[*verifier]{
//		Variant: VariantName, BadPGN: ErrBadPGN, BadSeed: ErrBadSeed,
//		Start: func(tags map[string]string, seed fair.Seed) (*verifier, error) {
//			return &verifier{g: NewGame(seed)}, nil // after checking a [FEN] tag, say
//		},
//	}
//
//	// Verify checks a finished game's PGN and returns how many moves it has.
//	func Verify(r io.Reader) (plies int, err error) {
//		v, err := seeded.Verify(r, spec)
//		if v == nil {
//			return 0, err
//		}
//		return v.g.Ply(), err
//	}
//
// A variant whose move numbers carry meaning (a turn of several moves
// under one number) makes its Replay Numbered as well.
package seeded
