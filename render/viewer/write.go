package viewer

import (
	"bytes"
	"crypto/sha256"
	_ "embed"
	"encoding/base64"
	"encoding/json"
	"errors"
	"fmt"
	"html/template"
	"io"
	"strings"

	"github.com/gambitchess/gambit/internal/lang"
	"github.com/gambitchess/gambit/xiangqi"
)

//go:embed viewer.js
var script string

//go:embed viewer.css
var style string

//go:embed template.html
var pageTemplate string

// Options tune the page Write produces. The zero value is ready to use.
type Options struct {
	// Title is the page's title; by default the first game's players, or
	// a generic title when they are not known.
	Title string
	// Pieces maps a piece code, its FEN letter ("K".."p" for chess,
	// "K A B N R C P k a b n r c p" for xiangqi), to the SVG markup drawn
	// for it (one <svg> element with a viewBox). A page with both chess and
	// xiangqi games can tell the two sets apart with a variant prefix,
	// "xiangqi:K", which wins over the bare letter. A piece missing from
	// the map, or all of them when it is nil, gets a simple built-in
	// picture. The markup is trusted (it is written into the page as is),
	// but may hold no <script>, and no style attribute or element where
	// the page is served under a Content-Security-Policy.
	Pieces map[string]string
	// Notation is the xiangqi notation shown first: NotationChinese (the
	// default), NotationWXF or NotationICCS. The reader can switch.
	Notation string
	// Flipped shows the board from the second player's side at first.
	Flipped bool
	// Lang is the language of the page's texts and its <html lang>: "en"
	// (the default), "zh-TW" (繁體中文) or "zh-CN" (简体中文), or any tag
	// these stand for ("zh-HK", "zh-Hans"). Xiangqi's Chinese notation
	// follows it: simplified characters in zh-CN, traditional otherwise.
	Lang string
}

// Errors of Write.
var (
	ErrNoGames     = errors.New("viewer: no game to show")
	ErrNotation    = errors.New("viewer: unknown notation")
	ErrPieceMarkup = errors.New("viewer: piece markup not allowed")
	ErrNoStart     = errors.New("viewer: game has no start position (Nodes is empty)")
	ErrLang        = errors.New("viewer: unknown language")
)

// pageData is what template.html is executed with.
type pageData struct {
	Lang   string
	Title  string
	Style  template.CSS
	Script template.JS
	Data   template.JS
	Pieces []pieceTemplate
}

// pieceTemplate is one piece picture, cloned by the script for each piece.
type pieceTemplate struct {
	ID     string
	Markup template.HTML
}

// gamesData is the JSON the script reads.
type gamesData struct {
	Games    []Game            `json:"games"`
	Notation string            `json:"notation"`
	Flipped  bool              `json:"flipped"`
	Text     map[string]string `json:"text"` // the page's texts in its language
}

// Write writes a standalone HTML page showing games, the first one at
// first, with a picker when there are several. The page holds everything
// it needs and makes no network request. The same games and options give
// the same bytes. Nothing is written if an error is returned.
func Write(w io.Writer, games []Game, opts Options) error {
	page, err := render(games, opts)
	if err != nil {
		return err
	}
	if _, err := w.Write(page); err != nil {
		return fmt.Errorf("viewer: writing the page: %w", err)
	}
	return nil
}

// render builds the whole page in memory.
func render(games []Game, opts Options) ([]byte, error) {
	if len(games) == 0 {
		return nil, ErrNoGames
	}
	if err := checkGames(games); err != nil {
		return nil, err
	}
	notation := opts.Notation
	switch notation {
	case "":
		notation = NotationChinese
	case NotationChinese, NotationWXF, NotationICCS:
	default:
		return nil, fmt.Errorf("%w %q", ErrNotation, opts.Notation)
	}
	l := lang.English
	if opts.Lang != "" {
		var ok bool
		if l, ok = lang.Match(opts.Lang); !ok {
			return nil, fmt.Errorf("%w %q (want en, zh-TW or zh-CN)", ErrLang, opts.Lang)
		}
	}
	if l.Hans() {
		games = inScript(games, xiangqi.Simplified)
	}
	games = valuesIn(games, l)
	pieces, err := pieceTemplates(games, opts.Pieces)
	if err != nil {
		return nil, err
	}
	// Marshal escapes <, > and & as \u003c..., so no comment or tag can
	// close the <script> element the data sits in.
	js, err := json.Marshal(gamesData{Games: games, Notation: notation, Flipped: opts.Flipped, Text: l.Viewer()})
	if err != nil {
		return nil, fmt.Errorf("viewer: encoding the games: %w", err)
	}
	tmpl, err := template.New("page").Parse(pageTemplate)
	if err != nil {
		return nil, fmt.Errorf("viewer: page template: %w", err)
	}
	data := pageData{
		Lang:   string(l),
		Title:  pageTitle(games[0], opts.Title, l),
		Style:  template.CSS(style),
		Script: template.JS(script),
		Data:   template.JS(js),
		Pieces: pieces,
	}
	var buf bytes.Buffer
	if err := tmpl.Execute(&buf, data); err != nil {
		return nil, fmt.Errorf("viewer: page template: %w", err)
	}
	return buf.Bytes(), nil
}

// checkGames rejects games the page cannot show: of another variant, or
// without their start position.
func checkGames(games []Game) error {
	for i, g := range games {
		if g.Variant != Chess && g.Variant != Xiangqi && g.Variant != Discs {
			return fmt.Errorf("game %d: %w %q", i+1, ErrVariant, g.Variant)
		}
		if len(g.Nodes) == 0 {
			return fmt.Errorf("game %d: %w", i+1, ErrNoStart)
		}
	}
	return nil
}

