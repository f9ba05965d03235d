package layers

import (
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
)

const module = "github.com/bangsim/bangsim/"

// docTable reads docs/architecture.md's package table: for each package, the bangsim
// packages its last column lets it import (every `name` quoted there that is a
// package of the module; "none": nothing).
func docTable(t *testing.T, root string, pkgs map[string][]string) map[string][]string {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(root, "docs", "architecture.md"))
	if err != nil {
		t.Fatal(err)
	}
	quoted := regexp.MustCompile("`([a-z/]+)`")
	allowed := map[string][]string{}
	for _, line := range strings.Split(string(b), "\n") {
		cells := strings.Split(line, " | ")
		if !strings.HasPrefix(line, "| `") || len(cells) < 3 {
			continue
		}
		name := quoted.FindStringSubmatch(cells[0])
		if name == nil {
			continue
		}
		var may []string
		for _, m := range quoted.FindAllStringSubmatch(cells[len(cells)-1], -1) {
			if _, ok := pkgs[m[1]]; ok {
				may = append(may, m[1])
			}
		}
		allowed[name[1]] = may
	}
	return allowed
}

// imports walks the module and returns, for each package directory with non-test Go
// files, the module's packages they import.
func imports(t *testing.T, root string) map[string][]string {
	t.Helper()
	out := map[string][]string{}
	fset := token.NewFileSet()
	err := filepath.WalkDir(root, func(path string, d os.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if n := d.Name(); path != root && (strings.HasPrefix(n, ".") || n == "testdata") {
				return filepath.SkipDir
			}
			return nil
		}
		if !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return nil
		}
		rel, _ := filepath.Rel(root, filepath.Dir(path))
		rel = filepath.ToSlash(rel)
		f, err := parser.ParseFile(fset, path, nil, parser.ImportsOnly)
		if err != nil {
			return err
		}
		if _, ok := out[rel]; !ok {
			out[rel] = nil
		}
		for _, im := range f.Imports {
			p, _ := strconv.Unquote(im.Path.Value)
			if q, ok := strings.CutPrefix(p, module); ok && !slices.Contains(out[rel], q) {
				out[rel] = append(out[rel], q)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// TestImportsFollowTheArchitecture: every package of the module (its non-test files)
// has a row in docs/architecture.md's table and imports only what the row allows; a
// change to the layering changes the document too. (It was written when `bangsim duel`
// and `league` still played their games on worker pools of their own in cmd/bangsim.)
func TestImportsFollowTheArchitecture(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	pkgs := imports(t, root)
	allowed := docTable(t, root, pkgs)
	for pkg, imps := range pkgs {
		if pkg == "benchmarks" || pkg == "examples" || pkg == "internal/layers" {
			continue // test code only, and this test
		}
		may, ok := allowed[pkg]
		if !ok {
			t.Errorf("%s has no row in docs/architecture.md's package table", pkg)
			continue
		}
		for _, im := range imps {
			if !slices.Contains(may, im) {
				t.Errorf("%s imports %s, which docs/architecture.md does not allow it (allowed: %v)", pkg, im, may)
			}
		}
	}
	if len(pkgs) < 20 {
		t.Fatalf("only %d packages found under %s", len(pkgs), root)
	}
}

// TestRulesImportNoBots: sim/<game> is rules only (house rules; issue 29's "sim/league
// keeps the league's rules only and imports no bot"), whatever the package table says:
// no package under sim/ imports strategy, a bot package under it, or the lab.
func TestRulesImportNoBots(t *testing.T) {
	root, err := filepath.Abs(filepath.Join("..", ".."))
	if err != nil {
		t.Fatal(err)
	}
	pkgs := imports(t, root)
	if _, ok := pkgs["sim/league"]; !ok {
		t.Fatal("no sim/league package found")
	}
	for pkg, imps := range pkgs {
		if !strings.HasPrefix(pkg, "sim/") {
			continue
		}
		for _, im := range imps {
			if im == "strategy" || strings.HasPrefix(im, "strategy/") || im == "lab" || strings.HasPrefix(im, "lab/") {
				t.Errorf("%s imports %s: a rules package imports no bot and no experiment", pkg, im)
			}
		}
	}
}
