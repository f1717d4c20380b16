package media

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"html"
	"net/http"
	"strings"
	"time"

	"github.com/gambitchess/gambit/chess/opening"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/internal/lang"
	"github.com/gambitchess/gambit/internal/pgntag"
	"github.com/gambitchess/gambit/render"
	"github.com/gambitchess/gambit/render/viewer"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// The standalone viewer of a game: GET /game/{id}.html answers one HTML
// page (package render/viewer) that replays the game, with the web app's
// pieces, offline once saved (?download=1). A game of hidden information
// gets none while it runs: its record would show what the players may not
// see. A chess or xiangqi game (game.Spec.BoardPGN) is read from its PGN,
// comments and all; a game of a variant with rules of its own (hidden
// pieces, several moves a turn, a board changed by an event), which the
// PGN readers would replay wrongly or refuse (a face-down piece, a blast,
// three moves a turn), is given to the viewer position by position as a
// spectator sees it (game.Sight): the
// page knows no rules and only shows positions, so it shows these games
// as they were played.

// viewerSource is what the viewer needs of a game, copied out of it.
type viewerSource struct {
	pgn      string // "" for a hidden game in play; its tags, and the ETag's content, in every variant
	err      error  // the record could not be written
	variant  viewer.Board
	game     game.Variant // its own name, which the computer's levels are of
	hidden   bool
	finished bool
	readable bool // the viewer replays the variant's PGN right (Spec.BoardPGN)
	clock    timeControl
	// For a variant of its own rules (not readable): the result, the start
	// position and every move as a spectator sees them.
	result string
	start  string
	steps  []viewer.Step
}

// timeControl is a game's clock as its viewer names it; the zero value
// for none.
type timeControl struct {
	initial, increment time.Duration
	perMove            bool
}

// viewerSourceOf copies out of g what its viewer page shows: the record
// only when anyone may read it.
func viewerSourceOf(g *game.Game) viewerSource {
	src := viewerSource{variant: viewer.Chess, game: g.Variant(), hidden: g.Hidden(), finished: g.Status().Finished(), readable: g.Spec().BoardPGN}
	switch g.Spec().Board {
	case game.BoardChess:
	case game.BoardXiangqi:
		src.variant = viewer.Xiangqi
	default: // xiangqi's pieces in squares, as images draw it (drawBoard)
		src.variant = viewer.Discs
	}
	if k := g.Clock(); k != nil {
		src.clock = timeControl{initial: k.Initial, increment: k.Increment, perMove: k.PerMove}
	}
	w, ok := g.Whole()
	if !ok { // a hidden game in play
		return src
	}
	if src.pgn, src.err = w.PGN(); src.err != nil {
		return src
	}
	if !src.readable {
		sight := g.Sight(game.Spectator, true)
		src.result, src.start = g.Result(), sight.StartFEN
		for _, st := range sight.Moves {
			text := map[string]string{viewer.NotationSAN: st.SAN}
			if src.variant == viewer.Xiangqi {
				text = map[string]string{viewer.NotationChinese: st.SAN, viewer.NotationWXF: st.WXF, viewer.NotationICCS: st.UCI}
			}
			src.steps = append(src.steps, viewer.Step{UCI: st.UCI, FEN: st.FEN, Text: text})
		}
	}
	return src
}

// viewerPolicy is the Content-Security-Policy of a viewer page: it runs
// its one inline script and style, known by their hashes, and nothing
// else; it loads nothing (the pieces are inline SVG) and is never framed.
func viewerPolicy() string {
	return "default-src 'none'; script-src " + strings.Join(viewer.ScriptHashes(), " ") +
		"; style-src " + strings.Join(viewer.StyleHashes(), " ") +
		"; base-uri 'none'; form-action 'none'; frame-ancestors 'none'"
}

