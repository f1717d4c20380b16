package store_test

import (
	"testing"

	"github.com/gambitchess/gambit/store/storetest"
)

// TestSwiss runs the contract of store.Swiss on each implementation.
func TestSwiss(t *testing.T) { onEachStore(t, storetest.RunSwiss) }
