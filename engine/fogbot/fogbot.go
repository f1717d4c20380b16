// Package fogbot is Gambit's computer player for fog of war (package
// variant/fog). It decides from its own view only: it is given the views
// its side had of each position (as the live game sends a person), never
// the board itself.
//
// How it plays: it guesses the hidden part of the board several times
// (enemy pieces it has not seen placed where it last saw them, or on
// squares in the fog, as many as the enemy can still have), searches each
// guess with the rules of fog of war (taking the king wins), and plays the
// move with the best total over the guesses: a vote that favours moves good
// whatever hides in the fog. Its guesses come from a generator seeded by
// what it sees, so the same view always gives the same move.
package fogbot

import (
	"context"
	"errors"
	"fmt"
	"hash/fnv"
	"math/rand/v2"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/engine"
	"github.com/gambitchess/gambit/variant/fog"
)

// Level is a strength: how many guesses and how deep each is searched.
type Level struct {
	Samples int
	Depth   int
}

// The levels the live game offers.
var (
	Easy = Level{Samples: 1, Depth: 2}
	Hard = Level{Samples: 8, Depth: 3}
)

// Input is what the bot knows: the colour it plays, the views it had of
// every position from the start (FENs with fogged squares empty, as
// fog.View.FEN writes them; Views[0] the start, the last the position to
// move in) and which moves were its own, written in UCI (empty for the
// opponent's, which it did not see).
type Input struct {
	Color chess.Color
	Views []string
	Moves []string       // Moves[i] leads from Views[i] to Views[i+1]
	Fog   chess.Bitboard // the squares it cannot see now
}

// kingTaken is the score of a position whose king has been taken.
const kingTaken = 100000

// Choose returns the move to play, in UCI.
func Choose(ctx context.Context, in Input, level Level) (string, error) {
	if len(in.Views) == 0 {
		return "", errors.New("fogbot: no view")
	}
	seen, err := parseViews(in.Views)
	if err != nil {
		return "", err
	}
	now := seen[len(seen)-1]
	if now.SideToMove() != in.Color {
		return "", fmt.Errorf("fogbot: not %s's turn", in.Color)
	}
	rng := rand.New(rand.NewPCG(viewHash(in), uint64(len(in.Views))))
	missing := missingPieces(seen, in)
	// Every guess leaves the bot's own moves alike: its pieces reach only
	// squares it sees, where nothing was guessed.
	var first fog.Position
	var root []chess.Move
	var guessErr error
	totals := map[chess.Move]int{}
	for s := 0; s < max(level.Samples, 1); s++ {
		p, err := guess(seen, in.Fog, in.Color, missing, rng)
		if err != nil {
			guessErr = err // another guess may do
			continue
		}
		var ml chess.MoveList
		p.Generate(&ml)
		if root == nil {
			first, root = p, append([]chess.Move{}, ml.Moves()...)
		}
		for _, m := range ml.Moves() {
			child := p.Play(m)
			totals[m] += -search(ctx, &child, level.Depth-1, -kingTaken-1, kingTaken+1)
		}
		if ctx.Err() != nil && s > 0 {
			break
		}
	}
	switch {
	case root == nil && guessErr != nil:
		return "", guessErr
	case len(root) == 0:
		return "", errors.New("fogbot: no move")
	}
	best := root[0]
	for _, m := range root[1:] {
		if totals[m] > totals[best] {
			best = m
		}
	}
	return first.UCI(best), nil
}

