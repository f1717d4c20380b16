// Package storetest is the contract of store.Log as tests, run against
// every implementation so that they all behave alike:
//
//	func TestLog(t *testing.T) {
//		storetest.Run(t, func(t *testing.T) store.Log {
//			st, err := store.OpenSQLite(context.Background(), filepath.Join(t.TempDir(), "gambit.db"))
//			if err != nil {
//				t.Fatal(err)
//			}
//			return st
//		})
//	}
//
// Times are compared at the microsecond, the precision every implementation
// keeps (PostgreSQL's timestamptz); an implementation's own tests check any
// finer precision it promises.
package storetest

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/gambitchess/gambit/store"
)

// Run runs every contract test of store.Log, each in a subtest on its own
// Log. open returns an empty Log; Run closes it when the subtest ends.
func Run(t *testing.T, open func(t *testing.T) store.Log) {
	runCases(t, open, []contractCase[store.Log]{
		{"CreateLoad", testCreateLoad},
		{"CreateWithoutEvents", testCreateWithoutEvents},
		{"CreateExists", testCreateExists},
		{"CreateInvalid", testCreateInvalid},
		{"AppendSteps", testAppendSteps},
		{"AppendInvalid", testAppendInvalid},
		{"AppendUnknown", testAppendUnknown},
		{"AppendConflict", testAppendConflict},
		{"AppendRace", testAppendRace},
		{"AppendCanceled", testAppendCanceled},
		{"Players", testPlayers},
		{"LargeData", testLargeData},
		{"LoadUnknown", testLoadUnknown},
		{"ListFilters", testListFilters},
		{"ListLimit", testListLimit},
		{"Active", testActive},
		{"MarkIdle", testMarkIdle},
		{"Stale", testStale},
	})
}

// t0 is the time the games start: microsecond precision, not in UTC (a Log
// returns UTC).
var t0 = time.Date(2026, 5, 1, 10, 0, 0, 123456000, time.FixedZone("UTC+1", 3600))

// summary is a public unfinished game's summary at version v, updated v
// seconds after t0.
func summary(id string, v int64) store.Summary {
	return store.Summary{ID: id, Variant: "chess", Mode: "local", Status: "started", Result: "*", Public: true,
		White: "Ann", Black: "Bob", WhiteKind: "human", BlackKind: "bot", Plies: int(v), Termination: "", TimeControl: "5+3", Active: true,
		ECO: "C40", Opening: "King's Knight Opening",
		Players: []string{"p-ann", "p-bob"}, Version: v,
		CreatedAt: t0, UpdatedAt: t0.Add(time.Duration(v) * time.Second)}
}

// events returns events from+1 .. to, each with data naming its version.
func events(from, to int64) []store.Event {
	var es []store.Event
	for v := from + 1; v <= to; v++ {
		es = append(es, store.Event{V: v, Type: "move", Data: fmt.Appendf(nil, `{"v":%d}`, v)})
	}
	return es
}

func create(t *testing.T, l store.Log, s store.Summary, header []byte, es []store.Event) {
	t.Helper()
	if err := l.Create(context.Background(), s, header, es); err != nil {
		t.Fatalf("Create(%s): %v", s.ID, err)
	}
}

func load(t *testing.T, l store.Log, id string) store.Stored {
	t.Helper()
	g, err := l.Load(context.Background(), id)
	if err != nil {
		t.Fatalf("Load(%s): %v", id, err)
	}
	return g
}

// diffSummary describes how got differs from want ("" when alike): times
// must be the same instant, in UTC; Players compare as sets.
func diffSummary(got, want store.Summary) string {
	var d []string
	for _, tm := range []struct {
		name      string
		got, want time.Time
	}{{"CreatedAt", got.CreatedAt, want.CreatedAt}, {"UpdatedAt", got.UpdatedAt, want.UpdatedAt}} {
		if !tm.got.Equal(tm.want) || !tm.got.IsZero() && tm.got.Location() != time.UTC {
			d = append(d, fmt.Sprintf("%s %v, want %v in UTC", tm.name, tm.got, tm.want))
		}
	}
	wantPlayers := slices.Clone(want.Players)
	slices.Sort(wantPlayers)
	wantPlayers = slices.Compact(slices.DeleteFunc(wantPlayers, func(p string) bool { return p == "" }))
	if !slices.Equal(got.Players, wantPlayers) {
		d = append(d, fmt.Sprintf("Players %q, want %q", got.Players, wantPlayers))
	}
	got.CreatedAt, got.UpdatedAt, got.Players = time.Time{}, time.Time{}, nil
	want.CreatedAt, want.UpdatedAt, want.Players = time.Time{}, time.Time{}, nil
	if !reflect.DeepEqual(got, want) {
		d = append(d, fmt.Sprintf("%+v, want %+v", got, want))
	}
	return strings.Join(d, "; ")
}

