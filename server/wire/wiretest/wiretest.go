// Package wiretest holds what the tests of request parsers share: the
// check that a refusal is the client's. Only tests import it.
package wiretest

import (
	"testing"

	"github.com/gambitchess/gambit/server/wire"
)

// ClientError fails tb unless err is nil or a refusal of the client's: a
// 4xx with a message (what a fuzz target of a request parser asks of
// every answer).
func ClientError(tb testing.TB, what string, err error) {
	tb.Helper()
	if err == nil {
		return
	}
	if status, _ := wire.Code(err); status < 400 || status > 499 || wire.Message(err) == "" {
		tb.Fatalf("%s: %v answers %d", what, err, status)
	}
}
