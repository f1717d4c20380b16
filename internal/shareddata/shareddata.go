// Package shareddata finds the shared test data (perft files, PGN, xiangqi
// notation vectors; described by its README.md) for the tests of every
// package: the folder named by $GAMBIT_DATA, or else ../shared/data beside
// the repository. The repository root is the nearest directory above the
// test's working directory (its package directory) whose go.mod declares
// this module, so the default is the same from any package.
//
// Missing data fails the test, saying what is missing and how to point
// GAMBIT_DATA at it: a suite that skips for want of its data passes
// without testing anything.
//
//	f, err := os.Open(shareddata.Path(t, "xiangqi/notation-vectors.tsv"))
package shareddata

import (
	"bufio"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// Env is the environment variable that overrides the data folder.
const Env = "GAMBIT_DATA"

const module = "github.com/gambitchess/gambit"

// Dir returns the shared test data folder, failing tb when it does not exist.
func Dir(tb testing.TB) string {
	tb.Helper()
	return Path(tb, ".")
}

// Path returns the file or folder name (slash-separated, relative to the
// data folder) of the shared test data, failing tb when it does not exist.
func Path(tb testing.TB, name string) string {
	tb.Helper()
	dir, how, err := dir()
	if err != nil {
		tb.Fatalf("shared test data: %v; set %s to the data folder", err, Env)
	}
	path := filepath.Join(dir, filepath.FromSlash(name))
	if _, err := os.Stat(path); err != nil {
		tb.Fatalf("shared test data missing: %v\n"+
			"(the data folder is %s, %s; point %s at the shared data folder, the one whose README.md describes perft/, pgn/ and xiangqi/: %s=/path/to/shared/data go test ...)",
			err, dir, how, Env, Env)
	}
	return path
}

// dir returns the data folder and how it was chosen.
func dir() (path, how string, err error) {
	if d := os.Getenv(Env); d != "" {
		return d, "from $" + Env, nil
	}
	root, err := repoRoot()
	if err != nil {
		return "", "", err
	}
	return filepath.Join(filepath.Dir(root), "shared", "data"), "the default ../shared/data beside the repository " + root + ", " + Env + " being unset", nil
}

// repoRoot walks up from the working directory to the directory whose
// go.mod declares this module.
func repoRoot() (string, error) {
	wd, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for d := wd; ; {
		if declaresModule(filepath.Join(d, "go.mod")) {
			return d, nil
		}
		up := filepath.Dir(d)
		if up == d {
			return "", errors.New("no go.mod of " + module + " above " + wd)
		}
		d = up
	}
}

// declaresModule reports whether the go.mod file at path declares this module.
func declaresModule(path string) bool {
	f, err := os.Open(path)
	if err != nil {
		return false
	}
	defer f.Close()
	sc := bufio.NewScanner(f)
	for sc.Scan() {
		if fields := strings.Fields(sc.Text()); len(fields) == 2 && fields[0] == "module" {
			return strings.Trim(fields[1], `"`) == module
		}
	}
	return false
}
