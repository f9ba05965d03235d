package report

import (
	"bufio"
	"fmt"
	"io"
	"os"
	"path/filepath"
)

// WriteFileAtomic writes path through write so that readers (and a crashed or
// interrupted run) see either the old file or the complete new one, never a torn file:
// it writes a temporary file in the same directory (a rename is only atomic within one
// file system), fsyncs and closes it, then renames it over path. On any error the
// temporary file is removed and path is left as it was. The new file has mode 0644.
func WriteFileAtomic(path string, write func(w io.Writer) error) error {
	dir, base := filepath.Split(path)
	if dir == "" {
		dir = "."
	}
	f, err := os.CreateTemp(dir, "."+base+".tmp-*")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	tmp := f.Name()
	closed, renamed := false, false
	defer func() {
		// A flag rather than err, so that this also runs when write panics.
		if !renamed {
			if !closed {
				f.Close()
			}
			os.Remove(tmp)
		}
	}()
	wrap := func(e error) error { return fmt.Errorf("write %s: %w", path, e) }

	bw := bufio.NewWriterSize(f, 64<<10)
	if err := write(bw); err != nil {
		return wrap(err)
	}
	if err := bw.Flush(); err != nil {
		return wrap(err)
	}
	// CreateTemp makes the file 0600; results are meant to be shared and read by tools.
	if err := f.Chmod(0o644); err != nil {
		return wrap(err)
	}
	if err := f.Sync(); err != nil {
		return wrap(err)
	}
	closed = true
	if err := f.Close(); err != nil {
		return wrap(err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return wrap(err)
	}
	renamed = true
	syncDir(dir)
	return nil
}

// syncDir makes a rename durable on file systems that need the directory fsynced;
// it is best effort because some systems (Windows) cannot open a directory for sync,
// and by then the new file is complete and in place.
func syncDir(dir string) {
	d, err := os.Open(dir)
	if err != nil {
		return
	}
	d.Sync()
	d.Close()
}
