package xiangqigame

import (
	"fmt"
	"strings"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/xiangqi"
	xqpgn "github.com/gambitchess/gambit/xiangqi/pgn"
)

// ParseXiangqiSetup reads a xiangqi FEN or, failing that, a xiangqi PGN (in
// any of its notations) into a start FEN and ICCS moves.
func ParseXiangqiSetup(text string) (start string, moves []string, err error) {
	text = strings.TrimSpace(text)
	if text == "" {
		return "", nil, nil
	}
	if strings.Count(text, "/") == 9 && !strings.Contains(text, "[") {
		p, err := xiangqi.ParseFEN(text)
		if err != nil {
			return "", nil, fmt.Errorf("%w: xiangqi FEN: %v", game.ErrBadSetup, err)
		}
		return p.FEN(), nil, nil
	}
	games, err := xqpgn.ReadAll(strings.NewReader(text))
	switch {
	case err != nil:
		return "", nil, fmt.Errorf("%w: xiangqi PGN: %v", game.ErrBadSetup, err)
	case len(games) == 0:
		return "", nil, fmt.Errorf("%w: no game in the PGN", game.ErrBadSetup)
	}
	first := games[0].Start()
	start = first.FEN()
	for n := range games[0].Mainline() {
		before := n.Parent.Position()
		moves = append(moves, before.UCI(n.Move))
	}
	return start, moves, nil
}
