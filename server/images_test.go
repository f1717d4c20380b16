package server

import (
	"bytes"
	"context"
	"encoding/xml"
	"image/gif"
	"image/png"
	"io"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"testing"
	"testing/fstest"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/internal/lang"
	"github.com/gambitchess/gambit/render"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/media"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/variant/bomb/bombgame"
	"github.com/gambitchess/gambit/variant/chessgame"
	"github.com/gambitchess/gambit/variant/dice/dicegame"
	"github.com/gambitchess/gambit/variant/fog/foggame"
	"github.com/gambitchess/gambit/variant/xiangqigame"
)

// testPage is the app page the image tests serve: a head to put tags in.
const testPage = "<!doctype html><html><head><title>Gambit</title></head><body></body></html>"

// imageServer is a server over a fresh store, with a page to serve, and
// no hub running: the tests' games are read from the store.
func imageServer(t testing.TB) *Server {
	t.Helper()
	s := New(Config{Store: openStore(t, t.TempDir()), Assets: fstest.MapFS{"index.html": {Data: []byte(testPage)}}})
	t.Cleanup(s.Close)
	return s
}

// storedGame creates a game with options o, plays moves (in UCI, each by
// the side to move) and stores every event, as a hub would have.
func storedGame(t testing.TB, s *Server, o game.Options, moves ...string) *game.Game {
	t.Helper()
	o.ID, o.Now = wire.NewID(), s.now
	if o.Mode == "" {
		me := game.Seat{Kind: game.SeatHuman, Player: playerID(randomToken())}
		o.Mode, o.Seats = game.ModeLocal, [2]game.Seat{me, me}
	}
	g, err := game.New(o)
	if err != nil {
		t.Fatal(err)
	}
	ctx := context.Background()
	if err := s.createGame(ctx, g); err != nil {
		t.Fatal(err)
	}
	for _, u := range moves {
		evs, err := g.Move(g.Turn(), u)
		if err != nil {
			t.Fatalf("move %s: %v", u, err)
		}
		if err := s.appendEvents(ctx, g, evs); err != nil {
			t.Fatal(err)
		}
	}
	return g
}

// onlineSeats are two people's seats: secrets to send as cookies, and the
// seats they hold.
func onlineSeats() (white, black string, seats [2]game.Seat) {
	white, black = randomToken(), randomToken()
	return white, black, [2]game.Seat{
		{Kind: game.SeatHuman, Player: playerID(white)},
		{Kind: game.SeatHuman, Player: playerID(black)},
	}
}

// fetch GETs path with the player cookie secret ("" for none).
func fetch(h http.Handler, path, secret string, header ...string) *httptest.ResponseRecorder {
	r := httptest.NewRequest("GET", path, nil)
	if secret != "" {
		r.AddCookie(&http.Cookie{Name: playerCookie, Value: secret})
	}
	for i := 0; i+1 < len(header); i += 2 {
		r.Header.Set(header[i], header[i+1])
	}
	rec := httptest.NewRecorder()
	h.ServeHTTP(rec, r)
	return rec
}

// foolsMate is the shortest game to end in checkmate.
var foolsMate = []string{"f2f3", "e7e5", "g2g4", "d8h4"}

// checkDecodes fails unless body is a valid image of its type, width
// pixels wide; a GIF must have frames frames.
func checkDecodes(t *testing.T, ext string, body []byte, width, frames int) {
	t.Helper()
	switch ext {
	case "png":
		img, err := png.Decode(bytes.NewReader(body))
		if err != nil || img.Bounds().Dx() != width {
			t.Errorf("PNG: %v, width %v, want %d", err, img, width)
		}
	case "gif":
		g, err := gif.DecodeAll(bytes.NewReader(body))
		if err != nil || len(g.Image) != frames || g.Config.Width != width {
			t.Errorf("GIF: %v; want %d frames %d wide", err, frames, width)
		}
	case "svg":
		var doc struct {
			XMLName xml.Name
			Width   int `xml:"width,attr"`
		}
		if err := xml.Unmarshal(body, &doc); err != nil || doc.XMLName.Local != "svg" || doc.Width != width {
			t.Errorf("SVG: %v, <%s width=%d>, want <svg width=%d>", err, doc.XMLName.Local, doc.Width, width)
		}
	}
}

