package game

import (
	"strconv"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/chess/pgn"
)

// SetupNotes is what a pasted PGN says beside its mainline: its header
// tags (the players' names, the event...), the comment before its first
// move, and each imported move's comment and variations. The game keeps
// them with its start, to be shown with the imported moves; play goes on
// from the mainline's end as before.
type SetupNotes struct {
	Tags  []NoteTag `json:"tags,omitempty"`  // in the PGN's order
	Intro string    `json:"intro,omitempty"` // the comment before the first move
	Plies []PlyNote `json:"plies,omitempty"` // the annotated imported moves, in order
}

// NoteTag is one PGN header tag.
type NoteTag struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// PlyNote is what the PGN says of imported move Ply (1: the first): the
// comment after it, and the variations played instead of it, each as PGN
// movetext with its move numbers, comments and nested variations
// ("12... Nf6 13. Bxf6 (13. Bh4) gxf6").
type PlyNote struct {
	Ply        int      `json:"ply"`
	Comment    string   `json:"comment,omitempty"`
	Variations []string `json:"variations,omitempty"`
}

// maxNoteBytes bounds the notes kept of one PGN: a request body is already
// bounded, and the notes ride in every full state of the game.
const maxNoteBytes = 64 << 10

// chessSetupNotes reads the notes of a chess PGN setup text; nil when the
// text is no PGN (a FEN, a start number, nothing) or says nothing beside
// its mainline.
func chessSetupNotes(text string) *SetupNotes {
	text = strings.TrimSpace(text)
	if text == "" || IsChessFEN(text) {
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
func notesOf(g *pgn.Game) *SetupNotes {
	n := &SetupNotes{Intro: g.Root.Comment}
	size := len(n.Intro)
	for _, t := range g.Tags {
		if t.Value == "" || t.Value == "?" || t.Name == "FEN" || t.Name == "SetUp" {
			continue // unknown, or the start position the game already has
		}
		n.Tags = append(n.Tags, NoteTag{Name: t.Name, Value: t.Value})
		size += len(t.Name) + len(t.Value)
	}
	ply := 0
	for node := g.Root; len(node.Children) > 0; node = node.Children[0] {
		ply++
		main := node.Children[0]
		note := PlyNote{Ply: ply, Comment: main.Comment}
		for _, alt := range node.Children[1:] {
			note.Variations = append(note.Variations, lineText(alt))
		}
		for _, v := range note.Variations {
			size += len(v)
		}
		size += len(note.Comment)
		if size > maxNoteBytes {
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
