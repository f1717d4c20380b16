// Package fair draws the hidden random choices of a game (a roll, the
// squares of hidden pieces) so that anyone can check them once the game is
// over: "provably fair", as online games of chance say.
//
// The scheme:
//
//  1. When a game is created, the server draws a 32-byte secret Seed with
//     crypto/rand and publishes its Commitment, the SHA-256 hash of the
//     seed's bytes, in hex.
//  2. Every random choice of the game is derived from the seed and a label
//     that names the choice ("roll 12 2": the second draw of the twelfth
//     turn; "square 3": the third square drawn): Intn returns a number in [0, n)
//     from HMAC-SHA256(seed, label), so no choice depends on when it was
//     made, nor on anything a player does, except through what n is.
//  3. When the game ends, the seed is revealed. Anyone can then check that
//     its hash is the commitment published at the start, and derive every
//     choice again.
//
// A player who knows the commitment learns nothing of the seed (SHA-256 is
// preimage resistant), and the server cannot change the seed once the
// commitment is out, so it cannot steer a roll towards one side.
package fair

import (
	"crypto/hmac"
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/binary"
	"encoding/hex"
	"errors"
	"fmt"
	"strconv"
)

// Seed is a game's secret: every random choice of the game comes from it.
type Seed [32]byte

// NewSeed draws a seed with crypto/rand.
func NewSeed() (Seed, error) {
	var s Seed
	if _, err := rand.Read(s[:]); err != nil {
		return Seed{}, fmt.Errorf("fair: drawing a seed: %w", err)
	}
	return s, nil
}

// ErrBadSeed is returned for a seed or commitment that is not 64 hex digits.
var ErrBadSeed = errors.New("fair: bad seed")

// ErrMismatch is returned when a seed does not hash to its commitment.
var ErrMismatch = errors.New("fair: the seed does not match the commitment")

// ParseSeed reads a seed written by String: 64 hex digits.
func ParseSeed(text string) (Seed, error) {
	b, err := parseHex32(text)
	if err != nil {
		return Seed{}, fmt.Errorf("%w: %v", ErrBadSeed, err)
	}
	return Seed(b), nil
}

// String writes the seed as 64 lowercase hex digits.
func (s Seed) String() string { return hex.EncodeToString(s[:]) }

// Commitment returns the hash published before the game: SHA-256 of the
// seed's 32 bytes, in lowercase hex.
func (s Seed) Commitment() string {
	h := sha256.Sum256(s[:])
	return hex.EncodeToString(h[:])
}

// Check reports whether the seed is the one commitment was made for.
func (s Seed) Check(commitment string) error {
	want, err := parseHex32(commitment)
	if err != nil {
		return fmt.Errorf("%w: commitment: %v", ErrBadSeed, err)
	}
	got := sha256.Sum256(s[:])
	if subtle.ConstantTimeCompare(got[:], want[:]) != 1 {
		return ErrMismatch
	}
	return nil
}

// Reveal reads a revealed seed and checks it against the commitment
// published before the game: errors wrap ErrBadSeed or ErrMismatch.
func Reveal(seed, commitment string) (Seed, error) {
	s, err := ParseSeed(seed)
	if err != nil {
		return Seed{}, err
	}
	if err := s.Check(commitment); err != nil {
		return Seed{}, err
	}
	return s, nil
}

// Intn returns the choice labelled label, uniform in [0, n); n must be
// positive. It is HMAC-SHA256 keyed with the seed over the label, read as
// big-endian 64-bit numbers, the first below the largest multiple of n
// that fits in 64 bits taken modulo n (rejection sampling keeps it exactly
// uniform). Should all four numbers of one block be rejected (odds below
// 2^-200), the block for label + " 1" is used, then " 2", and so on.
func (s Seed) Intn(label string, n int) int {
	if n <= 0 {
		panic("fair: Intn with n <= 0")
	}
	limit := ^uint64(0) - ^uint64(0)%uint64(n) // values >= limit would favour small numbers
	for round := 0; ; round++ {
		l := label
		if round > 0 {
			l += " " + strconv.Itoa(round)
		}
		mac := hmac.New(sha256.New, s[:])
		mac.Write([]byte(l))
		sum := mac.Sum(nil)
		for i := 0; i < len(sum); i += 8 {
			if v := binary.BigEndian.Uint64(sum[i:]); v < limit {
				return int(v % uint64(n))
			}
		}
	}
}

// Shuffle returns the first k of the numbers 0 to n-1 in the order a
// Fisher-Yates shuffle labelled label puts them: step i swaps position i
// with i + Intn(label+" "+i, n-i). It draws k distinct numbers.
func (s Seed) Shuffle(label string, n, k int) []int {
	if k > n {
		k = n
	}
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	for i := range k {
		j := i + s.Intn(label+" "+strconv.Itoa(i+1), n-i)
		order[i], order[j] = order[j], order[i]
	}
	return order[:k]
}

func parseHex32(text string) ([32]byte, error) {
	var out [32]byte
	if len(text) != 64 {
		return out, fmt.Errorf("want 64 hex digits, have %d characters", len(text))
	}
	if _, err := hex.Decode(out[:], []byte(text)); err != nil {
		return out, err
	}
	return out, nil
}
