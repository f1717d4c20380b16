// Package polyglot reads opening books in the Polyglot .bin format: the
// moves a book knows for a position, each with its weight, and a weighted
// choice among them.
//
// The format (Michel Van den Bergh's description of Fabien Letouzey's
// Polyglot book format, http://hgm.nubati.net/book_format.html) is a
// sequence of 16-byte entries, big-endian, sorted by key:
//
//	key    uint64  the Polyglot hash of the position
//	move   uint16  bits 0-2 to file, 3-5 to row, 6-8 from file, 9-11 from
//	               row, 12-14 promotion (0 none, 1 knight, 2 bishop, 3 rook,
//	               4 queen); castling is written as the king taking its own
//	               rook (e1h1, e1a1, e8h8, e8a8)
//	weight uint16  how good or frequent the move is; a choice is made in
//	               proportion to it
//	learn  uint32  learning data, unused here
//
// The key is Zobrist hashing with the 781 published Random64 numbers:
// pieces on squares, the four castling rights, the file of the en-passant
// square only when a pawn of the side to move stands ready to capture
// there, and one number when White is to move. package chess keys its
// positions that way (chess.Position.Key; the table is chess/polyglot.go),
// so Key is chess's key, checked against the values the description lists.
//
//	b, err := polyglot.Open("book.bin")
//	p := chess.StartPosition()
//	for _, e := range b.Moves(&p) {
//		fmt.Println(p.UCI(e.Move), e.Weight)
//	}
package polyglot
