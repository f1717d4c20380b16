package media

import (
	"errors"
	"fmt"
	"html"
	"io/fs"
	"math"
	"net/http"
	"strconv"
	"strings"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/internal/lang"
	"github.com/gambitchess/gambit/render"
	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/store"
	"github.com/gambitchess/gambit/xiangqi"
)

// A game's page (GET /game/{id}) is the single-page app with Open Graph
// tags in its head, so that a link pasted in a chat or a post shows the
// players, the result and the board: the image a stranger may see
// (/game/{id}.png, drawn as a spectator sees the game).

// ogImageSize is the width of the preview image the tags name.
const ogImageSize = 600

// handleGamePage serves the app for game id, with the game's Open Graph
// tags when there is such a game; otherwise the app with 404 Not Found,
// as at any unknown address (it says "no such game" in the reader's
// language, with a link home), so that no crawler or link checker takes
// the address for a page. A game that cannot be read now (a busy store)
// gets the app as it is: its script asks again.
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
	l := lang.FromRequest(r)
	var tags, title string
	status := http.StatusOK
	if err := m.cfg.Read(r.Context(), id, func(g *game.Game) {
		tags, title = m.ogTags(g, GameURL(r, g.ID()), l), m.previewTitle(g, l)
	}); err == nil {
		page = insertHead(AppPage(page, l, title), tags)
	} else {
		if errors.Is(err, store.ErrNotFound) {
			status = http.StatusNotFound
		}
		page = AppPage(page, l, "")
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Cache-Control", "no-cache")
	lang.Vary(w.Header())
	w.WriteHeader(status)
	w.Write(page)
}

// AppPage is the app's page (index.html) in language l before its script
// runs: <html lang>, the <title> (title, or the app's own when empty),
// the <noscript> text and a description. The script words the rest. A
// page without these elements is changed where it has them.
func AppPage(page []byte, l lang.Lang, title string) []byte {
	if title == "" {
		title = l.Text(lang.PageTitle)
	} else {
		title += " · " + l.Text(lang.PageTitle)
	}
	s := string(page)
	s = replaceElement(s, `<html lang="`, `"`, html.EscapeString(string(l)))
	s = replaceElement(s, "<title>", "</title>", html.EscapeString(title))
	s = replaceElement(s, "<noscript>", "</noscript>", html.EscapeString(l.Text(lang.PageNoScript)))
	if !strings.Contains(s, `<meta name="description"`) {
		desc := "\n" + `<meta name="description" content="` + html.EscapeString(l.Text(lang.PageDescription)) + `">`
		if i := strings.Index(s, "</title>"); i >= 0 {
			i += len("</title>")
			s = s[:i] + desc + s[i:]
		}
	}
	return []byte(s)
}

