package lab

import (
	"github.com/bangsim/bangsim/report"
	"github.com/bangsim/bangsim/resultfile"
)

// WriteTuneKeep writes a tune's directory (tune.json, tune-convergence.csv,
// tune-validation.csv, plot-tune.svg and .png) as one set; a partial tune never
// replaces a complete one (resultfile.WriteSetKeep) but goes beside it, into
// dir.partial. It returns the directory written.
func WriteTuneKeep(dir string, r *TuneResult) (string, error) {
	files := append(report.TuneFiles(r.Record), resultfile.File{Name: resultfile.TuneFile, Write: jsonWriter(r.Record)})
	return resultfile.WriteSetKeep(dir, r.Record.Partial, files)
}
