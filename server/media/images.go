package media

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"github.com/gambitchess/gambit/internal/lang"
	"hash"
	"io"
	"net/http"
	"net/url"
	"runtime/debug"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/render"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/sched"
	"github.com/gambitchess/gambit/server/wire"
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
// play changes with each move (a copy is checked by its ETag before use),
// and a hidden one differs per seat (no copy is kept anywhere).
const (
	cacheFinished = "public, max-age=31536000, immutable"
	cacheLive     = "no-cache"
	cacheSeat     = "no-store"
)

// gameFile is a request for /game/{file}: the game's id and the file's
// kind ("" for the game's page), with an image's options.
type gameFile struct {
	id, ext  string
	ply      int       // the position to draw; -1 for the current one
	flipped  bool      // Black (xiangqi: Black) at the bottom
	size     int       // the image's width in pixels
	download bool      // answer as an attachment
	graph    bool      // the eval graph (id-eval.svg, id-eval.png), not the board
	lang     lang.Lang // the page's language (the viewer, the game's page)
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
	if id, ok := strings.CutSuffix(f.id, evalGraphSuffix); ok && f.ext != "gif" {
		f.id, f.graph = id, true
		if v := q.Get("size"); v == "" {
			f.size = defaultGraphWidth
		}
	}
	if v := q.Get("ply"); v != "" {
		n, err := strconv.Atoi(v)
		if err != nil || n < 0 {
			return f, fmt.Errorf("%w: ply must be a number of plies from 0 (the start)", wire.ErrBadRequest)
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
		return 0, fmt.Errorf("%w: size must be %d to %d pixels", wire.ErrBadRequest, minImageSize, most)
	}
	return n, nil
}

// scriptOf is the script of Chinese characters a reader of l reads:
// simplified in zh-CN, traditional otherwise (the pieces' own characters,
// as docs/languages.md says).
func scriptOf(l lang.Lang) xiangqi.Script {
	if l.Hans() {
		return xiangqi.Simplified
	}
	return xiangqi.Traditional
}

// coordStyleOf is the coordinates a reader of l reads around a xiangqi
// board, as the app's board draws them unless its settings say otherwise
// (web/src/themes.ts, xiangqiCoordsFor): in Chinese each side's file
// numbers (九…一 along Red's side, 1…9 along Black's), the notation's own;
// in English ICCS's letters and digits (a–i, 0–9).
func coordStyleOf(l lang.Lang) render.CoordStyle {
	if l == lang.English {
		return render.CoordICCS
	}
	return render.CoordTraditional
}

// flagParam reads a boolean query value: 1, true or yes.
func flagParam(v string) bool { return v == "1" || v == "true" || v == "yes" }

// ServeHTTP serves /game/{file}: the game's page for a bare id, its
// images for id.svg, id.png and id.gif, the standalone viewer for id.html
// (viewer.go).
func (m *Files) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	f, err := parseGameFile(r.PathValue("file"), r.URL.Query())
	if err != nil {
		m.cfg.Error(w, err)
		return
	}
	f.lang = lang.FromRequest(r)
	switch f.ext {
	case "":
		m.handleGamePage(w, r, f.id)
	case "html":
		m.serveViewer(w, r, f)
	default:
		if f.graph {
			m.serveEvalGraph(w, r, f)
			return
		}
		m.serveImage(w, r, f)
	}
}

// scene is what an image may show of a game to one viewer, copied out of
// the game so that drawing (a GIF takes a second) runs off its hub.
type scene struct {
	id       string
	board    game.Board
	hidden   bool    // a variant of hidden information: frames are placements
	finished bool    // the game is over: its images will never change
	sight    string  // in a hidden game, whose sight it is (the seats held)
	frames   []frame // every position as the viewer saw it, the start first
}

// sceneOf is game g as viewer v may see it.
func sceneOf(g *game.Game, v game.Viewer) scene {
	sc := scene{id: g.ID(), board: g.Spec().Board, hidden: g.Hidden(), finished: g.Status().Finished(), frames: seenFrames(g, v)}
	if sc.hidden {
		sc.sight = fmt.Sprintf("seats %v", v.Seats)
	}
	return sc
}

