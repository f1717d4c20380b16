package game

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

// MaxNoteBytes bounds the notes kept of one PGN (Spec.Notes): a request
// body is already bounded, and the notes ride in every full state of the
// game.
const MaxNoteBytes = 64 << 10