func TestGameImages(t *testing.T) {
	s := imageServer(t)
	h := s.Handler()
	over := storedGame(t, s, game.Options{}, foolsMate...)
	live := storedGame(t, s, game.Options{}, "e2e4", "e7e5")
	xq := storedGame(t, s, game.Options{Variant: xiangqigame.Xiangqi}, "h2e2")
	c960 := storedGame(t, s, game.Options{Variant: chessgame.Chess960})
	for _, tt := range []struct {
		path, contentType, cache string
		width, frames            int
	}{
		{"/game/" + over.ID() + ".png", "image/png", cacheFinished, 400, 0},
		{"/game/" + over.ID() + ".png?ply=0&size=64&flip=1", "image/png", cacheFinished, 64, 0},
		{"/game/" + over.ID() + ".svg?ply=4&size=1024", "image/svg+xml", cacheFinished, 1024, 0},
		{"/game/" + over.ID() + ".gif", "image/gif", cacheFinished, 320, 5},
		{"/game/" + over.ID() + ".gif?size=400", "image/gif", cacheFinished, 400, 5},
		{"/game/" + live.ID() + ".png?ply=2", "image/png", cacheLive, 400, 0},
		{"/game/" + live.ID() + ".svg", "image/svg+xml", cacheLive, 400, 0},
		{"/game/" + live.ID() + ".gif?size=100", "image/gif", cacheLive, 100, 3},
		{"/game/" + xq.ID() + ".svg", "image/svg+xml", cacheLive, 400, 0},
		{"/game/" + xq.ID() + ".gif", "image/gif", cacheLive, 320, 2},
		{"/game/" + c960.ID() + ".png", "image/png", cacheLive, 400, 0},
	} {
		rec := fetch(h, tt.path, "")
		if rec.Code != http.StatusOK {
			t.Errorf("GET %s: %d %s", tt.path, rec.Code, rec.Body)
			continue
		}
		hd := rec.Header()
		if hd.Get("Content-Type") != tt.contentType || hd.Get("Cache-Control") != tt.cache || hd.Get("ETag") == "" {
			t.Errorf("GET %s: Content-Type %q, Cache-Control %q, ETag %q; want %s, %s and an ETag",
				tt.path, hd.Get("Content-Type"), hd.Get("Cache-Control"), hd.Get("ETag"), tt.contentType, tt.cache)
		}
		if hd.Get("X-Content-Type-Options") != "nosniff" || hd.Get("Content-Disposition") != "" {
			t.Errorf("GET %s: headers %v", tt.path, hd)
		}
		ext := tt.path[strings.LastIndexByte(tt.path, '.')+1:]
		checkDecodes(t, ext[:3], rec.Body.Bytes(), tt.width, tt.frames)
		if again := fetch(h, tt.path, "", "If-None-Match", hd.Get("ETag")); again.Code != http.StatusNotModified {
			t.Errorf("GET %s with its ETag: %d, want 304", tt.path, again.Code)
		}
	}
	if n := len(s.live.All()); n != 0 {
		t.Errorf("drawing stored games brought %d of them into memory", n)
	}
}

func TestGameImageHeaders(t *testing.T) {
	s := imageServer(t)
	h := s.Handler()
	g := storedGame(t, s, game.Options{}, foolsMate...)
	rec := fetch(h, "/game/"+g.ID()+".svg", "")
	if csp := rec.Header().Get("Content-Security-Policy"); csp != svgPolicy {
		t.Errorf("an SVG's CSP is %q, want %q", csp, svgPolicy)
	}
	for _, ext := range []string{"gif", "png", "svg"} {
		rec := fetch(h, "/game/"+g.ID()+"."+ext+"?download=1", "")
		want := `attachment; filename="gambit-` + g.ID() + "." + ext + `"`
		if got := rec.Header().Get("Content-Disposition"); rec.Code != http.StatusOK || got != want {
			t.Errorf("%s download: %d, Content-Disposition %q, want %q", ext, rec.Code, got, want)
		}
	}
}

