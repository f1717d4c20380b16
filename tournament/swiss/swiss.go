package swiss

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
)

// A Player is one entrant. Players are ranked for pairing by Rating
// (descending), then ID (ascending): that order gives the pairing numbers
// (C.04.2, initial order).
type Player struct {
	ID     string
	Name   string
	Rating int
	// FideID is the player's FIDE ID (digits), "" for none: only the
	// TRF's FIDE-ID field reads it, never the pairing.
	FideID string
}

// Result is the outcome of one board.
type Result uint8

// The results a Game can carry. The forfeit results score like a win but
// the game counts as not played: it gives no colour and does not stop the
// two players meeting again (C.04.3 F.2, C.04.2 D).
const (
	NoResult        Result = iota // not yet played: no points, but the pairing stands
	WhiteWins                     // 1-0
	BlackWins                     // 0-1
	Draw                          // ½-½
	WhiteForfeitWin               // +/-: White scores, the game was not played
	BlackForfeitWin               // -/+: Black scores, the game was not played
)

// String returns the result in the usual notation.
func (r Result) String() string {
	switch r {
	case NoResult:
		return "*"
	case WhiteWins:
		return "1-0"
	case BlackWins:
		return "0-1"
	case Draw:
		return "1/2-1/2"
	case WhiteForfeitWin:
		return "+/-"
	case BlackForfeitWin:
		return "-/+"
	}
	return fmt.Sprintf("Result(%d)", uint8(r))
}

// played reports whether the game was played over the board (or is still to
// be): only such games give colours and make a pairing illegal to repeat.
func (r Result) played() bool {
	return r == NoResult || r == WhiteWins || r == BlackWins || r == Draw
}

// points returns what White and Black score, in half-points.
func (r Result) points() (white, black int) {
	switch r {
	case WhiteWins, WhiteForfeitWin:
		return 2, 0
	case BlackWins, BlackForfeitWin:
		return 0, 2
	case Draw:
		return 1, 1
	}
	return 0, 0
}

// A Game is one board of a round. Black == "" makes it a pairing-allocated
// bye for White, which scores 1 point (a win, C.04.1 c) whatever Result says.
type Game struct {
	White, Black string
	Result       Result
}

// IsBye reports whether the game is a pairing-allocated bye.
func (g Game) IsBye() bool { return g.Black == "" }

// A Round is the list of boards of one round, the bye (if any) last.
type Round []Game

// byPairingOrder sorts players into their pairing numbers' order: rating
// descending, then ID ascending.
func byPairingOrder(a, b Player) int {
	if c := cmp.Compare(b.Rating, a.Rating); c != 0 {
		return c
	}
	return cmp.Compare(a.ID, b.ID)
}

// rankPlayers returns a copy of players in pairing-number order, checking
// that IDs are present and unique.
func rankPlayers(players []Player) ([]Player, error) {
	seen := make(map[string]bool, len(players))
	for _, p := range players {
		if p.ID == "" {
			return nil, errors.New("swiss: a player has an empty ID")
		}
		if seen[p.ID] {
			return nil, fmt.Errorf("swiss: player %q is listed twice", p.ID)
		}
		seen[p.ID] = true
	}
	ranked := slices.Clone(players)
	slices.SortFunc(ranked, byPairingOrder)
	return ranked, nil
}
