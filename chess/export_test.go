package chess

// ClaimTryingEveryMove is ClaimableDraw without its shortcut: every legal
// move is tried (the reference the shortcut is tested against).
func (g *Game) ClaimTryingEveryMove() Termination { return g.claim(false) }
