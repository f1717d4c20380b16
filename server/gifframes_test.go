package server

import (
	"bytes"
	"image"
	"image/draw"
	"image/gif"
	"image/png"
	"net/http"
	"strconv"
	"testing"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/servertest"
	"github.com/gambitchess/gambit/variant/xiangqigame"
)

// TestGIFFramesArePNGs: a game's GIF has a frame per position, and its
// first and last frames, composed as a browser shows them, are the PNGs
// of the start and the final position up to the GIF's palette (255
// colours for the whole game: a pixel may be the nearest of them).
func TestGIFFramesArePNGs(t *testing.T) {
	s := imageServer(t)
	h := s.Handler()
	for _, tt := range []struct {
		name  string
		g     *game.Game
		plies int
	}{
		{"chess", storedGame(t, s, game.Options{}, foolsMate...), 4},
		{"chess, a longer game", storedGameOf(t, s, servertest.PlayedGame(t, 60)), 60},
		{"xiangqi", storedGame(t, s, game.Options{Variant: xiangqigame.Xiangqi}, "h2e2", "h9g7", "h0g2", "i9h9"), 4},
	} {
		t.Run(tt.name, func(t *testing.T) {
			base := "/game/" + tt.g.ID()
			frames := gifFrames(t, fetch(h, base+".gif?size=320", "").Body.Bytes())
			if len(frames) != tt.plies+1 {
				t.Fatalf("%d frames, want %d", len(frames), tt.plies+1)
			}
			for _, ply := range []int{0, tt.plies} {
				rec := fetch(h, base+".png?size=320&ply="+strconv.Itoa(ply), "")
				if rec.Code != http.StatusOK {
					t.Fatalf("PNG of ply %d: %d %s", ply, rec.Code, rec.Body)
				}
				want, err := png.Decode(rec.Body)
				if err != nil {
					t.Fatal(err)
				}
				mean, most := imageDiff(frames[ply], want)
				if mean > 1.5 || most > 24 {
					t.Errorf("ply %d: the frame differs from the PNG by %.2f on average, %d at most (a channel, 0-255)", ply, mean, most)
				}
			}
		})
	}
}

// storedGameOf stores a copy of g (a local game played in memory) by
// replaying its moves.
func storedGameOf(t *testing.T, s *Server, g *game.Game) *game.Game {
	t.Helper()
	var moves []string
	for _, m := range g.Sight(game.Spectator, true).Moves {
		moves = append(moves, m.UCI)
	}
	return storedGame(t, s, game.Options{}, moves...)
}

// gifFrames decodes a GIF and composes its frames as a browser shows them.
func gifFrames(t *testing.T, body []byte) []*image.RGBA {
	t.Helper()
	g, err := gif.DecodeAll(bytes.NewReader(body))
	if err != nil {
		t.Fatal(err)
	}
	canvas := image.NewRGBA(image.Rect(0, 0, g.Config.Width, g.Config.Height))
	var out []*image.RGBA
	for _, fr := range g.Image {
		draw.Draw(canvas, fr.Bounds(), fr, fr.Bounds().Min, draw.Over)
		out = append(out, image.NewRGBA(canvas.Bounds()))
		copy(out[len(out)-1].Pix, canvas.Pix)
	}
	return out
}

// imageDiff is the mean and the largest difference of a colour channel
// between a and b, 256 when their sizes differ.
func imageDiff(a *image.RGBA, b image.Image) (float64, int) {
	if a.Bounds() != b.Bounds() {
		return 256, 256
	}
	sum, most, n := 0, 0, 0
	for y := a.Rect.Min.Y; y < a.Rect.Max.Y; y++ {
		for x := a.Rect.Min.X; x < a.Rect.Max.X; x++ {
			c := a.RGBAAt(x, y)
			r, g, bl, _ := b.At(x, y).RGBA()
			for _, d := range []int{int(c.R) - int(r>>8), int(c.G) - int(g>>8), int(c.B) - int(bl>>8)} {
				d = max(d, -d)
				sum, most, n = sum+d, max(most, d), n+1
			}
		}
	}
	return float64(sum) / float64(n), most
}
