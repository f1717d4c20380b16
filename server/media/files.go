package media

import (
	"context"
	"io/fs"
	"net/http"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/internal/lang"
	"github.com/gambitchess/gambit/render"
	"github.com/gambitchess/gambit/server/sched"
)

// Config is what the server gives its game files: how to read a game,
// who asks and what they may see of it, how to answer an error, and the
// app's page.
type Config struct {
	// Read calls f with game id as it stands (from its hub if live, else
	// from the store); f must not keep g.
	Read func(ctx context.Context, id string, f func(g *game.Game)) error
	// Asker is the player id of whoever sent r ("" for a stranger).
	Asker func(r *http.Request) string
	// Sight is what player may see of g.
	Sight func(g *game.Game, player string) game.Viewer
	// Error answers err (the server's error answer: its status, code,
	// message and the metrics of refusals).
	Error func(w http.ResponseWriter, err error)
	// Assets holds the app's index.html, the game page's base; nil: no page.
	Assets fs.FS
	// Done is closed when the server shuts down: a request waiting to be
	// drawn is answered ErrShuttingDown.
	Done <-chan struct{}
	// EvalGraph returns the points of game id's eval graph, from its
	// review (GET /game/{id}-eval.svg, .png); store.ErrNotFound while it
	// has none. nil: no eval graphs.
	EvalGraph func(ctx context.Context, id string) ([]render.EvalPoint, error)
	// CacheBytes bounds the drawings kept in memory: 0 is DefaultCacheBytes,
	// a negative number keeps none.
	CacheBytes int
	// BotName words the computer's seat of a game of variant v, named name
	// in the record ("Gambit Casual (~1200)"), in l as the app does
	// ("Gambit · 休閒（約 1200 分）"); false for a name of no level. nil:
	// the names as recorded.
	BotName func(v game.Variant, name string, l lang.Lang) (string, bool)
}

// Files serves a game's files under GET /game/{file}: its page, images and
// viewer page. It is safe for concurrent use.
type Files struct {
	cfg   Config
	draws *sched.Scheduler // images and viewer pages, drawn in turn per address
	drawn *drawCache       // drawings of games finished and in play, by ETag (draw_cache.go)
}

// New starts the drawing scheduler of cfg; Close stops it.
func New(cfg Config) *Files {
	most := cfg.CacheBytes
	switch {
	case most == 0:
		most = DefaultCacheBytes
	case most < 0:
		most = 0
	}
	return &Files{cfg: cfg, draws: newDrawScheduler(), drawn: newDrawCache(most)}
}

// Close drops the drawings waiting and waits for those running.
func (m *Files) Close() { m.draws.Close() }

// Drawn reports how many files were drawn, not found among those kept.
func (m *Files) Drawn() int64 { return m.drawn.misses.Load() }
