package uci

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strings"
	"sync"
	"time"
)

// This file is the client side of UCI: Gambit driving an external engine
// process (for engine matches, and later for analysis with other engines).

// Errors of an external engine.
var (
	ErrEngineExited  = errors.New("uci: engine exited")
	ErrEngineTimeout = errors.New("uci: engine did not answer in time")
)

// EngineOption is a "setoption name NAME value VALUE" sent after the handshake.
type EngineOption struct {
	Name, Value string
}

// ClientConfig describes how to start an external UCI engine.
type ClientConfig struct {
	Name    string   // display name; default: the engine's "id name"
	Path    string   // executable
	Args    []string // command-line arguments
	Dir     string   // working directory; default: the current one
	Env     []string // extra environment variables ("NAME=value")
	Options []EngineOption
	// Handshake bounds the wait for uciok and readyok (default 10 s).
	Handshake time.Duration
}

// Client is a running external UCI engine. Its methods are not safe for
// concurrent use: a match drives each engine from one goroutine.
type Client struct {
	name  string
	cmd   *exec.Cmd
	stdin io.WriteCloser
	lines chan string   // stdout lines, in order
	done  chan struct{} // closed when stdout reaches EOF
	quit  chan struct{} // closed by Close, so the reader never blocks forever
	wait  sync.Once
	err   error
	hs    time.Duration
	opts  []OptionInfo // the options the engine declared before uciok
}

// StartClient starts the engine, performs the uci/uciok handshake, sends the
// options and waits for readyok.
func StartClient(ctx context.Context, cfg ClientConfig) (*Client, error) {
	cmd := exec.Command(cfg.Path, cfg.Args...)
	cmd.Dir = cfg.Dir
	ownProcessGroup(cmd)
	if len(cfg.Env) > 0 {
		cmd.Env = append(os.Environ(), cfg.Env...)
	}
	stdin, err := cmd.StdinPipe()
	if err != nil {
		return nil, err
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		return nil, err
	}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("uci: start %s: %w", cfg.Path, err)
	}
	c := &Client{name: cfg.Name, cmd: cmd, stdin: stdin, lines: make(chan string, 256), done: make(chan struct{}), quit: make(chan struct{}), hs: cfg.Handshake}
	if c.hs == 0 {
		c.hs = 10 * time.Second
	}
	go c.readLines(stdout)
	if err := c.handshake(ctx, cfg.Options); err != nil {
		c.Close()
		return nil, fmt.Errorf("uci: %s: %w", cfg.Path, err)
	}
	return c, nil
}

func (c *Client) readLines(r io.Reader) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 64*1024), 1<<20)
	defer close(c.done)
	for sc.Scan() {
		select {
		case c.lines <- strings.TrimSpace(sc.Text()):
		case <-c.quit:
			return
		}
	}
}

func (c *Client) handshake(ctx context.Context, opts []EngineOption) error {
	if err := c.Send("uci"); err != nil {
		return err
	}
	deadline := time.Now().Add(c.hs)
	for {
		line, err := c.readLine(ctx, deadline)
		if err != nil {
			return fmt.Errorf("waiting for uciok: %w", err)
		}
		if name, ok := strings.CutPrefix(line, "id name "); ok && c.name == "" {
			c.name = name
		}
		if o, err := ParseOptionLine(line); err == nil {
			c.opts = append(c.opts, o)
		}
		if line == "uciok" {
			break
		}
	}
	for _, o := range opts {
		if err := c.Send("setoption name " + o.Name + " value " + o.Value); err != nil {
			return err
		}
	}
	return c.IsReady(ctx)
}

// Options returns the options the engine declared in its handshake.
func (c *Client) Options() []OptionInfo { return append([]OptionInfo(nil), c.opts...) }

// Name returns the engine's display name.
func (c *Client) Name() string { return c.name }

// Send writes one command line to the engine.
func (c *Client) Send(line string) error {
	if _, err := io.WriteString(c.stdin, line+"\n"); err != nil {
		return fmt.Errorf("%w: %v", ErrEngineExited, err)
	}
	return nil
}

// readLine returns the next line the engine printed, or an error when the
// engine exits, the deadline passes or ctx ends.
func (c *Client) readLine(ctx context.Context, deadline time.Time) (string, error) {
	timer := time.NewTimer(time.Until(deadline))
	defer timer.Stop()
	select {
	case line := <-c.lines:
		return line, nil
	case <-c.done:
		select { // lines printed just before exit
		case line := <-c.lines:
			return line, nil
		default:
			return "", ErrEngineExited
		}
	case <-timer.C:
		return "", ErrEngineTimeout
	case <-ctx.Done():
		return "", ctx.Err()
	}
}

