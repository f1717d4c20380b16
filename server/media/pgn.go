package media

import (
	"strings"

	"github.com/gambitchess/gambit/internal/lang"
	"github.com/gambitchess/gambit/xiangqi"
)

// A game's PGN is canonical (traditional characters, lichess's English
// comments) for programs: GET /api/games/{id}/pgn, lichess's exports. A
// person copying or downloading it from a page reads it in their own
// language, which the page names with ?lang= (package server): a xiangqi
// game's moves in the reader's script, the review's comments worded in
// the reader's language (PGNAdvice, PGNIn).

// PGNAdvice words a review's comment on a judged move in l, as
// review.Advice takes it (the class, its glyph where the notation has no
// NAGs, the engine's move): "败着（??）。最佳着法是 车九进四。" for a zh-CN
// reader of a xiangqi game, the move in l's script; nil in English, whose
// words are the canonical PGN's.
func PGNAdvice(l lang.Lang, xiangqiGame bool) func(class, glyph, best string) string {
	if l == lang.English {
		return nil
	}
	return func(class, glyph, best string) string {
		name := l.Text(lang.PGNClassPrefix + lang.Key(class))
		if glyph != "" {
			name = l.Text(lang.PGNClassGlyph, "class", name, "glyph", glyph)
		}
		if best == "" {
			return l.Text(lang.PGNAdvice, "class", name)
		}
		if xiangqiGame {
			best = xiangqi.ConvertScript(best, scriptOf(l))
		}
		return l.Text(lang.PGNAdviceBest, "class", name, "move", best)
	}
}

// PGNIn returns the PGN text of a xiangqi game, as the server writes it
// (its movetext in Chinese notation, in traditional characters), with its
// movetext in l's script: the characters of the notation that differ by
// script are rewritten (xiangqi.ConvertScript), nothing else. The tags
// (the players' names among them) are kept as they are, and the comments
// the server writes hold no other Chinese (the review's are worded in l
// already, PGNAdvice), so the text reads back, by any reader of either
// script, to the same moves.
func PGNIn(text string, l lang.Lang) string {
	s := scriptOf(l)
	if s == xiangqi.Traditional {
		return text
	}
	head, movetext, ok := strings.Cut(text, "\n\n")
	if !ok {
		return text
	}
	return head + "\n\n" + xiangqi.ConvertScript(movetext, s)
}