// diffEvents describes how got differs from want ("" when alike).
func diffEvents(got, want []store.Event) string {
	if len(got) != len(want) {
		return fmt.Sprintf("%d events, want %d", len(got), len(want))
	}
	for i := range got {
		if got[i].V != want[i].V || got[i].Type != want[i].Type || !bytes.Equal(got[i].Data, want[i].Data) {
			return fmt.Sprintf("event %d = {%d %q %.40q}, want {%d %q %.40q}", i, got[i].V, got[i].Type, got[i].Data, want[i].V, want[i].Type, want[i].Data)
		}
	}
	return ""
}

// check asserts that game id is stored as s, header and es.
func check(t *testing.T, l store.Log, s store.Summary, header []byte, es []store.Event) {
	t.Helper()
	g := load(t, l, s.ID)
	if d := diffSummary(g.Summary, s); d != "" {
		t.Errorf("Load(%s) summary: %s", s.ID, d)
	}
	if !bytes.Equal(g.Header, header) {
		t.Errorf("Load(%s) header = %.60q, want %.60q", s.ID, g.Header, header)
	}
	if d := diffEvents(g.Events, es); d != "" {
		t.Errorf("Load(%s): %s", s.ID, d)
	}
}

// unchanged asserts that game id still is what before loaded.
func unchanged(t *testing.T, l store.Log, before store.Stored) {
	t.Helper()
	check(t, l, before.Summary, before.Header, before.Events)
}

func testCreateLoad(t *testing.T, l store.Log) {
	s := summary("g1", 3)
	s.Players = []string{"p-bob", "", "p-ann", "p-bob"} // a set: kept sorted, without "" and repeats
	header := []byte("header\x00\xff bytes")
	es := events(0, 3)
	es[1].Type, es[1].Data = "", nil // an event may be empty
	create(t, l, s, header, es)
	check(t, l, s, header, es)
}

func testCreateWithoutEvents(t *testing.T, l store.Log) {
	s := summary("g1", 0)
	s.Players = nil
	create(t, l, s, []byte("h"), nil)
	check(t, l, s, []byte("h"), nil)
	if err := l.Append(context.Background(), "g1", 0, events(0, 1), summary("g1", 1)); err != nil {
		t.Fatalf("Append after Create without events: %v", err)
	}
	check(t, l, summary("g1", 1), []byte("h"), events(0, 1))
}

func testCreateExists(t *testing.T, l store.Log) {
	create(t, l, summary("g1", 2), []byte("first"), events(0, 2))
	before := load(t, l, "g1")
	other := summary("g1", 1)
	other.Status = "created"
	err := l.Create(context.Background(), other, []byte("second"), events(0, 1))
	if !errors.Is(err, store.ErrExists) {
		t.Errorf("Create(g1) again = %v, want ErrExists", err)
	}
	unchanged(t, l, before)
}

func testCreateInvalid(t *testing.T, l store.Log) {
	tests := []struct {
		name string
		s    store.Summary
		es   []store.Event
	}{
		{"empty id", summary("", 1), events(0, 1)},
		{"first event not 1", summary("g", 2), events(1, 2)},
		{"gap", summary("g", 3), []store.Event{{V: 1}, {V: 3}}},
		{"repeat", summary("g", 2), []store.Event{{V: 1}, {V: 1}}},
		{"version beyond the events", summary("g", 3), events(0, 2)},
		{"version behind the events", summary("g", 1), events(0, 2)},
		{"version without events", summary("g", 1), nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if err := l.Create(context.Background(), tt.s, []byte("h"), tt.es); !errors.Is(err, store.ErrInvalid) {
				t.Errorf("Create = %v, want ErrInvalid", err)
			}
			if _, err := l.Load(context.Background(), tt.s.ID); !errors.Is(err, store.ErrNotFound) {
				t.Errorf("Load after a failed Create = %v, want ErrNotFound", err)
			}
		})
	}
}

