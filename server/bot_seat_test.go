package server

import (
	"encoding/json"
	"testing"

	"github.com/gambitchess/gambit/server/lichess"
)

// seatTitles reads game id's seats as everyone sees them (GET
// /api/games/{id}): each side's name and title.
func seatTitles(t *testing.T, p *program, id string) map[string][2]string {
	t.Helper()
	var st struct {
		Seats map[string]struct{ Name, Title string }
	}
	if err := json.Unmarshal([]byte(p.want(200, "GET", "/api/games/"+id, "", "")), &st); err != nil {
		t.Fatal(err)
	}
	out := map[string][2]string{}
	for c, s := range st.Seats {
		out[c] = [2]string{s.Name, s.Title}
	}
	return out
}

// TestBotSeatTitle: a bot account's seat says so, "title":"BOT", in the
// game's state (the page's players, chat and result read it): whether the
// bot accepted a person's challenge or challenged one itself, and in the
// listing of the person's games; a person's seat never does, and a person
// who calls themselves by the bot's name is no bot.
func TestBotSeatTitle(t *testing.T) {
	_, srv, _ := serveWith(t, Config{Store: openStore(t, t.TempDir())})
	ann, bot := newProgram(t, srv, "ann"), newProgram(t, srv, "Robo")
	anon := &program{t: t, srv: srv}
	bot.want(200, "POST", "/api/bot/account/upgrade", "", "")

	var ch lichess.Challenge
	if err := json.Unmarshal([]byte(ann.want(200, "POST", "/api/challenge/robo", formType, "clock.limit=300&clock.increment=0&color=white")), &ch); err != nil {
		t.Fatal(err)
	}
	bot.want(200, "POST", "/api/challenge/"+ch.ID+"/accept", "", "")
	want := map[string][2]string{"white": {"ann", ""}, "black": {"Robo", "BOT"}}
	if got := seatTitles(t, anon, ch.ID); got["white"] != want["white"] || got["black"] != want["black"] {
		t.Errorf("seats after the bot accepted = %v; want %v", got, want)
	}
	var mine []struct {
		ID    string
		Seats map[string]struct{ Name, Title string }
	}
	if err := json.Unmarshal([]byte(ann.want(200, "GET", "/api/games?mine=1", "", "")), &mine); err != nil {
		t.Fatal(err)
	}
	if len(mine) != 1 || mine[0].ID != ch.ID || mine[0].Seats["black"].Title != "BOT" || mine[0].Seats["white"].Title != "" {
		t.Errorf("ann's games = %+v; want the game with Robo titled BOT", mine)
	}

	// The bot challenges: its own seat, the challenger's, is titled from the start.
	var back lichess.Challenge
	if err := json.Unmarshal([]byte(bot.want(200, "POST", "/api/challenge/ann", formType, "clock.limit=180&clock.increment=2&color=black")), &back); err != nil {
		t.Fatal(err)
	}
	if got := seatTitles(t, anon, back.ID); got["black"] != [2]string{"Robo", "BOT"} || got["white"][1] != "" {
		t.Errorf("seats of the bot's challenge = %v; want black Robo BOT", got)
	}
	ann.want(200, "POST", "/api/challenge/"+back.ID+"/accept", "", "")
	if got := seatTitles(t, anon, back.ID); got["black"] != [2]string{"Robo", "BOT"} || got["white"] != [2]string{"ann", ""} {
		t.Errorf("seats of the bot's challenge accepted = %v", got)
	}

	// A person naming themselves Robo in an invite is no bot.
	var inv struct{ ID string }
	if err := json.Unmarshal([]byte(anon.want(201, "POST", "/api/games", "application/json", `{"mode":"online","name":"Robo"}`)), &inv); err != nil {
		t.Fatal(err)
	}
	if got := seatTitles(t, anon, inv.ID); got["white"] != [2]string{"Robo", ""} {
		t.Errorf("a person named Robo = %v; want no title", got)
	}
}
