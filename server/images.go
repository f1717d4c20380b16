package server

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/render"
	"github.com/gambitchess/gambit/store"
	"github.com/gambitchess/gambit/xiangqi"
)

// Images of a game: GET /game/{id}.svg and .png draw one position (the
// current one, or ?ply=N), .gif animates the whole game. Each is drawn from
// what the requester may see (game.Sight): in a game of hidden information
// a seated player sees their seat's view and anyone else a spectator's, so
// an image never shows what its viewer's board would not.

// Image sizes in pixels: the ?size bounds, and the sizes when none is asked.
// A GIF's bound is lower: render.GIF rasterises only its first board and
// then each move's changed squares, but 300 plies at 400 pixels still
// take about 0.3 s and 90 MB allocated in all (render/BENCH.md).
const (
	minImageSize     = 64
	maxImageSize     = 1024
	maxGIFSize       = 400
	defaultImageSize = 400
	defaultGIFSize   = 320
)

// svgPolicy is the Content-Security-Policy of an SVG opened by itself: it
// draws with presentation attributes only, so it may load nothing and run
// nothing, in a sandbox.
const svgPolicy = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox"

// Cache-Control values: a finished game's images never change; a game in
// play changes with each move, and a hidden one differs per viewer.
const (
	cacheFinished = "public, max-age=31536000, immutable"
	cacheLive     = "no-store"
)

// gameFile is a request for /game/{file}: the game's id and the file's
// kind ("" for the game's page), with an image's options.
type gameFile struct {
	id, ext  string
	ply      int  // the position to draw; -1 for the current one
	flipped  bool // Black (xiangqi: Black) at the bottom
	size     int  // the image's width in pixels
	download bool // answer as an attachment
}

// imageType is the content type of an image file of extension ext, ""
// for an extension that is no image's.
func imageType(ext string) string {
	switch ext {
	case "svg":
		return "image/svg+xml"
	case "png":
		return "image/png"
	case "gif":
		return "image/gif"
	}
	return ""
}

// parseGameFile reads /game/{file}'s last segment and the query. The id is
// not checked here (read refuses an impossible one without echoing it);
// every error names the query field at fault.
func parseGameFile(file string, q url.Values) (gameFile, error) {
	f := gameFile{id: file, ply: -1}
	if i := strings.LastIndexByte(file, '.'); i >= 0 {
		f.id, f.ext = file[:i], file[i+1:]
	}
	switch {
	case f.ext == "":
		return f, nil
	case f.ext == "html":
		f.download = flagParam(q.Get("download"))
		return f, nil
	case imageType(f.ext) == "":
		return f, fmt.Errorf("%w: no such file", store.ErrNotFound)
	}
	var err error
	if f.size, err = sizeParam(q.Get("size"), f.ext); err != nil {
		return f, err
	}
	if v := q.Get("ply"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return f, fmt.Errorf("%w: ply must be a number of plies from 0 (the start)", ErrBadRequest)
		}
		f.ply = n
	}
	f.flipped = flagParam(q.Get("flip"))
	f.download = flagParam(q.Get("download"))
	return f, nil
}

// sizeParam reads ?size for a file of kind ext: its default when empty,
// else a width within the kind's bounds.
func sizeParam(v, ext string) (int, error) {
	def, most := defaultImageSize, maxImageSize
	if ext == "gif" {
		def, most = defaultGIFSize, maxGIFSize
	}
	if v == "" {
		return def, nil
	}
	n, err := strconv.Atoi(v)
	if err != nil || n < minImageSize || n > most {
		return 0, fmt.Errorf("%w: size must be %d to %d pixels", ErrBadRequest, minImageSize, most)
	}
	return n, nil
}

// flagParam reads a boolean query value: 1, true or yes.
func flagParam(v string) bool { return v == "1" || v == "true" || v == "yes" }

// handleGameFile serves /game/{file}: the game's page for a bare id, its
// images for id.svg, id.png and id.gif, the standalone viewer for id.html
// (viewer.go).
func (s *Server) handleGameFile(w http.ResponseWriter, r *http.Request) {
	f, err := parseGameFile(r.PathValue("file"), r.URL.Query())
	if err != nil {
		s.httpError(w, err)
		return
	}
	switch f.ext {
	case "":
		s.handleGamePage(w, r, f.id)
	case "html":
		s.serveViewer(w, r, f)
	default:
		s.serveImage(w, r, f)
	}
}

// scene is what an image may show of a game to one viewer, copied out of
// the game so that drawing (a GIF takes a second) runs off its hub.
type scene struct {
	id       string
	variant  game.Variant
	hidden   bool    // a variant of hidden information: frames are placements
	finished bool    // the game is over: its images will never change
	frames   []frame // every position as the viewer saw it, the start first
}

// sceneOf is game g as viewer v may see it.
func sceneOf(g *game.Game, v game.Viewer) scene {
	return scene{id: g.ID(), variant: g.Variant(), hidden: g.Hidden(), finished: g.Status().Finished(), frames: seenFrames(g, v)}
}