func testAppendSteps(t *testing.T, l store.Log) {
	ctx := context.Background()
	create(t, l, summary("g1", 2), []byte("h"), events(0, 2))
	for _, to := range []int64{3, 6, 7} {
		from := load(t, l, "g1").Summary.Version
		s := summary("g1", to)
		s.CreatedAt = t0.Add(time.Hour) // Append keeps the CreatedAt of Create
		if to == 7 {
			s.Status, s.Result, s.Finished, s.Public = "resign", "0-1", true, false
		}
		if err := l.Append(ctx, "g1", from, events(from, to), s); err != nil {
			t.Fatalf("Append(g1, %d, %d events): %v", from, to-from, err)
		}
		s.CreatedAt = t0
		check(t, l, s, []byte("h"), events(0, to))
	}
}

func testAppendInvalid(t *testing.T, l store.Log) {
	create(t, l, summary("g1", 2), []byte("h"), events(0, 2))
	before := load(t, l, "g1")
	tests := []struct {
		name   string
		expect int64
		es     []store.Event
		s      store.Summary
	}{
		{"no events", 2, nil, summary("g1", 2)},
		{"first event is expect", 2, events(1, 3), summary("g1", 3)},
		{"first event skips one", 2, events(3, 4), summary("g1", 4)},
		{"gap", 2, []store.Event{{V: 3}, {V: 5}}, summary("g1", 5)},
		{"repeat", 2, []store.Event{{V: 3}, {V: 3}}, summary("g1", 4)},
		{"backwards", 2, []store.Event{{V: 4}, {V: 3}}, summary("g1", 4)},
		{"summary of another game", 2, events(2, 3), summary("g2", 3)},
		{"summary version behind", 2, events(2, 4), summary("g1", 3)},
		{"summary version ahead", 2, events(2, 3), summary("g1", 4)},
		{"negative expect", -1, events(-1, 0), summary("g1", 0)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := l.Append(context.Background(), "g1", tt.expect, tt.es, tt.s)
			if !errors.Is(err, store.ErrInvalid) {
				t.Errorf("Append = %v, want ErrInvalid", err)
			}
			unchanged(t, l, before)
		})
	}
}

func testAppendUnknown(t *testing.T, l store.Log) {
	create(t, l, summary("g1", 1), []byte("h"), events(0, 1))
	err := l.Append(context.Background(), "nope", 1, events(1, 2), summary("nope", 2))
	if !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Append(nope) = %v, want ErrNotFound", err)
	}
	if _, err := l.Load(context.Background(), "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Load(nope) after a failed Append = %v, want ErrNotFound", err)
	}
}

func testAppendConflict(t *testing.T, l store.Log) {
	create(t, l, summary("g1", 4), []byte("h"), events(0, 4))
	before := load(t, l, "g1")
	for _, expect := range []int64{0, 3, 5} {
		err := l.Append(context.Background(), "g1", expect, events(expect, expect+1), summary("g1", expect+1))
		if !errors.Is(err, store.ErrConflict) {
			t.Errorf("Append(g1) at %d = %v, want ErrConflict", expect, err)
			continue
		}
		if msg := err.Error(); !strings.Contains(msg, "g1") || !strings.Contains(msg, fmt.Sprint(expect)) || !strings.Contains(msg, "4") {
			t.Errorf("conflict error %q does not name the game, %d and 4", msg, expect)
		}
		unchanged(t, l, before)
	}
}