// search is a plain alpha-beta negamax under fog-of-war rules: a position
// whose king was taken is lost for the side to move, and the leaves are
// the engine's static evaluation.
func search(ctx context.Context, p *fog.Position, depth, alpha, beta int) int {
	if loser, ok := p.KingCaptured(); ok {
		if loser == p.SideToMove() {
			return -kingTaken
		}
		return kingTaken
	}
	if depth <= 0 || ctx.Err() != nil {
		b := p.Board()
		return engine.Evaluate(&b)
	}
	var ml chess.MoveList
	p.Generate(&ml)
	moves := ml.Moves()
	if len(moves) == 0 {
		return 0 // stalemate: a draw
	}
	orderCaptures(p, moves)
	for _, m := range moves {
		child := p.Play(m)
		score := -search(ctx, &child, depth-1, -beta, -alpha)
		if score >= beta {
			return score
		}
		alpha = max(alpha, score)
	}
	return alpha
}

// orderCaptures puts captures first, the most valuable victim first.
func orderCaptures(p *fog.Position, moves []chess.Move) {
	b := p.Board()
	value := func(m chess.Move) int { return int(b.PieceAt(m.To()).Type()) }
	for i := 1; i < len(moves); i++ {
		for j := i; j > 0 && value(moves[j]) > value(moves[j-1]); j-- {
			moves[j], moves[j-1] = moves[j-1], moves[j]
		}
	}
}

// viewPosition is one view: the pieces seen, and the side to move.
type viewPosition struct {
	board chess.Placement
	side  chess.Color
	fen   string
}

func (v *viewPosition) SideToMove() chess.Color { return v.side }

// parseViews reads each view's pieces from its FEN.
func parseViews(fens []string) ([]viewPosition, error) {
	out := make([]viewPosition, len(fens))
	for i, f := range fens {
		v, err := parseView(f)
		if err != nil {
			return nil, fmt.Errorf("fogbot: view %d: %w", i, err)
		}
		out[i] = v
	}
	return out, nil
}

// parseView reads a view's board (chess.ParsePlacement: a view is a board
// that need not be a legal position) and its side to move.
func parseView(fen string) (viewPosition, error) {
	v := viewPosition{fen: fen}
	fields := strings.Fields(fen)
	if len(fields) < 2 {
		return v, fmt.Errorf("no side to move in %q", fen)
	}
	board, err := chess.ParsePlacement(fields[0])
	if err != nil {
		return v, err
	}
	v.board = board
	switch fields[1] {
	case "w":
		v.side = chess.White
	case "b":
		v.side = chess.Black
	default:
		return v, fmt.Errorf("side to move %q, want w or b", fields[1])
	}
	return v, nil
}

// startCount is how many pieces of each type a side has at the start.
var startCount = [...]int{chess.Pawn: 8, chess.Knight: 2, chess.Bishop: 2, chess.Rook: 2, chess.Queen: 1, chess.King: 1}

// missingPieces counts the enemy pieces that may be in the fog now: the
// standard set less those the bot took (what stood on a square its move
// went to, in the view before the move) less those it sees.
func missingPieces(seen []viewPosition, in Input) [7]int {
	var left [7]int
	copy(left[:], startCount[:])
	for i, u := range in.Moves {
		if u == "" || i+1 >= len(seen) || len(u) < 4 {
			continue
		}
		to, ok := squareOf(u[2:4])
		if !ok {
			continue
		}
		if pc := seen[i].board[to]; pc != chess.NoPiece && pc.Color() != in.Color {
			left[pc.Type()]--
		}
	}
	now := seen[len(seen)-1]
	for _, pc := range now.board {
		if pc != chess.NoPiece && pc.Color() != in.Color {
			left[pc.Type()]--
		}
	}
	for i := range left {
		left[i] = max(left[i], 0)
	}
	return left
}

func squareOf(s string) (chess.Square, bool) {
	if len(s) != 2 || s[0] < 'a' || s[0] > 'h' || s[1] < '1' || s[1] > '8' {
		return chess.NoSquare, false
	}
	return chess.NewSquare(chess.File(s[0]-'a'), chess.Rank(s[1]-'1')), true
}

