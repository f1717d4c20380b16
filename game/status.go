package game

// Status is where a game stands at the server level. The values are ordered
// so that every finished status is >= Aborted: Finished is one comparison
// (scalachess Status ids).
type Status uint8

// The statuses. Draw covers the rules' draws (insufficient material, the 50-
// and 75-move rules, threefold and fivefold repetition); the Outcome says which.
const (
	Created    Status = iota // no move yet
	Started                  // at least one move, not finished
	Aborted                  // ended before it really began
	Mate                     // checkmate
	Resigned                 // a player resigned
	Stalemate                // the side to move has no legal move and is not in check (a loss in xiangqi)
	Timeout                  // a flag fell (a loss, or a draw when the other side cannot mate)
	Draw                     // a draw by the rules, automatic or claimed
	DrawAgreed               // the players agreed a draw
	Forfeit                  // lost by a rule other than mate (xiangqi perpetual check)
	Abandoned                // a player left and the opponent claimed the win or called it a draw
)

var statusNames = [...]string{"created", "started", "aborted", "mate", "resigned", "stalemate",
	"timeout", "draw", "drawAgreed", "forfeit", "abandoned"}

// String returns the status name used on the wire ("started", "mate", ...).
func (s Status) String() string {
	if int(s) < len(statusNames) {
		return statusNames[s]
	}
	return "unknown"
}

// Finished reports whether the game is over.
func (s Status) Finished() bool { return s >= Aborted }

// ParseStatus returns the status named by s.
func ParseStatus(s string) (Status, bool) {
	for i, n := range statusNames {
		if n == s {
			return Status(i), true
		}
	}
	return 0, false
}
