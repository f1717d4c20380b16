package computer

import (
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/uci"
)

// ErrEngineSpec says an --engine value could not be read.
var ErrEngineSpec = errors.New("computer: bad engine spec")

// EngineSpec is an external UCI engine to register, as `gambit serve
// --engine NAME=PATH[,option=value...]` gives it. NAME names its levels
// (NAME-1 to NAME-8) and shows in the dialog; each option=value is sent
// as "setoption" when a process starts, except Gambit's own keys:
// variants=chess+chess960+xiangqi restricts the variants it plays (by
// default, every variant of chess and xiangqi it declares: chess unless
// its UCI_Variant leaves it out, Chess960 with UCI_Chess960, xiangqi when
// its UCI_Variant offers it).
type EngineSpec struct {
	Name     string
	Path     string
	Options  []uci.EngineOption
	Variants []game.Variant // none: what the engine declares
}

// String writes s as the flag reads it.
func (s EngineSpec) String() string {
	parts := []string{s.Name + "=" + s.Path}
	for _, o := range s.Options {
		parts = append(parts, o.Name+"="+o.Value)
	}
	if len(s.Variants) > 0 {
		vs := make([]string, len(s.Variants))
		for i, v := range s.Variants {
			vs[i] = string(v)
		}
		parts = append(parts, "variants="+strings.Join(vs, "+"))
	}
	return strings.Join(parts, ",")
}

// maxEngineName bounds an engine's name, which labels its levels.
const maxEngineName = 32

// ParseEngineSpec reads NAME=PATH[,option=value...]. NAME is letters,
// digits, '-' and '_' (at most 32); PATH is not empty; each option is
// name=value, name not empty. Errors wrap ErrEngineSpec and say which part
// is wrong.
func ParseEngineSpec(s string) (EngineSpec, error) {
	parts := strings.Split(s, ",")
	name, path, ok := strings.Cut(parts[0], "=")
	if !ok {
		return EngineSpec{}, fmt.Errorf("%w: %.60q: want NAME=PATH[,option=value...]", ErrEngineSpec, s)
	}
	if err := checkEngineName(name); err != nil {
		return EngineSpec{}, err
	}
	if path = strings.TrimSpace(path); path == "" {
		return EngineSpec{}, fmt.Errorf("%w: engine %s: empty path", ErrEngineSpec, name)
	}
	spec := EngineSpec{Name: name, Path: path}
	for i, p := range parts[1:] {
		k, v, ok := strings.Cut(p, "=")
		k = strings.TrimSpace(k)
		if !ok || k == "" || strings.ContainsAny(k+v, "\n\r") {
			return EngineSpec{}, fmt.Errorf("%w: engine %s: option %d %.40q: want name=value", ErrEngineSpec, name, i+1, p)
		}
		if k != "variants" {
			spec.Options = append(spec.Options, uci.EngineOption{Name: k, Value: strings.TrimSpace(v)})
			continue
		}
		for _, vs := range strings.Split(v, "+") {
			variant, err := game.ParseVariant(strings.TrimSpace(vs))
			if err != nil {
				return EngineSpec{}, fmt.Errorf("%w: engine %s: variants: %v", ErrEngineSpec, name, err)
			}
			spec.Variants = append(spec.Variants, variant)
		}
	}
	return spec, nil
}

func checkEngineName(name string) error {
	if name == "" || len(name) > maxEngineName {
		return fmt.Errorf("%w: engine name %.40q: 1 to %d characters", ErrEngineSpec, name, maxEngineName)
	}
	for _, r := range name {
		if !(r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || r == '-' || r == '_') {
			return fmt.Errorf("%w: engine name %.40q: letters, digits, '-' and '_' only", ErrEngineSpec, name)
		}
	}
	return nil
}

// DetectEngines finds Debian's engines: stockfish (chess and Chess960)
// and fairy-stockfish (xiangqi, which Stockfish does not play), in
// /usr/games or on PATH. names lists the engine names already registered
// by hand, which are not looked for again.
func DetectEngines(registered []string) []EngineSpec {
	known := []EngineSpec{
		{Name: "Stockfish", Path: "stockfish"},
		{Name: "Fairy-Stockfish", Path: "fairy-stockfish", Variants: speaking("xiangqi")},
	}
	var out []EngineSpec
	for _, k := range known {
		if containsFold(registered, k.Name) {
			continue
		}
		if path, ok := findProgram(k.Path); ok {
			k.Path = path
			out = append(out, k)
		}
	}
	return out
}

func containsFold(names []string, name string) bool {
	for _, n := range names {
		if strings.EqualFold(n, name) {
			return true
		}
	}
	return false
}

// findProgram looks for an executable in /usr/games (where Debian puts
// its engines, often off PATH) and then on PATH.
func findProgram(name string) (string, bool) {
	p := filepath.Join("/usr/games", name)
	if fi, err := os.Stat(p); err == nil && !fi.IsDir() && fi.Mode()&0o111 != 0 {
		return p, true
	}
	if p, err := exec.LookPath(name); err == nil {
		return p, true
	}
	return "", false
}

// speaking lists the registered variants of UCI_Variant value uciVariant
// (Fairy-Stockfish serves those Stockfish does not play).
func speaking(uciVariant string) []game.Variant {
	var out []game.Variant
	for _, spec := range game.Specs() {
		if spec.UCI != nil && spec.UCI.Variant == uciVariant {
			out = append(out, spec.Name)
		}
	}
	return out
}
