package main

import (
	"bytes"
	"errors"
	"fmt"
	"github.com/gambitchess/gambit/internal/lang"
	"io"
	"os"
	"path/filepath"
	"strings"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/render"
	"github.com/gambitchess/gambit/xiangqi"
	"github.com/spf13/cobra"
)

// maxRenderSize bounds --size, and with it the memory a PNG takes.
const maxRenderSize = 4096

// renderFlags are gambit render's options, as typed on the command line.
type renderFlags struct {
	variant, fen         string
	size                 int
	flip, coords, check  bool
	coordStyle, lastMove string
	arrows, squares      string
	pieces, cssFile, out string
	text, ascii          bool
	pgn                  string
	game                 int
	gameSet              bool   // --game given: with --html, only that game
	variantSet           bool   // --variant given: with --html, no guessing
	html, gif            string // --html OUT.html: the viewer; --gif OUT.gif: -o for a GIF
	lang                 string // --lang: the viewer's language
	script               string // --script: xiangqi's characters
}

func newRenderCmd() *cobra.Command {
	var f renderFlags
	cmd := &cobra.Command{
		Use:   "render",
		Short: "Draw a position as SVG, PNG or text",
		Long: "render draws a chess, Chess960 or xiangqi position. With -o the format follows the\n" +
			"file's extension (.svg or .png); without it SVG goes to standard output. --text prints\n" +
			"the board for a terminal (Unicode, or FEN letters with --ascii). --arrows and --squares\n" +
			"take the PGN comment forms: Ge2e4,Rb1c3 and Ga4,Rb5 (colours G, R, Y, B). With --pgn\n" +
			"it draws a game instead of --fen: -o game.gif animates every position of the mainline\n" +
			"(each move's [%csl]/[%cal] marks shown; --gif FILE says the same), .svg and .png show the\n" +
			"final position, and --html FILE writes the file's games (or --game N) as one standalone\n" +
			"HTML page that replays them offline: board, moves with comments and variations, keys.",
		Args: argsRange(0, 0),
		RunE: func(cmd *cobra.Command, _ []string) error {
			f.gameSet, f.variantSet = cmd.Flags().Changed("game"), cmd.Flags().Changed("variant")
			return runRender(cmd.OutOrStdout(), f)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&f.variant, "variant", variantChess, orList(engineVariants()))
	fl.StringVar(&f.fen, "fen", "", "the position (default: the start position)")
	fl.IntVar(&f.size, "size", render.DefaultSize, "image width in pixels")
	fl.BoolVar(&f.flip, "flip", false, "Black at the bottom")
	fl.BoolVar(&f.coords, "coords", false, "draw coordinates")
	fl.StringVar(&f.script, "script", "traditional", "xiangqi's pieces and river in traditional (俥 傌 帥, 漢界) or simplified (车 马 帅, 汉界) characters")
	fl.StringVar(&f.coordStyle, "coord-style", "iccs", "xiangqi coordinates: iccs (a-i, 0-9) or traditional (1-9, 九…一)")
	fl.StringVar(&f.lastMove, "lastmove", "", "highlight the last move, in UCI (ICCS) text: e2e4")
	fl.BoolVar(&f.check, "check", true, "highlight a king in check and the pieces giving it")
	fl.StringVar(&f.arrows, "arrows", "", "coloured arrows: Ge2e4,Rb1c3")
	fl.StringVar(&f.squares, "squares", "", "coloured squares: Ga4,Rb5")
	fl.StringVar(&f.pieces, "pieces", "cburnett", "chess pieces: cburnett or glyph")
	fl.StringVar(&f.cssFile, "css", "", "a style sheet file to include in the SVG")
	fl.StringVarP(&f.out, "output", "o", "", "write to this .svg or .png file")
	fl.BoolVar(&f.text, "text", false, "print the board as text")
	fl.BoolVar(&f.ascii, "ascii", false, "with --text: FEN letters instead of Unicode")
	fl.StringVar(&f.pgn, "pgn", "", "draw a game of this PGN file: its final position, or every position with -o FILE.gif")
	fl.IntVar(&f.game, "game", 1, "with --pgn: the game's number in the file (--html: all games unless given)")
	fl.StringVar(&f.gif, "gif", "", "with --pgn: write the game as an animated GIF to this file (as -o FILE.gif)")
	fl.StringVar(&f.html, "html", "", "with --pgn: write the games as a standalone interactive HTML viewer to this file")
	fl.StringVar(&f.lang, "lang", "en", "with --html: the viewer's language, en, zh-TW (繁體中文) or zh-CN (简体中文; xiangqi moves in simplified characters)")
	atLeast(cmd, 16, "size")
	atLeast(cmd, 1, "game")
	return cmd
}

func runRender(stdout io.Writer, f renderFlags) error {
	if f.html != "" {
		return runRenderHTML(f)
	}
	if f.gif != "" {
		if f.out != "" && f.out != f.gif {
			return usageError{errors.New("render: --gif and -o: give one")}
		}
		if !strings.EqualFold(filepath.Ext(f.gif), ".gif") {
			return usageError{fmt.Errorf("render: --gif %s: want a .gif file", f.gif)}
		}
		f.out = f.gif
	}
	o, err := renderOptions(f)
	if err != nil {
		return usageError{err}
	}
	if f.pgn != "" && f.text {
		return usageError{errors.New("render: --text: not with --pgn")}
	}
	if f.text {
		text, err := boardText(f, o)
		if err != nil {
			return usageError{err}
		}
		_, err = io.WriteString(stdout, text)
		return err
	}
	format, err := outputFormat(f.out)
	if err != nil {
		return usageError{err}
	}
	if format == "gif" && f.pgn == "" {
		return usageError{fmt.Errorf("render: -o %s: a GIF needs --pgn", f.out)}
	}
	var d *render.Drawing
	var frames []*render.Drawing
	if f.pgn != "" {
		if frames, err = pgnFrames(f.variant, f.pgn, f.game, o); err != nil {
			return err // a command that ran and failed: the file, not the command line
		}
		d = frames[len(frames)-1]
	} else if d, err = boardDrawing(f.variant, f.fen, o); err != nil {
		return usageError{err}
	}
	var buf bytes.Buffer
	switch format {
	case "gif":
		err = render.GIF(&buf, frames, render.GIFOptions{})
	case "png":
		err = render.PNG(&buf, d)
	default:
		err = d.WriteSVG(&buf)
	}
	if err != nil {
		return err
	}
	if f.out == "" {
		_, err = stdout.Write(buf.Bytes())
		return err
	}
	if err := os.WriteFile(f.out, buf.Bytes(), 0o644); err != nil {
		return fmt.Errorf("render: %w", err)
	}
	return nil
}

// outputFormat picks "svg", "png" or "gif" from the output file's extension.
func outputFormat(out string) (string, error) {
	if out == "" {
		return "svg", nil
	}
	switch ext := strings.ToLower(filepath.Ext(out)); ext {
	case ".svg", ".png", ".gif":
		return ext[1:], nil
	default:
		return "", fmt.Errorf("render: -o %s: unknown format %q (want .svg, .png or .gif)", out, ext)
	}
}

// renderOptions turns the flags into render.Options, reading the style sheet.
func renderOptions(f renderFlags) (render.Options, error) {
	o := render.Options{Size: f.size, Coordinates: f.coords, Flipped: f.flip, LastMove: f.lastMove, Check: f.check}
	if f.size > maxRenderSize {
		return o, fmt.Errorf("render: --size: %d is too large (at most %d)", f.size, maxRenderSize)
	}
	if err := checkVariant(f.variant); err != nil {
		return o, fmt.Errorf("render: --variant: %w", errors.Unwrap(err))
	}
	switch f.coordStyle {
	case "iccs":
	case "traditional":
		o.CoordStyle = render.CoordTraditional
	default:
		return o, fmt.Errorf("render: --coord-style: unknown style %q (want iccs or traditional)", f.coordStyle)
	}
	sc, ok := xiangqi.ParseScript(f.script)
	if !ok {
		return o, fmt.Errorf("render: --script: unknown script %q (want traditional or simplified)", f.script)
	}
	o.Script = sc
	switch f.pieces {
	case "cburnett":
	case "glyph":
		o.Pieces = render.Glyph
	default:
		return o, fmt.Errorf("render: --pieces: unknown set %q (want cburnett or glyph)", f.pieces)
	}
	var err error
	if o.Marks.Arrows, err = render.ParseArrows(f.arrows); err != nil {
		return o, flagError("--arrows", err)
	}
	if o.Marks.Squares, err = render.ParseSquareMarks(f.squares); err != nil {
		return o, flagError("--squares", err)
	}
	if f.cssFile != "" {
		css, err := os.ReadFile(f.cssFile)
		if err != nil {
			return o, fmt.Errorf("render: --css: %w", err)
		}
		o.CSS = string(css)
	}
	return o, nil
}

// boardDrawing parses the position and draws it. The CLI and its fuzz
// target both go through here.
func boardDrawing(variant, fen string, o render.Options) (*render.Drawing, error) {
	board, chess960, err := boardOf(variant)
	if err != nil {
		return nil, fmt.Errorf("render: --variant: %w", errors.Unwrap(err))
	}
	if board == game.BoardXiangqi {
		p, err := parseXiangqi(fen)
		if err != nil {
			return nil, fenFlagError(err)
		}
		return wrapRender(render.Xiangqi(&p, o))
	}
	p, err := parseChessFEN(chess960, fen)
	if err != nil {
		return nil, fenFlagError(err)
	}
	return wrapRender(render.Chess(&p, o))
}

func boardText(f renderFlags, o render.Options) (string, error) {
	board, chess960, err := boardOf(f.variant)
	if err != nil {
		return "", fmt.Errorf("render: --variant: %w", errors.Unwrap(err))
	}
	if board == game.BoardXiangqi {
		p, err := parseXiangqi(f.fen)
		if err != nil {
			return "", fenFlagError(err)
		}
		return render.XiangqiText(&p, o, !f.ascii), nil
	}
	p, err := parseChessFEN(chess960, f.fen)
	if err != nil {
		return "", fenFlagError(err)
	}
	return render.ChessText(&p, o, !f.ascii), nil
}

// fenFlagError names the flag: "render: --fen: field 2 (side to move): ...".
func fenFlagError(err error) error {
	return fmt.Errorf("render: --fen: %s", strings.TrimPrefix(strings.TrimPrefix(err.Error(), "fen: "), "xiangqi: fen: "))
}

// flagError names the flag behind a render error: "render: --arrows: ...".
func flagError(flag string, err error) error {
	return fmt.Errorf("render: %s: %s", flag, strings.TrimPrefix(err.Error(), "render: "))
}

// wrapRender names the flag behind an error of the drawing (a square or
// move off the board).
func wrapRender(d *render.Drawing, err error) (*render.Drawing, error) {
	var me *render.MarkError
	switch {
	case err == nil:
		return d, nil
	case errors.As(err, &me) && me.Kind == "arrow":
		return nil, flagError("--arrows", err)
	case errors.As(err, &me):
		return nil, flagError("--squares", err)
	default:
		return nil, flagError("--lastmove", err)
	}
}

// runRenderHTML writes --pgn's games as the standalone HTML viewer.
func runRenderHTML(f renderFlags) error {
	if f.pgn == "" {
		return usageError{errors.New("render: --html needs --pgn FILE")}
	}
	if f.out != "" || f.gif != "" || f.text {
		return usageError{errors.New("render: --html: not with -o, --gif or --text")}
	}
	if _, ok := lang.Match(f.lang); !ok {
		return usageError{fmt.Errorf("render: --lang: unknown language %q (want en, zh-TW or zh-CN)", f.lang)}
	}
	game, variant := 0, ""
	if f.gameSet {
		game = f.game
	}
	if f.variantSet {
		// The viewer reads a board's PGN: a Chess960 game's FEN tag says
		// where it starts, so its board is all the viewer needs.
		board, _, err := boardOf(f.variant)
		if err != nil {
			return usageError{fmt.Errorf("render: --variant: %w", errors.Unwrap(err))}
		}
		variant = string(board)
	}
	return renderHTML(f.pgn, game, variant, f.html, f.lang)
}