// IsReady sends isready and waits for readyok.
func (c *Client) IsReady(ctx context.Context) error {
	if err := c.Send("isready"); err != nil {
		return err
	}
	deadline := time.Now().Add(c.hs)
	for {
		line, err := c.readLine(ctx, deadline)
		if err != nil {
			return fmt.Errorf("waiting for readyok: %w", err)
		}
		if line == "readyok" {
			return nil
		}
	}
}

// NewGame sends ucinewgame and waits until the engine is ready.
func (c *Client) NewGame(ctx context.Context) error {
	if err := c.Send("ucinewgame"); err != nil {
		return err
	}
	return c.IsReady(ctx)
}

// SearchResult is an engine's answer to "go".
type SearchResult struct {
	BestMove string
	Ponder   string
	Info     string // the last "info ... score ..." line, for logs and PGN comments
}

// Go sends "position POSITION [moves ...]" and "go ARGS", and waits for
// bestmove until deadline. position is "startpos" or "fen FEN".
func (c *Client) Go(ctx context.Context, position string, moves []string, args string, deadline time.Time) (SearchResult, error) {
	return c.GoInfo(ctx, position, moves, args, deadline, nil)
}

// GoInfo is Go that also hands every "info" line the engine prints to
// onInfo (when not nil), in order, before it returns: an analysis reads
// the lines of each MultiPV from them.
func (c *Client) GoInfo(ctx context.Context, position string, moves []string, args string, deadline time.Time, onInfo func(line string)) (SearchResult, error) {
	cmd := "position " + position
	if len(moves) > 0 {
		cmd += " moves " + strings.Join(moves, " ")
	}
	if err := c.Send(cmd); err != nil {
		return SearchResult{}, err
	}
	if err := c.Send("go " + args); err != nil {
		return SearchResult{}, err
	}
	var res SearchResult
	for {
		line, err := c.readLine(ctx, deadline)
		if err != nil {
			return res, err
		}
		if strings.HasPrefix(line, "info ") && strings.Contains(line, " score ") {
			res.Info = line
		}
		if onInfo != nil && strings.HasPrefix(line, "info ") {
			onInfo(line)
		}
		if rest, ok := strings.CutPrefix(line, "bestmove"); ok {
			f := strings.Fields(rest)
			if len(f) == 0 {
				return res, fmt.Errorf("uci: empty bestmove")
			}
			res.BestMove = f[0]
			if len(f) >= 3 && f[1] == "ponder" {
				res.Ponder = f[2]
			}
			return res, nil
		}
	}
}

// Close asks the engine to quit and kills it if it has not exited within a second.
func (c *Client) Close() error {
	c.wait.Do(func() {
		defer close(c.quit)
		_ = c.Send("quit")
		c.stdin.Close()
		exited := make(chan error, 1)
		go func() { exited <- c.cmd.Wait() }()
		select {
		case c.err = <-exited:
		case <-time.After(time.Second):
			_ = c.cmd.Process.Kill()
			c.err = <-exited
		}
	})
	return c.err
}

// GoStoppable is Go for a search that may be cut short: when ctx ends the
// engine is sent "stop" and its bestmove (the best it found so far) is
// still read, until deadline. An engine that exits or stays silent past
// deadline is an error (ErrEngineExited, ErrEngineTimeout), as is a
// bestmove line with no move.
func (c *Client) GoStoppable(ctx context.Context, position string, moves []string, args string, deadline time.Time) (SearchResult, error) {
	cmd := "position " + position
	if len(moves) > 0 {
		cmd += " moves " + strings.Join(moves, " ")
	}
	if err := c.Send(cmd); err != nil {
		return SearchResult{}, err
	}
	if err := c.Send("go " + args); err != nil {
		return SearchResult{}, err
	}
	var res SearchResult
	read, stopped := ctx, false
	for {
		line, err := c.readLine(read, deadline)
		if !stopped && err != nil && ctx.Err() != nil && errors.Is(err, ctx.Err()) {
			read, stopped = context.Background(), true // the bestmove still comes, until deadline
			if err := c.Send("stop"); err != nil {
				return res, err
			}
			continue
		}
		if err != nil {
			return res, err
		}
		if strings.HasPrefix(line, "info ") && strings.Contains(line, " score ") {
			res.Info = line
		}
		if rest, ok := strings.CutPrefix(line, "bestmove"); ok {
			f := strings.Fields(rest)
			if len(f) == 0 {
				return res, fmt.Errorf("uci: empty bestmove")
			}
			res.BestMove = f[0]
			if len(f) >= 3 && f[1] == "ponder" {
				res.Ponder = f[2]
			}
			return res, nil
		}
	}
}

// SetOption sends "setoption name NAME value VALUE".
func (c *Client) SetOption(name, value string) error {
	return c.Send("setoption name " + name + " value " + value)
}

// Kill ends the engine at once, without asking: for an engine that
// stopped answering.
func (c *Client) Kill() {
	_ = c.cmd.Process.Kill()
	c.Close()
}
