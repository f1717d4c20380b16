package main

import (
	"bytes"
	"fmt"
	"go/ast"
	"go/parser"
	"go/token"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// The README and the pages under docs/ show examples that this file runs, so
// that what they show is what Gambit does:
//
//   - A ```console block is a terminal session run from the repository's root:
//     each line "$ gambit ARGS" (or "$ echo 'TEXT' | gambit ARGS", TEXT and a
//     newline on standard input) runs the subcommand in process, and the lines
//     after it, up to the next "$ " line, are its standard output followed by
//     its standard error. "$ echo $?" prints the exit status of the command
//     before; a command that fails must be followed by it, so no page shows a
//     failure as if it were a success.
//   - A ```go block whose first line is "// FILE: ExampleNAME" shows the body
//     of that Example function (FILE relative to the repository's root), its
//     "// Output:" comment included: go test runs the function and checks its
//     output, and this test checks that the page shows it as it is.
//     Every ```go block of README.md must be one.
//   - Every relative link of these pages must name a file of the repository,
//     and an #anchor a heading of its page.
//
// Run it alone with: go test ./cmd/gambit/ -run Readme

// TestReadme runs the examples of README.md and docs/ and checks their links.
func TestReadme(t *testing.T) {
	root := repoRoot(t)
	pages := markdownPages(t, root)
	t.Chdir(root) // the examples' paths are the repository root's
	for _, page := range pages {
		data, err := os.ReadFile(filepath.Join(root, page))
		if err != nil {
			t.Fatal(err)
		}
		blocks := fencedBlocks(string(data))
		for _, b := range blocks {
			name := fmt.Sprintf("%s:%d", page, b.line)
			switch b.lang {
			case "console":
				t.Run(name, func(t *testing.T) { checkConsole(t, b) })
			case "go":
				if !exampleMarker.MatchString(firstLine(b.text)) {
					if page == "README.md" {
						t.Errorf("%s: a go block of the README must be an Example function's body, its first line %q", name, "// FILE: ExampleNAME")
					}
					continue
				}
				t.Run(name, func(t *testing.T) { checkGoExample(t, root, b) })
			}
		}
		t.Run(page+" links", func(t *testing.T) { checkLinks(t, root, page, string(data)) })
	}
	t.Run("README.md set-up", func(t *testing.T) {
		data, _ := os.ReadFile(filepath.Join(root, "README.md"))
		checkSetUp(t, string(data))
	})
}

// repoRoot is the folder above the test's that holds go.mod.
func repoRoot(t *testing.T) string {
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		up := filepath.Dir(dir)
		if up == dir {
			t.Fatal("no go.mod above the test's folder")
		}
		dir = up
	}
}

