package viewer

import (
	"errors"
	"strings"
	"testing"
)

// TestFromStepsDice: a game given position by position shows each
// position as given; a turn of several moves numbers its first alone, and
// a pass highlights nothing.
func TestFromStepsDice(t *testing.T) {
	start := "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1"
	steps := []Step{
		{UCI: "e2e4", FEN: "rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR w KQkq - 0 1", Text: map[string]string{NotationSAN: "e4"}},
		{UCI: "d2d4", FEN: "rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 1", Text: map[string]string{NotationSAN: "d4"}},
		{UCI: "0000", FEN: "rnbqkbnr/pppppppp/8/8/3PP3/8/PPP2PPP/RNBQKBNR b KQkq - 0 1", Text: map[string]string{NotationSAN: "--"}},
		{UCI: "e7e5", FEN: "rnbqkbnr/pppp1ppp/8/4p3/3PP3/8/PPP2PPP/RNBQKBNR w KQkq - 0 2", Text: map[string]string{NotationSAN: "e5"}},
	}
	g, err := FromSteps(Chess, []Tag{{"White", "Ann"}}, "1-0", start, steps)
	if err != nil {
		t.Fatal(err)
	}
	if len(g.Nodes) != 5 || g.Nodes[0].FEN != start || g.Result != "1-0" {
		t.Fatalf("nodes %+v", g.Nodes)
	}
	checkLinks(t, g)
	for i, want := range []struct {
		number         int
		second, cont   bool
		from, to, text string
	}{
		{1, false, false, "e2", "e4", "e4"},
		{1, false, true, "d2", "d4", "d4"},
		{1, false, true, "", "", "--"},
		{1, true, false, "e7", "e5", "e5"},
	} {
		n := g.Nodes[i+1]
		if n.Number != want.number || n.Second != want.second || n.Continues != want.cont || n.From != want.from || n.To != want.to ||
			n.Text[NotationSAN] != want.text || n.FEN != steps[i].FEN {
			t.Errorf("move %d: %+v, want %+v", i+1, n, want)
		}
	}
	out := page(t, []Game{g}, Options{})
	if !strings.Contains(out, `"continues":true`) || !strings.Contains(out, `"san":"--"`) {
		t.Error("the page lacks the turn's later moves")
	}
	if _, err := FromSteps("shogi", nil, "*", start, steps); !errors.Is(err, ErrVariant) {
		t.Errorf("another board: %v, want ErrVariant", err)
	}
	if _, err := FromSteps(Chess, nil, "*", "no fen", steps); err == nil {
		t.Error("a start without a side to move: no error")
	}
}

// TestFromStepsJieqi: jieqi's face-down pieces are drawn (and only on a
// page that has them), and its Chinese notation is written in the page's
// script as text, not worked out again by xiangqi's rules.
func TestFromStepsJieqi(t *testing.T) {
	start := "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X5X1/9/XXXXKXXXX w - - 0 1"
	steps := []Step{
		{UCI: "h2e2", FEN: "xxxxkxxxx/9/1x5x1/x1x1x1x1x/9/9/X1X1X1X1X/1X2R4/9/XXXXKXXXX b - - 1 1",
			Text: map[string]string{NotationChinese: "炮二平五 翻俥", NotationWXF: "C2.5=R", NotationICCS: "h2e2"}},
		{UCI: "h7e7", FEN: "xxxxkxxxx/9/1x2n4/x1x1x1x1x/9/9/X1X1X1X1X/1X2R4/9/XXXXKXXXX w - - 2 2",
			Text: map[string]string{NotationChinese: "砲２平５ 翻馬", NotationWXF: "C2.5=N", NotationICCS: "h7e7"}},
	}
	g, err := FromSteps(Xiangqi, nil, "*", start, steps)
	if err != nil {
		t.Fatal(err)
	}
	if n := g.Nodes[2]; n.Number != 1 || !n.Second || n.Continues || n.From != "h7" || n.To != "e7" {
		t.Errorf("Black's move: %+v", n)
	}
	hans := page(t, []Game{g}, Options{Lang: "zh-CN"})
	for _, want := range []string{`<template id="piece-xiangqi-X">`, `<template id="piece-xiangqi-x">`, `"chinese":"炮二平五 翻车"`, `"chinese":"炮２平５ 翻马"`} {
		if !strings.Contains(hans, want) {
			t.Errorf("the zh-CN page lacks %s", want)
		}
	}
	if hant := page(t, []Game{g}, Options{Lang: "zh-TW"}); !strings.Contains(hant, `"chinese":"砲２平５ 翻馬"`) {
		t.Error("the zh-TW page does not keep the traditional characters")
	}
	if xq := page(t, []Game{readOne(t, "1. h2e2 h9g7 *\n", Xiangqi)}, Options{}); strings.Contains(xq, "piece-xiangqi-X") {
		t.Error("a xiangqi page without face-down pieces carries their pictures")
	}
}

// TestFromStepsDiscs: a board of xiangqi's pieces in squares, 8×4, given
// position by position: its moves in SAN, a flip highlighting its one
// square; the page carries xiangqi's pictures of the pieces under its own
// name, and a face-down piece of no side (x), never xiangqi's black one.
func TestFromStepsDiscs(t *testing.T) {
	start := "xxxxxxxx/xxxxxxxx/xxxxxxxx/xxxxxxxx w - 0 1"
	steps := []Step{
		{UCI: "c2c2", FEN: "xxxxxxxx/xxxxxxxx/xxKxxxxx/xxxxxxxx b r 0 1", Text: map[string]string{NotationSAN: "c2=K"}},
		{UCI: "d3d3", FEN: "xxxxxxxx/xxxpxxxx/xxKxxxxx/xxxxxxxx w r 0 2", Text: map[string]string{NotationSAN: "d3=p"}},
	}
	g, err := FromSteps(Discs, []Tag{{"White", "Ann"}}, "*", start, steps)
	if err != nil {
		t.Fatal(err)
	}
	if n := g.Nodes[1]; n.From != "c2" || n.To != "c2" || n.Second || n.Text[NotationSAN] != "c2=K" {
		t.Errorf("the first flip: %+v", n)
	}
	if n := g.Nodes[2]; !n.Second || n.Number != 1 {
		t.Errorf("the second player's flip: %+v", n)
	}
	pieces := map[string]string{"xiangqi:K": "<svg>xiangqi K</svg>", "xiangqi:x": "<svg>black face down</svg>", "K": "<svg>chess K</svg>"}
	out := page(t, []Game{g}, Options{Pieces: pieces})
	for _, want := range []string{`<template id="piece-discs-K"><svg>xiangqi K</svg>`, `<template id="piece-discs-x"><svg xmlns`, `"variant":"discs"`, `"san":"d3=p"`} {
		if !strings.Contains(out, want) {
			t.Errorf("the page lacks %s", want)
		}
	}
	if strings.Contains(out, "black face down") || strings.Contains(out, "chess K") {
		t.Error("the board of discs took xiangqi's black face-down piece or a chess piece")
	}
}
