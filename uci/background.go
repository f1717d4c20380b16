package uci

import "context"

// background is the search running behind a conversation, chess or
// xiangqi: at most one at a time, which prints its info lines and then
// bestmove. Both variants' sessions share the one of their conversation.
type background struct {
	cancel  context.CancelFunc // of the running search, or nil
	done    chan struct{}      // closed when the running search has printed bestmove
	endless bool               // the running search waits for stop (infinite or ponder)
}

// start runs search in a new goroutine, with a context derived from ctx
// that stop cancels. endless says that search returns only when stopped.
func (b *background) start(ctx context.Context, endless bool, search func(ctx context.Context)) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	b.cancel, b.done, b.endless = cancel, done, endless
	go func() {
		defer close(done)
		search(ctx)
	}()
}

// finish lets a running search with limits end by itself, but stops an
// infinite or ponder search. It runs before commands that need the engine
// idle (go, setoption, ucinewgame) and at the end of input: a script with
// several "go" lines then runs each search in full, as a GUI waiting for
// bestmove would, and a forgotten "stop" cannot deadlock the loop.
func (b *background) finish() {
	if b.cancel != nil && !b.endless {
		<-b.done
	}
	b.stop()
}

// stop stops the running search, if any, and waits for its bestmove.
func (b *background) stop() {
	if b.cancel == nil {
		return
	}
	b.cancel()
	<-b.done
	b.cancel, b.done = nil, nil
}