// pieceTemplates returns the pictures of every piece of the variants
// games use, in a fixed order.
func pieceTemplates(games []Game, custom map[string]string) ([]pieceTemplate, error) {
	var out []pieceTemplate
	for _, v := range []Board{Chess, Xiangqi, Discs} {
		if !usesVariant(games, v) {
			continue
		}
		codes := chessCodes
		switch v {
		case Xiangqi:
			codes = xiangqiCodes
			if usesFaceDown(games) {
				codes += faceDownCodes
			}
		case Discs:
			codes = xiangqiCodes + "x"
		}
		for i := range len(codes) {
			code := codes[i]
			markup, err := pieceMarkup(v, code, custom)
			if err != nil {
				return nil, err
			}
			out = append(out, pieceTemplate{ID: fmt.Sprintf("piece-%s-%c", v, code), Markup: template.HTML(markup)})
		}
	}
	return out, nil
}

// usesFaceDown reports whether any xiangqi game's positions hold a face-down
// piece (X or x).
func usesFaceDown(games []Game) bool {
	for _, g := range games {
		for _, n := range g.Nodes {
			board, _, _ := strings.Cut(n.FEN, " ")
			if g.Variant == Xiangqi && strings.ContainsAny(board, faceDownCodes) {
				return true
			}
		}
	}
	return false
}

// usesVariant reports whether any game is of variant v.
func usesVariant(games []Game, v Board) bool {
	for _, g := range games {
		if g.Variant == v {
			return true
		}
	}
	return false
}

// pieceMarkup picks the picture of a piece: the prefixed key, the bare
// letter, or the built-in one. A board of discs takes xiangqi's pieces
// ("xiangqi:K") after its own, never a bare letter (a chess piece's) nor
// xiangqi's x (a black piece face down: its x has no side).
func pieceMarkup(v Board, code byte, custom map[string]string) (string, error) {
	markup, ok := custom[string(v)+":"+string(code)]
	switch {
	case !ok && v == Discs && code != 'x':
		markup, ok = custom[string(Xiangqi)+":"+string(code)]
	case !ok && v != Discs:
		markup, ok = custom[string(code)]
	}
	if !ok {
		return defaultPiece(v, code), nil
	}
	lower := strings.ToLower(markup)
	if strings.Contains(lower, "<script") || strings.Contains(lower, "</template") {
		return "", fmt.Errorf("%w: piece %c holds <script> or </template>", ErrPieceMarkup, code)
	}
	return markup, nil
}

// pageTitle is the title given, or the first game's players, or else the
// viewer's title, in language l.
func pageTitle(g Game, title string, l lang.Lang) string {
	if title != "" {
		return title
	}
	first := tagValue(g.Tags, "White")
	if g.Variant == Xiangqi && tagValue(g.Tags, "Red") != "" {
		first = tagValue(g.Tags, "Red")
	}
	second := tagValue(g.Tags, "Black")
	if first == "" && second == "" {
		return l.Text(lang.ViewerTitle)
	}
	return orUnknown(first, l) + l.Text(lang.ViewerVersus) + orUnknown(second, l)
}

func tagValue(tags []Tag, name string) string {
	for _, t := range tags {
		if t.Name == name {
			return t.Value
		}
	}
	return ""
}

func orUnknown(s string, l lang.Lang) string {
	if s == "" {
		return l.Text(lang.ViewerUnknown)
	}
	return s
}

// ScriptHashes returns the Content-Security-Policy sources ('sha256-...')
// of the inline scripts of every page Write writes: a policy with
// script-src limited to them runs the viewer. (The games' JSON sits in a
// data block, which is not a script the policy governs.)
func ScriptHashes() []string { return []string{cspHash(script)} }

// StyleHashes returns the Content-Security-Policy sources of the inline
// style elements of every page Write writes, for style-src.
func StyleHashes() []string { return []string{cspHash(style)} }

// cspHash is the CSP hash source of an inline element's text.
func cspHash(text string) string {
	sum := sha256.Sum256([]byte(text))
	return "'sha256-" + base64.StdEncoding.EncodeToString(sum[:]) + "'"
}

// valuesIn returns games with the tag values other programs' words stand
// for worded in l, as the tags' table shows them (the tags' names the
// script words): a Termination that names one of the endings Gambit
// writes ("resignation", "checkmate"; xiangqi's stalemate the loss it is),
// and the values lang knows (TagValuePrefix: xqbase's [Game "Chinese
// Chess"], [Format "Chinese"]); others keep theirs, and in English all do
// (the PGN's words are English). games are not changed.
func valuesIn(games []Game, l lang.Lang) []Game {
	if l == lang.English {
		return games
	}
	out := make([]Game, len(games))
	for i, g := range games {
		out[i] = g
		out[i].Tags = make([]Tag, len(g.Tags))
		for j, t := range g.Tags {
			out[i].Tags[j] = t
			key := lang.TagValuePrefix + lang.Key(t.Name+"."+t.Value)
			if t.Name == "Termination" {
				key = lang.EndPrefix + lang.Key(t.Value)
				if g.Variant == Xiangqi && t.Value == "stalemate" {
					key = lang.EndXiangqiStalemate
				}
			}
			if l.Has(key) {
				out[i].Tags[j].Value = l.Text(key)
			}
		}
	}
	return out
}
