package account

import (
	"crypto/rand"
	"crypto/subtle"
	"encoding/base64"
	"errors"
	"fmt"
	"strconv"
	"strings"

	"golang.org/x/crypto/argon2"
)

// Params are argon2id's cost parameters. A hash keeps the ones it was made
// with, so that raising them later still verifies every stored hash (and
// NeedsRehash says which to make again at the next sign-in).
type Params struct {
	Memory  uint32 // KiB
	Time    uint32 // passes
	Threads uint8
	SaltLen uint32
	KeyLen  uint32
}

// DefaultParams are the first of OWASP's argon2id configurations (Password
// Storage Cheat Sheet, "Argon2id": m=19456 (19 MiB), t=2, p=1), with a
// 16-byte salt and a 32-byte hash (RFC 9106, section 4).
var DefaultParams = Params{Memory: 19 * 1024, Time: 2, Threads: 1, SaltLen: 16, KeyLen: 32}

// errBadHash is a stored hash this package cannot read.
var errBadHash = errors.New("account: unreadable password hash")

// Hash returns password's argon2id hash in the PHC string form
// (github.com/P-H-C/phc-string-format), as the reference implementation
// writes it: $argon2id$v=19$m=19456,t=2,p=1$SALT$HASH, salt and hash in
// unpadded standard base64.
func (p Params) Hash(password string) (string, error) {
	salt := make([]byte, p.SaltLen)
	if _, err := rand.Read(salt); err != nil {
		return "", fmt.Errorf("account: salt: %w", err)
	}
	key := argon2.IDKey([]byte(password), salt, p.Time, p.Memory, p.Threads, p.KeyLen)
	b64 := base64.RawStdEncoding
	return fmt.Sprintf("$argon2id$v=%d$m=%d,t=%d,p=%d$%s$%s", argon2.Version, p.Memory, p.Time, p.Threads,
		b64.EncodeToString(salt), b64.EncodeToString(key)), nil
}

// parsed is a stored hash read back.
type parsed struct {
	p         Params
	salt, key []byte
}

// parseHash reads a hash Hash made.
func parseHash(h string) (parsed, error) {
	var out parsed
	parts := strings.Split(h, "$")
	if len(parts) != 6 || parts[0] != "" || parts[1] != "argon2id" || parts[2] != "v="+strconv.Itoa(argon2.Version) {
		return out, errBadHash
	}
	var m, t, p uint64
	for _, kv := range strings.Split(parts[3], ",") {
		k, v, ok := strings.Cut(kv, "=")
		n, err := strconv.ParseUint(v, 10, 32)
		if !ok || err != nil {
			return out, errBadHash
		}
		switch k {
		case "m":
			m = n
		case "t":
			t = n
		case "p":
			p = n
		default:
			return out, errBadHash
		}
	}
	// Bounds keep a corrupt row from costing the server more than a
	// deliberate raise of the parameters ever would.
	if m < 8 || m > 256<<10 || t < 1 || t > 10 || p < 1 || p > 16 {
		return out, errBadHash
	}
	b64 := base64.RawStdEncoding
	salt, err1 := b64.DecodeString(parts[4])
	key, err2 := b64.DecodeString(parts[5])
	if err1 != nil || err2 != nil || len(salt) < 8 || len(key) < 16 || len(key) > 64 {
		return out, errBadHash
	}
	out.p = Params{Memory: uint32(m), Time: uint32(t), Threads: uint8(p), SaltLen: uint32(len(salt)), KeyLen: uint32(len(key))}
	out.salt, out.key = salt, key
	return out, nil
}

// Verify reports whether password matches hash, comparing in constant
// time; an unreadable hash matches nothing.
func Verify(hash, password string) bool {
	ph, err := parseHash(hash)
	if err != nil {
		return false
	}
	key := argon2.IDKey([]byte(password), ph.salt, ph.p.Time, ph.p.Memory, ph.p.Threads, ph.p.KeyLen)
	return subtle.ConstantTimeCompare(key, ph.key) == 1
}

// NeedsRehash reports whether hash was made with weaker parameters than p.
func (p Params) NeedsRehash(hash string) bool {
	ph, err := parseHash(hash)
	return err != nil || ph.p.Memory < p.Memory || ph.p.Time < p.Time || ph.p.KeyLen < p.KeyLen || ph.p.SaltLen < p.SaltLen
}
