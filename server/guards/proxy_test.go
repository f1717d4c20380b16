package guards

import (
	"net/netip"
	"testing"
)

// TestParseTrustedProxies: IPs and CIDRs, spaces and empty items allowed,
// anything else refused.
func TestParseTrustedProxies(t *testing.T) {
	got, err := ParseTrustedProxies(" 10.0.0.1, 192.168.0.0/16,,::1, 2001:db8::7/48 ")
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"10.0.0.1/32", "192.168.0.0/16", "::1/128", "2001:db8::/48"}
	if len(got) != len(want) {
		t.Fatalf("got %v, want %v", got, want)
	}
	for i := range want {
		if got[i].String() != want[i] {
			t.Errorf("prefix %d: got %s, want %s", i, got[i], want[i])
		}
	}
	for _, bad := range []string{"nonsense", "10.0.0.0/33", "10.0.0.1:80", "example.com"} {
		if _, err := ParseTrustedProxies(bad); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	if got, err := ParseTrustedProxies(""); err != nil || len(got) != 0 {
		t.Errorf("the empty list: %v %v", got, err)
	}
}

// TestForwardedClient: the rightmost X-Forwarded-For hop that is not a
// trusted proxy, and only from a trusted peer.
func TestForwardedClient(t *testing.T) {
	trusted, err := ParseTrustedProxies("10.0.0.0/8, 2001:db8::1")
	if err != nil {
		t.Fatal(err)
	}
	tests := []struct {
		name, remote string
		xff          []string
		want         string // "" for none: the peer is the client
	}{
		{"untrusted peer", "203.0.113.1:5000", []string{"198.51.100.1"}, ""},
		{"trusted peer, one hop", "10.0.0.2:5000", []string{"198.51.100.1"}, "198.51.100.1"},
		{"spoofed hops on the left", "10.0.0.2:5000", []string{"1.1.1.1, 2.2.2.2, 198.51.100.1"}, "198.51.100.1"},
		{"two trusted proxies", "10.0.0.2:5000", []string{"198.51.100.1, 10.9.9.9"}, "198.51.100.1"},
		{"several headers", "10.0.0.2:5000", []string{"1.1.1.1", "198.51.100.1, 10.1.1.1"}, "198.51.100.1"},
		{"a port on a hop", "10.0.0.2:5000", []string{"198.51.100.1:4711"}, "198.51.100.1"},
		{"IPv6 peer and hop", "[2001:db8::1]:443", []string{"2001:db8:1::5"}, "2001:db8:1::5"},
		{"IPv4-mapped peer", "[::ffff:10.0.0.2]:443", []string{"198.51.100.1"}, "198.51.100.1"},
		{"no header", "10.0.0.2:5000", nil, ""},
		{"garbage first", "10.0.0.2:5000", []string{"198.51.100.1, garbage"}, ""},
		{"garbage behind a trusted hop", "10.0.0.2:5000", []string{"garbage, 10.3.3.3"}, "10.3.3.3"},
		{"all trusted", "10.0.0.2:5000", []string{"10.4.4.4, 10.3.3.3"}, "10.4.4.4"},
	}
	for _, tt := range tests {
		got, ok := forwardedClient(tt.remote, tt.xff, trusted)
		if want, _ := netip.ParseAddr(tt.want); ok != (tt.want != "") || ok && got != want {
			t.Errorf("%s: got %v %v, want %q", tt.name, got, ok, tt.want)
		}
	}
}
