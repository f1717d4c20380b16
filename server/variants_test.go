package server

import (
	"bytes"
	"context"
	"encoding/json"
	"flag"
	"net/http/httptest"
	"os"
	"path/filepath"
	"testing"

	"github.com/gambitchess/gambit/chess"
	"github.com/gambitchess/gambit/game"
	_ "github.com/gambitchess/gambit/variant/all" // every variant, as the binary registers them
	"github.com/gambitchess/gambit/variant/bomb/bombgame"
	"github.com/gambitchess/gambit/variant/dice/dicegame"
	"github.com/gambitchess/gambit/variant/fog/foggame"
)

// The server itself names no variant: these read the variants' own
// extensions out of what a test received, and give a variant's computer
// player, as its registration has it.

// sightPlayer is a variant's computer player (game.Computer.Play).
type sightPlayer = func(ctx context.Context, s game.Sight, seat chess.Color, level game.Level) (string, error)

// choose returns the computer player variant v registers.
func choose(v game.Variant) sightPlayer {
	spec, err := game.Lookup(v)
	if err != nil || spec.Computer == nil {
		panic("no computer player for " + string(v))
	}
	return spec.Computer.Play
}

// hardLevel is the strongest level of variant v's own computer player.
func hardLevel(v game.Variant) game.Level {
	spec, _ := game.Lookup(v)
	return spec.Computer.Levels[len(spec.Computer.Levels)-1]
}

// bombExt reads bomb chess's extension; the zero Mines when there is none.
func bombExt(e game.Ext) bombgame.Mines { m, _ := game.ExtAs[bombgame.Mines](e); return m }

// blastOf is the mine a bomb-chess step set off, if any.
func blastOf(st game.Step) string { b, _ := game.ExtAs[bombgame.Blast](st.Ext); return b.Blast }

// fogOf reads fog of war's extension: the squares in the fog (nil: none).
func fogOf(e game.Ext) []string { f, _ := game.ExtAs[foggame.Fog](e); return f.Fog }

// diceOf reads dice chess's extension; nil when there is none.
func diceOf(e game.Ext) *dicegame.Turn {
	if d, ok := game.ExtAs[dicegame.Turn](e); ok {
		return &d
	}
	return nil
}

// TestVariantsAPI: GET /api/variants lists every registered variant with
// what its registration says, and the computer's levels of each.
func TestVariantsAPI(t *testing.T) {
	s, _, _ := serve(t, openStore(t, t.TempDir()), nil)
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/api/variants", nil))
	var got []variantJSON
	if err := json.Unmarshal(rec.Body.Bytes(), &got); rec.Code != 200 || err != nil {
		t.Fatalf("GET /api/variants: %d %v %s", rec.Code, err, rec.Body)
	}
	if len(got) != len(game.Variants()) {
		t.Fatalf("%d variants listed, %d registered", len(got), len(game.Variants()))
	}
	for _, v := range got {
		spec, err := game.Lookup(v.Name)
		if err != nil {
			t.Fatalf("%s is listed but not registered", v.Name)
		}
		if v.Label != spec.Label || v.Board != spec.Board || v.Sides != spec.Sides || v.Takeback == spec.NoTakeback ||
			v.Hidden != spec.Hidden || v.Seeded != spec.Seeded || len(v.Terminations) != len(spec.Terminations) {
			t.Errorf("%s listed as %+v, registered as %+v", v.Name, v, spec)
		}
		if len(v.Levels) == 0 {
			t.Errorf("%s lists no computer level", v.Name)
		}
	}
}

var updateWebVariants = flag.Bool("update-web-variants", false, "write web/test/testdata/variants.json from GET /api/variants")

// webVariantsFile is the browser unit tests' copy of GET /api/variants.
var webVariantsFile = filepath.Join("..", "web", "test", "testdata", "variants.json")

// TestWebVariantsTestdata: the browser's unit tests read the registry the
// server sends (without external engines), not a copy kept by hand (run
// with -update-web-variants to write it again after a registration
// changes).
func TestWebVariantsTestdata(t *testing.T) {
	s, _, _ := serve(t, openStore(t, t.TempDir()), nil)
	rec := httptest.NewRecorder()
	s.Handler().ServeHTTP(rec, httptest.NewRequest("GET", "/api/variants", nil))
	var indented bytes.Buffer
	if err := json.Indent(&indented, bytes.TrimSpace(rec.Body.Bytes()), "", "  "); rec.Code != 200 || err != nil {
		t.Fatalf("GET /api/variants: %d %v %s", rec.Code, err, rec.Body)
	}
	want := append(indented.Bytes(), '\n')
	if *updateWebVariants {
		if err := os.WriteFile(webVariantsFile, want, 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(webVariantsFile)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, want) {
		t.Fatalf("%s is not what GET /api/variants sends: run go test ./server -run TestWebVariantsTestdata -update-web-variants", webVariantsFile)
	}
}