// serveViewer answers the viewer page of game f.id, made in the asker's
// turn with the images (serveDrawn). A browser the viewer refuses (a
// hidden game in play; a record it cannot read) gets a short page in its
// reader's language saying why, with a link to the game's page, under the
// same status; any other client the API's JSON.
func (m *Files) serveViewer(w http.ResponseWriter, r *http.Request, f gameFile) {
	m.serveDrawnOr(w, r, f, func(ctx context.Context) (prepared, error) { return m.prepareViewer(ctx, f) }, func(h http.Header) {
		h.Set("Content-Type", "text/html; charset=utf-8")
		h.Set("Content-Security-Policy", viewerPolicy())
	}, func(w http.ResponseWriter, err error) {
		later, unreadable := errors.Is(err, wire.ErrViewerLater), errors.Is(err, wire.ErrViewerUnreadable)
		if !(later || unreadable) || !strings.Contains(r.Header.Get("Accept"), "text/html") {
			m.cfg.Error(w, err)
			return
		}
		why, code := lang.ViewerRefusedUnreadable, http.StatusUnprocessableEntity
		if later {
			why, code = lang.ViewerRefusedLater, http.StatusConflict
		}
		h := w.Header()
		h.Set("Content-Type", "text/html; charset=utf-8")
		h.Set("Content-Security-Policy", "default-src 'none'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'")
		h.Set("Cache-Control", "no-cache") // a game in play ends, and its viewer opens
		h.Set("Vary", "Accept")
		lang.Vary(h)
		w.WriteHeader(code)
		l := f.lang
		fmt.Fprintf(w, "<!doctype html>\n<html lang=\"%s\">\n<meta charset=\"utf-8\">\n<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n"+
			"<title>%s · Gambit</title>\n<p>%s</p>\n<p><a href=\"/game/%s\">%s</a></p>\n",
			html.EscapeString(string(l)), html.EscapeString(l.Text(lang.ViewerTitle)), html.EscapeString(l.Text(why)), f.id, html.EscapeString(l.Text(lang.ViewerRefusedGameLink)))
	})
}

// prepareViewer reads the game's record: the page's ETag is its hash.
func (m *Files) prepareViewer(ctx context.Context, f gameFile) (prepared, error) {
	var src viewerSource
	err := m.cfg.Read(ctx, f.id, func(g *game.Game) { src = viewerSourceOf(g) })
	if err == nil {
		err = src.err
	}
	if errors.Is(err, store.ErrNotFound) {
		err = fmt.Errorf("%w: no such game", store.ErrNotFound) // the store's message names the id: never echo it
	}
	if err == nil && src.hidden && !src.finished {
		err = wire.ErrViewerLater
	}
	if err != nil {
		return prepared{}, err
	}
	p := prepared{tag: newTag("viewer", string(src.variant), string(f.lang), src.pgn).etag(), slot: "viewer\x00" + f.id + "\x00" + string(f.lang), cache: cacheLive, byLang: true,
		draw: func() ([]byte, error) { return m.viewerPage(src, f.lang) }}
	if src.finished {
		p.cache = cacheFinished
	}
	return p, nil
}

// viewerPage writes the viewer page of src in language l, with render's
// pieces.
func (m *Files) viewerPage(src viewerSource, l lang.Lang) ([]byte, error) {
	if src.hidden && !src.finished {
		return nil, wire.ErrViewerLater
	}
	games, err := viewerGames(src)
	if err != nil {
		return nil, fmt.Errorf("%w: %v", wire.ErrViewerUnreadable, err)
	}
	games[0].Tags = m.tagsIn(games[0].Tags, src, l)
	pieces, err := render.PieceSVGsIn(render.Cburnett, scriptOf(l))
	if err != nil {
		return nil, fmt.Errorf("server: viewer pieces: %w", err)
	}
	var buf bytes.Buffer
	if err := viewer.Write(&buf, games, viewer.Options{Pieces: pieces, Lang: string(l)}); err != nil {
		return nil, fmt.Errorf("server: viewer page: %w", err)
	}
	return buf.Bytes(), nil
}

// viewerGames is src's game as the viewer takes it: read from its PGN,
// or for a variant of its own rules given position by position, with the
// tags of its PGN.
func viewerGames(src viewerSource) ([]viewer.Game, error) {
	if src.readable {
		games, err := viewer.FromPGN(strings.NewReader(src.pgn), src.variant)
		if err == nil && len(games) != 1 {
			err = fmt.Errorf("%d games in the record, want 1", len(games))
		}
		return games, err
	}
	header := src.pgn // the tags alone: the movetext is the variant's own
	if i := strings.Index(header, "\n\n"); i >= 0 {
		header = header[:i]
	}
	toks, err := pgntag.Scan(header)
	if err != nil {
		return nil, fmt.Errorf("the record's tags: %w", err)
	}
	var tags []viewer.Tag
	for _, t := range toks {
		if t.Kind != pgntag.TagToken {
			break
		}
		tags = append(tags, viewer.Tag{Name: t.Text, Value: t.Val})
	}
	g, err := viewer.FromSteps(src.variant, tags, src.result, src.start, src.steps)
	return []viewer.Game{g}, err
}

