package main

import "github.com/bangsim/bangsim/lab"

// versionString is what `bangsim --version` prints.
func versionString() string {
	if rev := lab.Revision(); rev != "" {
		return lab.Version + " (" + rev + ")"
	}
	return lab.Version
}
