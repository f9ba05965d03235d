package resultfile

import (
	"bufio"
	"fmt"
	"io"
	"os"
)

// Spool is a temporary file that a command fills while it plays (rows arriving piece by
// piece, too many to hold in memory) and then copies into a result set: WriteSet's File
// writes it with WriteTo. It lives in the system's temporary directory ($TMPDIR) and
// is removed by Close.
type Spool struct {
	name string
	f    *os.File
	w    *bufio.Writer
}

// NewSpool creates an empty spool for the result file name (the name only shows in
// the temporary file's name and in errors).
func NewSpool(name string) (*Spool, error) {
	f, err := os.CreateTemp("", "bangsim-"+name+"-*")
	if err != nil {
		return nil, &PathError{msg: fmt.Sprintf("cannot create a temporary file for %s in %s ($TMPDIR): %s", name, os.TempDir(), plainReason(err)), err: err}
	}
	return &Spool{name: name, f: f, w: bufio.NewWriterSize(f, 1<<16)}, nil
}

// Write appends p; an error says in words why the temporary file could not take it.
func (s *Spool) Write(p []byte) (int, error) {
	n, err := s.w.Write(p)
	if err != nil {
		err = &PathError{msg: fmt.Sprintf("cannot write the temporary file for %s in %s ($TMPDIR): %s", s.name, os.TempDir(), plainReason(err)), err: err}
	}
	return n, err
}

// WriteTo copies everything written so far to w, from the start.
func (s *Spool) WriteTo(w io.Writer) (int64, error) {
	if err := s.w.Flush(); err != nil {
		return 0, err
	}
	if _, err := s.f.Seek(0, io.SeekStart); err != nil {
		return 0, err
	}
	n, err := io.Copy(w, s.f)
	if _, serr := s.f.Seek(0, io.SeekEnd); err == nil {
		err = serr
	}
	return n, err
}

// Close removes the spool.
func (s *Spool) Close() error {
	err := s.f.Close()
	if rerr := os.Remove(s.f.Name()); err == nil {
		err = rerr
	}
	return err
}