// markdownPages lists README.md and every .md file under docs/, relative to root.
func markdownPages(t *testing.T, root string) []string {
	pages := []string{"README.md"}
	err := filepath.WalkDir(filepath.Join(root, "docs"), func(path string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if !d.IsDir() && strings.HasSuffix(path, ".md") {
			rel, _ := filepath.Rel(root, path)
			pages = append(pages, filepath.ToSlash(rel))
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return pages
}

// block is a fenced code block: its language, its first line's number in
// the page (the fence's), and its text with the fence's indentation removed.
type block struct {
	lang string
	line int
	text string
}

var fence = regexp.MustCompile("^( *)(```+)(.*)$")

// fencedBlocks returns the page's fenced code blocks.
func fencedBlocks(page string) []block {
	var blocks []block
	lines := strings.Split(page, "\n")
	for i := 0; i < len(lines); i++ {
		m := fence.FindStringSubmatch(lines[i])
		if m == nil {
			continue
		}
		indent, ticks, lang := m[1], m[2], strings.TrimSpace(m[3])
		b := block{lang: lang, line: i + 1}
		var body []string
		for i++; i < len(lines); i++ {
			if strings.TrimSpace(lines[i]) == ticks {
				break
			}
			body = append(body, strings.TrimPrefix(lines[i], indent))
		}
		b.text = strings.Join(body, "\n")
		blocks = append(blocks, b)
	}
	return blocks
}

func firstLine(s string) string {
	line, _, _ := strings.Cut(s, "\n")
	return line
}

// checkConsole runs a console block's commands and compares what they print
// with what the block shows.
func checkConsole(t *testing.T, b block) {
	lines := strings.Split(b.text, "\n")
	if len(lines) == 0 || !strings.HasPrefix(lines[0], "$ ") {
		t.Fatalf("a console block starts with a \"$ \" line, not %q", firstLine(b.text))
	}
	status := -1    // the exit status of the last gambit command
	unchecked := "" // a failed command not yet followed by echo $?
	for i := 0; i < len(lines); {
		cmd := strings.TrimPrefix(lines[i], "$ ")
		j := i + 1
		for j < len(lines) && !strings.HasPrefix(lines[j], "$ ") {
			j++
		}
		want := strings.Join(lines[i+1:j], "\n")
		var got string
		if cmd == "echo $?" {
			if status < 0 {
				t.Fatalf("line %d: echo $? before any command", b.line+1+i)
			}
			got = strconv.Itoa(status)
			unchecked = ""
		} else {
			if unchecked != "" {
				t.Errorf("%q exits %d, and the block does not say so (echo $? after it)", unchecked, status)
			}
			stdin, args, err := parseCommand(cmd)
			if err != nil {
				t.Fatalf("line %d: %v", b.line+1+i, err)
			}
			var out, errOut bytes.Buffer
			status = run(args, strings.NewReader(stdin), &out, &errOut)
			got = strings.TrimSuffix(out.String()+errOut.String(), "\n")
			if status != 0 {
				unchecked = cmd
			}
		}
		if got != want {
			t.Errorf("$ %s\nprints:\n%s\nthe page shows:\n%s", cmd, got, want)
		}
		i = j
	}
	if unchecked != "" {
		t.Errorf("%q exits %d, and the block does not say so (echo $? after it)", unchecked, status)
	}
}

// parseCommand reads "gambit ARGS" or "echo 'TEXT' | gambit ARGS", with the
// shell's single and double quotes (no escapes, no variables).
func parseCommand(cmd string) (stdin string, args []string, err error) {
	words, err := shellWords(cmd)
	if err != nil {
		return "", nil, err
	}
	if len(words) >= 3 && words[0] == "echo" && words[2] == "|" {
		stdin, words = words[1]+"\n", words[3:]
	}
	if len(words) == 0 || words[0] != "gambit" {
		return "", nil, fmt.Errorf("%q: a console block runs gambit (or echo 'TEXT' | gambit, or echo $?)", cmd)
	}
	return stdin, words[1:], nil
}

func shellWords(s string) ([]string, error) {
	var words []string
	var w strings.Builder
	inWord := false
	for i := 0; i < len(s); i++ {
		switch c := s[i]; {
		case c == ' ' || c == '\t':
			if inWord {
				words = append(words, w.String())
				w.Reset()
				inWord = false
			}
		case c == '\'' || c == '"':
			end := strings.IndexByte(s[i+1:], c)
			if end < 0 {
				return nil, fmt.Errorf("%q: unclosed quote", s)
			}
			w.WriteString(s[i+1 : i+1+end])
			i += 1 + end
			inWord = true
		case c == '\\' || c == '$' || c == '`' || c == ';' || c == '&' || c == '<' || c == '>':
			return nil, fmt.Errorf("%q: %q is more shell than a console example may use", s, c)
		default:
			w.WriteByte(c)
			inWord = true
		}
	}
	if inWord {
		words = append(words, w.String())
	}
	return words, nil
}

// exampleMarker is a go block's first line naming the Example it shows.
var exampleMarker = regexp.MustCompile(`^// ([\w./-]+_test\.go): (Example\w*)$`)

// checkGoExample compares a go block with the body of the Example it names.
func checkGoExample(t *testing.T, root string, b block) {
	m := exampleMarker.FindStringSubmatch(firstLine(b.text))
	file, name := m[1], m[2]
	src, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(file)))
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	f, err := parser.ParseFile(fset, file, src, parser.ParseComments)
	if err != nil {
		t.Fatal(err)
	}
	var body string
	for _, d := range f.Decls {
		if fn, ok := d.(*ast.FuncDecl); ok && fn.Recv == nil && fn.Name.Name == name {
			body = string(src[fset.Position(fn.Body.Lbrace).Offset+1 : fset.Position(fn.Body.Rbrace).Offset])
		}
	}
	if body == "" {
		t.Fatalf("%s has no function %s", file, name)
	}
	if !strings.Contains(body, "// Output:") {
		t.Errorf("%s in %s has no // Output: comment, so go test does not check what it prints", name, file)
	}
	var lines []string
	for _, l := range strings.Split(strings.Trim(body, "\n"), "\n") {
		lines = append(lines, strings.TrimPrefix(l, "\t"))
	}
	want := normalizeIndent(strings.Join(lines, "\n"))
	got := normalizeIndent(strings.TrimPrefix(b.text, firstLine(b.text)+"\n"))
	if got != want {
		t.Errorf("the page's %s is not %s's:\npage:\n%s\n%s:\n%s", name, file, got, file, want)
	}
}

// normalizeIndent writes each leading tab as four spaces and drops trailing
// blanks, so that a page may indent with either.
func normalizeIndent(s string) string {
	lines := strings.Split(s, "\n")
	for i, l := range lines {
		n := len(l) - len(strings.TrimLeft(l, "\t"))
		lines[i] = strings.TrimRightFunc(strings.Repeat("    ", n)+l[n:], unicode.IsSpace)
	}
	return strings.Join(lines, "\n")
}

var (
	mdLink    = regexp.MustCompile(`\]\(([^()\s]+)\)`)
	mdHeading = regexp.MustCompile(`^#{1,6}\s+(.*?)\s*#*$`)
)

// checkLinks checks that each relative link of a page names a file of the
// repository and each #anchor a heading of the page it points to.
func checkLinks(t *testing.T, root, page, text string) {
	for _, target := range pageLinks(text) {
		if strings.Contains(target, "://") || strings.HasPrefix(target, "mailto:") {
			continue
		}
		path, anchor, _ := strings.Cut(target, "#")
		file := page
		if path != "" {
			file = filepath.ToSlash(filepath.Join(filepath.Dir(page), path))
		}
		if strings.HasPrefix(file, "../") {
			t.Errorf("%s links %s, outside the repository", page, target)
			continue
		}
		data, err := os.ReadFile(filepath.Join(root, filepath.FromSlash(file)))
		if err != nil {
			if _, serr := os.Stat(filepath.Join(root, filepath.FromSlash(file))); serr == nil && anchor == "" {
				continue // a folder
			}
			t.Errorf("%s links %s: no such file %s", page, target, file)
			continue
		}
		if anchor != "" && !headingAnchors(string(data))[anchor] {
			t.Errorf("%s links %s: %s has no heading whose anchor is #%s", page, target, file, anchor)
		}
	}
}

// pageLinks returns the targets of a page's links, outside code blocks and
// inline code.
func pageLinks(text string) []string {
	var targets []string
	inFence := false
	for _, line := range strings.Split(text, "\n") {
		if fence.MatchString(line) {
			inFence = !inFence
			continue
		}
		if inFence {
			continue
		}
		line = inlineCode.ReplaceAllString(line, "")
		for _, m := range mdLink.FindAllStringSubmatch(line, -1) {
			targets = append(targets, m[1])
		}
	}
	return targets
}

var inlineCode = regexp.MustCompile("`[^`]*`")

// headingAnchors returns the anchors GitHub gives a page's headings: lower
// case, letters, digits, '-' and '_' kept, spaces made '-', the rest dropped,
// a repeated one numbered.
func headingAnchors(text string) map[string]bool {
	anchors := map[string]bool{}
	seen := map[string]int{}
	inFence := false
	for _, line := range strings.Split(text, "\n") {
		if fence.MatchString(line) {
			inFence = !inFence
			continue
		}
		m := mdHeading.FindStringSubmatch(line)
		if inFence || m == nil {
			continue
		}
		var a strings.Builder
		for _, r := range strings.ToLower(m[1]) {
			switch {
			case unicode.IsLetter(r) || unicode.IsDigit(r) || r == '-' || r == '_':
				a.WriteRune(r)
			case r == ' ':
				a.WriteByte('-')
			}
		}
		s := a.String()
		if n := seen[s]; n > 0 {
			anchors[fmt.Sprintf("%s-%d", s, n)] = true
		} else {
			anchors[s] = true
		}
		seen[s]++
	}
	return anchors
}

// checkSetUp checks that the README gives exactly two set-up commands,
// make run and make test, in its one sh block.
func checkSetUp(t *testing.T, readme string) {
	var cmds []string
	n := 0
	for _, b := range fencedBlocks(readme) {
		if b.lang != "sh" {
			continue
		}
		n++
		for _, l := range strings.Split(b.text, "\n") {
			if l = strings.TrimSpace(l); l != "" && !strings.HasPrefix(l, "#") {
				cmd, _, _ := strings.Cut(l, "#")
				cmds = append(cmds, strings.TrimSpace(cmd))
			}
		}
	}
	if n != 1 || strings.Join(cmds, ", ") != "make run, make test" {
		t.Errorf("the README's set-up is %d sh block(s) of commands %q, want one block: make run, make test", n, cmds)
	}
}

// TestReadmeCommands checks that docs/commands.md has a section for every
// subcommand, headed by its name in code ("## `gambit perft`"; a command
// whose subcommands have their sections needs none of its own), that names
// each of its flags.
func TestReadmeCommands(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(repoRoot(t), "docs", "commands.md"))
	if err != nil {
		t.Fatal(err)
	}
	sections := map[string]string{} // heading -> the text up to the next heading
	heading := ""
	inFence := false
	for _, line := range strings.Split(string(data), "\n") {
		if fence.MatchString(line) {
			inFence = !inFence
		}
		if m := mdHeading.FindStringSubmatch(line); m != nil && !inFence {
			heading = m[1]
			continue
		}
		sections[heading] += line + "\n"
	}
	var visit func(c *cobra.Command)
	visit = func(c *cobra.Command) {
		if c.Hidden || c.Name() == "help" {
			return
		}
		path := c.CommandPath()
		var text string
		if c.HasParent() {
			for h, body := range sections {
				if strings.Contains(h, "`"+path+"`") || strings.Contains(h, "`"+path+" ") {
					text += body
				}
			}
			if text == "" {
				t.Errorf("docs/commands.md has no section headed `%s`", path)
			}
		} else {
			text = sections[""] + sections["The `gambit` command"]
		}
		if c.Name() == "completion" {
			return // cobra's own, its flags said by its --help
		}
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			if f.Name != "help" && !strings.Contains(text, "--"+f.Name) {
				t.Errorf("docs/commands.md: the section of %s does not name its flag --%s", path, f.Name)
			}
		})
		for _, sub := range c.Commands() {
			visit(sub)
		}
	}
	visit(newRootCmd())
}
