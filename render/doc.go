// Package render draws chess, Chess960 and xiangqi positions, and boards
// of xiangqi's round pieces in squares (DrawDiscPlacement), face down or
// up: as SVG, as PNG, and as text for terminals.
//
// A board is built once into a Drawing, a small display list of rects,
// circles, lines, paths and groups, which is then written as SVG text
// (Drawing.WriteSVG) or rasterised in pure Go (Drawing.Rasterize, PNG;
// GIF animates several drawings, such as a game's positions, painting
// each over the last only where it differs). The same position and
// Options always give the same bytes. ChessText and XiangqiText draw
// boards for terminals; ChessPieceSVG, XiangqiPieceSVG and PieceSVGs give
// one piece as a standalone SVG document (the viewer's pieces).
//
//	p := chess.StartPosition()
//	d, err := render.Chess(&p, render.Options{Size: 400, Coordinates: true, LastMove: "e2e4"})
//	if err != nil { ... }
//	d.WriteSVG(w)          // or render.PNG(w, d)
//
// Pieces, Chinese characters, river text and coordinates are vector paths
// generated from freely licensed artwork and fonts (see outlines_gen.go),
// so no font needs to be installed. Coloured squares and arrows follow the
// PGN comment commands [%csl Ga4] and [%cal Ge2e4] (ParseMarks).
//
// render sits beside engine: it imports only the rules libraries.
package render
