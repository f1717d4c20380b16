package server

import (
	"encoding/json"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"
	"time"
)

// postForm sends form as lichess's clients do (a form body, the token)
// and returns the status and the body.
func (p *program) postForm(path string, form url.Values) (int, string) {
	p.t.Helper()
	return p.call("POST", path, formType, form.Encode())
}

// TestSwissCreateJoinPairTRF: an account makes a Swiss event starting
// now, three accounts join, round 1 is paired (one game, one bye), and
// the TRF lists the three players and the round.
func TestSwissCreateJoinPairTRF(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann := newProgram(t, srv, "ann")
	form := url.Values{"name": {"Club Swiss"}, "clock.limit": {"180"}, "clock.increment": {"2"}, "nbRounds": {"3"},
		"startsAt": {strconv.FormatInt(time.Now().Add(2*time.Second).UnixMilli(), 10)}, "rated": {"false"}}
	if status, body := (&program{t: t, srv: srv}).postForm("/api/swiss/new/-", form); status != http.StatusUnauthorized && status != http.StatusForbidden {
		t.Errorf("signed out: %d %s; want refused", status, body)
	}
	status, body := ann.postForm("/api/swiss/new/-", form)
	if status != http.StatusOK {
		t.Fatalf("create: %d %s", status, body)
	}
	var sw struct {
		ID       string
		Name     string
		Status   string
		Round    int
		NbRounds int
		Clock    struct{ Limit, Increment int }
	}
	if err := json.Unmarshal([]byte(body), &sw); err != nil || sw.Name != "Club Swiss" || sw.NbRounds != 3 || sw.Clock.Limit != 180 || sw.Status != "created" {
		t.Fatalf("create: %+v, %v in %s", sw, err, body)
	}
	for _, p := range []*program{ann, newProgram(t, srv, "bob"), newProgram(t, srv, "cid")} {
		p.want(http.StatusOK, "POST", "/api/swiss/"+sw.ID+"/join", formType, "")
	}
	deadline := time.Now().Add(10 * time.Second)
	for sw.Round == 0 {
		if time.Now().After(deadline) {
			t.Fatalf("round 1 not paired: %+v", sw)
		}
		time.Sleep(100 * time.Millisecond)
		_, body := ann.call("GET", "/api/swiss/"+sw.ID, "", "")
		if err := json.Unmarshal([]byte(body), &sw); err != nil {
			t.Fatal(err)
		}
	}
	if sw.Status != "started" || sw.Round != 1 {
		t.Errorf("after the start: %+v; want started, round 1", sw)
	}
	trf := ann.want(http.StatusOK, "GET", "/swiss/"+sw.ID+".trf", "", "")
	var players, byes int
	for _, line := range strings.Split(trf, "\n") {
		if strings.HasPrefix(line, "001 ") {
			players++
			if strings.Contains(line, "0000 - U") {
				byes++
			}
		}
	}
	if !strings.HasPrefix(trf, "012 Club Swiss") || players != 3 || byes != 1 {
		t.Errorf("TRF: %d players, %d byes; want 3 and 1:\n%s", players, byes, trf)
	}
	results := ann.want(http.StatusOK, "GET", "/api/swiss/"+sw.ID+"/results", "", "")
	if lines := strings.Count(results, "\n"); lines != 3 || !strings.Contains(results, `"points":1`) {
		t.Errorf("results: %d lines, want 3 with the bye's point:\n%s", lines, results)
	}
	ann.want(http.StatusNotFound, "GET", "/swiss/"+sw.ID, "", "")
}