// serveImage draws the image f asks for, as the requester may see the
// game, and answers it (304 when the client's copy has the same ETag).
// At most drawSlots images are drawn at once; a request waits its turn.
func (s *Server) serveImage(w http.ResponseWriter, r *http.Request, f gameFile) {
	player := playerOf(r)
	var sc scene
	err := s.read(r.Context(), f.id, func(g *game.Game) { sc = sceneOf(g, viewerFor(g, player)) })
	if errors.Is(err, store.ErrNotFound) {
		err = fmt.Errorf("%w: no such game", store.ErrNotFound) // the store's message names the id: an image never echoes it
	}
	var body []byte
	if err == nil {
		body, err = s.drawScene(r.Context(), sc, f)
	}
	if err != nil {
		s.httpError(w, err)
		return
	}
	h := w.Header()
	h.Set("Content-Type", imageType(f.ext))
	h.Set("Cache-Control", cacheLive)
	if sc.finished {
		h.Set("Cache-Control", cacheFinished)
	}
	if f.ext == "svg" {
		h.Set("Content-Security-Policy", svgPolicy)
	}
	serveGameFile(w, r, f, body)
}

// serveGameFile answers body, the file f asks for, with its ETag (304 when
// the client's copy has the same) and, for ?download=1, as an attachment.
// The caller has set the content type and caching.
func serveGameFile(w http.ResponseWriter, r *http.Request, f gameFile, body []byte) {
	if f.download {
		w.Header().Set("Content-Disposition", `attachment; filename="gambit-`+f.id+"."+f.ext+`"`) // read has checked the id: [0-9a-z]
	}
	sum := sha256.Sum256(body)
	w.Header().Set("ETag", `"`+hex.EncodeToString(sum[:16])+`"`)
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(body))
}

// drawSlots bounds the images drawn at once: a 300-ply GIF at the largest
// size allocates about 90 MB while it is drawn and encoded.
const drawSlots = 2

// drawScene draws sc in one of the server's drawing slots, waiting for one
// as long as the request lasts.
func (s *Server) drawScene(ctx context.Context, sc scene, f gameFile) ([]byte, error) {
	select {
	case s.drawing <- struct{}{}:
		defer func() { <-s.drawing }()
	case <-ctx.Done():
		return nil, fmt.Errorf("%w: the request ended while waiting to draw", ErrBusy)
	}
	return sc.draw(f)
}

// draw draws the image f asks for: the bytes of an SVG, a PNG or a GIF.
func (sc scene) draw(f gameFile) ([]byte, error) {
	o := render.Options{Size: f.size, Coordinates: true, Flipped: f.flipped, Check: true}
	var buf bytes.Buffer
	if f.ext == "gif" {
		drawings := make([]*render.Drawing, len(sc.frames))
		for i, fr := range sc.frames {
			d, err := drawFrame(sc.variant, sc.hidden, fr, o)
			if err != nil {
				return nil, fmt.Errorf("server: game %s, ply %d: %w", sc.id, i, err)
			}
			drawings[i] = d
		}
		if err := render.GIF(&buf, drawings, render.GIFOptions{}); err != nil {
			return nil, fmt.Errorf("server: game %s: %w", sc.id, err)
		}
		return buf.Bytes(), nil
	}
	ply := f.ply
	if ply < 0 {
		ply = len(sc.frames) - 1
	}
	if ply >= len(sc.frames) {
		return nil, fmt.Errorf("%w: ply must be 0 to %d in this game", ErrBadRequest, len(sc.frames)-1)
	}
	d, err := drawFrame(sc.variant, sc.hidden, sc.frames[ply], o)
	if err == nil && f.ext == "svg" {
		err = d.WriteSVG(&buf)
	} else if err == nil {
		err = render.PNG(&buf, d)
	}
	if err != nil {
		return nil, fmt.Errorf("server: game %s, ply %d: %w", sc.id, ply, err)
	}
	return buf.Bytes(), nil
}

// frame is one position of a game as a viewer saw it.
type frame struct {
	fen   string
	move  string // the move that led here in UCI (ICCS) text; "" at the start or when unseen
	check bool   // in a hidden game: the side to move is known to be in check
}

// seenFrames lists every position of g as v may see it, the start first:
// from g.Sight only, so that nothing v may not see can be drawn.
func seenFrames(g *game.Game, v game.Viewer) []frame {
	sight := g.Sight(v, true)
	frames := make([]frame, 0, len(sight.Moves)+1)
	frames = append(frames, frame{fen: sight.StartFEN})
	for _, m := range sight.Moves {
		frames = append(frames, frame{fen: m.FEN, move: m.UCI})
	}
	last := &frames[len(frames)-1]
	last.fen, last.check = sight.FEN, sight.Check != ""
	return frames
}

// drawFrame draws one frame with its last move marked. A move the board
// cannot mark (dice chess's pass, "0000") is left out.
func drawFrame(v game.Variant, hidden bool, fr frame, o render.Options) (*render.Drawing, error) {
	o.LastMove = fr.move
	d, err := drawBoard(v, hidden, fr, o)
	if err != nil && o.LastMove != "" {
		o.LastMove = ""
		d, err = drawBoard(v, hidden, fr, o)
	}
	return d, err
}

// drawBoard draws a frame's board. A board of hidden information is drawn
// from its placement only (it may lack a king, and check is what the
// game says of it); any other chess board as a position, so that the
// pieces giving check are marked too.
func drawBoard(v game.Variant, hidden bool, fr frame, o render.Options) (*render.Drawing, error) {
	if v == game.Xiangqi {
		p, err := xiangqi.ParseFEN(fr.fen)
		if err != nil {
			return nil, err
		}
		return render.Xiangqi(&p, o)
	}
	if !hidden {
		if p, err := chess.ParseFEN960(fr.fen); err == nil {
			return render.Chess(&p, o)
		}
	}
	pl, err := render.ParsePlacement(fr.fen)
	if err != nil {
		return nil, err
	}
	pl.Check = fr.check
	return render.ChessPlacement(&pl, o)
}
