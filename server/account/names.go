package account

import (
	"bufio"
	_ "embed"
	"fmt"
	"strings"
	"sync"

	"github.com/gambitchess/gambit/server/wire"
)

// The username rules: 3 to 20 ASCII letters, digits, "_" and "-", compared
// without regard to case (the store keeps them unique so), and none of the
// reserved names (reserved.txt's, compared the same way).
const (
	MinName = 3
	MaxName = 20
	// MinPassword is the shortest password taken (NIST SP 800-63B 5.1.1.2
	// asks for at least 8), and MaxPassword the longest: argon2 would take
	// more, but a megabyte of "password" is an attack on the hashing.
	MinPassword = 8
	MaxPassword = 256
)

// CheckName returns nil for a name an account may take, or an error
// wrapping wire.ErrBadUsername saying why not.
func CheckName(name string) error {
	if len(name) < MinName || len(name) > MaxName {
		return fmt.Errorf("%w: %d to %d characters", wire.ErrBadUsername, MinName, MaxName)
	}
	for i := 0; i < len(name); i++ {
		c := name[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
			return fmt.Errorf("%w: only letters, digits, _ and -", wire.ErrBadUsername)
		}
	}
	if lists().reserved[strings.ToLower(name)] {
		return fmt.Errorf("%w: this name is reserved", wire.ErrBadUsername)
	}
	return nil
}

// CheckPassword returns nil for a password an account may have, or an
// error wrapping wire.ErrWeakPassword saying why not: too short or too
// long, the username itself, or among the most common passwords
// (common-passwords.txt), compared without regard to case.
func CheckPassword(password, name string) error {
	switch n := len([]rune(password)); {
	case n < MinPassword:
		return fmt.Errorf("%w: at least %d characters", wire.ErrWeakPassword, MinPassword)
	case len(password) > MaxPassword:
		return fmt.Errorf("%w: at most %d bytes", wire.ErrWeakPassword, MaxPassword)
	}
	low := strings.ToLower(password)
	if name != "" && strings.Contains(low, strings.ToLower(name)) {
		return fmt.Errorf("%w: it contains the username", wire.ErrWeakPassword)
	}
	if lists().common[low] {
		return fmt.Errorf("%w: one of the most common passwords", wire.ErrWeakPassword)
	}
	return nil
}

// reservedText is the names no account may take: the site's own words,
// paths and roles, one a line ('#' starts a comment).
//
//go:embed reserved.txt
var reservedText string

// commonText is the common passwords refused (see its header for where
// the list comes from).
//
//go:embed common-passwords.txt
var commonText string

type wordLists struct{ reserved, common map[string]bool }

// lists reads the embedded lists once. They are constant: the sync.Once
// only defers the work until an account is first made.
var lists = sync.OnceValue(func() wordLists {
	return wordLists{reserved: readList(reservedText), common: readList(commonText)}
})

// readList reads one word a line, in lower case, skipping blank lines and
// '#' comments.
func readList(text string) map[string]bool {
	m := map[string]bool{}
	sc := bufio.NewScanner(strings.NewReader(text))
	for sc.Scan() {
		line := strings.TrimSpace(sc.Text())
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		m[strings.ToLower(line)] = true
	}
	return m
}
