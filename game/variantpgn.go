package game

import (
	"strconv"
	"strings"

	"github.com/gambitchess/gambit/chess"
)

// tagPairs returns h as PGN tag pairs, the seven-tag roster first; first
// names the first mover's tag (White). The variants' own PGN writers take
// their header this way.
func (h PGNHeader) tagPairs(first string) [][2]string {
	pairs := [][2]string{{"Event", h.Event}, {"Site", "Gambit"}, {"Date", h.Date}, {"Round", "-"},
		{first, h.White}, {"Black", h.Black}, {"Result", h.Result}}
	if h.TimeControl != "" {
		pairs = append(pairs, [2]string{"TimeControl", h.TimeControl})
	}
	if h.Termination != "" {
		pairs = append(pairs, [2]string{"Termination", h.Termination})
	}
	return pairs
}

// writeTags writes tag pairs, one a line, escaping quotes and backslashes.
func writeTags(sb *strings.Builder, pairs [][2]string) {
	for _, p := range pairs {
		v := strings.ReplaceAll(p[1], `\`, `\\`)
		v = strings.ReplaceAll(v, `"`, `\"`)
		sb.WriteString("[" + p[0] + ` "` + v + "\"]\n")
	}
}

// fogPGN writes a fog-of-war game: its tags, with Variant, and SetUp and
// FEN for a set start; then, once the game is over, its moves. While it
// goes on the movetext is the result alone: the moves are hidden.
func fogPGN(h PGNHeader, start chess.Position, steps []Step) string {
	pairs := h.tagPairs("White")
	pairs = append(pairs, [2]string{"Variant", "Fog of war"})
	if fen := start.FEN(); fen != chess.StartFEN {
		pairs = append(pairs, [2]string{"SetUp", "1"}, [2]string{"FEN", fen})
	}
	var sb strings.Builder
	writeTags(&sb, pairs)
	sb.WriteByte('\n')
	var tokens []string
	if h.Over {
		tokens = sanMovetext(start.FullmoveNumber(), steps)
	}
	tokens = append(tokens, h.Result)
	writeWrapped(&sb, tokens)
	return sb.String()
}

// sanMovetext numbers alternating moves in PGN style ("1.", "1...").
func sanMovetext(number int, steps []Step) []string {
	var out []string
	for i, st := range steps {
		switch {
		case st.Color == chess.White:
			out = append(out, strconv.Itoa(number)+".")
		case i == 0:
			out = append(out, strconv.Itoa(number)+"...")
		}
		out = append(out, st.SAN)
		if st.Color == chess.Black {
			number++
		}
	}
	return out
}

// writeWrapped writes movetext tokens in lines of at most 79 characters.
func writeWrapped(sb *strings.Builder, tokens []string) {
	line := 0
	for _, t := range tokens {
		if line > 0 && line+1+len(t) > 79 {
			sb.WriteByte('\n')
			line = 0
		}
		if line > 0 {
			sb.WriteByte(' ')
			line++
		}
		sb.WriteString(t)
		line += len(t)
	}
	sb.WriteByte('\n')
}
