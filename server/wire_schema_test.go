package server

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/gambitchess/gambit/game"
	"github.com/gambitchess/gambit/server/computer"
	"github.com/gambitchess/gambit/server/round"
	"github.com/gambitchess/gambit/server/wire"
	"github.com/gambitchess/gambit/variant/bomb/bombgame"
	"github.com/gambitchess/gambit/variant/dice/dicegame"
	"github.com/gambitchess/gambit/variant/fog/foggame"
	"github.com/gambitchess/gambit/variant/jieqi/jieqigame"
)

// The browser's wire types (web/src/api.ts) and message unions
// (web/src/round/socket.ts) are written by hand. These tests read them and
// hold them to the Go types the server encodes, so the two cannot drift:
// a field added on one side and not the other fails here.

const (
	tsTypes    = "../web/src/api.ts"
	tsMessages = "../web/src/round/socket.ts"
)

// wireTypes pairs each Go type the server puts on the wire with its
// TypeScript interface.
var wireTypes = []struct {
	ts    string
	v     any
	extra []string // written by the type's MarshalJSON beside its fields
}{
	{"State", round.StateJSON{}, nil},
	{"Step", game.Step{}, []string{"color"}},
	{"ClockState", round.ClockJSON{}, nil},
	{"Seat", wire.SeatJSON{}, nil},
	{"Fairness", game.Fairness{}, nil},
	{"Presence", round.PresenceJSON{}, nil},
	{"SeatPresence", round.SeatPresence{}, nil},
	{"Rematch", round.RematchJSON{}, nil},
	{"ChatLine", round.ChatLine{}, nil},
	{"ChatLog", round.ChatLogJSON{}, nil},
	{"WireError", wire.ErrorJSON{}, nil},
	{"VariantInfo", variantJSON{}, nil},
	{"Level", computer.Level{}, nil},
}

// extTypes pairs each variant's extension (game.Ext) with its TypeScript
// interface, in the browser's module of the variant.
var extTypes = []struct {
	file, ts string
	v        game.Extension
}{
	{"../web/src/variants/dice.ts", "DiceTurn", dicegame.Turn{}},
	{"../web/src/variants/dice.ts", "DiceRoll", dicegame.Roll{}},
	{"../web/src/variants/fog.ts", "FogView", foggame.Fog{}},
	{"../web/src/variants/bomb.ts", "BombMines", bombgame.Mines{}},
	{"../web/src/variants/bomb.ts", "BombBlast", bombgame.Blast{}},
	{"../web/src/variants/jieqi.ts", "JieqiTaken", jieqigame.Taken{}},
	{"../web/src/variants/jieqi.ts", "JieqiTurned", jieqigame.Turned{}},
}

// TestWireSchemaExtensions holds each variant's extension to the
// interface its browser module reads it as.
func TestWireSchemaExtensions(t *testing.T) {
	for _, x := range extTypes {
		goFields := jsonFields(reflect.TypeOf(x.v))
		tsFields, ok := tsInterfaceFields(readTS(t, x.file), x.ts)
		if !ok {
			t.Errorf("%T: no interface %s in %s", x.v, x.ts, x.file)
			continue
		}
		slices.Sort(goFields)
		slices.Sort(tsFields)
		if !slices.Equal(goFields, tsFields) {
			t.Errorf("%T sends %v; %s's %s reads %v", x.v, goFields, x.file, x.ts, tsFields)
		}
	}
}

func TestWireSchemaFields(t *testing.T) {
	src := readTS(t, tsTypes)
	for _, w := range wireTypes {
		goFields := append(jsonFields(reflect.TypeOf(w.v)), w.extra...)
		tsFields, ok := tsInterfaceFields(src, w.ts)
		if !ok {
			t.Errorf("%s: no interface %s in %s", reflect.TypeOf(w.v), w.ts, tsTypes)
			continue
		}
		for _, f := range goFields {
			if !slices.Contains(tsFields, f) {
				t.Errorf("%s.%s is sent but missing from %s's interface %s", reflect.TypeOf(w.v), f, tsTypes, w.ts)
			}
		}
		for _, f := range tsFields {
			if !slices.Contains(goFields, f) {
				t.Errorf("%s's %s.%s is never sent: %s has no such JSON field", tsTypes, w.ts, f, reflect.TypeOf(w.v))
			}
		}
	}
}

// TestWireSchemaMessages checks the message names: every type the server
// encodes is in the browser's ServerMsg, every client message the server
// parses (round/protocol.go's msg constants) in ClientMsg, and neither union
// names a message the server does not know.
func TestWireSchemaMessages(t *testing.T) {
	src := readTS(t, tsMessages)
	server, client := tsUnionTags(t, src, "ServerMsg"), tsUnionTags(t, src, "ClientMsg")
	sent, parsed := goServerMessages(t), goClientMessages(t)
	compare := func(what string, goSide, tsSide []string) {
		t.Helper()
		for _, m := range goSide {
			if !slices.Contains(tsSide, m) {
				t.Errorf("%s %q is missing from %s", what, m, tsMessages)
			}
		}
		for _, m := range tsSide {
			if !slices.Contains(goSide, m) {
				t.Errorf("%s's %s %q is unknown to the server", tsMessages, what, m)
			}
		}
	}
	compare("server message", sent, server)
	compare("client message", parsed, client)
	if len(sent) < 8 || len(parsed) < 16 {
		t.Errorf("found %d server and %d client messages in the Go source; the scan is broken", len(sent), len(parsed))
	}
}

