package viewer

// Board is the board a Game is played on, which says how its positions
// read and are drawn (chess's rules for Chess: Chess960 is Chess, its
// start position in the start FEN). The page's JSON calls it "variant".
type Board string

// The boards the viewer shows. Discs is a board of xiangqi's round
// pieces in squares, of the shape its FENs give (at most 9×9): the game
// of xiangqi's pieces face down on half its board, 8×4. Its moves are
// given position by position (FromSteps) with their one notation,
// NotationSAN.
const (
	Chess   Board = "chess"
	Xiangqi Board = "xiangqi"
	Discs   Board = "discs"
)

// Game is one game ready to be shown: its header and its move tree, with
// every position and move text already computed.
type Game struct {
	Variant Board  `json:"variant"`
	Tags    []Tag  `json:"tags"`   // the header, in file order
	Result  string `json:"result"` // "1-0", "0-1", "1/2-1/2" or "*"
	// ResultComment is a comment written after the result (xiangqi PGN).
	ResultComment string `json:"resultComment,omitempty"`
	// Nodes is the move tree in pre-order: Nodes[0] is the start position
	// (no move), and a node's Children are indices into Nodes.
	Nodes []Node `json:"nodes"`
	// positional says the game was given position by position (FromSteps),
	// not read from PGN: its Chinese notation is converted to the page's
	// script as text, never worked out again from a position by
	// xiangqi's rules, which are not its rules.
	positional bool
}

// Tag is one header tag pair.
type Tag struct {
	Name  string `json:"name"`
	Value string `json:"value"`
}

// Node is the position after one move of the tree, or the start position
// for Nodes[0]. Children[0] continues the line the node is on; further
// children are variations, alternatives to Children[0].
type Node struct {
	Parent   int   `json:"parent"` // -1 for the start
	Children []int `json:"children"`

	FEN string `json:"fen"` // the position after the move

	// Number is the move's number as PGN writes it ("12." or "12...");
	// Second is true for the move of the second player (Black).
	// Continues is true for a move that continues its player's turn
	// (a variant of several moves a turn), written without a number.
	Number    int  `json:"number,omitempty"`
	Second    bool `json:"second,omitempty"`
	Continues bool `json:"continues,omitempty"`

	// From and To are the squares the moving piece left and reached, in
	// coordinates ("e2", "e4"; xiangqi ICCS "h2", "e2"). For castling To
	// is the king's square. Both are empty for the start and a null move.
	From string `json:"from,omitempty"`
	To   string `json:"to,omitempty"`

	// Text is the move in each notation: "san" for chess and a board of
	// discs; "chinese", "wxf" and "iccs" for xiangqi. NAG glyphs ("!", "?!") follow in
	// Glyphs.
	Text   map[string]string `json:"text,omitempty"`
	Glyphs string            `json:"glyphs,omitempty"`

	// StartingComment precedes the move; Comment follows it (for the
	// start, the comment before the first move).
	StartingComment string `json:"startingComment,omitempty"`
	Comment         string `json:"comment,omitempty"`
}

// Notation keys of Node.Text.
const (
	NotationSAN     = "san"
	NotationChinese = "chinese"
	NotationWXF     = "wxf"
	NotationICCS    = "iccs"
)

// tree builds Game.Nodes in pre-order from any move tree: fill is called
// with a source node and its parent's index (-1 for the start), and returns
// the node's fields and its source children; add sets the links.
type tree[N any] struct {
	nodes []Node
	fill  func(src N, parent int) (Node, []N)
}

// add appends src and, depth first, its descendants; it returns src's index.
func (t *tree[N]) add(src N, parent int) int {
	n, kids := t.fill(src, parent)
	n.Parent = parent
	i := len(t.nodes)
	t.nodes = append(t.nodes, n)
	children := make([]int, 0, len(kids))
	for _, k := range kids {
		children = append(children, t.add(k, i))
	}
	t.nodes[i].Children = children
	return i
}
