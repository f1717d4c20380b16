package seeded_test

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/gambitchess/gambit/internal/pgntag"
	"github.com/gambitchess/gambit/variant/fair"
	"github.com/gambitchess/gambit/variant/seeded"
)

// Tiles is a toy seeded game, the smallest with a hidden draw: eight
// face-down tiles, numbered 1 to 8, hide the values 1 to 8 as the seed
// shuffles them. A move "t3" turns tile 3 up, which the record follows with
// {[%flip 6]}; White turns up the odd plies' tiles, Black the even ones',
// and once all are up the larger sum wins.
var (
	errBadPGN    = errors.New("tiles: bad tiles PGN")
	errBadSeed   = errors.New("tiles: bad seed")
	errWrongDeal = errors.New("tiles: a flip does not match the seed")
)

// tiles replays a tiles game: it is the Replay.
type tiles struct {
	value [8]int // by tile, from the seed
	up    [8]bool
	sum   [2]int // by side: 0 White, 1 Black
	plies int
	flip  int // the value the last move turned up until its comment comes; 0 then
}

type tilesOutcome struct{ sum [2]int }

func (o tilesOutcome) Over() bool { return o.sum != [2]int{} }

func (o tilesOutcome) Result() string {
	switch {
	case o.sum[0] > o.sum[1]:
		return "1-0"
	case o.sum[0] < o.sum[1]:
		return "0-1"
	}
	return "1/2-1/2"
}

func (o tilesOutcome) String() string {
	return fmt.Sprintf("%s (%d to %d)", o.Result(), o.sum[0], o.sum[1])
}

func newTiles(seed fair.Seed) *tiles {
	v := &tiles{}
	for i, n := range seed.Shuffle("tiles", 8, 8) {
		v.value[i] = n + 1
	}
	return v
}

func (v *tiles) Move(t pgntag.Token) error {
	if v.flip != 0 {
		return fmt.Errorf("%w: line %d: move %d lacks its comment {[%%flip %d]}", errBadPGN, t.Line, v.plies, v.flip)
	}
	n, err := strconv.Atoi(strings.TrimPrefix(t.Text, "t"))
	if err != nil || n < 1 || n > 8 || v.up[n-1] || !strings.HasPrefix(t.Text, "t") {
		return fmt.Errorf("%w: line %d, move %d (%s): no such face-down tile", errBadPGN, t.Line, v.plies+1, t.Text)
	}
	v.up[n-1] = true
	v.flip = v.value[n-1]
	v.sum[v.plies%2] += v.flip
	v.plies++
	return nil
}

func (v *tiles) Comment(t pgntag.Token) error {
	body, ok := strings.CutPrefix(t.Text, "[%flip ")
	if !ok {
		return nil // an ordinary comment
	}
	body, _ = strings.CutSuffix(body, "]")
	switch {
	case v.flip == 0:
		return fmt.Errorf("%w: line %d: a flip after move %d, which turned nothing up", errWrongDeal, t.Line, v.plies)
	case body != strconv.Itoa(v.flip):
		return fmt.Errorf("%w: line %d: move %d turned up %s, the seed dealt %d", errWrongDeal, t.Line, v.plies, body, v.flip)
	}
	v.flip = 0
	return nil
}

func (v *tiles) End(t pgntag.Token) error {
	if v.flip != 0 {
		return fmt.Errorf("%w: line %d: move %d lacks its comment {[%%flip %d]}", errBadPGN, t.Line, v.plies, v.flip)
	}
	return nil
}

func (v *tiles) Outcome() seeded.Outcome {
	if v.plies < 8 {
		return tilesOutcome{}
	}
	return tilesOutcome{v.sum}
}

var tilesSpec = seeded.Spec[*tiles]{
	Variant: "Tiles",
	BadPGN:  errBadPGN,
	BadSeed: errBadSeed,
	Start: func(_ map[string]string, seed fair.Seed) (*tiles, error) {
		return newTiles(seed), nil
	},
}

// tilesPGN writes a game of tiles in which the tiles are turned up in
// order, every flip recorded.
func tilesPGN(seed fair.Seed) string {
	v := newTiles(seed)
	var sb strings.Builder
	fmt.Fprintf(&sb, "[Variant \"Tiles\"]\n[SeedHash \"%s\"]\n[Seed \"%s\"]\n\n", seed.Commitment(), seed)
	for i := range 8 {
		if i%2 == 0 {
			fmt.Fprintf(&sb, "%d. ", i/2+1)
		}
		fmt.Fprintf(&sb, "t%d {[%%flip %d]} ", i+1, v.value[i])
		v.sum[i%2] += v.value[i]
	}
	sb.WriteString(tilesOutcome{v.sum}.Result() + "\n")
	return sb.String()
}

// A variant supplies its Spec and Replay; Verify does the rest.
func Example() {
	seed, _ := fair.ParseSeed("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f")
	pgn := tilesPGN(seed)
	fmt.Println(pgn)
	v, err := seeded.Verify(strings.NewReader(pgn), tilesSpec)
	fmt.Println(v.plies, err)

	// The first flip recorded as another value than the seed dealt:
	tampered := strings.Replace(pgn, "t1 {[%flip 4]}", "t1 {[%flip 5]}", 1)
	_, err = seeded.Verify(strings.NewReader(tampered), tilesSpec)
	fmt.Println(err)
	// Output:
	// [Variant "Tiles"]
	// [SeedHash "630dcd2966c4336691125448bbb25b4ff412a49c732db2c8abc1b8581bd710dd"]
	// [Seed "000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f"]
	//
	// 1. t1 {[%flip 4]} t2 {[%flip 3]} 2. t3 {[%flip 2]} t4 {[%flip 5]} 3. t5 {[%flip 1]} t6 {[%flip 8]} 4. t7 {[%flip 7]} t8 {[%flip 6]} 0-1
	//
	// 8 <nil>
	// tiles: a flip does not match the seed: line 5: move 1 turned up 5, the seed dealt 4
}
