package wire

import (
	"errors"
	"testing"
)

// TestParseParamsNesting: lichess's deepest field names, three deep
// (conditions.minRating.rating), read from JSON; a fourth level is
// refused.
func TestParseParamsNesting(t *testing.T) {
	got, err := ParseParams("application/json", []byte(`{"conditions":{"minRating":{"rating":1500}},"clock":{"limit":300}}`))
	if err != nil || got["conditions.minRating.rating"] != "1500" || got["clock.limit"] != "300" {
		t.Errorf("= %v, %v; want conditions.minRating.rating 1500 and clock.limit 300", got, err)
	}
	if _, err := ParseParams("application/json", []byte(`{"a":{"b":{"c":{"d":1}}}}`)); !errors.Is(err, ErrBadRequest) {
		t.Errorf("four deep = %v, want a bad request", err)
	}
}
