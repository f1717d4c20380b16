package openings

import (
	"errors"
	"fmt"
	"net/http"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/opening"
	"github.com/gambitchess/gambit/chess/polyglot"
	"github.com/gambitchess/gambit/server/wire"
)

// Errors answers the errors of the server's own making (anything but a bad
// request), as the server answers every error: its status, code and
// message.
type Errors interface {
	Error(w http.ResponseWriter, err error)
}

// Handler serves GET /api/opening and GET /api/book. It is safe for
// concurrent use.
type Handler struct {
	book *polyglot.Book // nil: the server has none
	errs Errors
}

// New returns the opening and book API over book (nil: GET /api/book
// answers no_book), answering other errors with errs.
func New(book *polyglot.Book, errs Errors) *Handler { return &Handler{book: book, errs: errs} }

// maxLineMoves bounds the moves of GET /api/opening and /api/book: an
// opening is named from the first 40 plies, and no line needs more than a
// long game's worth.
const maxLineMoves = 1000

// openingJSON is GET /api/opening's answer: a game's opening and the ply
// (from the fen, 0 for the fen's own position) of the last named position.
type openingJSON struct {
	wire.OpeningJSON
	Ply int `json:"ply"`
}

// apiErrorJSON is an error of GET /api/opening and /api/book: the code
// twice, as "error" (the contract of these two endpoints) and as the
// server's usual "code" beside its message.
type apiErrorJSON struct {
	Error string `json:"error"`
	wire.ErrorJSON
}

// Opening answers GET /api/opening?fen=FEN&moves=e2e4,e7e5: the
// opening of the line (lichess's table: the last named position among its
// first 40 plies, the fen's own position counting as ply 0), 200
// {"eco","name","ply"}; 404 {"error":"no_opening"} when none is named; 400
// for a bad FEN or move, saying which.
func (h *Handler) Opening(w http.ResponseWriter, r *http.Request) {
	q := r.URL.Query()
	positions, err := parseLine(q.Get("fen"), q.Get("moves"))
	if err != nil {
		h.apiError(w, err)
		return
	}
	o, ok := opening.Of(positions)
	if !ok {
		wire.WriteJSON(w, http.StatusNotFound, apiErrorJSON{Error: "no_opening",
			ErrorJSON: wire.ErrorJSON{Code: "no_opening", Message: "no named opening"}})
		return
	}
	wire.WriteJSON(w, http.StatusOK, openingJSON{OpeningJSON: wire.OpeningJSON{ECO: o.ECO, Name: o.Name}, Ply: o.Ply})
}

// apiError writes err as apiErrorJSON.
func (h *Handler) apiError(w http.ResponseWriter, err error) {
	body := wire.ErrorBody(err)
	status := http.StatusBadRequest
	if !errors.Is(err, wire.ErrBadRequest) {
		h.errs.Error(w, err)
		return
	}
	wire.WriteJSON(w, status, apiErrorJSON{Error: body.Code, ErrorJSON: body})
}

// parseLine reads a line of chess play: a FEN (empty: the standard start;
// a Chess960 FEN is read as one when it is not a standard one) and UCI
// moves separated by commas (or spaces). It returns every position, the
// FEN's first. Errors wrap wire.ErrBadRequest and say what is wrong and where.
func parseLine(fen, moves string) ([]chess.Position, error) {
	fen = strings.TrimSpace(fen)
	start := chess.StartPosition()
	if fen != "" {
		p, err := chess.ParseFEN(fen)
		if err != nil {
			p960, err960 := chess.ParseFEN960(fen)
			if err960 != nil {
				return nil, fmt.Errorf("%w: fen: %v", wire.ErrBadRequest, err)
			}
			p = p960
		}
		start = p
	}
	fields := strings.FieldsFunc(moves, func(r rune) bool { return r == ',' || r == ' ' })
	if len(fields) > maxLineMoves {
		return nil, fmt.Errorf("%w: moves: %d moves, at most %d", wire.ErrBadRequest, len(fields), maxLineMoves)
	}
	positions := make([]chess.Position, 1, len(fields)+1)
	positions[0] = start
	p := start
	for i, text := range fields {
		m, err := p.ParseUCI(text)
		if err == nil && !p.IsLegal(m) {
			err = errors.New("illegal move")
		}
		if err != nil {
			return nil, fmt.Errorf("%w: moves: move %d %q: %v", wire.ErrBadRequest, i+1, shortText(text), err)
		}
		p.Play(m)
		positions = append(positions, p)
	}
	return positions, nil
}

// shortText cuts what a request sent to a length an error may quote.
func shortText(s string) string {
	if len(s) > 12 {
		return s[:12] + "…"
	}
	return s
}

// bookMoveJSON is one move of GET /api/book.
type bookMoveJSON struct {
	UCI    string `json:"uci"`
	SAN    string `json:"san"`
	Weight int    `json:"weight"`
}

// bookJSON is GET /api/book's answer: the book's moves for the position,
// the heaviest first; none when the book does not know it.
type bookJSON struct {
	Moves []bookMoveJSON `json:"moves"`
}

// Book answers GET /api/book?fen=FEN&moves=e2e4,e7e5: the moves the
// server's opening book (serve --book) knows for the position the line
// reaches, 200 {"moves":[{"uci","san","weight"}]} (empty when out of the
// book); 404 {"error":"no_book"} when the server has no book; 400 for a
// bad FEN or move. A Chess960 position is never in the book.
func (h *Handler) Book(w http.ResponseWriter, r *http.Request) {
	if h.book == nil {
		wire.WriteJSON(w, http.StatusNotFound, apiErrorJSON{Error: "no_book",
			ErrorJSON: wire.ErrorJSON{Code: "no_book", Message: "this server has no opening book"}})
		return
	}
	q := r.URL.Query()
	positions, err := parseLine(q.Get("fen"), q.Get("moves"))
	if err != nil {
		h.apiError(w, err)
		return
	}
	p := positions[len(positions)-1]
	out := bookJSON{Moves: []bookMoveJSON{}}
	if !p.Chess960() {
		for _, bm := range h.book.Moves(&p) {
			out.Moves = append(out.Moves, bookMoveJSON{UCI: p.UCI(bm.Move), SAN: p.SAN(bm.Move), Weight: int(bm.Weight)})
		}
	}
	wire.WriteJSON(w, http.StatusOK, out)
}