// testAppendRace has writers append at the same version at once, round
// after round: exactly one wins each round, the others get ErrConflict, and
// the log holds the winners' events only.
func testAppendRace(t *testing.T, l store.Log) {
	const writers, rounds = 4, 10
	create(t, l, summary("g1", 0), nil, nil)
	var want []store.Event
	for round := range int64(rounds) {
		var (
			wg   sync.WaitGroup
			errs [writers]error
			mine [writers]store.Event
		)
		for w := range writers {
			mine[w] = store.Event{V: round + 1, Type: "move", Data: fmt.Appendf(nil, "round %d writer %d", round, w)}
			s := summary("g1", round+1)
			s.White = fmt.Sprint("writer ", w)
			wg.Go(func() {
				errs[w] = l.Append(context.Background(), "g1", round, []store.Event{mine[w]}, s)
			})
		}
		wg.Wait()
		winner := -1
		for w, err := range errs {
			switch {
			case err == nil && winner >= 0:
				t.Fatalf("round %d: writers %d and %d both won", round, winner, w)
			case err == nil:
				winner = w
			case !errors.Is(err, store.ErrConflict):
				t.Fatalf("round %d writer %d: %v, want nil or ErrConflict", round, w, err)
			}
		}
		if winner < 0 {
			t.Fatalf("round %d: every writer failed", round)
		}
		want = append(want, mine[winner])
		g := load(t, l, "g1")
		if d := diffEvents(g.Events, want); d != "" {
			t.Fatalf("round %d: %s", round, d)
		}
		if g.Summary.White != fmt.Sprint("writer ", winner) || g.Summary.Version != round+1 {
			t.Fatalf("round %d: summary %+v is not the winner's (writer %d)", round, g.Summary, winner)
		}
	}
}

func testAppendCanceled(t *testing.T, l store.Log) {
	create(t, l, summary("g1", 1), []byte("h"), events(0, 1))
	before := load(t, l, "g1")
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := l.Append(ctx, "g1", 1, events(1, 2), summary("g1", 2)); err == nil {
		t.Error("Append with a canceled context succeeded")
	}
	unchanged(t, l, before)
}

func testPlayers(t *testing.T, l store.Log) {
	ctx := context.Background()
	s := summary("g1", 1)
	s.Public, s.Players = false, []string{"p1", "p2"}
	create(t, l, s, []byte("h"), events(0, 1))
	mine := func(player string) bool {
		t.Helper()
		got, err := l.List(ctx, store.ListQuery{Player: player})
		if err != nil {
			t.Fatal(err)
		}
		return len(got) == 1 && got[0].ID == "g1"
	}
	if !mine("p1") || !mine("p2") || mine("p3") {
		t.Errorf("private game g1 of p1, p2 listed for p1 %v, p2 %v, p3 %v", mine("p1"), mine("p2"), mine("p3"))
	}
	s = summary("g1", 2)
	s.Public, s.Players = false, []string{"p3", "p2"}
	if err := l.Append(ctx, "g1", 1, events(1, 2), s); err != nil {
		t.Fatal(err)
	}
	check(t, l, s, []byte("h"), events(0, 2))
	if mine("p1") || !mine("p2") || !mine("p3") {
		t.Errorf("after p1 left for p3: listed for p1 %v, p2 %v, p3 %v", mine("p1"), mine("p2"), mine("p3"))
	}
}

func testLargeData(t *testing.T, l store.Log) {
	big := func(n int, seed byte) []byte {
		b := make([]byte, n)
		for i := range b {
			b[i] = byte(i*31) ^ seed
		}
		return b
	}
	header := big(1<<20, 1)
	es := []store.Event{{V: 1, Type: "import", Data: big(4<<20, 2)}, {V: 2, Type: "move", Data: []byte("e2e4")}}
	create(t, l, summary("g1", 2), header, es)
	more := []store.Event{{V: 3, Type: "chat", Data: big(2<<20, 3)}}
	if err := l.Append(context.Background(), "g1", 2, more, summary("g1", 3)); err != nil {
		t.Fatal(err)
	}
	check(t, l, summary("g1", 3), header, append(es, more...))
}

func testLoadUnknown(t *testing.T, l store.Log) {
	if _, err := l.Load(context.Background(), "nope"); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("Load(nope) = %v, want ErrNotFound", err)
	}
}

