// Package loadtest plays many online games at once against Gambit servers
// on this machine, as people would: each game is created by one player and
// joined by another (two cookie jars), both play random legal moves over
// their WebSockets at a human pace, spectators watch, and a finished game
// is replaced by a new one until the run's time is up. It measures what a
// player feels (a move's relay time, from one player's send to the
// opponent's receipt, both clients being in this process) and reads the
// servers' own /metrics for their memory and CPU.
//
// It is for loopback only: every server address must be a loopback one,
// and connections are spread over many loopback source addresses
// (127.0.0.2 to 127.0.0.254 by default) so that a stock server's
// per-address caps are not what a run measures.
//
//	rep, err := loadtest.Run(ctx, loadtest.Config{
//		Addrs: []string{"http://127.0.0.1:8080"}, Games: 100, Duration: time.Minute,
//		ThinkMin: time.Second, ThinkMax: 3 * time.Second,
//	})
//	rep.WriteText(os.Stdout)
package loadtest
