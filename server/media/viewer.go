package media

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"github.com/gambitchess/gambit/internal/lang"
	"net/http"
	"strings"

	"github.com/gambitchess/gambit/chess/opening"
	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/render"
	"github.com/gambitchess/gambit/render/viewer"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// The standalone viewer of a game: GET /game/{id}.html answers one HTML
// page (package render/viewer) that replays the game from its PGN, with
// the web app's pieces, offline once saved (?download=1). A game of hidden
// information gets none while it runs: its PGN would show what the players
// may not see. A variant with rules of its own (game.Spec.BoardPGN unset)
// gets none at all, refused as such (422), not as a failure of the server:
// the viewer would replay its moves by the board's rules, wrongly (a
// face-down piece as the piece of its point, a piece removed by no move).

// viewerSource is what the viewer needs of a game, copied out of it.
type viewerSource struct {
	pgn      string // "" for a hidden game in play
	variant  viewer.Variant
	game     game.Variant // its own name, which the computer's levels are of
	hidden   bool
	finished bool
	readable bool // the viewer replays the variant's PGN right (Spec.BoardPGN)
}

// viewerSourceOf copies out of g what its viewer page shows: the PGN only
// when anyone may read it.
func viewerSourceOf(g *game.Game) viewerSource {
	src := viewerSource{variant: viewer.Chess, game: g.Variant(), hidden: g.Hidden(), finished: g.Status().Finished(), readable: g.Spec().BoardPGN}
	if g.Spec().Board == game.BoardXiangqi {
		src.variant = viewer.Xiangqi
	}
	if !src.hidden || src.finished {
		src.pgn = g.PGN()
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
// turn with the images (serveDrawn).
func (m *Files) serveViewer(w http.ResponseWriter, r *http.Request, f gameFile) {
	m.serveDrawn(w, r, f, func(ctx context.Context) (prepared, error) { return m.prepareViewer(ctx, f) }, func(h http.Header) {
		h.Set("Content-Type", "text/html; charset=utf-8")
		h.Set("Content-Security-Policy", viewerPolicy())
	})
}

// prepareViewer reads the game's record: the page's ETag is its hash.
func (m *Files) prepareViewer(ctx context.Context, f gameFile) (prepared, error) {
	var src viewerSource
	err := m.cfg.Read(ctx, f.id, func(g *game.Game) { src = viewerSourceOf(g) })
	if errors.Is(err, store.ErrNotFound) {
		err = fmt.Errorf("%w: no such game", store.ErrNotFound) // the store's message names the id: never echo it
	}
	switch {
	case err == nil && src.hidden && !src.finished:
		err = wire.ErrViewerLater
	case err == nil && !src.readable:
		err = fmt.Errorf("%w: the viewer replays chess and xiangqi games only", wire.ErrViewerUnreadable)
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
	games, err := viewer.FromPGN(strings.NewReader(src.pgn), src.variant)
	if err == nil && len(games) != 1 {
		err = fmt.Errorf("%d games in the record, want 1", len(games))
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %v", wire.ErrViewerUnreadable, err)
	}
	games[0].Tags = m.tagsIn(games[0].Tags, src.game, l)
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

// tagsIn returns tags as the page shows them in l: the players' tags
// naming the computer ("Gambit Casual (~1200)", as a game of variant v
// records it) worded in l as the page shows it (Config.BotName), an
// anonymous player's (the PGN's "?") named by the side's name in l, as
// the game's page and its link preview name the seat (seatName), and in
// Chinese the Event Gambit writes ("Gambit online xiangqi game") by its
// mode and variant and the opening by its family's Chinese name
// (OpeningName). The PGN keeps the English; tags is not changed.
func (m *Files) tagsIn(tags []viewer.Tag, v game.Variant, l lang.Lang) []viewer.Tag {
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
		case "Opening":
			out[i].Value = OpeningName(t.Value, l)
		}
	}
	return out
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
