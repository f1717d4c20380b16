package review

import (
	"bytes"
	"errors"
	"fmt"
	"io"
	"strings"

	"github.com/gambitchess/gambit/chess/pgn"
	xqpgn "github.com/gambitchess/gambit/xiangqi/pgn"
)

// AnnotatePGN writes the review r into the PGN text of its game (the
// first game of text, whose mainline r reviewed): after each move a
// [%eval] comment command with the evaluation of the position it leads to
// ("0.35", "#3"; none after a mate given), its class as a NAG ($6 ?!,
// $2 ?, $4 ??) and, for a judged move, lichess's comment: "Blunder. Best
// move was g6." Xiangqi PGN has no NAGs: the class and its glyph go into
// the comment. The rest of the text (tags, comments) is kept.
func AnnotatePGN(text string, r *Review, xiangqi bool) (string, error) {
	return AnnotatePGNWith(text, r, xiangqi, nil)
}

// Advice words the comment on a judged move: its class ("blunder"), the
// class's glyph ("?!", "?", "??") when the notation has no NAGs to carry
// it ("" in chess), and the engine's best move in the game's notation (""
// when none). Lichess's English, adviceText's, is the canonical wording.
type Advice func(class, glyph, best string) string

// AnnotatePGNWith is AnnotatePGN with the judged moves' comments worded
// by advice (nil: lichess's English), as a reader's language words them.
func AnnotatePGNWith(text string, r *Review, xiangqi bool, advice Advice) (string, error) {
	if advice == nil {
		advice = adviceText
	}
	if xiangqi {
		return annotateXiangqi(text, r, advice)
	}
	g, err := pgn.NewReader(strings.NewReader(text)).Next()
	switch {
	case errors.Is(err, io.EOF):
		return "", fmt.Errorf("review: annotate: no game in the PGN")
	case err != nil:
		return "", fmt.Errorf("review: annotate: %w", err)
	}
	i := 0
	for n := range g.Mainline() {
		if i >= len(r.Moves) {
			break
		}
		m := r.Moves[i]
		i++
		if e := pgnEval(m); e != nil {
			n.Eval = e
		}
		if nag := m.Class.NAG(); nag != 0 {
			n.NAGs = append(n.NAGs, nag)
			n.Comment = strings.TrimSpace(n.Comment + " " + advice(string(m.Class), "", m.BestSAN))
		}
	}
	return g.String(), nil
}

// annotateXiangqi is AnnotatePGN for xqbase-style PGN, in Chinese notation.
func annotateXiangqi(text string, r *Review, advice Advice) (string, error) {
	games, err := xqpgn.ReadAll(strings.NewReader(text))
	if err != nil || len(games) == 0 {
		return "", fmt.Errorf("review: annotate: %v", err)
	}
	g := games[0]
	i := 0
	for n := range g.Mainline() {
		if i >= len(r.Moves) {
			break
		}
		m := r.Moves[i]
		i++
		var parts []string
		if e := pgnEval(m); e != nil {
			parts = append(parts, "[%eval "+e.String()+"]")
		}
		if m.Class != ClassNone {
			parts = append(parts, advice(string(m.Class), m.Class.Glyph(), m.BestSAN))
		}
		if n.Comment != "" {
			parts = append(parts, n.Comment)
		}
		n.Comment = strings.Join(parts, " ")
	}
	var b bytes.Buffer
	if err := xqpgn.Write(&b, g, xqpgn.WriteOptions{Notation: xqpgn.NotationChinese}); err != nil {
		return "", fmt.Errorf("review: annotate: %w", err)
	}
	return b.String(), nil
}

// pgnEval is the %eval of the position after m, or nil after a mate given.
func pgnEval(m Move) *pgn.Eval {
	switch {
	case m.MateAfter != 0:
		return &pgn.Eval{Mate: m.MateAfter}
	case m.After >= MateCP || m.After <= -MateCP:
		return nil
	}
	return &pgn.Eval{Centipawns: m.After}
}

// Advice is lichess's comment on m when it is judged an inaccuracy, a
// mistake or a blunder ("Blunder. Best move was g6."); "" for a move not
// judged so. The game export's JSON writes it as the move's judgment.
func (m Move) Advice() string {
	if m.Class.NAG() == 0 {
		return ""
	}
	return adviceText(string(m.Class), "", m.BestSAN)
}

// adviceText is lichess's comment on a judged move (lila Advice.makeComment):
// "Blunder. Best move was g6.", "Blunder (??). Best move was 炮二平五."
func adviceText(class, glyph, best string) string {
	s := strings.ToUpper(class[:1]) + class[1:]
	if glyph != "" {
		s += " (" + glyph + ")"
	}
	s += "."
	if best != "" {
		s += " Best move was " + best + "."
	}
	return s
}
