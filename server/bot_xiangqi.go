package server

import (
	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/xiangqi"
)

// xiangqiValue is the greedy bot's material scale for xiangqi pieces.
var xiangqiValue = [8]int{xiangqi.Advisor: 200, xiangqi.Elephant: 200, xiangqi.Horse: 400, xiangqi.Chariot: 900,
	xiangqi.Cannon: 450, xiangqi.Soldier: 100}

// greedyXiangqi returns the xiangqi moves of p that mate or win the most
// material at once, less the piece when it lands on an attacked point, as ICCS.
func greedyXiangqi(p xiangqi.Position) []string {
	var ml xiangqi.MoveList
	p.GenerateLegal(&ml)
	var best []string
	bestScore := -1 << 30
	for i := range ml.Len() {
		m := ml.At(i)
		s := greedyXiangqiScore(&p, m)
		switch {
		case s > bestScore:
			best, bestScore = append(best[:0], xiangqi.FormatICCS(m)), s
		case s == bestScore:
			best = append(best, xiangqi.FormatICCS(m))
		}
	}
	return best
}

func greedyXiangqiScore(p *xiangqi.Position, m xiangqi.Move) int {
	var after xiangqi.Position
	p.MakeMove(m, &after)
	var reply xiangqi.MoveList
	after.GenerateLegal(&reply)
	if reply.Len() == 0 {
		return 1 << 20 // no legal move loses in xiangqi
	}
	s := xiangqiValue[p.PieceAt(m.To()).Type()]
	if after.Attacked(m.To(), after.SideToMove()) {
		s -= xiangqiValue[after.PieceAt(m.To()).Type()]
	}
	return s
}

// xiangqiMaterial is c's material minus the opponent's (c: chess.White is Red).
func xiangqiMaterial(p xiangqi.Position, c chess.Color) int {
	us := xiangqi.Red
	if c == chess.Black {
		us = xiangqi.Black
	}
	s := 0
	for sq := xiangqi.Square(0); sq < xiangqi.NumSquares; sq++ {
		pc := p.PieceAt(sq)
		if pc == xiangqi.NoPiece {
			continue
		}
		if pc.Color() == us {
			s += xiangqiValue[pc.Type()]
		} else {
			s -= xiangqiValue[pc.Type()]
		}
	}
	return s
}
