package media

import (
	"fmt"
	"html"
	"io/fs"
	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/render"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/xiangqi"
)

// A game's page (GET /game/{id}) is the single-page app with Open Graph
// tags in its head, so that a link pasted in a chat or a post shows the
// players, the result and the board: the image a stranger may see
// (/game/{id}.png, drawn as a spectator sees the game).

// ogImageSize is the width of the preview image the tags name.
const ogImageSize = 600

// handleGamePage serves the app for game id, with the game's Open Graph
// tags when there is such a game (the app says "no such game" otherwise).
func (m *Files) handleGamePage(w http.ResponseWriter, r *http.Request, id string) {
	if m.cfg.Assets == nil {
		http.NotFound(w, r)
		return
	}
	page, err := fs.ReadFile(m.cfg.Assets, "index.html")
	if err != nil {
		m.cfg.Error(w, fmt.Errorf("server: reading index.html: %w", err))
		return
	}
	var tags string
	if err := m.cfg.Read(r.Context(), id, func(g *game.Game) { tags = ogTags(g, gameURL(r, g.ID())) }); err == nil {
		page = insertHead(page, tags)
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	w.Write(page)
}

// insertHead puts tags at the end of the page's head (unchanged without
// one).
func insertHead(page []byte, tags string) []byte {
	i := strings.Index(strings.ToLower(string(page)), "</head>")
	if i < 0 || tags == "" {
		return page
	}
	out := make([]byte, 0, len(page)+len(tags))
	out = append(out, page[:i]...)
	out = append(out, tags...)
	return append(out, page[i:]...)
}

// ogTags are the Open Graph and Twitter card tags of g, whose page is at
// url ("" when the request names no usable host: then no tags need it).
func ogTags(g *game.Game, url string) string {
	var b strings.Builder
	meta := func(attr, name, content string) {
		fmt.Fprintf(&b, "<meta %s=\"%s\" content=\"%s\">\n", attr, name, html.EscapeString(content))
	}
	meta("property", "og:type", "website")
	meta("property", "og:site_name", "Gambit")
	meta("property", "og:title", gameTitle(g))
	meta("property", "og:description", gameDescription(g))
	if url != "" {
		w, h := ogImageBox(g.Spec().Board)
		meta("property", "og:url", url)
		meta("property", "og:image", url+".png?size="+strconv.Itoa(ogImageSize))
		meta("property", "og:image:type", "image/png")
		meta("property", "og:image:width", strconv.Itoa(w))
		meta("property", "og:image:height", strconv.Itoa(h))
		meta("name", "twitter:card", "summary_large_image")
	}
	return b.String()
}

// gameTitle names a game: "Ann vs Gambit · Level 3 · Chess".
func gameTitle(g *game.Game) string {
	return seatName(g, chess.White) + " vs " + seatName(g, chess.Black) + " · " + g.Spec().Label
}

// seatName is the name of whoever sits in seat c, or the side's name.
func seatName(g *game.Game, c chess.Color) string {
	s := g.Seat(c)
	switch {
	case s.Name != "":
		return s.Name
	case s.Kind == game.SeatOpen:
		return "(waiting)"
	}
	return g.Spec().Sides[c]
}

// gameDescription says where a game stands: "1-0 · checkmate · 41 moves"
// or "In play · 12 moves".
func gameDescription(g *game.Game) string {
	moves := (g.Ply() + 1) / 2
	count := strconv.Itoa(moves) + " moves"
	if moves == 1 {
		count = "1 move"
	}
	switch o := g.Outcome(); {
	case g.Status() == game.Aborted:
		return "Aborted"
	case o.Over():
		return g.Result() + " · " + o.Termination + " · " + count
	case g.Status() == game.Created:
		return "Waiting for the first move"
	}
	return "In play · " + count
}

// ogImageBox is the width and height of the preview image of a variant's
// board, as render draws it with coordinates.
func ogImageBox(board game.Board) (int, int) {
	o := render.Options{Size: ogImageSize, Coordinates: true}
	var d *render.Drawing
	var err error
	if board == game.BoardXiangqi {
		p := xiangqi.StartPosition()
		d, err = render.Xiangqi(&p, o)
	} else {
		d, err = render.ChessPlacement(&render.Placement{}, o)
	}
	if err != nil { // cannot happen: no marks
		return ogImageSize, ogImageSize
	}
	return int(math.Ceil(d.Width)), int(math.Ceil(d.Height))
}

// gameURL is the absolute URL of game id's page as the client reached the
// server, "" when the request's host is not a plain host name or address.
func gameURL(r *http.Request, id string) string {
	if !plainHost(r.Host) {
		return ""
	}
	return guards.Scheme(r) + "://" + r.Host + "/game/" + id
}

// plainHost reports whether h is a host (and port) with nothing else:
// letters, digits, dots, hyphens, colons and an IPv6 address's brackets.
func plainHost(h string) bool {
	if h == "" || len(h) > 255 {
		return false
	}
	for _, c := range h {
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || strings.ContainsRune(".-:[]", c)) {
			return false
		}
	}
	return true
}
