// Helpers the variants played on a chess board share: their setup, their
// destinations and check as the browser takes them, their squares as text.

package game

import (
	"fmt"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/variant/fair"
)

// SeededChessStart reads what a seeded variant on a chess board starts from:
// the start FEN ("" for the standard start) and the game's secret seed.
func SeededChessStart(name Variant, start, seedText string) (chess.Position, fair.Seed, error) {
	seed, err := fair.ParseSeed(seedText)
	if err != nil {
		return chess.Position{}, fair.Seed{}, fmt.Errorf("%w: %s: %v", ErrBadSetup, name, err)
	}
	p := chess.StartPosition()
	if start != "" {
		if p, err = chess.ParseFEN(start); err != nil {
			return chess.Position{}, fair.Seed{}, fmt.Errorf("%w: FEN: %v", ErrBadSetup, err)
		}
	}
	return p, seed, nil
}

// ChessDests lists moves by origin square as the browser's board takes them,
// in p's UCI; of the promotions only the queen's (the board asks which).
func ChessDests(p *chess.Position, moves []chess.Move) map[string][]string {
	return GroupDests(len(moves), func(i int) (DestMove, bool) {
		m := moves[i]
		if m.Kind() == chess.Promotion && m.Promotion() != chess.Queen {
			return DestMove{}, false
		}
		from := int(m.From())
		d := DestMove{From: from, FromName: chessSquareNames[2*from : 2*from+2]}
		if m.Kind() == chess.Castling { // the king's step, or onto its rook in Chess960: as p.UCI says
			d.To = p.UCI(m)[2:4]
		} else {
			to := int(m.To())
			d.To = chessSquareNames[2*to : 2*to+2]
		}
		return d, true
	})
}

// ChessCheck returns the square of the side to move's king when it is in check.
func ChessCheck(p *chess.Position) (string, bool) {
	if !p.InCheck() {
		return "", false
	}
	return p.KingSquare(p.SideToMove()).String(), true
}

// ClaimText names a claimable draw for the live game.
func ClaimText[T interface{ String() string }](t T, ok bool) (string, bool) {
	if !ok {
		return "", false
	}
	return t.String(), true
}

// IsChessUCI reports whether text has the shape of a UCI move ("e2e4", "e7e8q").
func IsChessUCI(text string) bool {
	if len(text) != 4 && len(text) != 5 {
		return false
	}
	for i := 0; i < 4; i += 2 {
		if text[i] < 'a' || text[i] > 'h' || text[i+1] < '1' || text[i+1] > '8' {
			return false
		}
	}
	return len(text) == 4 || strings.ContainsRune("nbrq", rune(text[4]))
}

// SquareNames lists the squares of b by name, a1 first.
func SquareNames(b chess.Bitboard) []string {
	out := make([]string, 0, b.Count())
	for b != 0 {
		out = append(out, b.PopFirst().String())
	}
	return out
}

// ParseSquareNames reads a list of square names (as SquareNames writes
// them) into a bitboard.
func ParseSquareNames(names []string) (chess.Bitboard, error) {
	var b chess.Bitboard
	for _, name := range names {
		sq, err := chess.ParseSquare(name)
		if err != nil {
			return 0, fmt.Errorf("square %q: %w", name, err)
		}
		b |= sq.Bitboard()
	}
	return b, nil
}

// TerminationNames lists the names of a rules library's terminations
// first to last, as its Termination.String writes them: for
// Spec.Terminations.
func TerminationNames[T ~uint8](first, last T, name func(T) string) []string {
	var out []string
	for t := first; t <= last && t >= first; t++ {
		out = append(out, name(t))
	}
	return out
}

// Statuses says which server-level Status each of a rules library's
// terminations is: Mate and Stalemate their own (in xiangqi a stalemate
// loses), Forfeit a game lost by a rule (a perpetual check, a king left on
// a mine; the zero termination, a library's "none", for none), and any
// other a draw. OutcomeOf counts any other termination that wins as a
// Forfeit too (xiangqi's perpetual chase).
type Statuses[T comparable] struct {
	Mate, Stalemate, Forfeit T
}

// Of returns termination t's Status.
func (s Statuses[T]) Of(t T) Status {
	switch {
	case t == s.Mate:
		return Mate
	case t == s.Stalemate:
		return Stalemate
	case t == s.Forfeit && t != *new(T):
		return Forfeit
	}
	return Draw
}

// OutcomeOf writes a rules library's ending (over, by termination t, drawn
// or won by winner, the side that moved first being chess.White) as the
// live game's Outcome, its Status by statuses.
func OutcomeOf[T interface {
	comparable
	~uint8
	String() string
}](over bool, t T, draw bool, winner chess.Color, statuses Statuses[T]) Outcome {
	if !over {
		return Outcome{}
	}
	o := Outcome{Termination: t.String(), Code: uint8(t), Draw: draw, Status: statuses.Of(t)}
	if !draw {
		o.Winner = winner
		if o.Status == Draw {
			o.Status = Forfeit // won by a rule other than those named
		}
	}
	return o
}

// ChessOutcome writes the ending of a rules library on a chess board (a
// chess.Ending of its own terminations) as the live game's Outcome.
func ChessOutcome[T interface {
	comparable
	~uint8
	String() string
}](o chess.Ending[T], statuses Statuses[T]) Outcome {
	return OutcomeOf(o.Over(), o.Termination, o.Draw, o.Winner, statuses)
}