// tagsIn returns tags as the page shows them in l: the players' tags
// naming the computer ("Gambit Casual (~1200)", as a game of variant v
// records it) worded in l as the page shows it (Config.BotName), an
// anonymous player's (the PGN's "?") named by the side's name in l, as
// the game's page and its link preview name the seat (seatName), the
// Variant Gambit writes (its label) by the variant's name in l, and in
// Chinese the Event Gambit writes ("Gambit online xiangqi game") by its
// mode and variant and the opening by its family's Chinese name
// (OpeningName), and the time control as the app writes it ("10+5",
// minutes and seconds of increment, where PGN's TimeControl counts
// seconds, "600+5"; days per move in words). The PGN keeps its own;
// tags is not changed.
func (m *Files) tagsIn(tags []viewer.Tag, src viewerSource, l lang.Lang) []viewer.Tag {
	v := src.game
	out := make([]viewer.Tag, len(tags))
	spec, _ := game.Lookup(v)
	for i, t := range tags {
		out[i] = t
		switch t.Name {
		case "White", "Black", "Red":
			if t.Value == "?" || t.Value == "" {
				side := t.Name
				if spec != nil && t.Name == "Black" {
					side = spec.Sides[1]
				} else if spec != nil {
					side = spec.Sides[0]
				}
				out[i].Value = SideName(side, l)
				continue
			}
			if m.cfg.BotName == nil {
				continue
			}
			if name, ok := m.cfg.BotName(v, t.Value, l); ok {
				out[i].Value = name
			}
		case "Event":
			if l != lang.English {
				out[i].Value = eventIn(t.Value, l)
			}
		case "Variant":
			if spec != nil && t.Value == spec.Label {
				out[i].Value = VariantLabel(spec, l)
			}
		case "Opening":
			out[i].Value = OpeningName(t.Value, l)
		case "TimeControl":
			if tc := src.clock.text(l); tc != "" {
				out[i].Value = tc
			}
		}
	}
	return out
}

// text names the time control as the app's lists do: "10+5" (minutes,
// maybe fractional, and seconds of increment: store.TimeControl), days per
// move in l's words; "" for none.
func (tc timeControl) text(l lang.Lang) string {
	switch {
	case tc.initial <= 0:
		return ""
	case tc.perMove:
		return l.Plural(lang.PerMoveDays, int(tc.initial/(24*time.Hour)))
	}
	return store.TimeControl(tc.initial.Milliseconds(), tc.increment.Milliseconds())
}

// eventIn words the Event tag Gambit writes, "Gambit MODE game" or
// "Gambit MODE VARIANT game" (game.PGN), in l; any other is kept.
func eventIn(event string, l lang.Lang) string {
	words := strings.Fields(event)
	if len(words) < 3 || len(words) > 4 || words[0] != "Gambit" || words[len(words)-1] != "game" {
		return event
	}
	mode := lang.ModePrefix + lang.Key(words[1])
	if !l.Has(mode) {
		return event
	}
	if len(words) == 3 {
		return l.Text(lang.EventGame, "mode", l.Text(mode))
	}
	spec, err := game.Lookup(game.Variant(words[2]))
	if err != nil {
		return event
	}
	return l.Text(lang.EventVariantGame, "mode", l.Text(mode), "variant", VariantLabel(spec, l))
}

// OpeningName is lichess's (English) name of an opening as a reader of l
// reads it: in Chinese, its family's Chinese name in the reader's script
// with the English beside it, 西西里防禦（Sicilian Defense: Najdorf
// Variation）, as the app shows it (web/src/opening.ts); the English alone
// in English or for a family chess/opening does not name.
func OpeningName(name string, l lang.Lang) string {
	f, ok := opening.FamilyOf(name)
	switch {
	case !ok || l == lang.English:
		return name
	case l.Hans():
		return f.Hans + "（" + name + "）"
	}
	return f.Hant + "（" + name + "）"
}
