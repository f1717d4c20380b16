package render_test

import (
	"bytes"
	"fmt"
	"image/gif"
	"image/png"
	"os"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/render"
	"github.com/gambitchess/gambit/xiangqi"
)

func ExampleChess() {
	p := chess.StartPosition()
	d, err := render.Chess(&p, render.Options{Size: 320, Coordinates: true, LastMove: "e2e4"})
	if err != nil {
		fmt.Println(err)
		return
	}
	var svg bytes.Buffer
	if err := d.WriteSVG(&svg); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(strings.SplitN(svg.String(), "\n", 2)[0])
	fmt.Println(strings.Count(svg.String(), `class="piece `), "pieces")
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" width="320" height="320" viewBox="0 0 320 320">
	// 32 pieces
}

func ExampleXiangqi() {
	p := xiangqi.StartPosition()
	d, err := render.Xiangqi(&p, render.Options{Size: 450, Coordinates: true, CoordStyle: render.CoordTraditional})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(d.Width, d.Height)
	// Output:
	// 450 495
}

func ExamplePNG() {
	p := chess.StartPosition()
	d, _ := render.Chess(&p, render.Options{Size: 200, Flipped: true})
	var buf bytes.Buffer
	if err := render.PNG(&buf, d); err != nil {
		fmt.Println(err)
		return
	}
	img, _ := png.Decode(&buf)
	fmt.Println(img.Bounds())
	// Output:
	// (0,0)-(200,200)
}

func ExampleDrawing_Rasterize() {
	d := &render.Drawing{Width: 30, Height: 20}
	d.Add(render.Rect("", 0, 0, 30, 20, render.Fill(render.DefaultColors().Dark)))
	img := d.Rasterize(2)
	fmt.Println(img.Bounds(), img.At(10, 10))
	// Output:
	// (0,0)-(60,40) {181 136 99 255}
}

func ExampleParseMarks() {
	m, err := render.ParseMarks("Nice! [%csl Ga4,Rb5] [%cal Ge2e4,Rb1c3] [%clk 0:03:00]")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(m.Squares[1].Color, m.Squares[1].Square, m.Arrows[0].From, m.Arrows[0].To)
	fmt.Println(m)
	_, err = render.ParseMarks("[%cal Ge2]")
	fmt.Println(err)
	// Output:
	// red b5 e2 e4
	// [%csl Ga4,Rb5] [%cal Ge2e4,Rb1c3]
	// [%cal]: render: bad mark "Ge2": want a colour letter and two squares, like Ge2e4
}

func ExampleParseArrows() {
	arrows, err := render.ParseArrows("Ge2e4,Rb1c3")
	fmt.Println(arrows, err)
	// Output:
	// [Ge2e4 Rb1c3] <nil>
}

func ExampleParseSquareMarks() {
	squares, err := render.ParseSquareMarks("Ga4,Bh7")
	fmt.Println(squares, err)
	// Output:
	// [Ga4 Bh7] <nil>
}

func ExampleChessText() {
	p := chess.StartPosition()
	fmt.Print(render.ChessText(&p, render.Options{}, false))
	// Output:
	// 8 r n b q k b n r
	// 7 p p p p p p p p
	// 6 . . . . . . . .
	// 5 . . . . . . . .
	// 4 . . . . . . . .
	// 3 . . . . . . . .
	// 2 P P P P P P P P
	// 1 R N B Q K B N R
	//   a b c d e f g h
}

func ExampleXiangqiText() {
	p := xiangqi.StartPosition()
	fmt.Print(render.XiangqiText(&p, render.Options{CoordStyle: render.CoordTraditional}, true))
	// Output:
	// １２３４５６７８９
	// 車馬象士將士象馬車
	// ＋＋＋＋＋＋＋＋＋
	// ＋砲＋＋＋＋＋砲＋
	// 卒＋卒＋卒＋卒＋卒
	// ＋＋＋＋＋＋＋＋＋
	// ＋＋＋＋＋＋＋＋＋
	// 兵＋兵＋兵＋兵＋兵
	// ＋炮＋＋＋＋＋炮＋
	// ＋＋＋＋＋＋＋＋＋
	// 俥傌相仕帥仕相傌俥
	// 九八七六五四三二一
}

func ExampleXiangqiCheckers() {
	p, _ := xiangqi.ParseFEN("3k5/9/4N4/9/9/9/9/9/3R5/4K4 b - - 0 1")
	fmt.Println(render.XiangqiCheckers(&p))
	// Output:
	// [d1 e7]
}

func ExampleDrawing_WriteSVG() {
	d := &render.Drawing{Width: 20, Height: 10, CSS: ".dot { fill: red }"}
	d.Add(render.Circle("dot", 5, 5, 4, render.Fill(render.DefaultColors().Dark)))
	d.WriteSVG(os.Stdout)
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" width="20" height="10" viewBox="0 0 20 10">
	// <style><![CDATA[
	// .dot { fill: red }
	// ]]></style>
	// <circle class="dot" cx="5" cy="5" r="4" fill="#b58863"/>
	// </svg>
}

func ExampleGIF() {
	var frames []*render.Drawing
	p := chess.StartPosition()
	for _, uci := range []string{"", "e2e4", "e7e5"} {
		if uci != "" {
			m, _ := p.ParseUCI(uci)
			var next chess.Position
			p.MakeMove(m, &next)
			p = next
		}
		d, _ := render.Chess(&p, render.Options{Size: 160, LastMove: uci})
		frames = append(frames, d)
	}
	var buf bytes.Buffer
	if err := render.GIF(&buf, frames, render.GIFOptions{}); err != nil {
		fmt.Println(err)
		return
	}
	g, _ := gif.DecodeAll(&buf)
	fmt.Println(len(g.Image), "frames, delays", g.Delay)
	// Output:
	// 3 frames, delays [100 100 300]
}

// A board of 8×4 squares with xiangqi's pieces: two face up, a red
// general just turned up on c2 and a black soldier, and the rest face
// down, drawn as plain discs.
func ExampleDrawDiscPlacement() {
	pl, err := render.ParseDiscPlacement("xxxxxxxx/xxxpxxxx/xxKxxxxx/xxxxxxxx w r 0 2")
	if err != nil {
		fmt.Println(err)
		return
	}
	d, err := render.DrawDiscPlacement(&pl, render.Options{Size: 480, LastMove: "c2c2"})
	if err != nil {
		fmt.Println(err)
		return
	}
	var svg bytes.Buffer
	if err := d.WriteSVG(&svg); err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(strings.SplitN(svg.String(), "\n", 2)[0])
	fmt.Println(strings.Count(svg.String(), `class="piece face-down"`), "face down,", strings.Count(svg.String(), `class="piece red`)+strings.Count(svg.String(), `class="piece black`), "face up")
	// Output:
	// <svg xmlns="http://www.w3.org/2000/svg" width="480" height="240" viewBox="0 0 480 240">
	// 30 face down, 2 face up
}
