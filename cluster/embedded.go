package cluster

import (
	"fmt"
	"net"
	"strconv"
	"time"

	natsserver "github.com/nats-io/nats-server/v2/server"
)

// Embedded runs a NATS server inside this process (the nats-server Go
// module), listening on addr ("127.0.0.1:4222"; port 0 for a free one):
// the messaging of a cluster on one machine, and of tests. Other nodes
// connect to its ClientURL.
func Embedded(addr string) (*natsserver.Server, error) {
	host, portText, err := net.SplitHostPort(addr)
	if err != nil {
		return nil, fmt.Errorf("cluster: embedded nats address %q: %w", addr, err)
	}
	port, err := strconv.Atoi(portText)
	if err != nil {
		return nil, fmt.Errorf("cluster: embedded nats port %q: %w", portText, err)
	}
	if port == 0 {
		port = natsserver.RANDOM_PORT
	}
	ns, err := natsserver.NewServer(&natsserver.Options{Host: host, Port: port, NoSigs: true, NoLog: true,
		MaxPayload: 1 << 20})
	if err != nil {
		return nil, fmt.Errorf("cluster: embedded nats: %w", err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		ns.Shutdown()
		return nil, fmt.Errorf("cluster: embedded nats on %s did not start", addr)
	}
	return ns, nil
}
