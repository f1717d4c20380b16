package server

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/gambitchess/gambit/internal/lang"
	"github.com/gambitchess/gambit/review"
	"github.com/gambitchess/gambit/xiangqi"
	xqpgn "github.com/gambitchess/gambit/xiangqi/pgn"
)

// A game's PGN is canonical (traditional characters, lichess's English
// comments) for programs: GET /api/games/{id}/pgn, lichess's exports. A
// person copying or downloading it from a page reads it in their own
// language, which the page names with ?lang= (the settings may have chosen
// another than the browser's Accept-Language, and a download link sends no
// header of the page's): a xiangqi game's moves in the reader's script,
// the review's comments worded in the reader's language. Only ?lang= asks
// for it, never Accept-Language, so a program's PGN stays one for all and
// needs no Vary.

// readerLang is the language r asks its PGN in: ?lang= when it names one
// the server writes; false for none (the canonical PGN).
func readerLang(r *http.Request) (lang.Lang, bool) {
	q := r.URL.Query().Get("lang")
	if q == "" {
		return "", false
	}
	return lang.Match(q)
}

// pgnAdvice words a review's comment on a judged move in l: "败着（??）。
// 最佳着法是 炮二平五。" for a zh-CN reader of a xiangqi game (the best move
// in l's script); nil for English, whose words are the canonical ones.
func pgnAdvice(l lang.Lang, xiangqiGame bool) review.Advice {
	if l == lang.English {
		return nil
	}
	return func(class review.Class, glyph, best string) string {
		name := l.Text(lang.PGNClassPrefix + lang.Key(class))
		if glyph != "" {
			name = l.Text(lang.PGNClassGlyph, "class", name, "glyph", glyph)
		}
		if best == "" {
			return l.Text(lang.PGNAdvice, "class", name)
		}
		if xiangqiGame {
			best = xiangqi.ConvertScript(best, pgnScript(l))
		}
		return l.Text(lang.PGNAdviceBest, "class", name, "move", best)
	}
}

// pgnScript is the script of l's xiangqi notation.
func pgnScript(l lang.Lang) xiangqi.Script {
	if l.Hans() {
		return xiangqi.Simplified
	}
	return xiangqi.Traditional
}

// xiangqiPGNIn writes the xiangqi PGN text (one game, in Chinese notation,
// as the server writes it) with its moves in script s: read and written
// again by xiangqi/pgn, its tags, comments and result as they were, so it
// reads back to the same moves.
func xiangqiPGNIn(text string, s xiangqi.Script) (string, error) {
	games, err := xqpgn.ReadAll(strings.NewReader(text))
	if err != nil {
		return "", fmt.Errorf("xiangqi PGN in %s: %w", s, err)
	}
	if len(games) != 1 {
		return "", fmt.Errorf("xiangqi PGN in %s: %d games, want 1", s, len(games))
	}
	var b strings.Builder
	if err := xqpgn.Write(&b, games[0], xqpgn.WriteOptions{Notation: xqpgn.NotationChinese, Script: s}); err != nil {
		return "", fmt.Errorf("xiangqi PGN in %s: %w", s, err)
	}
	return b.String(), nil
}
