package chess

import (
	"flag"
	"fmt"
	"slices"
	"testing"
)

var printMagics = flag.Bool("magics.print", false, "TestFindMagics: print the magic tables it finds, in Go")

// xorshift is the deterministic generator used to search for magic numbers.
type xorshift uint64

func (x *xorshift) next() uint64 {
	*x ^= *x >> 12
	*x ^= *x << 25
	*x ^= *x >> 27
	return uint64(*x) * 2685821657736338717
}

// findMagic searches a multiplier that maps every relevant occupancy of a
// slider on s to a slot of a 2^bits table without destructive collisions.
// Sparse random numbers (the AND of three) make good candidates.
func findMagic(s Square, dirs *[4][2]int, rng *xorshift) uint64 {
	mask := relevantOccupancy(s, dirs)
	shift := 64 - mask.Count()
	var occs, refs []Bitboard
	for b := Bitboard(0); ; {
		occs, refs = append(occs, b), append(refs, slidingAttacks(s, b, dirs))
		b = (b - mask) & mask
		if b == 0 {
			break
		}
	}
	slots := make([]Bitboard, len(occs))
	used := make([]int, len(occs))
	for attempt := 1; ; attempt++ {
		a, b, c := rng.next(), rng.next(), rng.next()
		magic := a & b & c
		if (uint64(mask)*magic)>>56 < 6 {
			continue
		}
		ok := true
		for i, occ := range occs {
			idx := (uint64(occ) * magic) >> shift
			if used[idx] != attempt {
				used[idx], slots[idx] = attempt, refs[i]
			} else if slots[idx] != refs[i] {
				ok = false
				break
			}
		}
		if ok {
			return magic
		}
	}
}

// checkMagic reports the first occupancy of s's relevant squares that
// magic sends to a table slot already holding a different attack set (a
// destructive collision); nil means magic indexes the attack sets of s.
// It walks every subset of the mask itself, apart from findMagic.
func checkMagic(s Square, dirs *[4][2]int, magic uint64) error {
	mask := relevantOccupancy(s, dirs)
	shift := 64 - mask.Count()
	slots := make(map[uint64]Bitboard, 1<<mask.Count())
	for occ := Bitboard(0); ; {
		idx := (uint64(occ) * magic) >> shift
		att := slidingAttacks(s, occ, dirs)
		if prev, ok := slots[idx]; ok && prev != att {
			return fmt.Errorf("occupancy %#x lands on slot %d, which holds attacks %#x, not %#x", uint64(occ), idx, uint64(prev), uint64(att))
		}
		slots[idx] = att
		if occ = (occ - mask) & mask; occ == 0 {
			return nil
		}
	}
}

// TestFindMagics checks the magic search itself on a few squares with a
// fixed seed (the committed tables were made by it): each magic it finds
// indexes its square's attack sets without destructive collisions, and
// the same seed finds the same magics. It also checks the committed
// tables of magics.go the same way. With -magics.print it searches all
// 128 squares and prints them for magics.go.
func TestFindMagics(t *testing.T) {
	pieces := []struct {
		name      string
		dirs      *[4][2]int
		committed *[64]uint64
	}{
		{"rook", &rookDirs, &rookMagicNumbers},
		{"bishop", &bishopDirs, &bishopMagicNumbers},
	}
	// The checker is not vacuous: magic 0 sends every occupancy to slot 0.
	if checkMagic(E4, &rookDirs, 0) == nil {
		t.Fatal("checkMagic accepts magic 0 for a rook on e4")
	}

	squares := []Square{A1, E4, H8, B7, D5}
	if *printMagics {
		squares = nil
		for s := A1; s <= H8; s++ {
			squares = append(squares, s)
		}
	}
	search := func() (found [2][]uint64) {
		rng := xorshift(0x9E3779B97F4A7C15)
		for i, pc := range pieces {
			for _, s := range squares {
				found[i] = append(found[i], findMagic(s, pc.dirs, &rng))
			}
		}
		return found
	}
	found := search()
	for i, pc := range pieces {
		for j, s := range squares {
			if err := checkMagic(s, pc.dirs, found[i][j]); err != nil {
				t.Errorf("%s on %v: found magic %#x: %v", pc.name, s, found[i][j], err)
			}
		}
		if *printMagics {
			var text []string
			for _, m := range found[i] {
				text = append(text, fmt.Sprintf("0x%016x,", m))
			}
			t.Logf("%sMagicNumbers: %v", pc.name, text)
		}
	}
	for _, pc := range pieces {
		for s := A1; s <= H8; s++ {
			if err := checkMagic(s, pc.dirs, pc.committed[s]); err != nil {
				t.Errorf("%s on %v: committed magic %#x: %v", pc.name, s, pc.committed[s], err)
			}
		}
	}
	if *printMagics {
		return // the long search is not run twice
	}
	again := search()
	for i := range pieces {
		if !slices.Equal(again[i], found[i]) {
			t.Errorf("%s: the same seed found %#x, then %#x", pieces[i].name, found[i], again[i])
		}
	}
}

// TestSliderAttacks compares the magic lookups with a ray walk for every
// square under many pseudo-random occupancies.
func TestSliderAttacks(t *testing.T) {
	rng := xorshift(12345)
	for s := A1; s <= H8; s++ {
		for i := 0; i < 300; i++ {
			a, b := rng.next(), rng.next()
			occ := Bitboard(a & b)
			if got, want := RookAttacks(s, occ), slidingAttacks(s, occ, &rookDirs); got != want {
				t.Fatalf("rook on %v, occupancy %x: %x, want %x", s, uint64(occ), uint64(got), uint64(want))
			}
			if got, want := BishopAttacks(s, occ), slidingAttacks(s, occ, &bishopDirs); got != want {
				t.Fatalf("bishop on %v, occupancy %x: %x, want %x", s, uint64(occ), uint64(got), uint64(want))
			}
		}
	}
}
