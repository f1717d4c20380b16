package fog

import "github.com/gambitchess/gambit/chess"

// Generate fills ml with the moves of king-capture chess: chess's
// pseudo-legal moves (chess.Position.GeneratePseudo), that is every move of
// chess without the check and pin filter (kings may step into check and
// pieces leave their king exposed), captures of the king included, and
// castling without any test of attacked squares. Once a king has been
// captured the game is over and there are no moves. It allocates nothing.
func (p *Position) Generate(ml *chess.MoveList) {
	b := &p.board
	if b.Pieces(chess.White, chess.King) == 0 || b.Pieces(chess.Black, chess.King) == 0 {
		ml.Clear()
		return
	}
	b.GeneratePseudo(chess.All, ml)
}