func readTS(t *testing.T, path string) string {
	t.Helper()
	b, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("reading the TypeScript side: %v", err)
	}
	return string(b)
}

// jsonFields lists the JSON names of a struct's fields, those of an
// embedded struct without a tag flattened in, as encoding/json does.
func jsonFields(typ reflect.Type) []string {
	var out []string
	for i := range typ.NumField() {
		f := typ.Field(i)
		tag, hasTag := f.Tag.Lookup("json")
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && !hasTag && f.Type.Kind() == reflect.Struct {
			out = append(out, jsonFields(f.Type)...)
			continue
		}
		if name == "-" || !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out = append(out, name)
	}
	return out
}

var (
	lineComment = regexp.MustCompile(`//[^\n]*`)
	tsField     = regexp.MustCompile(`(?:^|[{;,\n])\s*(\w+)\??\s*:`)
)

// tsInterfaceFields returns the field names of `export interface name {…}`:
// those at its top level, not those of an inline object type.
func tsInterfaceFields(src, name string) ([]string, bool) {
	src = lineComment.ReplaceAllString(src, "")
	start := regexp.MustCompile(`export interface ` + name + `\s*\{`).FindStringIndex(src)
	if start == nil {
		return nil, false
	}
	var top strings.Builder // the body with nested braces cut out
	depth := 1
	for _, r := range src[start[1]:] {
		switch r {
		case '{':
			depth++
		case '}':
			depth--
		}
		if depth == 0 {
			break
		}
		if depth == 1 && r != '}' {
			top.WriteRune(r)
		}
	}
	var out []string
	for _, m := range tsField.FindAllStringSubmatch(top.String(), -1) {
		out = append(out, m[1])
	}
	return out, true
}

// tsUnionTags returns the t of each member of `export type name = | {t: '…'; …} | …;`.
func tsUnionTags(t *testing.T, src, name string) []string {
	t.Helper()
	src = lineComment.ReplaceAllString(src, "")
	m := regexp.MustCompile(`(?s)export type ` + name + ` =(.*?);\n\n`).FindStringSubmatch(src)
	if m == nil {
		t.Fatalf("no union %s in %s", name, tsMessages)
	}
	var out []string
	for _, tag := range regexp.MustCompile(`\{\s*t:\s*'([\w-]+)'`).FindAllStringSubmatch(m[1], -1) {
		out = append(out, tag[1])
	}
	return out
}

// goServerMessages lists the types of the messages the server encodes:
// the first argument of every encode call in the package's source.
func goServerMessages(t *testing.T) []string {
	t.Helper()
	var out []string
	eachFile(t, func(f *ast.File) {
		ast.Inspect(f, func(n ast.Node) bool {
			call, ok := n.(*ast.CallExpr)
			if !ok || len(call.Args) == 0 {
				return true
			}
			if id, ok := call.Fun.(*ast.Ident); !ok || id.Name != "encode" {
				return true
			}
			if lit, ok := call.Args[0].(*ast.BasicLit); ok && lit.Kind == token.STRING {
				s, _ := strconv.Unquote(lit.Value)
				if !slices.Contains(out, s) {
					out = append(out, s)
				}
			}
			return true
		})
	})
	// publish sends a move as "move" and anything else as "state" through
	// a variable (round/hub.go): name them here, as encode's literals miss them.
	for _, s := range []string{"move", "state"} {
		if !slices.Contains(out, s) {
			out = append(out, s)
		}
	}
	return out
}

// goClientMessages lists the values of round/protocol.go's msg constants:
// the client messages round.ParseClientMsg accepts.
func goClientMessages(t *testing.T) []string {
	t.Helper()
	var out []string
	eachFile(t, func(f *ast.File) {
		for _, d := range f.Decls {
			gd, ok := d.(*ast.GenDecl)
			if !ok || gd.Tok != token.CONST {
				continue
			}
			for _, spec := range gd.Specs {
				vs := spec.(*ast.ValueSpec)
				for i, n := range vs.Names {
					if !strings.HasPrefix(n.Name, "msg") || i >= len(vs.Values) {
						continue
					}
					if lit, ok := vs.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						s, _ := strconv.Unquote(lit.Value)
						out = append(out, s)
					}
				}
			}
		}
	})
	return out
}

// eachFile parses every non-test Go file of the package and of package
// round (the hubs, which encode most messages and parse the client's).
func eachFile(t *testing.T, fn func(*ast.File)) {
	t.Helper()
	var files []string
	for _, pattern := range []string{"*.go", "round/*.go"} {
		matched, err := filepath.Glob(pattern)
		if err != nil {
			t.Fatal(err)
		}
		files = append(files, matched...)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		fn(f)
	}
}
