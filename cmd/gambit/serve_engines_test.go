package main

import (
	"strings"
	"testing"
)

// TestReviewEngineFlag: --review-engine names a registered engine; one
// that is not registered is refused at start, saying which.
func TestReviewEngineFlag(t *testing.T) {
	if rc, err := (engineFlags{}).reviews(nil); err != nil || rc.Evaluator != nil {
		t.Errorf("no --review-engine: %v, evaluator set %v; want Gambit's own", err, rc.Evaluator != nil)
	}
	_, err := (engineFlags{reviewer: "Komodo"}).reviews(nil)
	if err == nil || !strings.Contains(err.Error(), `--review-engine "Komodo"`) {
		t.Errorf("an engine not registered: %v", err)
	}
}