// replaceElement replaces the text between the first open and the close
// after it with text.
func replaceElement(s, open, close, text string) string {
	i := strings.Index(s, open)
	if i < 0 {
		return s
	}
	i += len(open)
	j := strings.Index(s[i:], close)
	if j < 0 {
		return s
	}
	return s[:i] + text + s[i+j:]
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
// url ("" when the request names no usable host: then no tags need it),
// in language l.
func (m *Files) ogTags(g *game.Game, url string, l lang.Lang) string {
	var b strings.Builder
	meta := func(attr, name, content string) {
		fmt.Fprintf(&b, "<meta %s=\"%s\" content=\"%s\">\n", attr, name, html.EscapeString(content))
	}
	meta("property", "og:type", "website")
	meta("property", "og:site_name", "Gambit")
	meta("property", "og:title", m.previewTitle(g, l))
	meta("property", "og:description", previewDescription(g, l))
	meta("property", "og:locale", strings.ReplaceAll(string(l), "-", "_"))
	if url != "" {
		w, h := ogImageBox(g.Spec().Board, g.Sight(game.Spectator, false).FEN)
		meta("property", "og:url", url)
		image := url + ".png?size=" + strconv.Itoa(ogImageSize)
		if g.Spec().Board != game.BoardChess {
			image += "&lang=" + string(l) // its characters in the page's script, whatever the crawler's Accept-Language
		}
		meta("property", "og:image", image)
		meta("property", "og:image:type", "image/png")
		meta("property", "og:image:width", strconv.Itoa(w))
		meta("property", "og:image:height", strconv.Itoa(h))
		meta("name", "twitter:card", "summary_large_image")
	}
	return b.String()
}

// previewTitle names a game in l: "Ann vs Gambit · Casual (~1200) · Chess".
func (m *Files) previewTitle(g *game.Game, l lang.Lang) string {
	return l.Text(lang.PreviewTitle, "white", m.seatName(g, chess.White, l), "black", m.seatName(g, chess.Black, l), "variant", VariantLabel(g.Spec(), l))
}

// VariantLabel is the name of variant spec in l.
func VariantLabel(spec *game.Spec, l lang.Lang) string {
	if s := spec.Labels[string(l)]; s != "" {
		return s
	}
	return spec.Label
}

// seatName is the name of whoever sits in seat c in l: the player's
// display name, the computer by its level, or the side's name.
func (m *Files) seatName(g *game.Game, c chess.Color, l lang.Lang) string {
	s := g.Seat(c)
	if s.Kind == game.SeatBot && m.cfg.BotName != nil {
		if name, ok := m.cfg.BotName(g.Variant(), s.Name, l); ok {
			return name
		}
	}
	switch {
	case s.Name != "":
		return s.Name
	case s.Kind == game.SeatOpen:
		return l.Text(lang.PreviewWaiting)
	}
	return SideName(g.Spec().Sides[c], l)
}

// SideName is a side's name ("White", "Red") in l.
func SideName(side string, l lang.Lang) string {
	key := lang.Key("side." + strings.ToLower(side))
	if l.Has(key) {
		return l.Text(key)
	}
	return side
}

// previewDescription says where a game stands in l: "1-0 · checkmate ·
// 41 moves" or "In play · 12 moves".
func previewDescription(g *game.Game, l lang.Lang) string {
	count := l.Plural(lang.PreviewMoves, (g.Ply()+1)/2)
	switch o := g.Outcome(); {
	case g.Status() == game.Aborted:
		return l.Text(lang.PreviewAborted)
	case o.Over():
		return l.Text(lang.PreviewOver, "result", g.Result(), "ending", EndingName(g.Spec().Board, o.Termination, l), "moves", count)
	case g.Status() == game.Created:
		return l.Text(lang.PreviewCreated)
	}
	return l.Text(lang.PreviewInPlay, "moves", count)
}

// EndingName is a termination's name in l; the server's own for one the
// tables lack.
func EndingName(board game.Board, termination string, l lang.Lang) string {
	key := lang.EndPrefix + lang.Key(termination)
	if board == game.BoardXiangqi && termination == "stalemate" {
		key = lang.EndXiangqiStalemate
	}
	if l.Has(key) {
		return l.Text(key)
	}
	return termination
}

// ogImageBox is the width and height of the preview image of a variant's
// board, as render draws it with coordinates; fen, a position of the
// game, gives the shape of a board of xiangqi's pieces in squares (see
// drawBoard).
func ogImageBox(board game.Board, fen string) (int, int) {
	o := render.Options{Size: ogImageSize, Coordinates: true}
	var d *render.Drawing
	var err error
	switch board {
	case game.BoardXiangqi:
		p := xiangqi.StartPosition()
		d, err = render.Xiangqi(&p, o)
	case game.BoardChess:
		d, err = render.ChessPlacement(&render.Placement{}, o)
	default:
		var pl render.DiscPlacement
		if pl, err = render.ParseDiscPlacement(fen); err == nil {
			d, err = render.DrawDiscPlacement(&pl, o)
		}
	}
	if err != nil { // cannot happen: no marks
		return ogImageSize, ogImageSize
	}
	return int(math.Ceil(d.Width)), int(math.Ceil(d.Height))
}

// GameURL is the absolute URL of game id's page as the client reached the
// server (https over TLS or from a trusted proxy's X-Forwarded-Proto), ""
// when the request's host is not a plain host name or address: the
// preview's og:url, and the Site of the game export's PGN.
func GameURL(r *http.Request, id string) string {
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
