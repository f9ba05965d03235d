package report

import (
	"encoding/json"
	"io"
)

// WriteJSONAtomic writes v as indented JSON with a trailing newline, atomically (see
// WriteFileAtomic), so a run summary is readable by people and diffable between runs.
// HTML characters are not escaped because the files are data, not web pages.
func WriteJSONAtomic(path string, v any) error {
	return WriteFileAtomic(path, func(w io.Writer) error {
		enc := json.NewEncoder(w)
		enc.SetEscapeHTML(false)
		enc.SetIndent("", "  ")
		return enc.Encode(v) // Encode ends with a newline
	})
}
