package server

import (
	"net/http"

	"github.com/gambitchess/gambit/internal/lang"
)

// A game's PGN is canonical (traditional characters, lichess's English
// comments) for programs: GET /api/games/{id}/pgn, lichess's exports. A
// person copying or downloading it from a page reads it in their own
// language, which the page names with ?lang= (the settings may have chosen
// another than the browser's Accept-Language, and a download link sends no
// header of the page's): a xiangqi game's moves in the reader's script,
// the review's comments worded in the reader's language (media.PGNIn,
// media.PGNAdvice). Only ?lang= asks for it, never Accept-Language, so a
// program's PGN stays one for all and needs no Vary.

// readerLang is the language r asks its PGN in: ?lang= when it names one
// the server writes; false for none (the canonical PGN).
func readerLang(r *http.Request) (lang.Lang, bool) {
	q := r.URL.Query().Get("lang")
	if q == "" {
		return "", false
	}
	return lang.Match(q)
}