func TestGameImageErrors(t *testing.T) {
	s := imageServer(t)
	h := s.Handler()
	g := storedGame(t, s, game.Options{}, "e2e4", "e7e5")
	id := g.ID()
	for _, tt := range []struct {
		path    string
		status  int
		message string // in the answer
	}{
		{"/game/" + id + ".png?ply=3", 400, "ply must be 0 to 2"},
		{"/game/" + id + ".svg?ply=-1", 400, "ply"},
		{"/game/" + id + ".svg?ply=x", 400, "ply"},
		{"/game/" + id + ".png?size=63", 400, "size must be 64 to 1024"},
		{"/game/" + id + ".png?size=1025", 400, "size"},
		{"/game/" + id + ".svg?size=big", 400, "size"},
		{"/game/" + id + ".gif?size=401", 400, "size must be 64 to 400"},
		{"/game/" + id + ".exe", 404, "no such file"},
		{"/game/" + id + ".htm", 404, "no such file"},
		{"/game/zzzzzzzzzz.html", 404, "no such game"},
		{"/game/%3Cscript%3Ealert(1)%3C%2Fscript%3E.html", 404, "no such game"},
		{"/game/zzzzzzzzzz.png", 404, "no such game"},
		{"/game/%3Cscript%3Ealert(1)%3C%2Fscript%3E.png", 404, "no such game"},
		{"/game/" + strings.Repeat("a", 40) + ".gif", 404, "no such game"},
	} {
		rec := fetch(h, tt.path, "")
		body := rec.Body.String()
		if rec.Code != tt.status || !strings.Contains(body, tt.message) {
			t.Errorf("GET %s: %d %s, want %d with %q", tt.path, rec.Code, body, tt.status, tt.message)
		}
		if strings.Contains(body, "script") || strings.Contains(body, "zzzz") || strings.Contains(body, "aaaa") {
			t.Errorf("GET %s echoes the id: %s", tt.path, body)
		}
	}
}

// pieceCount counts the pieces an SVG board draws.
func pieceCount(svg string) int { return strings.Count(svg, `class="piece `) }

// svgOfPlacement is the SVG the image routes draw of a hidden game's board
// with this FEN.
func svgOfPlacement(t *testing.T, fen, lastMove string) string {
	t.Helper()
	pl, err := render.ParsePlacement(fen)
	if err != nil {
		t.Fatal(err)
	}
	d, err := render.ChessPlacement(&pl, render.Options{Size: defaultImageSize, Coordinates: true, Check: true, LastMove: lastMove})
	if err != nil {
		t.Fatal(err)
	}
	var b bytes.Buffer
	_ = d.WriteSVG(&b)
	return b.String()
}

