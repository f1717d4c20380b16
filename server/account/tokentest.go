package account

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/gambitchess/gambit/server/guards"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/store"
)

// POST /api/token/test is lichess's token test: a text body of tokens
// separated by commas, at most 1000, answered by a JSON object that maps
// each token sent to its account and scopes, or null for one that is no
// live token of this server. lichess-bot asks it of its own token as it
// starts (and stops unless the token has bot:play), and berserk's
// client.oauth.test_tokens asks it of any. lichess's clients send it as
// text/plain, a form's type or none, and with no token: guards.Secure
// lets it through from anywhere (TokenTestRoute), as it reads no cookie
// and changes nothing.
//
// It is an oracle of tokens, so it is limited by the tokens tested, not
// by the requests: an address tests TokenTestsPerMinute tokens a minute
// (1000 by default, in a burst of as many: one request of lichess's
// largest at once, then about 17 a second), a request costing one a
// token sent; a request over what is left is refused whole, nothing of
// it looked up. Guessing is hopeless anyway (a token holds 256 random
// bits); the limit bounds the store's reads one address can cause.

// TokenTestRoute is the token test's route (its method and path), which
// guards.Secure lets any site send.
const TokenTestRoute = "POST /api/token/test"

const (
	maxTokensTested            = 1000     // lichess's "Up to 1000"
	maxTokenTestBody           = 64 << 10 // 1000 tokens of lichess's (lip_ and 20) or Gambit's (gbt_ and 43) shape, with room
	defaultTokenTestsPerMinute = 1000
)

// tokenTestJSON is what the token test answers for a live token, in
// lichess's shape.
type tokenTestJSON struct {
	UserID  string `json:"userId"`  // the account's name in lower case, as lichess's ids are
	Scopes  string `json:"scopes"`  // comma-separated ("" for none)
	Expires *int64 `json:"expires"` // always null: Gambit's tokens last until revoked
}

// parseTokenList reads the token test's body: UTF-8 text, tokens
// separated by commas, each trimmed of the spaces around it (a final
// newline included), the empty ones skipped, each kept once in the order
// first sent. A text that is no token of this server is no error (it is
// answered null); a body that is not UTF-8, holds a control character
// inside a token (a newline between tokens: commas separate them), holds
// no token or over maxTokensTested (repeats counted, as sent) is.
func parseTokenList(data []byte) ([]string, error) {
	if !utf8.Valid(data) {
		return nil, fmt.Errorf("%w: body: not UTF-8 text; send the tokens separated by commas", wire.ErrBadRequest)
	}
	var toks []string
	seen := map[string]bool{}
	sent := 0
	for i, tok := range strings.Split(string(data), ",") {
		tok = strings.TrimSpace(tok)
		if tok == "" {
			continue
		}
		if strings.IndexFunc(tok, unicode.IsControl) >= 0 {
			return nil, fmt.Errorf("%w: body: item %d holds a control character (a newline?); separate the tokens with commas", wire.ErrBadRequest, i+1)
		}
		if sent++; sent > maxTokensTested {
			return nil, fmt.Errorf("%w: body: over %d tokens", wire.ErrBadRequest, maxTokensTested)
		}
		if !seen[tok] {
			seen[tok] = true
			toks = append(toks, tok)
		}
	}
	if len(toks) == 0 {
		return nil, fmt.Errorf("%w: body: no token; send the tokens separated by commas", wire.ErrBadRequest)
	}
	return toks, nil
}

// handleTokenTest answers POST /api/token/test.
func (s *Service) handleTokenTest(w http.ResponseWriter, r *http.Request) {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxTokenTestBody))
	if err != nil {
		s.fail(w, fmt.Errorf("%w: body over %d bytes", wire.ErrTooLarge, maxTokenTestBody))
		return
	}
	toks, err := parseTokenList(data)
	if err == nil {
		if retry, ok := s.tokenTests.TakeN(guards.ClientAddress(r), len(toks)); !ok {
			err = guards.RateLimited(retry, "too many tokens tested from this address, wait a little")
		}
	}
	out := make(map[string]*tokenTestJSON, len(toks))
	for _, tok := range toks {
		if err != nil {
			break
		}
		out[tok], err = s.testToken(r.Context(), tok)
	}
	if err != nil {
		s.fail(w, err)
		return
	}
	w.Header().Set("Cache-Control", "no-store")
	writeJSON(w, http.StatusOK, out)
}

// testToken returns what the token test says of tok: its account and
// scopes, or nil for no live token of this server (only a text of a
// token's shape is looked up).
func (s *Service) testToken(ctx context.Context, tok string) (*tokenTestJSON, error) {
	if s.tokens == nil || !isToken(tok) {
		return nil, nil
	}
	t, u, err := s.tokens.Token(ctx, hashID(tok))
	if errors.Is(err, store.ErrNoToken) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("%w: %v", wire.ErrStorage, err)
	}
	return &tokenTestJSON{UserID: strings.ToLower(u.Name), Scopes: strings.Join(strings.Fields(t.Scopes), ",")}, nil
}
