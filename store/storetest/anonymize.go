package storetest

import (
	"bytes"
	"context"
	"errors"
	"reflect"
	"testing"

	"github.com/gambitchess/gambit/store"
)

// AnonymizeStore is a store with its games, as RunAnonymize tests it.
type AnonymizeStore interface {
	store.Log
	store.Anonymizer
}

// RunAnonymize runs every contract test of store.Anonymizer, each in a
// subtest on its own store. open returns an empty store; RunAnonymize
// closes it when the subtest ends.
func RunAnonymize(t *testing.T, open func(t *testing.T) AnonymizeStore) {
	runCases(t, open, []contractCase[AnonymizeStore]{
		{"RewritesTheirGamesOnly", testAnonymize},
		{"FailedRewriteChangesNothing", testAnonymizeFails},
	})
}

// toyScrub forgets Ann in this test's toy format: a header says
// "white=NAME;black=NAME", a seat event "seat COLOUR NAME".
var toyScrub = store.SeatScrub{
	Header: func(h []byte) ([]byte, [2]bool, error) {
		if bytes.Contains(h, []byte("broken")) {
			return nil, [2]bool{}, errors.New("cannot read the header")
		}
		seats := [2]bool{bytes.Contains(h, []byte("white=Ann;")), bytes.HasSuffix(h, []byte("black=Ann"))}
		return bytes.ReplaceAll(h, []byte("=Ann"), []byte("=")), seats, nil
	},
	EventType: "seat",
	Event: func(data []byte) ([]byte, error) {
		return bytes.ReplaceAll(data, []byte(" Ann"), []byte(" ")), nil
	},
}

// anonGame creates game id with a header, a seat event, a move, and the
// summary's names and players as given.
func anonGame(t *testing.T, s store.Log, id, white, black string, players ...string) {
	t.Helper()
	sum := summary(id, 2)
	sum.Mode, sum.White, sum.Black, sum.Players = "online", white, black, players
	es := []store.Event{{V: 1, Type: "seat", Data: []byte("seat black " + black)}, {V: 2, Type: "move", Data: []byte("move Ann")}}
	create(t, s, sum, []byte("white="+white+";black="+black), es)
}

func testAnonymize(t *testing.T, s AnonymizeStore) {
	ctx := context.Background()
	anonGame(t, s, "g1", "Ann", "Bob", "p-ann", "p-bob")
	anonGame(t, s, "g2", "Bob", "Ann", "p-bob", "p-ann")
	anonGame(t, s, "g3", "Cat", "Ann", "p-cat", "p-other-ann") // another person who calls herself Ann
	before := load(t, s, "g3")
	for range 2 { // and again: the same
		if err := s.AnonymizePlayer(ctx, "p-ann", toyScrub); err != nil {
			t.Fatal(err)
		}
	}
	tests := []struct {
		id, header, white, black, seat string
	}{
		{"g1", "white=;black=Bob", "", "Bob", "seat black Bob"},
		{"g2", "white=Bob;black=", "Bob", "", "seat black "},
	}
	for _, tt := range tests {
		g := load(t, s, tt.id)
		if string(g.Header) != tt.header || g.Summary.White != tt.white || g.Summary.Black != tt.black || g.Summary.Version != 2 {
			t.Errorf("%s after AnonymizePlayer: header %q, white %q, black %q, version %d", tt.id, g.Header, g.Summary.White, g.Summary.Black, g.Summary.Version)
		}
		if len(g.Events) != 2 || string(g.Events[0].Data) != tt.seat || string(g.Events[1].Data) != "move Ann" {
			t.Errorf("%s's events after AnonymizePlayer: %+v (only seat events are rewritten)", tt.id, g.Events)
		}
	}
	if after := load(t, s, "g3"); !reflect.DeepEqual(after, before) {
		t.Errorf("a game p-ann is not in changed:\n%+v\nwas %+v", after, before)
	}
	if err := s.AnonymizePlayer(ctx, "p-nobody", toyScrub); err != nil {
		t.Errorf("AnonymizePlayer of a player without games = %v", err)
	}
}

func testAnonymizeFails(t *testing.T, s AnonymizeStore) {
	sum := summary("g1", 1)
	sum.Players = []string{"p-ann"}
	create(t, s, sum, []byte("white=Ann;broken"), []store.Event{{V: 1, Type: "seat", Data: []byte("seat white Ann")}})
	before := load(t, s, "g1")
	if err := s.AnonymizePlayer(context.Background(), "p-ann", toyScrub); err == nil {
		t.Error("AnonymizePlayer with a header the scrub cannot read succeeded")
	}
	if after := load(t, s, "g1"); !reflect.DeepEqual(after, before) {
		t.Errorf("a failed rewrite changed the game:\n%+v\nwas %+v", after, before)
	}
}