// TestFogImagesShowOnlyTheViewersSight: in a fog game in play, each
// player's image is their seat's view (their own pieces and what those
// see), a stranger's (and the preview's) shows no piece at all, in every
// frame; once the game is over everyone sees every piece.
func TestFogImagesShowOnlyTheViewersSight(t *testing.T) {
	s := imageServer(t)
	h := s.Handler()
	white, black, seats := onlineSeats()
	g := storedGame(t, s, game.Options{Mode: game.ModeOnline, Variant: foggame.FogOfWar, Seats: seats}, "e2e4", "d7d5", "g1f3")
	path := "/game/" + g.ID() + ".svg"
	for _, tt := range []struct {
		who    string
		secret string
		seer   game.Viewer
	}{
		{"white", white, game.Viewer{Seats: [2]bool{true, false}}},
		{"black", black, game.Viewer{Seats: [2]bool{false, true}}},
		{"a stranger", "", game.Spectator},
	} {
		sight := g.Sight(tt.seer, true)
		rec := fetch(h, path, tt.secret)
		last := ""
		if sight.Last != nil {
			last = sight.Last.UCI // "" when the viewer did not see it
		}
		if want := svgOfPlacement(t, sight.FEN, last); rec.Code != http.StatusOK || rec.Body.String() != want {
			t.Errorf("%s's SVG (%d pieces) is not the board of their sight %s (%d pieces)",
				tt.who, pieceCount(rec.Body.String()), sight.FEN, pieceCount(want))
		}
		if n := pieceCount(rec.Body.String()); tt.secret != "" && (n <= 16 || n >= 32) || tt.secret == "" && n != 0 {
			t.Errorf("%s sees %d pieces", tt.who, n)
		}
		if cc := rec.Header().Get("Cache-Control"); cc != cacheSeat {
			t.Errorf("%s's image of a hidden game in play: Cache-Control %q", tt.who, cc)
		}
	}
	for ply := 0; ply <= 3; ply++ {
		rec := fetch(h, path+"?ply="+string(rune('0'+ply)), "")
		if n := pieceCount(rec.Body.String()); rec.Code != http.StatusOK || n != 0 {
			t.Errorf("a stranger's ply %d: %d, %d pieces", ply, rec.Code, n)
		}
	}
	rec := fetch(h, "/game/"+g.ID()+".gif", "")
	if want := blankGIF(t, 4); !bytes.Equal(rec.Body.Bytes(), want) {
		t.Error("a stranger's GIF of a fog game in play is not four empty boards")
	}
	page := fetch(h, "/game/"+g.ID(), "").Body.String()
	if !strings.Contains(page, `content="http://example.com/game/`+g.ID()+`.png?size=600"`) {
		t.Errorf("the page's preview image is not the stranger's: %s", page)
	}

	evs, err := g.Resign(chess.Black)
	if err != nil {
		t.Fatal(err)
	}
	if err := s.appendEvents(context.Background(), g, evs); err != nil {
		t.Fatal(err)
	}
	rec = fetch(h, path, "")
	if n := pieceCount(rec.Body.String()); n != 32 || rec.Header().Get("Cache-Control") != cacheFinished {
		t.Errorf("after the game a stranger sees %d pieces (want 32), Cache-Control %q", n, rec.Header().Get("Cache-Control"))
	}
}

