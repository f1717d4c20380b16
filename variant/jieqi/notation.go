package jieqi

import (
	"strings"

	"github.com/gambitchess/gambit/xiangqi"
)

// Jieqi's moves in xiangqi's relative notations. A face-down piece is
// named as the piece of its point, whose move it makes: the face-down
// piece on Red's right cannon point opening to the centre is 炮二平五
// (C2.5). So writes JieqiBox, the jieqi players' analysis board (its
// Chinese notation names a face-down mover by its starting point's piece,
// then adds 翻 and what it turned up as, 吃 and what it took face down);
// "暗" alone would not tell which face-down piece moved, the point's piece
// does. Two or more same pieces on a file are told apart by 前/中/後
// whatever their kind (xiangqi.Placement), for revealed advisors and
// elephants roam the board. After the move comes what it showed: 翻 and
// the piece a face-down mover turned up as (炮二平五 翻俥), and 吃 and the
// piece taken face down, or 吃暗子 ("took a face-down piece") when the
// reader does not know what it was, each after a space (where a narrow
// move list breaks its line: 炮八進七 翻兵 吃暗子). A piece taken face up is
// not marked, as in xiangqi: the board showed it. In WXF the same marks
// are "=R" (WXF's letters) and "xH" or "x?": C2.5=R, R1+9x?.

// Chinese returns m, a legal move of p, in Chinese notation in
// traditional characters (ChineseIn with xiangqi.Traditional).
func (p *Position) Chinese(m Move) string { return p.ChineseIn(m, xiangqi.Traditional) }

// ChineseIn returns m, a legal move of p, in Chinese notation in script s,
// a face-down mover named as the piece of its point (炮二平五), two or more
// same pieces on a file told apart by 前/中/後 whatever their kind; "" for
// a move that moves no piece. What the move shows is Played's to add
// (Played.ChineseIn).
func (p *Position) ChineseIn(m Move, s xiangqi.Script) string {
	b := xiangqi.Placement(p.board)
	return b.ChineseIn(m, s)
}

// WXF returns m, a legal move of p, in WXF notation, a face-down mover
// named as the piece of its point (C2.5); "" for a move that moves no
// piece.
func (p *Position) WXF(m Move) string {
	b := xiangqi.Placement(p.board)
	return b.WXF(m)
}

// ChineseIn returns the move in Chinese notation in script s, before being
// the position it was played in (public or true: the board is the same),
// followed by what it showed as pl knows it: 翻 and the piece a face-down
// mover turned up as, 吃 and the piece taken face down, or 吃暗子 when pl
// does not know it (see SeenBy): "炮二平五 翻俥", "俥九進九 吃暗子".
func (pl Played) ChineseIn(before *Position, s xiangqi.Script) string {
	var sb strings.Builder
	sb.WriteString(before.ChineseIn(pl.Move, s))
	if pl.Revealed != NoPieceType {
		sb.WriteString(" 翻")
		sb.WriteString(xiangqi.NewPiece(pl.Color, pl.Revealed).HanziIn(s))
	}
	if pl.CapturedDown {
		sb.WriteString(" 吃")
		if pl.Captured != xiangqi.NoPiece {
			sb.WriteString(pl.Captured.HanziIn(s))
		} else {
			sb.WriteString("暗子")
		}
	}
	return sb.String()
}

// WXF returns the move in WXF notation, before being the position it was
// played in, followed by what it showed as pl knows it: "=" and the WXF
// letter of what a face-down mover turned up as, "x" and the letter of the
// piece taken face down or "?" when pl does not know it: "C2.5=R",
// "R1+9x?".
func (pl Played) WXF(before *Position) string {
	const letters = "?KAEHRCP" // by PieceType: WXF's piece letters
	var sb strings.Builder
	sb.WriteString(before.WXF(pl.Move))
	if pl.Revealed != NoPieceType {
		sb.WriteByte('=')
		sb.WriteByte(letters[pl.Revealed&7])
	}
	if pl.CapturedDown {
		sb.WriteByte('x')
		if pl.Captured != xiangqi.NoPiece {
			sb.WriteByte(letters[pl.Captured.Type()])
		} else {
			sb.WriteByte('?')
		}
	}
	return sb.String()
}
