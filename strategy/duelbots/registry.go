package duelbots

import (
	"fmt"
	"sort"
	"strings"

	"github.com/bangsim/bangsim/sim/card"
)

// playBots are the duel's play policies by name.
var playBots = map[string]func() card.Policy{
	"random":    func() card.Policy { return &card.Random{} },
	"heuristic": func() card.Policy { return &Heuristic{} },
}

// draftBots are the duel's draft policies by name: the order choice is part of them.
var draftBots = map[string]func() card.DraftPolicy{
	"random":      func() card.DraftPolicy { return card.RandomDraft{} },
	"value-first": func() card.DraftPolicy { return card.NewValueDraft(true) },
	"value-start": func() card.DraftPolicy { return card.NewValueDraft(false) },
}

// PlayNames lists the play policies' names, sorted.
func PlayNames() []string { return names(playBots) }

// DraftNames lists the draft policies' names, sorted.
func DraftNames() []string { return names(draftBots) }

func names[T any](m map[string]T) []string {
	out := make([]string, 0, len(m))
	for n := range m {
		out = append(out, n)
	}
	sort.Strings(out)
	return out
}

// Play returns a new play policy by name.
func Play(name string) (card.Policy, error) {
	f, ok := playBots[name]
	if !ok {
		return nil, unknownBot("duel play bot", name, PlayNames())
	}
	return f(), nil
}

// Draft returns a new draft policy by name.
func Draft(name string) (card.DraftPolicy, error) {
	f, ok := draftBots[name]
	if !ok {
		return nil, unknownBot("duel draft bot", name, DraftNames())
	}
	return f(), nil
}

// unknownBot says that name is no bot of the kind, listing those there are ("a, b", not
// Go's "[a b]"); a name with a comma is a list where one seat takes one bot.
func unknownBot(kind, name string, known []string) error {
	if strings.Contains(name, ",") {
		return fmt.Errorf("%q names more than one %s, where one seat plays one (known: %s)", name, kind, strings.Join(known, ", "))
	}
	return fmt.Errorf("unknown %s %q (known: %s)", kind, name, strings.Join(known, ", "))
}
