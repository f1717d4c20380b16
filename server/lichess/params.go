package lichess

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/wire"
)

// The request parsers of the API for programs: the bodies of lichess's
// endpoints (form-encoded, as lichess's clients send them, or JSON with
// the same keys), a move in a path, and query parameters. Each names what
// is wrong and where.

// MaxDays is the longest correspondence time per move.
const MaxDays = 14

// MaxBody bounds an API request's body: a challenge or a chat line.
const MaxBody = 4 << 10

// ReadParams reads a request body of form fields or one JSON object of
// at most MaxBody bytes into field values (wire.ReadParams).
func ReadParams(r *http.Request, w http.ResponseWriter) (map[string]string, error) {
	return wire.ReadParams(r, w, MaxBody)
}

// ParseParams reads data of media type mt (wire.ParseParams).
func ParseParams(mt string, data []byte) (map[string]string, error) {
	return wire.ParseParams(mt, data)
}

// ChallengeRequest is the body of POST /api/challenge/{username}.
type ChallengeRequest struct {
	Rated   bool
	Limit   int // clock.limit, seconds; with Days 0 and Limit 0: no clock
	Inc     int // clock.increment, seconds
	Days    int
	Color   string // white, black, random
	Variant string // Gambit's name ("" for chess)
	FEN     string // the start position (chess, Chess960), checked and canonical; "" for the variant's own
}

// ignoredChallengeFields are lichess's fields this server takes and does
// nothing with.
var ignoredChallengeFields = map[string]bool{"keepAliveStream": true, "message": true, "rules": true}

// ParseChallenge reads a challenge's fields (lichess's names): rated,
// clock.limit, clock.increment, days, color, variant, fen.
func ParseChallenge(f map[string]string) (ChallengeRequest, error) {
	req := ChallengeRequest{Color: "random"}
	fromPosition := false
	var err error
	for k, v := range f {
		switch k {
		case "rated":
			req.Rated, err = ParseBool(k, v)
		case "clock.limit":
			req.Limit, err = ParseInt(k, v, 0, 10800)
		case "clock.increment":
			req.Inc, err = ParseInt(k, v, 0, 180)
		case "days":
			req.Days, err = ParseInt(k, v, 1, MaxDays)
		case "color":
			if v != "white" && v != "black" && v != "random" {
				err = fmt.Errorf("%w: color must be white, black or random, not %.40q", wire.ErrBadRequest, v)
			}
			req.Color = v
		case "variant":
			if fromPosition = v == "fromPosition"; !fromPosition { // lichess's name of chess from a FEN
				req.Variant, err = ParseVariantName(v)
			}
		case "fen":
			req.FEN = v // read with the variant, below
		default:
			if !ignoredChallengeFields[k] {
				err = fmt.Errorf("%w: unknown field %.40q (rated, clock.limit, clock.increment, days, color, variant, fen)", wire.ErrBadRequest, k)
			}
		}
		if err != nil {
			return req, err
		}
	}
	_, hasLimit := f["clock.limit"]
	_, hasInc := f["clock.increment"]
	switch {
	case req.Days != 0 && (hasLimit || hasInc):
		return req, fmt.Errorf("%w: give clock.limit and clock.increment, or days, not both", wire.ErrBadRequest)
	case hasInc && !hasLimit:
		return req, fmt.Errorf("%w: clock.increment needs clock.limit", wire.ErrBadRequest)
	case fromPosition && strings.TrimSpace(req.FEN) == "":
		return req, fmt.Errorf("%w: variant fromPosition needs a fen", wire.ErrBadRequest)
	}
	if _, given := f["fen"]; given {
		req.FEN, err = ParseChallengeFEN(req.Variant, req.FEN)
	}
	return req, err
}

// maxFEN bounds a FEN's length: a position's is under 90 characters.
const maxFEN = 128

