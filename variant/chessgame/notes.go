package chessgame

import (
	"strconv"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/pgn"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/variant/chesssetup"
)

// chessSetupNotes reads the notes of a chess PGN setup text; nil when the
// text is no PGN (a FEN, a start number, nothing) or says nothing beside
// its mainline.
func chessSetupNotes(text string) *game.SetupNotes {
	text = strings.TrimSpace(text)
	if text == "" || chesssetup.IsChessFEN(text) {
		return nil
	}
	if _, err := strconv.Atoi(text); err == nil {
		return nil // a Chess960 start number
	}
	g, err := pgn.NewReader(strings.NewReader(text)).Next()
	if err != nil || g == nil {
		return nil
	}
	return notesOf(g)
}

// notesOf collects a parsed game's notes (nil when there are none).
func notesOf(g *pgn.Game) *game.SetupNotes {
	n := &game.SetupNotes{Intro: g.Root.Comment}
	size := len(n.Intro)
	for _, t := range g.Tags {
		if t.Value == "" || t.Value == "?" || t.Name == "FEN" || t.Name == "SetUp" {
			continue // unknown, or the start position the game already has
		}
		n.Tags = append(n.Tags, game.NoteTag{Name: t.Name, Value: t.Value})
		size += len(t.Name) + len(t.Value)
	}
	ply := 0
	for node := g.Root; len(node.Children) > 0; node = node.Children[0] {
		ply++
		main := node.Children[0]
		note := game.PlyNote{Ply: ply, Comment: main.Comment}
		for _, alt := range node.Children[1:] {
			note.Variations = append(note.Variations, lineText(alt))
		}
		for _, v := range note.Variations {
			size += len(v)
		}
		size += len(note.Comment)
		if size > game.MaxNoteBytes {
			break // what fits; the moves themselves are all imported
		}
		if note.Comment != "" || len(note.Variations) > 0 {
			n.Plies = append(n.Plies, note)
		}
	}
	if n.Intro == "" && len(n.Tags) == 0 && len(n.Plies) == 0 {
		return nil
	}
	return n
}

// lineText writes the line that starts with node n as PGN movetext: each
// move in SAN with its number (White's, and the first move's always),
// its comment in braces and the variations branching off it in
// parentheses.
func lineText(n *pgn.Node) string {
	var b strings.Builder
	first := true
	for ; n != nil; n = n.Next() {
		if !first {
			b.WriteByte(' ')
		}
		if n.StartingComment != "" {
			b.WriteString("{" + n.StartingComment + "} ")
		}
		before := n.Parent.Position()
		if before.SideToMove() == chess.White {
			b.WriteString(strconv.Itoa(before.FullmoveNumber()) + ". ")
		} else if first {
			b.WriteString(strconv.Itoa(before.FullmoveNumber()) + "... ")
		}
		b.WriteString(n.SAN())
		if n.Comment != "" {
			b.WriteString(" {" + n.Comment + "}")
		}
		for _, alt := range n.Parent.Children[1:] {
			if n == n.Parent.Children[0] {
				b.WriteString(" (" + lineText(alt) + ")")
			}
		}
		first = false
	}
	return b.String()
}
