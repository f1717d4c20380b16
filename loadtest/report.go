package loadtest

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"slices"
	"time"
)

// Report is what a run measured.
type Report struct {
	Seconds float64 `json:"seconds"`
	// Games and sockets held: a game is held while both its players are
	// connected; the peak, and at the end of the run.
	GamesPeak     int64  `json:"gamesPeak"`
	GamesAtEnd    int64  `json:"gamesAtEnd"`
	SocketsPeak   int64  `json:"socketsPeak"`
	SocketsAtEnd  int64  `json:"socketsAtEnd"`
	GamesStarted  uint64 `json:"gamesStarted"`
	GamesFinished uint64 `json:"gamesFinished"`
	// Moves relayed: sent by one player and received by the other.
	Moves          uint64  `json:"moves"`
	MovesPerSecond float64 `json:"movesPerSecond"`
	// Latency is the relay time of a move, from one player's send to the
	// opponent's receipt.
	Latency       Latency           `json:"latency"`
	Errors        map[string]uint64 `json:"errors"`
	Reconnections uint64            `json:"reconnections"`
	// Outage is a dropped socket's time without its game: from the drop to
	// the first position after it dialled again (a node's death included).
	Outage Latency `json:"outage"`
	// Check is the end-of-run check of the moves (Config.Verify); nil
	// without it.
	Check *Check `json:"check,omitempty"`
	// Server is what the servers' /metrics said; nil without --metrics.
	Server *ServerReport `json:"server,omitempty"`
	// Steady is the window after the ramp; nil when the run was too short
	// for one.
	Steady *SteadyReport `json:"steady,omitempty"`
	// Arena is an arena run's own figures; nil for a run of games.
	Arena *ArenaReport `json:"arena,omitempty"`
}

// ArenaReport is what an arena run measured beside the games: how long a
// player waited for their next game, and the standings pushed.
type ArenaReport struct {
	Players int `json:"players"`
	// Pairing is a player's game over, as they saw it, to the socket's
	// message naming their next game.
	Pairing       Latency `json:"pairing"`
	Pushes        uint64  `json:"pushes"` // standings messages received, all sockets together
	PushesPerSec  float64 `json:"pushesPerSecond"`
	PushBytesMean float64 `json:"pushBytesMean"`
}

// Check is what reading every game back found: of the moves the servers
// published (acknowledged: stored before sent), how many are missing.
type Check struct {
	Games            int `json:"games"`
	MovesChecked     int `json:"movesChecked"`
	MovesLost        int `json:"movesLost"`
	GamesLosingMoves int `json:"gamesLosingMoves"`
	Unreadable       int `json:"unreadable"` // games no server answered for
}

// Latency is a latency distribution, in milliseconds.
type Latency struct {
	Count uint64  `json:"count"`
	P50   float64 `json:"p50ms"`
	P95   float64 `json:"p95ms"`
	P99   float64 `json:"p99ms"`
	Max   float64 `json:"maxms"`
}

// ServerReport is the servers' own view, summed over them: at the end of
// the run (before its games closed), and the CPU over the run.
type ServerReport struct {
	OK             bool    `json:"ok"` // every server was read, at the start and at the end
	GamesLive      float64 `json:"gamesLive"`
	SocketsOpen    float64 `json:"socketsOpen"`
	Moves          float64 `json:"moves"` // moves the servers counted during the run
	RSSBytes       float64 `json:"rssBytes"`
	HeapInuseBytes float64 `json:"heapInuseBytes"`
	RSSPerGame     float64 `json:"rssPerGame"`
	HeapPerGame    float64 `json:"heapPerGame"`
	CPUCores       float64 `json:"cpuCores"` // CPU seconds per second over the run
}

// SteadyReport is the run from the end of the ramp (and one longest think
// time after it) to its end: every game playing, none being created but
// those replacing finished ones. Its CPU per move is what a relayed move
// costs the servers.
type SteadyReport struct {
	Seconds    float64 `json:"seconds"`
	Latency    Latency `json:"latency"`
	Moves      float64 `json:"moves,omitempty"`        // the moves the servers counted in the window
	CPUCores   float64 `json:"cpuCores,omitempty"`     // the servers' CPU seconds per second in the window
	CPUPerMove float64 `json:"cpuPerMoveMs,omitempty"` // the servers' CPU milliseconds per move counted
}

// steadyReport builds the steady window's report from the sample read as
// it opened (at midAt) and the one read at the end (at elapsed); nil when
// no window opened. The CPU figures need both samples.
func (r *run) steadyReport(mid sample, midAt time.Duration, after sample, elapsed time.Duration) *SteadyReport {
	if r.stats.steadyFrom.Load() == 0 {
		return nil
	}
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	s := &SteadyReport{Seconds: (elapsed - midAt).Seconds(), Latency: latencyOf(&r.stats.steady, ms)}
	if mid.ok && after.ok {
		s.Moves = after.moves - mid.moves
		if secs := after.at.Sub(mid.at).Seconds(); secs > 0 {
			s.CPUCores = (after.cpu - mid.cpu) / secs
		}
		if s.Moves > 0 {
			s.CPUPerMove = (after.cpu - mid.cpu) * 1000 / s.Moves
		}
	}
	return s
}

