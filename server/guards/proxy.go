package guards

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"strings"
)

// Behind a reverse proxy every request comes from the proxy's address, and
// the client's is in X-Forwarded-For, which the proxy appends to. Anyone can
// send that header, so it is read only from a trusted proxy (Config.
// TrustedProxies), and only as far as trusted proxies wrote it: from the
// right, the first address that is not itself a trusted proxy is the client.
// Everything left of it was written by the client or its own proxies, and
// could be anything.

// ParseTrustedProxies reads a comma-separated list of IP addresses and CIDR
// prefixes ("10.0.0.1, 192.168.0.0/16, ::1"); an empty list trusts no one.
func ParseTrustedProxies(list string) ([]netip.Prefix, error) {
	var out []netip.Prefix
	for _, f := range strings.Split(list, ",") {
		f = strings.TrimSpace(f)
		if f == "" {
			continue
		}
		p, err := parsePrefix(f)
		if err != nil {
			return nil, fmt.Errorf("server: trusted proxy %q: want an IP address or a CIDR prefix", f)
		}
		out = append(out, p)
	}
	return out, nil
}

// parsePrefix reads an IP address (a prefix of one address) or a CIDR prefix.
func parsePrefix(s string) (netip.Prefix, error) {
	if strings.Contains(s, "/") {
		p, err := netip.ParsePrefix(s)
		return p.Masked(), err
	}
	a, err := netip.ParseAddr(s)
	if err != nil {
		return netip.Prefix{}, err
	}
	a = a.Unmap()
	return netip.PrefixFrom(a, a.BitLen()), nil
}

// IsTrusted reports whether a is in one of the prefixes.
func IsTrusted(a netip.Addr, trusted []netip.Prefix) bool {
	a = a.Unmap()
	for _, p := range trusted {
		if p.Contains(a) {
			return true
		}
	}
	return false
}

// Forwarded makes each request's RemoteAddr the client's address when it
// came through a trusted proxy, so that every per-address limit keys on
// the client and not on the proxy. From any other peer the request is left
// as it is, X-Forwarded-For and all: the header means nothing there.
func Forwarded(trusted []netip.Prefix, next http.Handler) http.Handler {
	if len(trusted) == 0 {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if client, ok := forwardedClient(r.RemoteAddr, r.Header.Values("X-Forwarded-For"), trusted); ok {
			r = r.WithContext(r.Context()) // a shallow copy: the caller's request stays as it was
			r.RemoteAddr = netip.AddrPortFrom(client, 0).String()
		}
		next.ServeHTTP(w, r)
	})
}

// forwardedClient is the client a request from peer remote with the given
// X-Forwarded-For headers came from: the rightmost forwarded address that
// is not a trusted proxy. It reports false when remote is not trusted, or
// the header names no usable address (the peer is then the client).
func forwardedClient(remote string, xff []string, trusted []netip.Prefix) (netip.Addr, bool) {
	peer, err := netip.ParseAddrPort(remote)
	if err != nil || !IsTrusted(peer.Addr(), trusted) {
		return netip.Addr{}, false
	}
	hops := strings.Split(strings.Join(xff, ","), ",")
	var leftmostTrusted netip.Addr
	for i := len(hops) - 1; i >= 0; i-- {
		a, ok := parseHop(hops[i])
		if !ok {
			break // written by no trusted proxy: nothing from here leftwards is worth anything
		}
		if !IsTrusted(a, trusted) {
			return a, true
		}
		leftmostTrusted = a
	}
	// Every address was a trusted proxy (the client is one of them), or an
	// unreadable hop came first: the last trustworthy address is the client.
	return leftmostTrusted, leftmostTrusted.IsValid()
}

// parseHop reads one X-Forwarded-For entry: an address, possibly with a
// port as some proxies write it ("1.2.3.4:5678", "[2001:db8::1]:443").
func parseHop(s string) (netip.Addr, bool) {
	s = strings.TrimSpace(s)
	if a, err := netip.ParseAddr(s); err == nil {
		return a.Unmap(), true
	}
	if host, _, err := net.SplitHostPort(s); err == nil {
		if a, err := netip.ParseAddr(host); err == nil {
			return a.Unmap(), true
		}
	}
	return netip.Addr{}, false
}

// Scheme is "https" for a request over TLS, or one a trusted proxy
// says came over it (X-Forwarded-Proto, its first value when a chain of
// proxies wrote several); "http" otherwise.
func Scheme(r *http.Request) string {
	if r.TLS != nil {
		return "https"
	}
	if via, _ := r.Context().Value(viaProxyKey{}).(bool); via {
		first, _, _ := strings.Cut(r.Header.Get("X-Forwarded-Proto"), ",") // the proxy nearest the client
		if p := strings.ToLower(strings.TrimSpace(first)); p == "https" || p == "http" {
			return p
		}
	}
	return "http"
}

// viaProxyKey marks, in a request's context, one that came from a trusted
// proxy: forwarded rewrites RemoteAddr to the client's, after which the
// peer cannot be told any more.
type viaProxyKey struct{}

// MarkProxied notes in the context of each request from a trusted proxy
// that it came through one, for headers only such a proxy may set (Scheme
// reads X-Forwarded-Proto so). It goes before Forwarded, which rewrites
// RemoteAddr.
func MarkProxied(trusted []netip.Prefix, next http.Handler) http.Handler {
	if len(trusted) == 0 {
		return next
	}
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if peer, err := netip.ParseAddrPort(r.RemoteAddr); err == nil && IsTrusted(peer.Addr(), trusted) {
			r = r.WithContext(context.WithValue(r.Context(), viaProxyKey{}, true))
		}
		next.ServeHTTP(w, r)
	})
}
