package fair

import (
	"errors"
	"strconv"
	"testing"
)

func TestCommitment(t *testing.T) {
	var s Seed // all zero bytes: SHA-256 of 32 zero bytes is a published constant
	const want = "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
	if got := s.Commitment(); got != want {
		t.Fatalf("Commitment = %s, want %s", got, want)
	}
	if err := s.Check(want); err != nil {
		t.Fatalf("Check: %v", err)
	}
	other := s
	other[0] = 1
	if err := other.Check(want); !errors.Is(err, ErrMismatch) {
		t.Fatalf("Check of another seed = %v, want ErrMismatch", err)
	}
}

func TestParseSeed(t *testing.T) {
	s, err := NewSeed()
	if err != nil {
		t.Fatal(err)
	}
	back, err := ParseSeed(s.String())
	if err != nil || back != s {
		t.Fatalf("ParseSeed(String()) = %v, %v", back, err)
	}
	for _, bad := range []string{"", "00", s.String() + "0", "zz" + s.String()[2:]} {
		if _, err := ParseSeed(bad); !errors.Is(err, ErrBadSeed) {
			t.Errorf("ParseSeed(%q) = %v, want ErrBadSeed", bad, err)
		}
	}
}

func TestIntnDeterministicAndUniform(t *testing.T) {
	s, _ := ParseSeed("000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f")
	if a, b := s.Intn("dice 1 1", 6), s.Intn("dice 1 1", 6); a != b {
		t.Fatalf("same label gave %d and %d", a, b)
	}
	counts := make([]int, 6)
	const draws = 60000
	for i := range draws {
		counts[s.Intn("x "+strconv.Itoa(i), 6)]++
	}
	for v, c := range counts {
		if c < draws/6-600 || c > draws/6+600 { // about 6 standard deviations
			t.Errorf("value %d drawn %d times of %d", v, c, draws)
		}
	}
	if s.Intn("one", 1) != 0 {
		t.Error("Intn(1) must be 0")
	}
}

func TestShuffleDistinct(t *testing.T) {
	s, _ := NewSeed()
	got := s.Shuffle("mines", 32, 8)
	if len(got) != 8 {
		t.Fatalf("len = %d", len(got))
	}
	seen := map[int]bool{}
	for _, v := range got {
		if v < 0 || v >= 32 || seen[v] {
			t.Fatalf("Shuffle = %v: not 8 distinct numbers below 32", got)
		}
		seen[v] = true
	}
}

func TestReveal(t *testing.T) {
	s, _ := NewSeed()
	if got, err := Reveal(s.String(), s.Commitment()); err != nil || got != s {
		t.Fatalf("Reveal = %v, %v", got, err)
	}
	other, _ := NewSeed()
	if _, err := Reveal(other.String(), s.Commitment()); !errors.Is(err, ErrMismatch) {
		t.Errorf("another seed: %v", err)
	}
	if _, err := Reveal("zz", s.Commitment()); !errors.Is(err, ErrBadSeed) {
		t.Errorf("a bad seed: %v", err)
	}
}
