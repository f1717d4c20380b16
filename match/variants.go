package match

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/uci"
)

// Variants returns the registered variants a match plays, sorted: those
// the engines read whole (game.Spec.Engine), which a UCI engine is told
// how to play (game.Spec.UCI).
func Variants() []game.Variant {
	var out []game.Variant
	for _, s := range game.Specs() {
		if s.Engine != nil {
			out = append(out, s.Name)
		}
	}
	return out
}

// CheckVariant returns nil when a match plays variant v ("" is chess),
// else an error that names it and the variants a match plays.
func CheckVariant(v string) error {
	_, err := variantSpec(v)
	return err
}

// variantSpec returns the registered variant named v, which the engines
// must play.
func variantSpec(v string) (*game.Spec, error) {
	spec, err := game.Lookup(game.Variant(v))
	switch {
	case err != nil:
		return nil, fmt.Errorf("match: unknown variant %q (engines play %s)", v, variantList())
	case spec.Engine == nil:
		return nil, fmt.Errorf("match: engines do not play %s, which they cannot read whole (they play %s)", v, variantList())
	}
	return spec, nil
}

// variantList names the variants a match plays, for an error.
func variantList() string {
	names := make([]string, 0, 4)
	for _, v := range Variants() {
		names = append(names, string(v))
	}
	return strings.Join(names, ", ")
}

// startEngine starts the engine cfg describes and sets it up for dialect
// d before its own options: UCI_Variant and UCI_Chess960 as dialectOptions
// says, where cfg does not set them itself.
func startEngine(ctx context.Context, cfg uci.ClientConfig, d *game.UCIDialect) (*uci.Client, error) {
	own := cfg.Options
	cfg.Options = nil // sent once the engine has said which options it has
	c, err := uci.StartClient(ctx, cfg)
	if err != nil {
		return nil, err
	}
	opts, err := dialectOptions(d, c.Options(), own)
	if err == nil {
		err = setOptions(ctx, c, append(opts, own...))
	}
	if err != nil {
		c.Close()
		return nil, fmt.Errorf("match: %s: %w", cfg.Path, err)
	}
	return c, nil
}

// dialectOptions returns the options that set an engine up for dialect d,
// given the options it declared and those its configuration sets (given,
// which win): UCI_Variant for a variant other than chess, where the engine
// has the option (an error when it offers other values only), and
// UCI_Chess960 where d needs it and the engine has it.
func dialectOptions(d *game.UCIDialect, declared []uci.OptionInfo, given []uci.EngineOption) ([]uci.EngineOption, error) {
	var out []uci.EngineOption
	for _, want := range d.Options(false) {
		o, ok := option(declared, want.Name)
		if !ok || setting(given, o.Name) {
			continue
		}
		if len(o.Vars) > 0 && !slices.Contains(o.Vars, want.Value) {
			return nil, fmt.Errorf("its %s offers %s, not %s", o.Name, strings.Join(o.Vars, ", "), want.Value)
		}
		out = append(out, uci.EngineOption{Name: o.Name, Value: want.Value})
	}
	return out, nil
}

// option returns the declared option named name (UCI names are not case
// sensitive).
func option(declared []uci.OptionInfo, name string) (uci.OptionInfo, bool) {
	i := slices.IndexFunc(declared, func(o uci.OptionInfo) bool { return strings.EqualFold(o.Name, name) })
	if i < 0 {
		return uci.OptionInfo{}, false
	}
	return declared[i], true
}

// setting reports whether given sets the option named name.
func setting(given []uci.EngineOption, name string) bool {
	return slices.ContainsFunc(given, func(o uci.EngineOption) bool { return strings.EqualFold(o.Name, name) })
}

// setOptions sends opts and waits until the engine is ready.
func setOptions(ctx context.Context, c *uci.Client, opts []uci.EngineOption) error {
	for _, o := range opts {
		if err := c.SetOption(o.Name, o.Value); err != nil {
			return err
		}
	}
	return c.IsReady(ctx)
}
