// Package viewer writes a standalone interactive HTML page that replays
// chess, Chess960 and xiangqi games: the board, a clickable move list with
// comments and nested variations, navigation buttons and keys, the tags,
// the result and the FEN of the position shown.
//
// Everything the page needs is inside the one file (style, script, the
// games as JSON, the piece images): it makes no network request and works
// opened from disk. Every position, move text and highlighted square is
// computed here in Go; the page's script only displays them and knows no
// rules. The script and style are constant, so the page can be served under
// a Content-Security-Policy that allows exactly ScriptHashes and
// StyleHashes.
//
//	games, err := viewer.FromPGN(f, viewer.Chess)
//	if err != nil {
//		return err
//	}
//	return viewer.Write(w, games, viewer.Options{})
package viewer
