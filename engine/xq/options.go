package xq

import (
	"errors"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/gambitchess/gambit/xiangqi"
)

// Errors returned by SetOption.
var (
	ErrUnknownOption = errors.New("xq: unknown option")
	ErrOptionValue   = errors.New("xq: invalid option value")
)

// Options configures an Engine. Start from DefaultOptions.
type Options struct {
	Hash         int           // transposition table size in MB
	Threads      int           // accepted for UCI; the search runs on one thread
	SkillLevel   int           // 0 (weakest) to 20 (full strength)
	MultiPV      int           // lines reported, best first (1 to MaxMultiPV)
	MoveOverhead time.Duration // time kept back per move for communication lag
	Seed         uint64        // seed of the deliberate-error source of the weak levels
	// Rules judges the repetitions the search meets: a cycle the rules
	// forbid to one side is scored as that side's loss, others as draws.
	Rules xiangqi.Rules
}

// Option limits.
const (
	MinHash     = 1
	MaxHash     = 4096
	MaxThreads  = 1024
	MaxSkill    = 20
	MaxMultiPV  = 256  // as engine's; a search reports at most one line a legal move
	maxOverhead = 5000 // ms
)

// DefaultOptions returns the options a new engine starts with.
func DefaultOptions() Options {
	return Options{Hash: 16, Threads: 1, SkillLevel: MaxSkill, MultiPV: 1, MoveOverhead: 30 * time.Millisecond,
		Seed: 0x9E3779B97F4A7C15}
}

// OptionSpec describes a UCI-visible option, for "option name ... type ..." lines.
type OptionSpec struct {
	Name    string
	Type    string // "spin", or "combo" with Vars
	Default string
	Min     int
	Max     int
	Vars    []string // a combo's values
}

// RulesOption is the name of the option that sets Options.Rules: the
// rule set ("wxf" or "chinese") that judges repetitions.
const RulesOption = "Xiangqi Rules"

// OptionSpecs returns the options SetOption accepts, in the order a UCI
// adapter should announce them.
func OptionSpecs() []OptionSpec {
	d := DefaultOptions()
	return []OptionSpec{
		{Name: "Hash", Type: "spin", Default: strconv.Itoa(d.Hash), Min: MinHash, Max: MaxHash},
		{Name: "Threads", Type: "spin", Default: strconv.Itoa(d.Threads), Min: 1, Max: MaxThreads},
		{Name: "Skill Level", Type: "spin", Default: strconv.Itoa(d.SkillLevel), Min: 0, Max: MaxSkill},
		{Name: "MultiPV", Type: "spin", Default: strconv.Itoa(d.MultiPV), Min: 1, Max: MaxMultiPV},
		{Name: "Move Overhead", Type: "spin", Default: strconv.Itoa(int(d.MoveOverhead / time.Millisecond)), Min: 0, Max: maxOverhead},
		{Name: RulesOption, Type: "combo", Default: d.Rules.String(), Vars: []string{xiangqi.RulesWXF.String(), xiangqi.RulesChinese.String()}},
	}
}

// sanitize clamps every option into its range.
func sanitize(o Options) Options {
	o.Hash = min(max(o.Hash, MinHash), MaxHash)
	o.Threads = min(max(o.Threads, 1), MaxThreads)
	o.SkillLevel = min(max(o.SkillLevel, 0), MaxSkill)
	o.MultiPV = min(max(o.MultiPV, 1), MaxMultiPV)
	o.MoveOverhead = min(max(o.MoveOverhead, 0), maxOverhead*time.Millisecond)
	if o.Rules > xiangqi.RulesChinese {
		o.Rules = xiangqi.DefaultRules
	}
	return o
}

// parseOption applies name=value to o. Names are matched without regard
// to case, as UCI requires.
func parseOption(o *Options, name, value string) error {
	spec, ok := findSpec(name)
	if !ok {
		return fmt.Errorf("%w: %q", ErrUnknownOption, name)
	}
	if spec.Type == "combo" {
		r, err := xiangqi.ParseRules(value)
		if err != nil {
			return fmt.Errorf("%w: %s = %q (want %s)", ErrOptionValue, spec.Name, value, strings.Join(spec.Vars, " or "))
		}
		o.Rules = r
		return nil
	}
	n, err := strconv.Atoi(strings.TrimSpace(value))
	if err != nil || n < spec.Min || n > spec.Max {
		return fmt.Errorf("%w: %s = %q (want %d to %d)", ErrOptionValue, spec.Name, value, spec.Min, spec.Max)
	}
	switch spec.Name {
	case "Hash":
		o.Hash = n
	case "Threads":
		o.Threads = n
	case "Skill Level":
		o.SkillLevel = n
	case "MultiPV":
		o.MultiPV = n
	case "Move Overhead":
		o.MoveOverhead = time.Duration(n) * time.Millisecond
	}
	return nil
}

func findSpec(name string) (OptionSpec, bool) {
	for _, s := range OptionSpecs() {
		if strings.EqualFold(s.Name, strings.TrimSpace(name)) {
			return s, true
		}
	}
	return OptionSpec{}, false
}
