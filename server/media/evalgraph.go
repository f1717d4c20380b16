package media

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/render"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// evalGraphSuffix ends the name of a game's eval graph: /game/{id}-eval.svg.
const evalGraphSuffix = "-eval"

// defaultGraphWidth is an eval graph's width without ?size (its height is
// a quarter of it).
const defaultGraphWidth = 600

// serveEvalGraph answers a reviewed game's eval graph (GET
// /game/{id}-eval.svg or .png, ?size=WIDTH, ?ply=N marking a position),
// drawn in the asker's turn as the images are; 404 while the game has no
// review. A review, once made, does not change: the graph is cached as a
// finished game's image.
func (m *Files) serveEvalGraph(w http.ResponseWriter, r *http.Request, f gameFile) {
	if m.cfg.EvalGraph == nil {
		m.cfg.Error(w, fmt.Errorf("%w: no such file", store.ErrNotFound))
		return
	}
	m.serveDrawn(w, r, f, func(ctx context.Context) (prepared, error) { return m.prepareEvalGraph(ctx, f) }, func(h http.Header) {
		h.Set("Content-Type", imageType(f.ext))
		if f.ext == "svg" {
			h.Set("Content-Security-Policy", svgPolicy)
		}
	})
}

// prepareEvalGraph reads the graph's points and says how to draw them.
func (m *Files) prepareEvalGraph(ctx context.Context, f gameFile) (prepared, error) {
	if err := m.cfg.Read(ctx, f.id, func(*game.Game) {}); err != nil {
		if errors.Is(err, store.ErrNotFound) {
			err = fmt.Errorf("%w: no such game", store.ErrNotFound)
		}
		return prepared{}, err
	}
	points, err := m.cfg.EvalGraph(ctx, f.id)
	if errors.Is(err, store.ErrNotFound) {
		return prepared{}, fmt.Errorf("%w: the game has no review yet", store.ErrNotFound)
	}
	if err != nil {
		return prepared{}, err
	}
	if f.ply >= len(points) {
		return prepared{}, fmt.Errorf("%w: ply must be 0 to %d in this game", wire.ErrBadRequest, len(points)-1)
	}
	t := newTag("evalgraph", f.ext, strconv.Itoa(f.size), strconv.Itoa(f.ply))
	for _, p := range points {
		t.add(strconv.FormatFloat(p.Win, 'f', 1, 64), p.Mark)
	}
	draw := func() ([]byte, error) {
		d, err := render.EvalGraph(points, render.GraphOptions{Width: float64(f.size), Height: float64(f.size) / 4, Ply: f.ply})
		if err != nil {
			return nil, err
		}
		var b bytes.Buffer
		if f.ext == "png" {
			err = render.PNG(&b, d)
		} else {
			err = d.WriteSVG(&b)
		}
		return b.Bytes(), err
	}
	slot := "evalgraph\x00" + f.id + "\x00" + f.ext + "\x00" + strconv.Itoa(f.size) + "\x00" + strconv.Itoa(f.ply)
	return prepared{tag: t.etag(), slot: slot, cache: cacheFinished, draw: draw}, nil
}
