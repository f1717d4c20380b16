package chess

import (
	"errors"
	"fmt"
	"strings"
)

// Chess960Positions is the number of Chess960 start positions.
const Chess960Positions = 960

// ErrChess960Number reports a start position number outside 0-959.
var ErrChess960Number = errors.New("chess: no such Chess960 start position")

// StartPosition960 returns the Chess960 start position numbered n, 0 to 959,
// in Scharnagl's numbering (the one of the chessprogramming wiki and the
// Chess960 servers): 518 is the standard start, 0 is BBQNNRKR. The position
// is a Chess960 one (see Position.Chess960): White to move, and each side
// may castle with either rook.
func StartPosition960(n int) (Position, error) {
	if n < 0 || n >= Chess960Positions {
		return Position{}, fmt.Errorf("%w: %d (want 0 to %d)", ErrChess960Number, n, Chess960Positions-1)
	}
	rank := backRank960(n)
	fen := strings.ToLower(rank) + "/pppppppp/8/8/8/8/PPPPPPPP/" + rank + " w KQkq - 0 1"
	p, err := ParseFEN960(fen)
	if err != nil {
		return Position{}, fmt.Errorf("chess: Chess960 start position %d: %w", n, err) // a bug in backRank960
	}
	return p, nil
}

// backRank960 returns White's pieces of start position n, a1 to h1, as FEN
// letters. Scharnagl's numbering reads n as mixed-radix digits, lowest
// first: n mod 4 puts the light-squared bishop on b, d, f or h; the next
// base-4 digit puts the dark-squared bishop on a, c, e or g; the next
// base-6 digit puts the queen on that free square (counting from a); what
// is left, 0 to 9, picks the knights' two of the five free squares
// (knightPairs); the last three free squares take a rook, the king and a
// rook, so the king always stands between its rooks.
func backRank960(n int) string {
	var rank [8]byte
	rank[2*(n%4)+1] = 'B'
	n /= 4
	rank[2*(n%4)] = 'B'
	n /= 4
	placeOnFree(&rank, n%6, 'Q')
	n /= 6
	pair := knightPairs[n]
	placeOnFree(&rank, pair[1], 'N') // the later square first: the earlier one's count is unchanged
	placeOnFree(&rank, pair[0], 'N')
	for _, pc := range []byte("RKR") {
		placeOnFree(&rank, 0, pc)
	}
	return string(rank[:])
}

// knightPairs are the ten ways to choose two of five free squares, in
// Scharnagl's order: NN---, N-N--, N--N-, N---N, -NN--, ...
var knightPairs = [10][2]int{{0, 1}, {0, 2}, {0, 3}, {0, 4}, {1, 2}, {1, 3}, {1, 4}, {2, 3}, {2, 4}, {3, 4}}

// placeOnFree puts pc on the i-th (from 0) empty square of rank.
func placeOnFree(rank *[8]byte, i int, pc byte) {
	for f := range rank {
		if rank[f] != 0 {
			continue
		}
		if i == 0 {
			rank[f] = pc
			return
		}
		i--
	}
}