// report builds the report of the run so far, elapsed after its start.
func (r *run) report(elapsed time.Duration) *Report {
	st := r.stats
	h := &st.latency
	ms := func(d time.Duration) float64 { return float64(d) / float64(time.Millisecond) }
	rep := &Report{Seconds: elapsed.Seconds(),
		GamesPeak: st.games.peak.Load(), GamesAtEnd: st.games.n.Load(),
		SocketsPeak: st.sockets.peak.Load(), SocketsAtEnd: st.sockets.n.Load(),
		GamesStarted: st.gamesStarted.Load(), GamesFinished: st.gamesFinished.Load(),
		Moves: st.moves.Load(), Reconnections: st.reconnections.Load(),
		Latency: latencyOf(h, ms), Outage: latencyOf(&st.outage, ms)}
	rep.MovesPerSecond = float64(rep.Moves) / elapsed.Seconds()
	if r.cfg.Arena > 0 {
		a := &ArenaReport{Players: r.cfg.Arena, Pairing: latencyOf(&st.pairing, ms), Pushes: st.pushes.Load()}
		a.PushesPerSec = float64(a.Pushes) / elapsed.Seconds()
		if a.Pushes > 0 {
			a.PushBytesMean = float64(st.pushBytes.Load()) / float64(a.Pushes)
		}
		rep.Arena = a
	}
	return rep
}

// latencyOf summarises histogram h in milliseconds.
func latencyOf(h *Histogram, ms func(time.Duration) float64) Latency {
	return Latency{Count: h.Count(), P50: ms(h.Quantile(0.5)), P95: ms(h.Quantile(0.95)), P99: ms(h.Quantile(0.99)), Max: ms(h.Max())}
}

// serverReport compares the samples read before and after the run; nil
// when no metrics URL was given.
func serverReport(before, after sample, urls []string) *ServerReport {
	if len(urls) == 0 {
		return nil
	}
	s := &ServerReport{OK: before.ok && after.ok, GamesLive: after.gamesLive, SocketsOpen: after.sockets,
		Moves: after.moves - before.moves, RSSBytes: after.rss, HeapInuseBytes: after.heapInuse}
	if after.gamesLive > 0 {
		s.RSSPerGame, s.HeapPerGame = after.rss/after.gamesLive, after.heapInuse/after.gamesLive
	}
	if secs := after.at.Sub(before.at).Seconds(); secs > 0 {
		s.CPUCores = (after.cpu - before.cpu) / secs
	}
	return s
}

// WriteJSON writes the report as one JSON object.
func (rep *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(rep)
}

// WriteText writes the report for people.
func (rep *Report) WriteText(w io.Writer) error {
	l := rep.Latency
	_, err := fmt.Fprintf(w, "duration      %.1f s\n"+
		"games held    peak %d, at end %d (started %d, finished %d)\n"+
		"sockets held  peak %d, at end %d\n"+
		"moves         %d relayed, %.1f/s\n"+
		"relay latency p50 %.2f ms, p95 %.2f ms, p99 %.2f ms, max %.2f ms (%d moves)\n"+
		"reconnections %d; time without the game p50 %.0f ms, p95 %.0f ms, max %.0f ms\n",
		rep.Seconds, rep.GamesPeak, rep.GamesAtEnd, rep.GamesStarted, rep.GamesFinished,
		rep.SocketsPeak, rep.SocketsAtEnd, rep.Moves, rep.MovesPerSecond,
		l.P50, l.P95, l.P99, l.Max, l.Count, rep.Reconnections, rep.Outage.P50, rep.Outage.P95, rep.Outage.Max)
	if err != nil {
		return err
	}
	if _, err := fmt.Fprint(w, "errors       "); err != nil {
		return err
	}
	if len(rep.Errors) == 0 {
		_, err = fmt.Fprint(w, " none")
	}
	for _, k := range slices.Sorted(maps.Keys(rep.Errors)) {
		if _, err := fmt.Fprintf(w, " %s=%d", k, rep.Errors[k]); err != nil {
			return err
		}
	}
	if _, err := fmt.Fprintln(w); err != nil {
		return err
	}
	if c := rep.Check; c != nil {
		if _, err := fmt.Fprintf(w, "check         %d games read back, %d published moves checked: %d lost (in %d games), %d games unreadable\n",
			c.Games, c.MovesChecked, c.MovesLost, c.GamesLosingMoves, c.Unreadable); err != nil {
			return err
		}
	}
	if s := rep.Server; s != nil {
		const mib = 1 << 20
		_, err = fmt.Fprintf(w, "server        %.0f games live, %.0f sockets, %.0f moves counted; RSS %.1f MiB (%.1f KiB a game), heap in use %.1f MiB (%.1f KiB a game); CPU %.2f cores%s\n",
			s.GamesLive, s.SocketsOpen, s.Moves, s.RSSBytes/mib, s.RSSPerGame/1024, s.HeapInuseBytes/mib, s.HeapPerGame/1024, s.CPUCores,
			map[bool]string{true: "", false: " (a server could not be read)"}[s.OK])
		if err != nil {
			return err
		}
	}
	if a := rep.Arena; a != nil {
		l := a.Pairing
		_, err = fmt.Fprintf(w, "arena         %d players; next game named p50 %.0f ms, p95 %.0f ms, p99 %.0f ms, max %.0f ms after one ends (%d); standings pushed %d times (%.0f/s, %.1f KiB each)\n",
			a.Players, l.P50, l.P95, l.P99, l.Max, l.Count, a.Pushes, a.PushesPerSec, a.PushBytesMean/1024)
		if err != nil {
			return err
		}
	}
	if s := rep.Steady; s != nil {
		l := s.Latency
		_, err = fmt.Fprintf(w, "steady        the last %.1f s: relay p50 %.2f ms, p95 %.2f ms, p99 %.2f ms, max %.2f ms (%d moves)",
			s.Seconds, l.P50, l.P95, l.P99, l.Max, l.Count)
		if err == nil && s.Moves > 0 {
			_, err = fmt.Fprintf(w, "; server CPU %.2f cores, %.3f ms a move", s.CPUCores, s.CPUPerMove)
		}
		if err == nil {
			_, err = fmt.Fprintln(w)
		}
	}
	return err
}
