package main

import (
	"runtime/debug"
)

// version is bangsim's release version; run.json records it with the VCS revision.
const version = "0.2.0"

// buildRevision returns the VCS revision the binary was built from ("" if unknown),
// with a "+dirty" suffix when the work tree had uncommitted changes.
func buildRevision() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return ""
	}
	var rev string
	dirty := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.modified":
			dirty = s.Value == "true"
		}
	}
	if rev != "" && dirty {
		rev += "+dirty"
	}
	return rev
}

// versionString is what `bangsim --version` prints.
func versionString() string {
	if rev := buildRevision(); rev != "" {
		return version + " (" + rev + ")"
	}
	return version
}
