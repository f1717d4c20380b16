package wire

import (
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"os"
	"strings"
)

// WriteJSON answers status with v as JSON.
func WriteJSON(w http.ResponseWriter, status int, v any) {
	w.Header().Set("Content-Type", "application/json")
	w.WriteHeader(status)
	_ = json.NewEncoder(w).Encode(v)
}

// DecodeBody reads a request body of JSON into a T: unknown fields are
// refused, a body over its limit is ErrTooLarge, and an empty body reads
// as the zero T (every request type has a meaning for it, or a check
// after decoding). It is the one decoder of every POST body of JSON.
func DecodeBody[T any](body io.Reader) (T, error) {
	var req T
	dec := json.NewDecoder(body)
	dec.DisallowUnknownFields()
	if err := dec.Decode(&req); err != nil && !errors.Is(err, io.EOF) {
		var zero T
		var tooBig *http.MaxBytesError
		if errors.As(err, &tooBig) {
			return zero, fmt.Errorf("%w: the request body is over %d bytes", ErrTooLarge, tooBig.Limit)
		}
		if errors.Is(err, os.ErrDeadlineExceeded) { // the server's ReadTimeout: a body too slow to arrive
			return zero, fmt.Errorf("%w: the request body came too slowly", ErrTimeout)
		}
		return zero, fmt.Errorf("%w: malformed JSON: %v", ErrBadRequest, err)
	}
	return req, nil
}

// ValidID reports whether id could be a game's ID (ten characters of base
// 36, with room to grow), or a name of the same alphabet (a variant, a
// rating's perf), and nothing else.
func ValidID(id string) bool {
	if id == "" || len(id) > 32 {
		return false
	}
	for _, r := range id {
		if (r < '0' || r > '9') && (r < 'a' || r > 'z') {
			return false
		}
	}
	return true
}

// NewID returns a new game's id: ten characters of base 36 (ValidID's
// alphabet), drawn from crypto/rand.
func NewID() string {
	const digits = "0123456789abcdefghijklmnopqrstuvwxyz"
	var b strings.Builder
	for range 10 {
		b.WriteByte(digits[RandomInt(len(digits))])
	}
	return b.String()
}

// RandomInt returns a uniform int in [0, n) from crypto/rand.
func RandomInt(n int) int {
	v, _ := rand.Int(rand.Reader, big.NewInt(int64(n)))
	return int(v.Int64())
}
