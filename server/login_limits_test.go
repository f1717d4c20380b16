package server

import (
	"fmt"
	"net/http"
	"net/http/cookiejar"
	"strings"
	"testing"
	"time"

	"github.com/gambitchess/gambit/server/guards"
)

// from is a browser whose requests come through the trusted proxy of
// TestSignInLimitsSpareTheOwner from address addr.
type from struct {
	*browser
	addr string
}

func (f from) login(name, password string) int {
	f.t.Helper()
	body := fmt.Sprintf(`{"username":%q,"password":%q}`, name, password)
	r, err := http.NewRequest("POST", f.srv.URL+"/api/login", strings.NewReader(body))
	if err != nil {
		f.t.Fatal(err)
	}
	r.Header.Set("Content-Type", "application/json")
	r.Header.Set("Sec-Fetch-Site", "same-origin")
	r.Header.Set("X-Forwarded-For", f.addr)
	resp, err := f.c.Do(r)
	if err != nil {
		f.t.Fatal(err)
	}
	resp.Body.Close()
	return resp.StatusCode
}

// TestSignInLimitsSpareTheOwner: guessers on two addresses, then on sixty,
// hammer an account. They are slowed (429), and yet the owner's browser,
// which signed in before (its device cookie), signs in every time (with a
// guesser behind its own address too) and changes the password while
// signed in; a browser new to the account, on
// a third address, still signs in while two addresses guess. Guesses
// spelling the name with look-alike characters (U+212A KELVIN SIGN for K)
// count against the same account.
func TestSignInLimitsSpareTheOwner(t *testing.T) {
	proxies, err := guards.ParseTrustedProxies("127.0.0.1, ::1")
	if err != nil {
		t.Fatal(err)
	}
	// The clock stands still: no limit refills while the test runs.
	at := time.Date(2026, 12, 6, 12, 0, 0, 0, time.UTC)
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), Now: func() time.Time { return at }, Conn: guards.ConnLimits{TrustedProxies: proxies}})
	person := func(addr string) from {
		jar, _ := cookiejar.New(nil)
		return from{&browser{t: t, c: &http.Client{Jar: jar, Timeout: 10 * time.Second}, srv: srv}, addr}
	}
	owner := person("198.51.100.1")
	owner.want(201, "POST", "/api/signup", `{"username":"Kim","password":"long enough pass"}`)
	owner.want(204, "POST", "/api/logout", "")

	guessers := []from{person("203.0.113.1"), person("203.0.113.2")}
	limited := 0
	for i := range 40 {
		g := guessers[i%2]
		if g.login("kim", fmt.Sprintf("guess %d", i)) == http.StatusTooManyRequests {
			limited++
		}
		if i%8 == 7 {
			if got := owner.login("Kim", "long enough pass"); got != http.StatusOK {
				t.Fatalf("guess %d: the owner's own browser signing in = %d, want 200", i, got)
			}
		}
	}
	if limited < 20 {
		t.Errorf("two addresses guessing 40 times were refused %d times, want most of them", limited)
	}
	if got := person("198.51.100.2").login("kim", "long enough pass"); got != http.StatusOK {
		t.Errorf("a browser new to the account, while two addresses guess: %d, want 200", got)
	}
	// A guesser behind the owner's own address (a household, an office)
	// uses up that address's limit, not the owner's.
	sameAddress := person(owner.addr)
	for i := range 15 {
		sameAddress.login("kim", fmt.Sprintf("house guess %d", i))
	}
	if got := owner.login("kim", "long enough pass"); got != http.StatusOK {
		t.Errorf("the owner after a guesser on its own address: %d, want 200", got)
	}
	owner.want(204, "POST", "/api/account/password", `{"current":"long enough pass","new":"a newer long pass"}`)

	// Sixty addresses, the name spelt with the Kelvin sign, then plainly.
	limited = 0
	for i := range 60 {
		name := "\u212Aim"
		if i%2 == 1 {
			name = "kIM"
		}
		if person(fmt.Sprintf("192.0.2.%d", i+1)).login(name, fmt.Sprintf("guess %d", i)) == http.StatusTooManyRequests {
			limited++
		}
	}
	if limited == 0 {
		t.Error("sixty addresses guessing one account were never refused")
	}
	if got := person("198.51.100.3").login("kim", "a newer long pass"); got != http.StatusTooManyRequests {
		t.Errorf("a browser new to the account after sixty addresses guessed: %d, want 429 (the account-wide limit of unknown browsers)", got)
	}
	if got := owner.login("kim", "a newer long pass"); got != http.StatusOK {
		t.Errorf("the owner's own browser after sixty addresses guessed: %d, want 200", got)
	}
}
