package main

import (
	"crypto/rand"
	"errors"
	"fmt"
	"os"
	"strings"

	"github.com/nats-io/nats.go"
	"github.com/spf13/cobra"

	"github.com/gambitchess/gambit/cluster"
	gnode "github.com/gambitchess/gambit/server/node" // beside this file's type node
	"github.com/gambitchess/gambit/store"
)

// clusterFlags make serve one node of several: --nats names the messaging
// between the nodes, --node this node.
type clusterFlags struct{ nats, node string }

// embeddedDefault is where --nats embedded listens.
const embeddedDefault = "127.0.0.1:4222"

func (f *clusterFlags) register(cmd *cobra.Command) {
	cmd.Flags().StringVar(&f.nats, "nats", "", "several nodes: the NATS server between them (nats://host:4222), or "+
		"'embedded' to run one in this process on "+embeddedDefault+" ('embedded=HOST:PORT' elsewhere) for the other nodes to use; needs --db")
	cmd.Flags().StringVar(&f.node, "node", "", "this node's name in the cluster (default: the host name and a random suffix)")
}

// node is a joined cluster node: the Bus and Leases for server.Config, and
// how to leave.
type node struct {
	bus    gnode.Bus
	leases store.Leases
	close  func()
}

// join connects to the other nodes, when --nats is set; st must be the
// shared PostgreSQL store.
func (f clusterFlags) join(st store.Log) (node, error) {
	if f.nats == "" {
		return node{close: func() {}}, nil
	}
	leases, ok := st.(store.Leases)
	if !ok {
		return node{}, usageError{errors.New("--nats: several nodes share one PostgreSQL database: give --db postgres://URL")}
	}
	url, stopEmbedded, err := f.natsURL()
	if err != nil {
		return node{}, err
	}
	nc, err := nats.Connect(url, nats.Name("gambit"), nats.MaxReconnects(-1))
	if err != nil {
		stopEmbedded()
		return node{}, fmt.Errorf("serve: connect to nats %s: %w", url, err)
	}
	id := f.node
	if id == "" {
		id = defaultNodeID()
	}
	bus, err := cluster.New(nc, id)
	if err != nil {
		nc.Close()
		stopEmbedded()
		return node{}, usageError{fmt.Errorf("--node: %w", err)}
	}
	return node{bus: bus, leases: leases, close: func() { bus.Close(); nc.Close(); stopEmbedded() }}, nil
}

// natsURL is --nats as a URL to connect to, starting the embedded server
// when asked.
func (f clusterFlags) natsURL() (string, func(), error) {
	if f.nats != "embedded" && !strings.HasPrefix(f.nats, "embedded=") {
		if !strings.HasPrefix(f.nats, "nats://") {
			return "", nil, usageError{fmt.Errorf("--nats: want nats://host:port or embedded, not %.40q", f.nats)}
		}
		return f.nats, func() {}, nil
	}
	addr := embeddedDefault
	if a, ok := strings.CutPrefix(f.nats, "embedded="); ok {
		addr = a
	}
	ns, err := cluster.Embedded(addr)
	if err != nil {
		return "", nil, err
	}
	return ns.ClientURL(), ns.Shutdown, nil
}

// defaultNodeID is the host name, as a NATS token, and a random suffix:
// unique for each start of a node.
func defaultNodeID() string {
	host, _ := os.Hostname()
	clean := strings.Map(func(r rune) rune {
		if r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' {
			return r
		}
		return '-'
	}, host)
	if len(clean) > 40 {
		clean = clean[:40]
	}
	return strings.Trim(clean, "-") + "-" + strings.ToLower(rand.Text()[:6])
}