// blankGIF is the GIF of n empty boards, as a stranger sees a fog game.
func blankGIF(t *testing.T, n int) []byte {
	t.Helper()
	frames := make([]*render.Drawing, n)
	for i := range frames {
		d, err := render.ChessPlacement(&render.Placement{}, render.Options{Size: defaultGIFSize, Coordinates: true, Check: true})
		if err != nil {
			t.Fatal(err)
		}
		frames[i] = d
	}
	var b bytes.Buffer
	if err := render.GIF(&b, frames, render.GIFOptions{}); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// TestBombAndDiceImages: the boards of bomb and dice chess draw (a
// placement: a king may be gone), and no mine is ever drawn.
func TestBombAndDiceImages(t *testing.T) {
	s := imageServer(t)
	h := s.Handler()
	for _, v := range []game.Variant{bombgame.Bomb, dicegame.Dice} {
		g := storedGame(t, s, game.Options{Variant: v})
		for _, ext := range []string{"svg", "png", "gif"} {
			rec := fetch(h, "/game/"+g.ID()+"."+ext, "")
			if rec.Code != http.StatusOK {
				t.Errorf("%s %s: %d %s", v, ext, rec.Code, rec.Body)
			}
			if ext == "svg" && (strings.Contains(rec.Body.String(), "mine") || pieceCount(rec.Body.String()) != 32) {
				t.Errorf("%s: the start has %d pieces or a mine", v, pieceCount(rec.Body.String()))
			}
		}
	}
}

func TestGamePageOpenGraph(t *testing.T) {
	s := imageServer(t)
	h := s.Handler()
	seats := [2]game.Seat{
		{Kind: game.SeatHuman, Name: `Ann "<b>" & Co`, Player: playerID(randomToken())},
		{Kind: game.SeatBot, Name: "Gambit · Level 1", Level: "1"},
	}
	g := storedGame(t, s, game.Options{Mode: game.ModeComputer, Seats: seats}, foolsMate...)
	page := fetch(h, "/game/"+g.ID(), "", "X-Forwarded-Proto", "https").Body.String()
	url := "http://example.com/game/" + g.ID() // X-Forwarded-Proto from no trusted proxy: ignored
	for _, want := range []string{
		`<meta property="og:title" content="Ann &#34;&lt;b&gt;&#34; &amp; Co vs Gambit · Level 1 · Chess">`,
		`<meta property="og:description" content="0-1 · checkmate · 2 moves">`,
		`<meta property="og:url" content="` + url + `">`,
		`<meta property="og:image" content="` + url + `.png?size=600">`,
		`<meta property="og:image:width" content="600">`,
		`<meta property="og:image:height" content="600">`,
		`<meta name="twitter:card" content="summary_large_image">`,
	} {
		if !strings.Contains(page, want) {
			t.Errorf("the page lacks %s:\n%s", want, page)
		}
	}
	if strings.Contains(page, `"<b>"`) || !strings.HasSuffix(page, "</head><body></body></html>") {
		t.Errorf("the tags are not escaped or not in the head:\n%s", page)
	}
	// No such game: the app's page as it is (it says so in the reader's
	// language), answered 404 Not Found as any unknown address is, never
	// a soft 404.
	for _, path := range []string{"/game/zzzzzzzzzz", "/game/NOT-AN-ID"} {
		if rec := fetch(h, path, ""); rec.Code != http.StatusNotFound || rec.Body.String() != string(media.AppPage([]byte(testPage), lang.English, "")) {
			t.Errorf("GET %s: %d %s, want 404 and the page as it is", path, rec.Code, rec.Body)
		}
	}
	if rec := fetch(h, "/game/zzzzzzzzzz", "", "Accept-Language", "zh-TW"); rec.Code != http.StatusNotFound || rec.Body.String() != string(media.AppPage([]byte(testPage), lang.Traditional, "")) {
		t.Errorf("GET /game/zzzzzzzzzz in zh-TW: %d %s, want 404 and the page in zh-TW", rec.Code, rec.Body)
	}
	xq := storedGame(t, s, game.Options{Variant: xiangqigame.Xiangqi})
	page = fetch(h, "/game/"+xq.ID(), "").Body.String()
	if !strings.Contains(page, `og:image:height" content="660"`) || !strings.Contains(page, "Red vs Black · Xiangqi") {
		t.Errorf("xiangqi page:\n%s", page)
	}
}

func TestRequestScheme(t *testing.T) {
	s := New(Config{Store: openStore(t, t.TempDir()), Conn: guards.ConnLimits{TrustedProxies: mustPrefixes(t, "10.0.0.1")}})
	t.Cleanup(s.Close)
	for _, tt := range []struct {
		peer, proto, want string
	}{
		{"10.0.0.1:5000", "https", "https"},
		{"10.0.0.1:5000", "", "http"},
		{"10.0.0.1:5000", "gopher", "http"},
		{"10.0.0.1:5000", "HTTPS, http", "https"},
		{"192.0.2.9:5000", "https", "http"},
	} {
		var got string
		h := guards.MarkProxied(s.conn.TrustedProxies, guards.Forwarded(s.conn.TrustedProxies, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { got = guards.Scheme(r) })))
		r := httptest.NewRequest("GET", "/game/x", nil)
		r.RemoteAddr = tt.peer
		r.Header.Set("X-Forwarded-For", "198.51.100.7")
		r.Header.Set("X-Forwarded-Proto", tt.proto)
		h.ServeHTTP(httptest.NewRecorder(), r)
		if got != tt.want {
			t.Errorf("from %s with X-Forwarded-Proto %q: %s, want %s", tt.peer, tt.proto, got, tt.want)
		}
	}
}