// serveImage answers the image f asks for, as the requester may see the
// game, drawn in the requester's turn (serveDrawn).
func (m *Files) serveImage(w http.ResponseWriter, r *http.Request, f gameFile) {
	m.serveDrawn(w, r, f, func(ctx context.Context) (prepared, error) { return m.prepareImage(ctx, r, f) }, func(h http.Header) {
		h.Set("Content-Type", imageType(f.ext))
		if f.ext == "svg" {
			h.Set("Content-Security-Policy", svgPolicy)
		}
	})
}

// prepareImage reads what image f of the game shows to r's asker: its
// ETag (from the frames it draws, and in a hidden game whose sight they
// are), its caching, and how to draw it.
func (m *Files) prepareImage(ctx context.Context, r *http.Request, f gameFile) (prepared, error) {
	player := m.cfg.Asker(r)
	var sc scene
	err := m.cfg.Read(ctx, f.id, func(g *game.Game) { sc = sceneOf(g, m.cfg.Sight(g, player)) })
	if errors.Is(err, store.ErrNotFound) {
		err = fmt.Errorf("%w: no such game", store.ErrNotFound) // the store's message names the id: an image never echoes it
	}
	if err != nil {
		return prepared{}, err
	}
	frames := sc.frames
	if f.ext != "gif" {
		ply, err := sc.ply(f)
		if err != nil {
			return prepared{}, err
		}
		frames = frames[ply : ply+1]
	}
	// A xiangqi board's characters (pieces, river) are in the reader's
	// script, its coordinates the reader's, and so are the pieces of a
	// board of xiangqi's pieces in squares: their drawings differ by
	// language (each its own), a chess board's do not.
	look, byLang := "", sc.board != game.BoardChess
	if byLang {
		look = string(f.lang)
	}
	t := newTag("image", f.ext, strconv.Itoa(f.size), strconv.FormatBool(f.flipped), string(sc.board), strconv.FormatBool(sc.hidden), sc.sight, look)
	for _, fr := range frames {
		t.add(fr.fen, fr.move, strconv.FormatBool(fr.check))
	}
	slot := strings.Join([]string{"image", sc.id, f.ext, strconv.Itoa(f.size), strconv.FormatBool(f.flipped), strconv.Itoa(f.ply), sc.sight, look}, "\x00")
	p := prepared{tag: t.etag(), slot: slot, cache: cacheLive, private: sc.hidden, byLang: byLang, draw: func() ([]byte, error) { return sc.draw(f) }}
	switch {
	case sc.finished:
		p.cache = cacheFinished
	case sc.hidden:
		p.cache = cacheSeat
	}
	return p, nil
}

// drawSlots bounds the images drawn at once: a 300-ply GIF at the largest
// size allocates about 90 MB while it is drawn and encoded.
const drawSlots = 2

// drawQueuePerAddr bounds the drawings one address may have waiting for a
// slot (besides those being drawn); one more is refused (429).
const drawQueuePerAddr = 8

// drawRetry is the Retry-After of a drawing refused for a full queue:
// about the time a long GIF takes.
const drawRetry = time.Second

// newDrawScheduler is the scheduler of the images and viewer pages:
// drawSlots at once, in turn per address, drawQueuePerAddr waiting each.
// A drawing is never hurried: it has no best-so-far to give.
func newDrawScheduler() *sched.Scheduler {
	return sched.New(sched.Config{Workers: drawSlots, PerClient: drawQueuePerAddr})
}

// prepared is what a file of a game will be, known before it is drawn:
// enough to answer 304, or with a kept drawing, without drawing.
type prepared struct {
	tag     string // the strong ETag
	slot    string // the file, whatever its version: the drawing kept of it gives way to the next (drawCache.add)
	cache   string // Cache-Control
	private bool   // the asker's seat's own (a hidden game): Vary: Cookie
	byLang  bool   // in the asker's language: Vary: Accept-Language
	draw    func() ([]byte, error)
}

// drawnFile is a drawing job's answer: the file's bytes, or none when the
// client's copy is the same (304).
type drawnFile struct {
	prepared
	body        []byte
	notModified bool
}