// ParseChallengeFEN reads the fen of a challenge of variant (Gambit's
// name, "" for chess) as lichess takes one: a position to start from, in
// chess (lichess's fromPosition) or Chess960, a FEN of a legal position
// whose side to move has a move. It returns the FEN as the rules write
// it, "" for chess's standard start (an ordinary game, which may be
// rated; a set-up one may not). Gambit's own variants start from their
// own positions here: a set-up game of them is made in the browser.
func ParseChallengeFEN(variant, fen string) (string, error) {
	parse := chess.ParseFEN
	spec, err := game.Lookup(game.Variant(variant))
	switch {
	case variant == "":
	case err == nil && spec.UCI != nil && spec.UCI.Chess960:
		parse = chess.ParseFEN960
	default:
		return "", fmt.Errorf("%w: a fen is for a challenge of standard chess (fromPosition) or chess960, not of %.40s", wire.ErrBadRequest, variant)
	}
	fen = strings.TrimSpace(fen)
	switch {
	case fen == "":
		return "", fmt.Errorf("%w: the fen is empty (leave it out for the variant's start)", wire.ErrBadRequest)
	case len(fen) > maxFEN:
		return "", fmt.Errorf("%w: the fen is %d bytes, at most %d", wire.ErrBadRequest, len(fen), maxFEN)
	}
	p, err := parse(fen)
	if err != nil {
		return "", fmt.Errorf("%w: fen: %v", wire.ErrBadRequest, err)
	}
	var moves chess.MoveList
	p.GenerateLegal(&moves)
	if moves.Len() == 0 {
		return "", fmt.Errorf("%w: fen: %s has no legal move: the game would be over before it began", wire.ErrBadRequest, p.SideToMove())
	}
	if out := p.FEN(); variant != "" || out != chess.StartFEN {
		return out, nil
	}
	return "", nil
}

// ParseVariantName reads a variant as lichess names it ("standard" is
// chess) or as Gambit does.
func ParseVariantName(v string) (string, error) {
	if v == "standard" || v == "" {
		return "", nil
	}
	if !wire.ValidID(v) {
		return "", fmt.Errorf("%w: variant %.40q", wire.ErrBadRequest, v)
	}
	return v, nil // checked by the game API (games.Handler.Options) against the variants there are
}

func ParseBool(k, v string) (bool, error) {
	switch v {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, fmt.Errorf("%w: %s must be true or false, not %.40q", wire.ErrBadRequest, k, v)
}

func ParseInt(k, v string, lo, hi int) (int, error) {
	n, err := strconv.Atoi(v)
	if err != nil || n < lo || n > hi {
		return 0, fmt.Errorf("%w: %s must be a whole number from %d to %d, not %.40q", wire.ErrBadRequest, k, lo, hi, v)
	}
	return n, nil
}

// ParseNB reads a list's nb parameter (how many to answer): def when
// absent, else a number from 1 to most.
func ParseNB(r *http.Request, def, most int) (int, error) {
	v := r.URL.Query().Get("nb")
	if v == "" {
		return def, nil
	}
	return ParseInt("nb", v, 1, most)
}

// ParseMovePath reads the {move} of POST /api/board/game/{id}/move/{move}:
// UCI ("e2e4", "e7e8q") or, for xiangqi, ICCS ("h2e2", also written
// "H2-E2"). The game's rules judge it further; this keeps out what
// cannot be a move at all.
func ParseMovePath(m string) (string, error) {
	m = strings.ToLower(m)
	if len(m) == 5 && m[2] == '-' {
		m = m[:2] + m[3:]
	}
	if len(m) < 4 || len(m) > 5 {
		return "", fmt.Errorf("%w: move %.20q is not UCI (e2e4, e7e8q) or ICCS (h2e2)", wire.ErrBadRequest, m)
	}
	for i := range len(m) {
		c := m[i]
		if (c < 'a' || c > 'z') && (c < '0' || c > '9') {
			return "", fmt.Errorf("%w: move %.20q: character %d is neither letter nor digit", wire.ErrBadRequest, m, i+1)
		}
	}
	return m, nil
}
