// Package pgn reads and writes chess games in Portable Game Notation, as
// real-world files write them, fast and forgiving.
//
// # Reading
//
// A Reader streams games from an io.Reader one at a time, in constant
// memory, so multi-gigabyte files are fine:
//
//	r := pgn.NewReader(f)
//	for {
//		g, err := r.Next()
//		if err == io.EOF {
//			break
//		}
//		var pe *pgn.Error
//		if errors.As(err, &pe) {
//			log.Print(pe) // "833:7: game 38: ...": the reader goes on with the next game
//			continue
//		}
//		if err != nil {
//			return err // reading failed
//		}
//		use(g)
//	}
//
// Next builds the whole game tree. For bulk work, NextMainline checks and
// returns the mainline moves only, without allocating per move, and
// NextTags reads only the headers. Visit hands each tag, move (with the
// position before it), NAG, comment and variation to a Visitor, which may
// skip variations.
//
// The reader accepts what files contain: any tag; FEN/SetUp; Variant values
// naming Chess960 ("Chess960", "chess 960", "fischerandom"); SAN checked
// against the rules, leniently (0-0, e8Q, Ng1f3, e2-e4, missing or extra
// + and #); UCI coordinates (g1f3); move numbers in any form or none;
// {...} and ; comments, also before the first move; NAGs ($n) and the
// suffixes ! ? !! ?? !? ?! (NAGs 1 to 6); variations to any depth; %
// escape lines; null moves (-- and Z0); UTF-8 with or without a byte-order
// mark, lines that are not UTF-8 decoded as Latin-1; CRLF line ends. Comment
// commands [%clk], [%emt], [%eval], [%csl] and [%cal] become Node fields.
//
// A malformed game (illegal, ambiguous or unreadable move, broken tag,
// unbalanced comment or variation, unsupported variant such as Crazyhouse)
// gives an *Error with the line, column, game number and offending text.
// The reader skips the rest of that game and carries on. It never panics.
// Game boundaries are found without the movetext's help where needed: a tag
// line starts a new game, and so does a tag that the game already has (exports
// of games without moves). A comment still open at a line that holds only a
// tag pair is taken as never closed.
//
// # The game tree
//
// A Game holds its Tags in order, the Result and a Root Node. Each Node's
// Children[0] continues its line; further children are variations. Nodes
// carry comments before and after the move, NAGs and comment commands; they
// can be added (AddVariation), reordered (Promote, PromoteToMain, Demote)
// and removed (Remove).
//
// # Writing
//
// Write produces the PGN export format: the Seven Tag Roster first, lines of
// at most 80 columns, move numbers where the standard wants them (12... for
// a Black move after a comment or variation, or at the start). Options leave
// out variations or comments. Reading what Write wrote gives the same tree.
//
// # Command-line helpers
//
// Check, Cat and Stats implement "gambit pgn check|cat|stats".
package pgn