func testListFilters(t *testing.T, l store.Log) {
	ctx := context.Background()
	// Each game is updated a second after the one before it.
	games := []struct {
		id       string
		public   bool
		finished bool
		players  []string
	}{
		{"pub-live", true, false, []string{"ann"}},
		{"pub-over", true, true, nil},
		{"ann-live", false, false, []string{"ann", "bob"}},
		{"ann-over", false, true, []string{"ann"}},
		{"bob-live", false, false, []string{"bob"}},
		{"pub-bob", true, false, []string{"bob"}},
	}
	want := map[string]store.Summary{}
	for i, g := range games {
		s := summary(g.id, 0)
		s.Public, s.Finished, s.Players = g.public, g.finished, g.players
		s.UpdatedAt = t0.Add(time.Duration(i) * time.Second)
		create(t, l, s, []byte("h"), nil)
		want[g.id] = s
	}
	yes, no := true, false
	tests := []struct {
		q    store.ListQuery
		want []string // newest first
	}{
		{store.ListQuery{}, []string{"pub-bob", "pub-over", "pub-live"}},
		{store.ListQuery{Finished: &yes}, []string{"pub-over"}},
		{store.ListQuery{Finished: &no}, []string{"pub-bob", "pub-live"}},
		{store.ListQuery{Player: "ann"}, []string{"pub-bob", "ann-over", "ann-live", "pub-over", "pub-live"}},
		{store.ListQuery{Player: "ann", Finished: &yes}, []string{"ann-over", "pub-over"}},
		{store.ListQuery{Player: "ann", Finished: &no}, []string{"pub-bob", "ann-live", "pub-live"}},
		{store.ListQuery{Player: "bob"}, []string{"pub-bob", "bob-live", "ann-live", "pub-over", "pub-live"}},
		{store.ListQuery{Player: "cy"}, []string{"pub-bob", "pub-over", "pub-live"}},
		{store.ListQuery{Player: "ann", Limit: 2}, []string{"pub-bob", "ann-over"}},
		{store.ListQuery{Limit: 1}, []string{"pub-bob"}},
		{store.ListQuery{Player: "ann", Mine: true}, []string{"ann-over", "ann-live", "pub-live"}},
		{store.ListQuery{Player: "bob", Mine: true, Finished: &no}, []string{"pub-bob", "bob-live", "ann-live"}},
		{store.ListQuery{Player: "ann", Mine: true, Limit: 1}, []string{"ann-over"}},
		{store.ListQuery{Player: "cy", Mine: true}, nil},
		{store.ListQuery{Mine: true, Limit: 1}, []string{"pub-bob"}}, // no player: the public games
	}
	for _, tt := range tests {
		t.Run(fmt.Sprintf("%+v", tt.q), func(t *testing.T) {
			got, err := l.List(ctx, tt.q)
			if err != nil {
				t.Fatal(err)
			}
			var ids []string
			for _, s := range got {
				ids = append(ids, s.ID)
				if d := diffSummary(s, want[s.ID]); d != "" {
					t.Errorf("summary of %s: %s", s.ID, d)
				}
			}
			if !slices.Equal(ids, tt.want) {
				t.Errorf("List = %q, want %q", ids, tt.want)
			}
		})
	}
}

// testListLimit fills the store past MaxListLimit.
func testListLimit(t *testing.T, l store.Log) {
	ctx := context.Background()
	for i := range store.MaxListLimit + 1 {
		s := summary(fmt.Sprintf("g%04d", i), 0)
		s.UpdatedAt = t0.Add(time.Duration(i) * time.Millisecond)
		create(t, l, s, nil, nil)
	}
	for _, tt := range []struct{ limit, want int }{
		{0, store.DefaultListLimit}, {-1, store.DefaultListLimit}, {7, 7},
		{store.MaxListLimit, store.MaxListLimit}, {store.MaxListLimit + 1, store.MaxListLimit}, {1 << 30, store.MaxListLimit},
	} {
		got, err := l.List(ctx, store.ListQuery{Limit: tt.limit})
		if err != nil {
			t.Fatal(err)
		}
		if len(got) != tt.want {
			t.Errorf("List(Limit %d) = %d games, want %d", tt.limit, len(got), tt.want)
			continue
		}
		if got[0].ID != fmt.Sprintf("g%04d", store.MaxListLimit) || !slices.IsSortedFunc(got, func(a, b store.Summary) int { return b.UpdatedAt.Compare(a.UpdatedAt) }) {
			t.Errorf("List(Limit %d) is not newest first: %s, ...", tt.limit, got[0].ID)
		}
	}
}

