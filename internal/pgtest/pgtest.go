// Package pgtest runs a throwaway PostgreSQL cluster for tests: initdb into
// a temporary directory, a server on a free loopback port, removed at the
// end. Tests fail, saying why, when no PostgreSQL server binaries are
// installed (Debian's postgresql package puts them in
// /usr/lib/postgresql/N/bin; .ci/run installs it): a skip would pass
// without testing the store.
//
// A package's TestMain calls Main, and each test asks for a fresh, empty
// database with URL:
//
//	func TestMain(m *testing.M) { os.Exit(pgtest.Main(m)) }
//	url := pgtest.URL(t) // fails when PostgreSQL is not installed
package pgtest

import (
	"context"
	"crypto/rand"
	"errors"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
)

// Cluster is a running throwaway PostgreSQL server.
type Cluster struct {
	dir  string // the data directory and the socket's
	bin  string // where initdb and pg_ctl are
	port int
}

// process state: one cluster per test binary, started on first use.
type state struct {
	once    sync.Once
	cluster *Cluster
	err     error
}

// Main runs the tests of m, then stops the cluster if one was started.
func Main(m *testing.M) int {
	s := &state{}
	current = s
	code := m.Run()
	if s.cluster != nil {
		if err := s.cluster.Stop(); err != nil {
			fmt.Fprintln(os.Stderr, "pgtest:", err)
		}
	}
	return code
}

// current is the cluster state of the running test binary, set by Main
// before any test runs (a test binary is one process; this is its fixture).
var current *state

// ErrNoPostgres says no PostgreSQL server binaries were found.
var ErrNoPostgres = errors.New("pgtest: no PostgreSQL server binaries (initdb, pg_ctl): install Debian's postgresql package")

// URL returns the connection URL of a new, empty database on the test
// binary's cluster, started on first use. It fails t when PostgreSQL is
// not installed or the cluster cannot start.
func URL(t testing.TB) string {
	t.Helper()
	if current == nil {
		t.Fatal("pgtest: call pgtest.Main from the package's TestMain")
	}
	current.once.Do(func() { current.cluster, current.err = Start() })
	if current.err != nil {
		t.Fatal(current.err)
	}
	url, err := current.cluster.NewDatabase(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	return url
}

// binDir finds the directory holding initdb and pg_ctl: PATH first, then
// Debian's versioned directories, newest first.
func binDir() (string, error) {
	if p, err := exec.LookPath("initdb"); err == nil {
		if _, err := exec.LookPath("pg_ctl"); err == nil {
			return filepath.Dir(p), nil
		}
	}
	dirs, _ := filepath.Glob("/usr/lib/postgresql/*/bin")
	sort.Sort(sort.Reverse(sort.StringSlice(dirs)))
	for _, d := range dirs {
		if _, err := os.Stat(filepath.Join(d, "pg_ctl")); err == nil {
			return d, nil
		}
	}
	return "", ErrNoPostgres
}

// Start creates and starts a cluster in a new temporary directory. The
// server listens on a free loopback port and a socket in that directory,
// trusts local connections, and keeps nothing durable (fsync off).
func Start() (*Cluster, error) {
	bin, err := binDir()
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "gambit-pg-")
	if err != nil {
		return nil, fmt.Errorf("pgtest: %w", err)
	}
	c := &Cluster{dir: dir, bin: bin}
	if err := c.start(); err != nil {
		os.RemoveAll(dir)
		return nil, err
	}
	return c, nil
}

func (c *Cluster) start() error {
	data := filepath.Join(c.dir, "data")
	if out, err := c.run("initdb", "-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8", "--locale=C"); err != nil {
		return fmt.Errorf("pgtest: initdb: %w\n%s", err, out)
	}
	port, err := freePort()
	if err != nil {
		return fmt.Errorf("pgtest: %w", err)
	}
	c.port = port
	opts := fmt.Sprintf("-p %d -k %s -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off -c max_connections=200", port, c.dir)
	if out, err := c.run("pg_ctl", "-D", data, "-o", opts, "-l", filepath.Join(c.dir, "log"), "-w", "-t", "60", "start"); err != nil {
		log, _ := os.ReadFile(filepath.Join(c.dir, "log"))
		return fmt.Errorf("pgtest: pg_ctl start: %w\n%s\n%s", err, out, log)
	}
	return nil
}

// run runs one of the PostgreSQL programs. As root (a CI container) it
// runs them as the owner of the directory: PostgreSQL refuses root.
func (c *Cluster) run(name string, args ...string) ([]byte, error) {
	cmd := exec.Command(filepath.Join(c.bin, name), args...)
	if os.Geteuid() == 0 {
		if err := dropRoot(cmd, c.dir); err != nil {
			return nil, err
		}
	}
	return cmd.CombinedOutput()
}

// freePort asks the kernel for a free loopback port.
func freePort() (int, error) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return 0, err
	}
	defer l.Close()
	return l.Addr().(*net.TCPAddr).Port, nil
}

// AdminURL is the URL of the cluster's postgres database.
func (c *Cluster) AdminURL() string { return c.url("postgres") }

func (c *Cluster) url(db string) string {
	return fmt.Sprintf("postgres://postgres@127.0.0.1:%d/%s?sslmode=disable", c.port, db)
}

// NewDatabase creates an empty database with a random name and returns
// its URL.
func (c *Cluster) NewDatabase(ctx context.Context) (string, error) {
	ctx, cancel := context.WithTimeout(ctx, 30*time.Second)
	defer cancel()
	conn, err := pgx.Connect(ctx, c.AdminURL())
	if err != nil {
		return "", fmt.Errorf("pgtest: connect: %w", err)
	}
	defer conn.Close(ctx)
	name := "t_" + strings.ToLower(rand.Text()[:16])
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+name); err != nil {
		return "", fmt.Errorf("pgtest: create database: %w", err)
	}
	return c.url(name), nil
}

// Stop stops the server and removes its directory.
func (c *Cluster) Stop() error {
	out, err := c.run("pg_ctl", "-D", filepath.Join(c.dir, "data"), "-m", "immediate", "-w", "stop")
	if rerr := os.RemoveAll(c.dir); err == nil && rerr != nil {
		err = rerr
	}
	if err != nil {
		return fmt.Errorf("pgtest: stop: %w\n%s", err, out)
	}
	return nil
}
