package report

import "errors"

// ErrNotResults is wrapped by a reader's refusal of a directory that holds none of the
// files of its kind (ReadSweepManifest); which kind a directory is, is
// resultfile.DetectKind's to tell.
var ErrNotResults = errors.New("not a bangsim result directory")