// guess completes the current view into a whole position: each missing
// enemy piece goes where it was last seen, if that square is in the fog
// and free, or else on a free fogged square drawn at random (a pawn never
// on the first or last rank).
func guess(seen []viewPosition, fogged chess.Bitboard, us chess.Color, missing [7]int, rng *rand.Rand) (fog.Position, error) {
	now := seen[len(seen)-1]
	board := now.board
	free := func(s chess.Square) bool { return board[s] == chess.NoPiece && fogged.Has(s) }
	for pt := chess.King; pt >= chess.Pawn; pt-- {
		for n := missing[pt]; n > 0; n-- {
			pc := chess.NewPiece(us.Other(), pt)
			if s, ok := lastSeen(seen, pc, free); ok {
				board[s] = pc
				continue
			}
			if s, ok := startSquare(pc, free); ok {
				board[s] = pc
				continue
			}
			if s, ok := randomFogged(rng, pt, free); ok {
				board[s] = pc
			}
		}
	}
	p, err := fog.ParseFEN(placement(board) + sideAndRest(now))
	if err != nil {
		return fog.Position{}, fmt.Errorf("fogbot: a guess of the fog: %w", err)
	}
	return p, nil
}

// standardStart is the standard start position: where an enemy piece
// never seen is most likely still to be.
var standardStart = chess.StartPosition()

// startSquare returns a free square where piece pc stands at the start.
func startSquare(pc chess.Piece, free func(chess.Square) bool) (chess.Square, bool) {
	for b := standardStart.Pieces(pc.Color(), pc.Type()); b != 0; {
		if s := b.PopFirst(); free(s) {
			return s, true
		}
	}
	return chess.NoSquare, false
}

// lastSeen returns the square where piece pc was most recently seen,
// looking back from the previous view, when that square is free now.
func lastSeen(seen []viewPosition, pc chess.Piece, free func(chess.Square) bool) (chess.Square, bool) {
	for i := len(seen) - 2; i >= 0; i-- {
		for s, q := range seen[i].board {
			if q == pc && free(chess.Square(s)) {
				return chess.Square(s), true
			}
		}
	}
	return chess.NoSquare, false
}

func randomFogged(rng *rand.Rand, pt chess.PieceType, free func(chess.Square) bool) (chess.Square, bool) {
	var options []chess.Square
	for s := chess.Square(0); s < chess.NumSquares; s++ {
		if r := s.Rank(); pt == chess.Pawn && (r == chess.Rank1 || r == chess.Rank8) {
			continue
		}
		if free(s) {
			options = append(options, s)
		}
	}
	if len(options) == 0 {
		return chess.NoSquare, false
	}
	return options[rng.IntN(len(options))], true
}

// placement writes a board in FEN's piece-placement syntax.
func placement(board [chess.NumSquares]chess.Piece) string {
	var out []byte
	for r := 7; r >= 0; r-- {
		empty := 0
		for f := 0; f < 8; f++ {
			pc := board[chess.NewSquare(chess.File(f), chess.Rank(r))]
			if pc == chess.NoPiece {
				empty++
				continue
			}
			if empty > 0 {
				out = append(out, byte('0'+empty))
				empty = 0
			}
			out = append(out, pc.String()...)
		}
		if empty > 0 {
			out = append(out, byte('0'+empty))
		}
		if r > 0 {
			out = append(out, '/')
		}
	}
	return string(out)
}

// sideAndRest is the view FEN's fields after the placement.
func sideAndRest(v viewPosition) string {
	for i := range len(v.fen) {
		if v.fen[i] == ' ' {
			return v.fen[i:]
		}
	}
	return " w - - 0 1"
}

// viewHash seeds the guesses with everything the bot has seen.
func viewHash(in Input) uint64 {
	h := fnv.New64a()
	for _, v := range in.Views {
		h.Write([]byte(v))
		h.Write([]byte{0})
	}
	for _, m := range in.Moves {
		h.Write([]byte(m))
		h.Write([]byte{0})
	}
	return h.Sum64()
}
