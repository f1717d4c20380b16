package main

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"

	"github.com/gambitchess/gambit/internal/lang"
	"github.com/gambitchess/gambit/render"
	"github.com/gambitchess/gambit/render/viewer"
	"github.com/gambitchess/gambit/xiangqi"
)

// renderHTML writes the games of the PGN file at pgnPath (only game number
// game when it is positive) as a viewer page at htmlPath, its pieces the
// web app's (render's cburnett set and xiangqi discs). variant is
// "chess", "xiangqi", or empty to guess from the file; language is the
// page's (viewer.Options.Lang). Errors name the file and the game; on
// error nothing is written.
func renderHTML(pgnPath string, game int, variant, htmlPath, language string) error {
	data, err := os.ReadFile(pgnPath)
	if err != nil {
		return fmt.Errorf("render: %w", err)
	}
	name := filepath.Base(pgnPath)
	games, err := viewer.FromPGN(bytes.NewReader(data), guessVariant(variant, data))
	if err != nil {
		return fmt.Errorf("render: %s: %w", name, err)
	}
	if games, err = pickGame(games, game); err != nil {
		return fmt.Errorf("render: %s: %w", name, err)
	}
	script := xiangqi.Traditional // the pieces in the page's script, as its moves
	if l, ok := lang.Match(language); ok && l.Hans() {
		script = xiangqi.Simplified
	}
	pieces, err := render.PieceSVGsIn(render.Cburnett, script)
	if err != nil {
		return fmt.Errorf("render: %w", err)
	}
	var page bytes.Buffer
	if err := viewer.Write(&page, games, viewer.Options{Pieces: pieces, Lang: language}); err != nil {
		return fmt.Errorf("render: %s: %w", name, err)
	}
	return writeFileAtomic(htmlPath, page.Bytes())
}

// guessVariant returns the variant asked for, or else xiangqi for a file
// whose first header says so (as gambit pgn tells them), and chess
// otherwise. (Xiangqi PGN files end in .pgn like chess ones: the name
// tells nothing.)
func guessVariant(asked string, data []byte) viewer.Board {
	if asked != "" {
		return viewer.Board(asked)
	}
	if isXiangqiPGN(bytes.TrimPrefix(data, []byte("\xef\xbb\xbf"))) {
		return viewer.Xiangqi
	}
	return viewer.Chess
}

// pickGame keeps game number n (1-based) of games, or all when n is 0.
func pickGame(games []viewer.Game, n int) ([]viewer.Game, error) {
	switch {
	case len(games) == 0:
		return nil, fmt.Errorf("no game in the file")
	case n == 0:
		return games, nil
	case n > len(games):
		return nil, fmt.Errorf("game %d: no such game (the file has %d)", n, len(games))
	}
	return games[n-1 : n], nil
}

// writeFileAtomic writes data to a temporary file beside path, then
// renames it into place, so a failure leaves no half-written file.
func writeFileAtomic(path string, data []byte) error {
	tmp, err := os.CreateTemp(filepath.Dir(path), "."+filepath.Base(path)+".*")
	if err != nil {
		return fmt.Errorf("render: %w", err)
	}
	defer os.Remove(tmp.Name()) // after a successful rename, there is nothing left to remove
	if _, err := tmp.Write(data); err != nil {
		tmp.Close()
		return fmt.Errorf("render: writing %s: %w", path, err)
	}
	if err := tmp.Close(); err != nil {
		return fmt.Errorf("render: writing %s: %w", path, err)
	}
	if err := os.Chmod(tmp.Name(), 0o644); err != nil {
		return fmt.Errorf("render: %w", err)
	}
	if err := os.Rename(tmp.Name(), path); err != nil {
		return fmt.Errorf("render: %w", err)
	}
	return nil
}