func mustPrefixes(t *testing.T, list string) []netip.Prefix {
	t.Helper()
	p, err := guards.ParseTrustedProxies(list)
	if err != nil {
		t.Fatal(err)
	}
	return p
}

// FuzzImagePath: whatever the file name and query, serving an image path
// never panics nor fails with a 5xx.
func FuzzImagePath(f *testing.F) {
	for _, seed := range [][2]string{
		{"abc.svg", "ply=0&size=64"}, {"abc.png", "flip=1&download=1"}, {"abc.gif", "size=400"},
		{"abc", ""}, {".", ""}, {"a.b.c.svg", "ply=99999999999999999999"}, {"abc.svg", "size=-1&ply=%zz"},
	} {
		f.Add(seed[0], seed[1])
	}
	s := imageServer(f)
	h := s.Handler()
	f.Fuzz(func(t *testing.T, file, query string) {
		q, _ := url.ParseQuery(query) // parsing alone: media's FuzzParseGameFile
		r := httptest.NewRequest("GET", "/", nil)
		r.URL.Path, r.URL.RawQuery = "/game/"+file, url.Values(q).Encode()
		rec := httptest.NewRecorder()
		h.ServeHTTP(rec, r)
		if rec.Code >= 500 {
			t.Fatalf("GET /game/%q?%s: %d %s", file, query, rec.Code, rec.Body)
		}
		_, _ = io.Copy(io.Discard, rec.Body)
	})
}

// TestLiveGameImage: the image of a game in play, read from its hub, is
// the position after the last move and is never cached.
func TestLiveGameImage(t *testing.T) {
	s, srv, _ := serve(t, openStore(t, t.TempDir()), nil)
	g := create(t, s.Handler(), `{"mode":"local"}`)
	p := dial(t, srv, g.ID, g.Token)
	p.state("state")
	p.send(`{"t":"move","d":{"u":"e2e4"}}`)
	p.state("move")
	rec := fetch(s.Handler(), "/game/"+g.ID+".svg", g.Token)
	if rec.Code != http.StatusOK || rec.Header().Get("Cache-Control") != cacheLive {
		t.Fatalf("GET the live game's SVG: %d, Cache-Control %q", rec.Code, rec.Header().Get("Cache-Control"))
	}
	pos, err := chess.ParseFEN("rnbqkbnr/pppppppp/8/8/4P3/8/PPPP1PPP/RNBQKBNR b KQkq - 0 1")
	if err != nil {
		t.Fatal(err)
	}
	d, _ := render.Chess(&pos, render.Options{Size: defaultImageSize, Coordinates: true, Check: true, LastMove: "e2e4"})
	var want bytes.Buffer
	_ = d.WriteSVG(&want)
	if rec.Body.String() != want.String() {
		t.Error("the live game's SVG is not the position after 1. e4")
	}
	gif := fetch(s.Handler(), "/game/"+g.ID+".gif", "")
	checkDecodes(t, "gif", gif.Body.Bytes(), defaultGIFSize, 2)
}

// What package media sends: the Cache-Control of a finished game's files,
// of a live game's
// and of a hidden game's; an SVG's own CSP; the default sizes of a PNG or
// SVG and of a GIF.
const (
	cacheFinished    = "public, max-age=31536000, immutable"
	cacheLive        = "no-cache"
	cacheSeat        = "no-store"
	svgPolicy        = "default-src 'none'; style-src 'unsafe-inline'; frame-ancestors 'none'; sandbox"
	defaultImageSize = 400
	defaultGIFSize   = 320
)
