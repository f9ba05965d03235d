package main

import "github.com/spf13/pflag"

// hiddenAliases makes each old flag name in aliases (old name -> canonical name) another
// spelling of the canonical flag: the old command lines keep working, while --help, which
// lists the registered flags, shows only the canonical name. It goes through the flag
// set's name normalisation rather than a second, hidden flag, so that Changed, Lookup and
// every message see the canonical name whichever spelling the user typed.
func hiddenAliases(fs *pflag.FlagSet, aliases map[string]string) {
	prev := fs.GetNormalizeFunc()
	fs.SetNormalizeFunc(func(f *pflag.FlagSet, name string) pflag.NormalizedName {
		if canonical, ok := aliases[name]; ok {
			name = canonical
		}
		return prev(f, name)
	})
}
