package polyglot

import (
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"slices"
	"sort"

	"github.com/gambitchess/gambit/chess"
)

// EntrySize is the size of one book entry in bytes.
const EntrySize = 16

// ErrBadBook marks a file that is not a Polyglot book.
var ErrBadBook = errors.New("polyglot: not a Polyglot book")

// maxBookSize bounds what Read accepts: 1 GiB, 64 million entries, far
// beyond the largest books in use.
const maxBookSize = 1 << 30

// Entry is one raw book entry.
type Entry struct {
	Key    uint64
	Move   uint16 // the Polyglot move encoding (see the package comment)
	Weight uint16
	Learn  uint32
}

// Book is a Polyglot book held in memory, its entries sorted by key.
type Book struct {
	entries []Entry
}

// BookMove is a move the book knows for a position, with its weight.
type BookMove struct {
	Move   chess.Move
	Weight uint16
	Learn  uint32
}

// Key returns the Polyglot key of position p (chess keys its positions
// with the Polyglot numbers and rules).
func Key(p *chess.Position) uint64 { return p.Key() }

// Open reads the book file at path.
func Open(path string) (*Book, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, fmt.Errorf("polyglot: %w", err)
	}
	defer f.Close()
	b, err := Read(f)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, err)
	}
	return b, nil
}

// Read reads a whole book.
func Read(r io.Reader) (*Book, error) {
	data, err := io.ReadAll(io.LimitReader(r, maxBookSize+1))
	if err != nil {
		return nil, fmt.Errorf("polyglot: %w", err)
	}
	if len(data) > maxBookSize {
		return nil, fmt.Errorf("%w: larger than %d bytes", ErrBadBook, maxBookSize)
	}
	return Parse(data)
}

// Parse reads a book from its bytes: a whole number of 16-byte entries,
// sorted by key (a book whose keys go down could not be searched).
func Parse(data []byte) (*Book, error) {
	if len(data)%EntrySize != 0 {
		return nil, fmt.Errorf("%w: %d bytes is not a whole number of %d-byte entries", ErrBadBook, len(data), EntrySize)
	}
	b := &Book{entries: make([]Entry, len(data)/EntrySize)}
	for i := range b.entries {
		e := data[i*EntrySize:]
		b.entries[i] = Entry{Key: binary.BigEndian.Uint64(e), Move: binary.BigEndian.Uint16(e[8:]),
			Weight: binary.BigEndian.Uint16(e[10:]), Learn: binary.BigEndian.Uint32(e[12:])}
		if i > 0 && b.entries[i].Key < b.entries[i-1].Key {
			return nil, fmt.Errorf("%w: entry %d (byte %d): key %016x after %016x: the entries are not sorted by key",
				ErrBadBook, i, i*EntrySize, b.entries[i].Key, b.entries[i-1].Key)
		}
	}
	return b, nil
}

// Len returns the number of entries.
func (b *Book) Len() int { return len(b.entries) }

// Entries returns the raw entries of key, in the book's order.
func (b *Book) Entries(key uint64) []Entry {
	i := sort.Search(len(b.entries), func(i int) bool { return b.entries[i].Key >= key })
	j := i
	for j < len(b.entries) && b.entries[j].Key == key {
		j++
	}
	return b.entries[i:j]
}

// Contains reports whether the book has an entry for position p.
func (b *Book) Contains(p *chess.Position) bool { return len(b.Entries(Key(p))) > 0 }

// Moves returns the moves the book knows for p, the heaviest first (the
// book's order among equal weights). An entry whose move is not legal in p
// (a key collision, or a broken book) is left out.
func (b *Book) Moves(p *chess.Position) []BookMove {
	entries := b.Entries(Key(p))
	if len(entries) == 0 {
		return nil
	}
	var ml chess.MoveList
	p.GenerateLegal(&ml)
	out := make([]BookMove, 0, len(entries))
	for _, e := range entries {
		for _, m := range ml.Moves() {
			if Encode(m) == e.Move {
				out = append(out, BookMove{Move: m, Weight: e.Weight, Learn: e.Learn})
				break
			}
		}
	}
	slices.SortStableFunc(out, func(x, y BookMove) int { return int(y.Weight) - int(x.Weight) })
	return out
}

// Pick chooses one of the book's moves for p at random, in proportion to
// the weights (as Polyglot does); a move of weight 0 is never chosen. ok
// is false when the book has no move of positive weight for p.
func (b *Book) Pick(p *chess.Position, r *rand.Rand) (m BookMove, ok bool) {
	moves := b.Moves(p)
	total := 0
	for _, bm := range moves {
		total += int(bm.Weight)
	}
	if total == 0 {
		return BookMove{}, false
	}
	n := r.IntN(total)
	for _, bm := range moves {
		if n < int(bm.Weight) {
			return bm, true
		}
		n -= int(bm.Weight)
	}
	return BookMove{}, false // not reached: n < total
}

// Encode returns the Polyglot encoding of move m: squares numbered as
// chess numbers them (file + 8·rank), castling as the king taking its
// rook, which is how package chess encodes castling too.
func Encode(m chess.Move) uint16 {
	raw := uint16(m.To()) | uint16(m.From())<<6
	if m.Kind() == chess.Promotion {
		raw |= uint16(m.Promotion()-chess.Knight+1) << 12
	}
	return raw
}
