package server

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/coder/websocket"
	"github.com/gambitchess/gambit/server/profile"
	"github.com/gambitchess/gambit/server/round"
)

// TestRatedGameAbortedBeforeBothMoved: a rated game that ends before both
// sides have moved (a resignation, an agreed draw, a first move that never
// comes) is aborted, with no result, and moves no rating: the two
// accounts of a farm cannot trade points with games nobody played (issue
// 39). Each account first plays one real rated game, so that "unchanged"
// means ratings that moved once and then stood.
func TestRatedGameAbortedBeforeBothMoved(t *testing.T) {
	tests := []struct {
		name          string
		firstMoveTime time.Duration // 0: the default, a minute
		play          func(white, black *wsClient)
		ply           int
	}{
		{"resignation at ply 0", 0, func(white, _ *wsClient) {
			white.send(`{"t":"resign"}`)
		}, 0},
		{"resignation at ply 1", 0, func(white, black *wsClient) {
			white.send(`{"t":"move","d":{"u":"e2e4"}}`)
			black.position(1)
			black.send(`{"t":"resign"}`)
		}, 1},
		{"draw agreed at ply 1", 0, func(white, black *wsClient) {
			white.send(`{"t":"move","d":{"u":"e2e4"}}`)
			white.send(`{"t":"draw-offer"}`)
			black.until(func(s round.StateJSON) bool { return s.DrawOffer == "white" })
			black.send(`{"t":"draw-accept"}`)
		}, 1},
		{"first move overdue at ply 0", time.Second, func(*wsClient, *wsClient) {}, 0},
		{"first move overdue at ply 1", time.Second, func(white, _ *wsClient) {
			white.send(`{"t":"move","d":{"u":"e2e4"}}`)
		}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir()), Hub: round.Settings{FirstMoveTime: tt.firstMoveTime}})
			ann, bob := newBrowser(t, srv), newBrowser(t, srv)
			ann.want(201, "POST", "/api/signup", `{"username":"ann","password":"long enough pass"}`)
			bob.want(201, "POST", "/api/signup", `{"username":"bob","password":"long enough pass"}`)
			const rated = `{"mode":"online","color":"white","clock":{"minutes":5,"increment":3},"rated":true}`

			var first createResponse
			mustDecode(t, []byte(ann.want(201, "POST", "/api/games", rated)), &first)
			bob.want(200, "POST", "/api/games/"+first.ID+"/join", `{}`)
			playAndResign(t, srv, first.ID, ann, bob)
			if r := ratingAfter(t, ann, first.ID); r.State != "applied" || r.White.After == r.White.Before {
				t.Fatalf("the first rated game: %+v, want it rated", r)
			}
			annBefore, bobBefore := perfsOf(t, ann, "ann"), perfsOf(t, bob, "bob")

			var g createResponse
			mustDecode(t, []byte(ann.want(201, "POST", "/api/games", rated)), &g)
			bob.want(200, "POST", "/api/games/"+g.ID+"/join", `{}`)
			white, black := dialAs(t, ann, g.ID), dialAs(t, bob, g.ID)
			white.state("state")
			black.state("state")
			tt.play(white, black)
			end := white.until(func(s round.StateJSON) bool { return s.Status != "created" && s.Status != "started" })
			if end.Status != "aborted" || end.Result != "*" || end.Ply != tt.ply {
				t.Errorf("the game ended %s %s at ply %d, want aborted * at ply %d", end.Status, end.Result, end.Ply, tt.ply)
			}
			if r := ratingAfter(t, ann, g.ID); !r.Rated || r.State != "void" {
				t.Errorf("its rating: %+v, want void", r)
			}
			if got := perfsOf(t, ann, "ann"); !reflect.DeepEqual(got, annBefore) {
				t.Errorf("ann's ratings moved: %+v, were %+v", got, annBefore)
			}
			if got := perfsOf(t, bob, "bob"); !reflect.DeepEqual(got, bobBefore) {
				t.Errorf("bob's ratings moved: %+v, were %+v", got, bobBefore)
			}
		})
	}
}

// perfsOf returns account name's ratings as who reads them on the profile.
func perfsOf(t *testing.T, who *browser, name string) map[string]profile.Perf {
	t.Helper()
	var u profile.User
	if err := json.Unmarshal([]byte(who.want(200, "GET", "/api/user/"+name, "")), &u); err != nil {
		t.Fatal(err)
	}
	return u.Perfs
}

// dialAs opens game id's WebSocket as browser b does, with every cookie
// its jar holds for the server.
func dialAs(t *testing.T, b *browser, id string) *wsClient {
	t.Helper()
	u, _ := url.Parse(b.srv.URL)
	var cookies []string
	for _, c := range b.c.Jar.Cookies(u) {
		cookies = append(cookies, c.String())
	}
	h := http.Header{}
	h.Set("Cookie", strings.Join(cookies, "; "))
	ctx, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	conn, _, err := websocket.Dial(ctx, "ws"+strings.TrimPrefix(b.srv.URL, "http")+"/ws/game/"+id, &websocket.DialOptions{HTTPHeader: h})
	if err != nil {
		t.Fatalf("dial game %s: %v", id, err)
	}
	t.Cleanup(func() { conn.CloseNow() })
	c := &wsClient{t: t, conn: conn, in: make(chan []byte, 1024), err: make(chan error, 1)}
	go c.readAll()
	return c
}
