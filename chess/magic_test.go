package chess

import (
	"flag"
	"fmt"
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

// TestFindMagics checks the magic search itself on a few squares (the
// committed tables were made by it); with -magics.print it searches all 128
// and prints them for magics.go.
func TestFindMagics(t *testing.T) {
	rng := xorshift(0x9E3779B97F4A7C15)
	squares := []Square{A1, E4, H8}
	if *printMagics {
		squares = nil
		for s := A1; s <= H8; s++ {
			squares = append(squares, s)
		}
	}
	for _, dirs := range []*[4][2]int{&rookDirs, &bishopDirs} {
		var found []string
		for _, s := range squares {
			m := findMagic(s, dirs, &rng)
			found = append(found, fmt.Sprintf("0x%016x,", m))
		}
		if *printMagics {
			t.Logf("%v", found)
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