func testActive(t *testing.T, l store.Log) {
	ctx := context.Background()
	if ids, err := l.Active(ctx); err != nil || len(ids) != 0 {
		t.Errorf("Active of an empty store = %q, %v", ids, err)
	}
	for _, g := range []struct {
		id     string
		active bool
	}{{"a", true}, {"b", false}, {"c", true}, {"d", false}} {
		s := summary(g.id, 0)
		s.Active = g.active
		create(t, l, s, nil, nil)
	}
	s := summary("a", 1) // a stops running (say, it is over)
	s.Finished, s.Active = true, false
	if err := l.Append(ctx, "a", 0, events(0, 1), s); err != nil {
		t.Fatal(err)
	}
	s = summary("b", 1) // b starts running
	if err := l.Append(ctx, "b", 0, events(0, 1), s); err != nil {
		t.Fatal(err)
	}
	ids, err := l.Active(ctx)
	slices.Sort(ids)
	if err != nil || !slices.Equal(ids, []string{"b", "c"}) {
		t.Errorf("Active = %q, %v; want [b c]", ids, err)
	}
}

func testMarkIdle(t *testing.T, l store.Log) {
	ctx := context.Background()
	create(t, l, summary("a", 2), nil, events(0, 2))
	if err := l.MarkIdle(ctx, "a", 1); !errors.Is(err, store.ErrConflict) {
		t.Errorf("MarkIdle at an old version = %v, want ErrConflict", err)
	}
	if err := l.MarkIdle(ctx, "nope", 0); !errors.Is(err, store.ErrNotFound) {
		t.Errorf("MarkIdle of an unknown game = %v, want ErrNotFound", err)
	}
	if ids, _ := l.Active(ctx); !slices.Equal(ids, []string{"a"}) {
		t.Fatalf("Active after refused marks = %q, want [a]", ids)
	}
	if err := l.MarkIdle(ctx, "a", 2); err != nil {
		t.Fatal(err)
	}
	if ids, err := l.Active(ctx); err != nil || len(ids) != 0 {
		t.Errorf("Active after MarkIdle = %q, %v; want none", ids, err)
	}
	want := summary("a", 2)
	want.Active = false
	want.CreatedAt, want.UpdatedAt = want.CreatedAt.UTC(), want.UpdatedAt.UTC()
	if got := load(t, l, "a"); !reflect.DeepEqual(got.Summary, want) || len(got.Events) != 2 {
		t.Errorf("after MarkIdle: %+v with %d events; want %+v with 2: only the flag changes", got.Summary, len(got.Events), want)
	}
}

func testStale(t *testing.T, l store.Log) {
	ctx := context.Background()
	for _, g := range []struct {
		id       string
		hours    int // updated this long after t0
		plies    int
		finished bool
	}{{"c", 7, 0, false}, {"moved", 1, 1, false}, {"over", 1, 0, true}, {"b", 6, 0, false}, {"a", 5, 0, false}} {
		s := summary(g.id, 0)
		s.Plies, s.Finished = g.plies, g.finished
		s.UpdatedAt = t0.Add(time.Duration(g.hours) * time.Hour)
		create(t, l, s, nil, nil)
	}
	tests := []struct {
		before time.Time
		limit  int
		want   []string
	}{
		{t0.Add(24 * time.Hour), 10, []string{"a", "b", "c"}},
		{t0.Add(24 * time.Hour), 2, []string{"a", "b"}},
		{t0.Add(6 * time.Hour), 10, []string{"a"}},
		{t0, 10, nil},
	}
	for _, tt := range tests {
		got, err := l.Stale(ctx, tt.before, tt.limit)
		if err != nil || !slices.Equal(got, tt.want) {
			t.Errorf("Stale(t0+%v, %d) = %q, %v; want %q", tt.before.Sub(t0), tt.limit, got, err, tt.want)
		}
	}
}

// contractCase is one contract test of a store of type S.
type contractCase[S any] struct {
	name string
	f    func(t *testing.T, s S)
}

// runCases runs each case in a subtest on its own store, from open, closed
// when the subtest ends: the opener every Run shares.
func runCases[S interface{ Close() error }](t *testing.T, open func(t *testing.T) S, cases []contractCase[S]) {
	for _, tt := range cases {
		t.Run(tt.name, func(t *testing.T) {
			s := open(t)
			t.Cleanup(func() {
				if err := s.Close(); err != nil {
					t.Errorf("Close: %v", err)
				}
			})
			tt.f(t, s)
		})
	}
}

// annAndBob creates the accounts most tests play with: u1 (Ann) and u2
// (Bob), made by user.
func annAndBob(t *testing.T, a store.Accounts) {
	t.Helper()
	createUser(t, a, user("u1", "Ann"))
	createUser(t, a, user("u2", "Bob"))
}