// serveDrawn answers file f as prepare says, in the drawing scheduler:
// reading the game, drawing, even answering 304 or from the cache wait
// for the asker's address's turn, so that one address's flood of any of
// them waits behind itself. headers sets the file's own headers (content
// type, policy) on success.
func (m *Files) serveDrawn(w http.ResponseWriter, r *http.Request, f gameFile, prepare func(context.Context) (prepared, error), headers func(http.Header)) {
	m.serveDrawnOr(w, r, f, prepare, headers, m.cfg.Error)
}

// serveDrawnOr is serveDrawn with fail answering an error.
func (m *Files) serveDrawnOr(w http.ResponseWriter, r *http.Request, f gameFile, prepare func(context.Context) (prepared, error), headers func(http.Header), fail func(http.ResponseWriter, error)) {
	d, err := m.drawInTurn(r, prepare)
	if err != nil {
		fail(w, err)
		return
	}
	h := w.Header()
	h.Set("Cache-Control", d.cache)
	h.Set("ETag", d.tag)
	if d.private {
		h.Add("Vary", "Cookie")
	}
	if d.byLang {
		lang.Vary(h)
	}
	if d.notModified {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	headers(h)
	if f.download {
		h.Set("Content-Disposition", `attachment; filename="gambit-`+f.id+"."+f.ext+`"`) // read has checked the id: [0-9a-z]
	}
	http.ServeContent(w, r, "", time.Time{}, bytes.NewReader(d.body))
}

// drawInTurn runs prepare, and the drawing if needed, as a job of r's
// address. It gives up when the request ends first (the job then leaves
// the queue undrawn), and refuses with 429 when the address has
// drawQueuePerAddr drawings waiting already.
func (m *Files) drawInTurn(r *http.Request, prepare func(context.Context) (prepared, error)) (drawnFile, error) {
	ctx := r.Context()
	ifNoneMatch := r.Header.Get("If-None-Match")
	done := make(chan struct{})
	var d drawnFile
	var err error
	run := func(context.Context) { // a drawing has nothing to give when hurried: it runs to its end
		defer close(done)
		d, err = m.drawFile(ctx, ifNoneMatch, prepare)
	}
	switch serr := m.draws.Submit(sched.Job{Client: guards.ClientAddress(r), Ctx: ctx, Run: run}); {
	case errors.Is(serr, sched.ErrQueueFull):
		return drawnFile{}, guards.LimitedAt(drawRetry, "images", drawQueuePerAddr, "at most %d images may wait for your address; try again in a moment", drawQueuePerAddr)
	case errors.Is(serr, sched.ErrClosed):
		return drawnFile{}, wire.ErrShuttingDown
	case serr != nil:
		return drawnFile{}, serr
	}
	select {
	case <-done:
		return d, err
	case <-ctx.Done():
		return drawnFile{}, fmt.Errorf("%w: the request ended while waiting to draw", wire.ErrBusy)
	case <-m.cfg.Done:
		return drawnFile{}, wire.ErrShuttingDown
	}
}

// drawFile prepares a file and, unless the client has it (ifNoneMatch)
// or its drawing is kept in m.drawn, draws it. A game in play's drawing is
// kept as a finished one's: its ETag names that version (and in a hidden
// game whose sight), so it is served again only for the same, and only
// while that version is asked. What the browser may keep is the same
// either way (p.cache).
func (m *Files) drawFile(ctx context.Context, ifNoneMatch string, prepare func(context.Context) (prepared, error)) (drawnFile, error) {
	p, err := prepare(ctx)
	if err != nil {
		return drawnFile{}, err
	}
	d := drawnFile{prepared: p}
	if etagMatches(ifNoneMatch, p.tag) {
		d.notModified = true
		return d, nil
	}
	if body, ok := m.drawn.get(p.tag); ok {
		d.body = body
		return d, nil
	}
	if d.body, err = p.draw(); err != nil {
		return drawnFile{}, err
	}
	m.drawn.add(p.tag, p.slot, d.body)
	return d, nil
}

// etagMatches reports whether an If-None-Match header names tag (the
// weak comparison that header uses), or is "*".
func etagMatches(header, tag string) bool {
	for t := range strings.SplitSeq(header, ",") {
		if t = strings.TrimSpace(t); t == "*" || strings.TrimPrefix(t, "W/") == tag {
			return true
		}
	}
	return false
}

// tagger hashes the parts of a file into its ETag.
type tagger struct{ h hash.Hash }

// newTag starts the ETag of a file drawn by this build from parts.
func newTag(parts ...string) tagger {
	t := tagger{sha256.New()}
	t.add(buildTag())
	t.add(parts...)
	return t
}

// add hashes parts, each with its length, so that no two lists of parts
// hash alike by running together.
func (t tagger) add(parts ...string) {
	var n [8]byte
	for _, p := range parts {
		binary.LittleEndian.PutUint64(n[:], uint64(len(p)))
		t.h.Write(n[:])
		io.WriteString(t.h, p)
	}
}

// etag is the strong ETag of the parts added: the same parts drawn by the
// same build give the same bytes.
func (t tagger) etag() string {
	return `"` + hex.EncodeToString(t.h.Sum(nil)[:16]) + `"`
}

// buildTag names the build drawing, in every ETag: another build may draw
// the same game differently. Without a clean VCS revision (a test, a
// modified tree) the time the process started stands in for it.
var buildTag = sync.OnceValue(func() string {
	rev, clean := "", false
	if info, ok := debug.ReadBuildInfo(); ok {
		for _, kv := range info.Settings {
			switch kv.Key {
			case "vcs.revision":
				rev = kv.Value
			case "vcs.modified":
				clean = kv.Value == "false"
			}
		}
	}
	if rev != "" && clean {
		return rev
	}
	return rev + "+" + strconv.FormatInt(time.Now().UnixNano(), 36)
})

// ply is the position an image of f shows: ?ply, or the current one.
func (sc scene) ply(f gameFile) (int, error) {
	if f.ply < 0 {
		return len(sc.frames) - 1, nil
	}
	if f.ply >= len(sc.frames) {
		return 0, fmt.Errorf("%w: ply must be 0 to %d in this game", wire.ErrBadRequest, len(sc.frames)-1)
	}
	return f.ply, nil
}

// draw draws the image f asks for: the bytes of an SVG, a PNG or a GIF.
func (sc scene) draw(f gameFile) ([]byte, error) {
	o := render.Options{Size: f.size, Coordinates: true, CoordStyle: coordStyleOf(f.lang), Flipped: f.flipped, Check: true, Script: scriptOf(f.lang)}
	var buf bytes.Buffer
	if f.ext == "gif" {
		drawings := make([]*render.Drawing, len(sc.frames))
		for i, fr := range sc.frames {
			d, err := drawFrame(sc.board, sc.hidden, fr, o)
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
	ply, err := sc.ply(f)
	if err != nil {
		return nil, err
	}
	d, err := drawFrame(sc.board, sc.hidden, sc.frames[ply], o)
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
// cannot mark (a pass, "0000") is left out.
func drawFrame(board game.Board, hidden bool, fr frame, o render.Options) (*render.Drawing, error) {
	o.LastMove = fr.move
	d, err := drawBoard(board, hidden, fr, o)
	if err != nil && o.LastMove != "" {
		o.LastMove = ""
		d, err = drawBoard(board, hidden, fr, o)
	}
	return d, err
}

// drawBoard draws a frame's board. A board of hidden information is drawn
// from its placement only (it may lack a king or hold face-down pieces,
// and check is what the game says of it); any other board as a position,
// so that the pieces giving check are marked too. A board that is
// neither chess's nor xiangqi's is one of xiangqi's pieces in squares
// (render.DiscPlacement), its shape read from the FEN: the one other
// kind of board the variants register, whose names the server need not
// know.
func drawBoard(board game.Board, hidden bool, fr frame, o render.Options) (*render.Drawing, error) {
	if board != game.BoardChess && board != game.BoardXiangqi {
		pl, err := render.ParseDiscPlacement(fr.fen)
		if err != nil {
			return nil, err
		}
		return render.DrawDiscPlacement(&pl, o)
	}
	if board == game.BoardXiangqi {
		if !hidden {
			if p, err := xiangqi.ParseFEN(fr.fen); err == nil {
				return render.Xiangqi(&p, o)
			}
		}
		pl, err := render.ParseXiangqiPlacement(fr.fen) // face-down pieces, and no checkers to tell
		if err != nil {
			return nil, err
		}
		pl.Check = fr.check
		return render.DrawXiangqiPlacement(&pl, o)
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
