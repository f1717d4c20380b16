package chessgame

import (
	"crypto/rand"
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/variant/chesssetup"
)

// chess960Spec registers Chess960 (Fischer random chess): the rules of
// chess from a shuffled back rank, played by the chess rules over a
// Chess960 position.
//
// How the start is chosen: Setup chooses it and returns it as a FEN, which
// New keeps in the game's Header (StartFEN); Rules only reads that FEN. So
// a random start is drawn once, when the game is created, and a game loaded
// from the store replays from the same position. An empty setup draws one
// of the 960 start positions, uniformly, with crypto/rand: a server-side
// draw that neither player can predict or steer (a seeded generator could
// be replayed). A number picks that start position in Scharnagl's
// numbering (518 is the standard one); a Chess960 FEN (X-FEN or
// Shredder-FEN castling) or a PGN with a [Variant "Chess960"] tag starts
// from any position of a Chess960 game.
var chess960Spec = &game.Spec{
	Name:         Chess960,
	Label:        "Chess960",
	Labels:       map[string]string{"zh-TW": "費雪任意制西洋棋", "zh-CN": "菲舍尔任意制象棋"},
	Board:        game.BoardChess,
	Sides:        game.ChessSides,
	Setup:        ParseChess960Setup,
	Rules:        func(start, _ string) (game.Rules, error) { return chessRulesAt(start, chess.ParseFEN960) },
	Tag:          "960",
	Terminations: game.TerminationNames(chess.Checkmate, chess.ThreefoldRepetition, chess.Termination.String),
	BoardPGN:     true,
	ClaimDraw:    true,
	Notes:        chessSetupNotes,
	UCI:          &game.UCIDialect{Variant: "chess", Chess960: true},
	Engine:       openEngine,
	Tree:         treeOf(chess.ParseFEN960),
	PuzzleThemes: puzzleThemesOf(chess.ParseFEN960),
}

// ParseChess960Setup reads a Chess960 setup into a start FEN and UCI moves
// (castling written as the king's move onto its rook): "" draws a start
// position at random, "0" to "959" picks one by number, and a FEN or a PGN
// of a Chess960 game starts from its position and moves. The start FEN is
// never "": it is the position chosen. Errors wrap ErrBadSetup.
func ParseChess960Setup(text string) (start string, moves []string, err error) {
	text = strings.TrimSpace(text)
	switch {
	case text == "":
		start, err = randomChess960()
		return start, nil, err
	case isDigits(text):
		start, err = numberedChess960(text)
		return start, nil, err
	case chesssetup.IsChessFEN(text):
		p, err := chess.ParseFEN960(text)
		if err != nil {
			return "", nil, fmt.Errorf("%w: Chess960 FEN: %v", game.ErrBadSetup, err)
		}
		return p.FEN(), nil, nil
	}
	return chess960PGN(text)
}

// randomChess960 draws a start position with crypto/rand and returns its FEN.
func randomChess960() (string, error) {
	n, err := rand.Int(rand.Reader, big.NewInt(chess.Chess960Positions))
	if err != nil {
		return "", fmt.Errorf("%w: drawing a Chess960 start: %v", game.ErrBadSetup, err)
	}
	return startFEN960(int(n.Int64()))
}

// numberedChess960 returns the FEN of the start position a number names.
func numberedChess960(text string) (string, error) {
	n, err := strconv.Atoi(text)
	if err != nil {
		return "", fmt.Errorf("%w: Chess960 start number %.12q: %v", game.ErrBadSetup, text, err)
	}
	return startFEN960(n)
}

// startFEN960 returns the FEN of start position n.
func startFEN960(n int) (string, error) {
	p, err := chess.StartPosition960(n)
	if err != nil {
		return "", fmt.Errorf("%w: %v", game.ErrBadSetup, err)
	}
	return p.FEN(), nil
}

// chess960PGN reads the first game of a PGN, which must be a Chess960 game
// by its tags (Variant, or a FEN only Chess960 castling can read). A
// standard game pasted here is more likely a slip in the choice of variant
// than a wish to go on under Chess960 rules, so it is refused; a FEN, which
// cannot say which game it is from, is read as Chess960 either way.
func chess960PGN(text string) (string, []string, error) {
	start, moves, err := chesssetup.ParsePGN(text)
	if err != nil {
		return "", nil, err
	}
	if !start.Chess960() {
		return "", nil, fmt.Errorf(`%w: not a Chess960 game: its PGN has no [Variant "Chess960"] tag`, game.ErrBadSetup)
	}
	return start.FEN(), chesssetup.UCIMoves(start, moves), nil
}

// isDigits reports whether s is a non-empty string of ASCII digits.
func isDigits(s string) bool {
	for i := range len(s) {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return s != ""
}
