// Package pgn reads and writes xiangqi games in the PGN of xqbase and the
// other xiangqi sites, with the names of package chess/pgn for the same
// ideas: a Game holds its Tags, a Result and a Root Node; each Node's
// Children[0] continues its line and the other children are variations.
//
// The Format tag names the notation of the moves: "Chinese" (炮二平五),
// "ICCS" (h2e2) or "WXF" (C2.5). ReadAll checks every move against the
// rules of package xiangqi, in the notation the tag names or, without the
// tag, in whichever of the three fits:
//
//	games, err := pgn.ReadAll(r)
//	if err != nil { ... } // "xiangqi: pgn: line 12: ...": the games before it are returned
//	for _, g := range games {
//		fmt.Println(g.Tags.Get("Red"), len(g.MainlineMoves()), g.Result)
//	}
//
// Write writes a game in any of the three notations, with its comments and
// variations, or without them:
//
//	err := pgn.Write(w, g, pgn.WriteOptions{Notation: pgn.NotationWXF})
//
// Chinese moves are written in traditional characters by default
// (傌八進七, as the pieces are drawn), or in simplified ones with
// WriteOptions.Script set to xiangqi.Simplified (马八进七); never a
// mixture. The reader reads either, and the mixtures people write.
//
// Text is read as bytes and kept as is: tags and comments in another
// encoding (GBK, as in many xqbase files) survive a round trip, but
// Chinese moves must be UTF-8, so callers decode GBK files first (as
// gambit pgn does with internal/charset).
package pgn
