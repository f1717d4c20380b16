// Package openings serves the opening and book API for programs and the
// analysis board: GET /api/opening names the opening a line of chess
// reaches (lichess's table, package chess/opening), GET /api/book lists
// the moves the server's Polyglot book knows for its position. Both read
// the line as ?fen=FEN&moves=e2e4,e7e5 and say what is wrong and where in
// a bad one; their errors carry the code twice, as "error" (these
// endpoints' contract) and as the server's usual "code".
//
//	h := openings.New(book, errs) // book nil: GET /api/book answers no_book
//	mux.HandleFunc("GET /api/opening", h.Opening)
//	mux.HandleFunc("GET /api/book", h.Book)
package openings
