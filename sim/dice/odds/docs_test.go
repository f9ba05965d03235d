package odds

import (
	"fmt"
	"os"
	"strings"
	"testing"
)

// docsPath is docs/odds.md from this package's folder.
const docsPath = "../../../docs/odds.md"

// docTables renders the tables of docs/odds.md from the DP.
func docTables(t *testing.T) string {
	var b strings.Builder
	s := DefaultSetup()
	b.WriteString("| objective | optimal | keep | reroll-all |\n|---|---|---|---|\n")
	for _, obj := range allObjectives() {
		fmt.Fprintf(&b, "| `%s` ", obj)
		for _, p := range []Policy{nil, Keep(), RerollAll(s)} {
			v := mustExact(t, obj, s, p)
			fmt.Fprintf(&b, "| %s = %s ", v.RatString(), v.FloatString(6))
		}
		b.WriteString("|\n")
	}
	b.WriteString("\nOptimal policy by character (default rules; other characters roll like Plain):\n\n")
	b.WriteString("| objective |")
	for _, ch := range diceCharacters {
		fmt.Fprintf(&b, " %s |", ch)
	}
	b.WriteString("\n|---|" + strings.Repeat("---|", len(diceCharacters)) + "\n")
	for _, obj := range allObjectives() {
		fmt.Fprintf(&b, "| `%s` |", obj)
		for _, ch := range diceCharacters {
			cs := s
			cs = cs.WithCharacter(ch)
			fmt.Fprintf(&b, " %s |", mustExact(t, obj, cs, nil).FloatString(6))
		}
		b.WriteString("\n")
	}
	return b.String()
}

const (
	tableBegin = "<!-- odds-table:begin (generated: BANGSIM_ODDS_TABLE=1 go test -run TestDocsTable -v ./sim/dice/odds) -->\n"
	tableEnd   = "<!-- odds-table:end -->"
)

// TestDocsTable keeps docs/odds.md's tables equal to what the code computes.
func TestDocsTable(t *testing.T) {
	want := docTables(t)
	if os.Getenv("BANGSIM_ODDS_TABLE") != "" {
		fmt.Print(tableBegin + want + tableEnd + "\n")
	}
	doc, err := os.ReadFile(docsPath)
	if err != nil {
		t.Fatal(err)
	}
	_, rest, ok := strings.Cut(string(doc), tableBegin)
	got, _, ok2 := strings.Cut(rest, tableEnd)
	if !ok || !ok2 {
		t.Fatalf("%s: no generated table between the markers", docsPath)
	}
	if got != want {
		t.Errorf("%s is stale; regenerate with BANGSIM_ODDS_TABLE=1 go test -run TestDocsTable -v ./sim/dice/odds\ngot:\n%s\nwant:\n%s", docsPath, got, want)
	}
}
