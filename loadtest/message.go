package loadtest

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"github.com/gambitchess/gambit/chess"
)

// Message is what a player reads of a server message: its type and, for a
// "state" or "move", the game's version, ply, side to move, status,
// position, last move and the raw legal destinations (for the side to move
// only); for a "hello" the colours held; for an "error" its code.
type Message struct {
	Type   string
	V      int64
	Ply    int
	Turn   string
	Status string
	FEN    string
	Last   string          // the last move's UCI text, on a "move"
	Dests  json.RawMessage // {"e2":["e3","e4"],...}
	You    []string
	Code   string
}

// errMessage is wrapped by every error of a server message that does not parse.
var errMessage = errors.New("loadtest: bad server message")

// wire is the JSON of a server message, with only the fields read.
type wire struct {
	T string `json:"t"`
	D struct {
		V      int64                 `json:"v"`
		Ply    int                   `json:"ply"`
		Turn   string                `json:"turn"`
		Status string                `json:"status"`
		FEN    string                `json:"fen"`
		Last   *struct{ UCI string } `json:"last"`
		Dests  json.RawMessage       `json:"dests"`
		You    []string              `json:"you"`
		Code   string                `json:"code"`
	} `json:"d"`
}

// ParseMessage decodes one server message.
func ParseMessage(data []byte) (Message, error) {
	var w wire
	if err := json.Unmarshal(data, &w); err != nil {
		return Message{}, fmt.Errorf("%w: %v", errMessage, err)
	}
	if w.T == "" {
		return Message{}, fmt.Errorf("%w: no type", errMessage)
	}
	m := Message{Type: w.T, V: w.D.V, Ply: w.D.Ply, Turn: w.D.Turn, Status: w.D.Status, FEN: w.D.FEN,
		Dests: w.D.Dests, You: w.D.You, Code: w.D.Code}
	if w.D.Last != nil {
		m.Last = w.D.Last.UCI
	}
	return m, nil
}

// Finished reports whether a "state" or "move" says the game is over.
func (m Message) Finished() bool {
	return (m.Type == "state" || m.Type == "move") && m.Status != "" && m.Status != "created" && m.Status != "started"
}

// IsPosition reports whether m carries the game's position.
func (m Message) IsPosition() bool { return m.Type == "state" || m.Type == "move" }

// CountMoves is how many moves the destinations dests hold, or an error
// when they are not a JSON object of squares to lists of squares.
func CountMoves(dests []byte) (int, error) {
	n := 0
	err := eachDest(dests, func(_, _ []byte) bool { n++; return true })
	return n, err
}

// PickMove returns move number i (from 0, in the order dests lists them) as
// UCI text, with "q" appended when a pawn of fen's board reaches the last
// rank.
func PickMove(dests []byte, fen string, i int) (string, error) {
	var from, to []byte
	k := 0
	err := eachDest(dests, func(f, t []byte) bool {
		if k == i {
			from, to = f, t
			return false
		}
		k++
		return true
	})
	if err != nil {
		return "", err
	}
	if from == nil {
		return "", fmt.Errorf("%w: no move %d in the destinations", errMessage, i)
	}
	move := string(from) + string(to)
	if promotes(fen, from, to) {
		move += "q"
	}
	return move, nil
}

// promotes reports whether the piece on square from of fen's board is a
// pawn and square to on its last rank (chess squares only: a1 to h8).
func promotes(fen string, from, to []byte) bool {
	if len(from) != 2 || len(to) != 2 || (to[1] != '8' && to[1] != '1') {
		return false
	}
	p := pieceAt(fen, from[0], from[1])
	return p == chess.WhitePawn && to[1] == '8' || p == chess.BlackPawn && to[1] == '1'
}

// pieceAt is the piece on square file+rank of a FEN's board, or NoPiece
// for none, a square off the chess board or a board that does not parse
// (chess.ParsePlacement; a xiangqi board does not).
func pieceAt(fen string, file, rank byte) chess.Piece {
	if file < 'a' || file > 'h' || rank < '1' || rank > '8' {
		return chess.NoPiece
	}
	board, _, _ := strings.Cut(fen, " ")
	pl, err := chess.ParsePlacement(board)
	if err != nil {
		return chess.NoPiece
	}
	return pl[chess.NewSquare(chess.File(file-'a'), chess.Rank(rank-'1'))]
}

// eachDest calls yield with every (from, to) pair of a destinations
// object, in order, until it returns false. The object is the server's
// {"e2":["e3","e4"],...}: keys and values are plain strings without
// escapes, which is all squares need; anything else is an error.
func eachDest(b []byte, yield func(from, to []byte) bool) error {
	p := parser{b: b}
	p.space()
	if len(p.b) == 0 || string(p.b) == "null" {
		return nil
	}
	if !p.take('{') {
		return p.fail("want an object")
	}
	if p.take('}') {
		return p.end()
	}
	for {
		from, ok := p.str()
		if !ok || len(from) == 0 || !p.take(':') || !p.take('[') {
			return p.fail("want \"square\": [")
		}
		if !p.take(']') {
			for {
				to, ok := p.str()
				if !ok || len(to) == 0 {
					return p.fail("want a square")
				}
				if !yield(from, to) {
					return nil
				}
				if p.take(']') {
					break
				}
				if !p.take(',') {
					return p.fail("want , or ]")
				}
			}
		}
		if p.take('}') {
			return p.end()
		}
		if !p.take(',') {
			return p.fail("want , or }")
		}
	}
}

// parser reads the little JSON the destinations are.
type parser struct {
	b []byte
	i int
}

func (p *parser) space() {
	for p.i < len(p.b) && (p.b[p.i] == ' ' || p.b[p.i] == '\n' || p.b[p.i] == '\t' || p.b[p.i] == '\r') {
		p.i++
	}
}

// take skips spaces and then c, if c is next.
func (p *parser) take(c byte) bool {
	p.space()
	if p.i < len(p.b) && p.b[p.i] == c {
		p.i++
		return true
	}
	return false
}

// str reads a string without escapes and returns its bytes.
func (p *parser) str() ([]byte, bool) {
	if !p.take('"') {
		return nil, false
	}
	start := p.i
	for p.i < len(p.b) {
		switch p.b[p.i] {
		case '"':
			s := p.b[start:p.i]
			p.i++
			return s, true
		case '\\':
			return nil, false
		}
		p.i++
	}
	return nil, false
}

// end checks nothing but spaces follow.
func (p *parser) end() error {
	p.space()
	if p.i != len(p.b) {
		return p.fail("trailing bytes")
	}
	return nil
}

func (p *parser) fail(what string) error {
	return fmt.Errorf("%w: dests: %s at byte %d", errMessage, what, p.i)
}
