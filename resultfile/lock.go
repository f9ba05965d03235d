package resultfile

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"sync"
)

// lockSuffix ends the name of the lock file beside a result directory: ".<base>" +
// lockSuffix in its parent, so that the lock survives the directory being swapped.
const lockSuffix = ".bangsim-lock"

// errBusy is tryLock's answer when another process holds the lock.
var errBusy = errors.New("locked by another process")

// Lock is this process's claim on a result directory: while it is held, any other
// bangsim process that asks for the same directory is refused at once. The claim is an
// flock on a lock file beside the directory, so it dies with the process: a lock file
// left by a killed bangsim blocks nothing.
type Lock struct {
	t       target
	path    string   // the lock file
	f       *os.File // holds the flock
	created []string // parent directories this lock created, outermost first
}

// held maps the absolute path of every directory this process has locked to its
// Lock, so that WriteSet and AddFiles under a command's Lock do not lock again.
var held = struct {
	sync.Mutex
	m map[string]*Lock
}{m: map[string]*Lock{}}

// LockTarget is the check a writing command makes at its boundary, before it plays
// anything: dir may receive a set of kind k (absent or empty, or a directory of that
// kind holding only bangsim's files, not a root directory, not the current directory
// or one holding it; see WriteSet and AddFiles), its parent can be written, and no
// other bangsim process is writing it. It then holds the lock until Unlock, which the
// command calls once its result set is written (or it failed).
//
// The parent directories missing are created, to hold the lock file, and removed
// again by Unlock if the command wrote nothing into them. dir itself is not created.
// Refusals match ErrUnsafeTarget.
func LockTarget(dir string, k Kind) (*Lock, error) {
	t, err := resolve(dir)
	if err != nil {
		return nil, err
	}
	l, err := lock(t)
	if err != nil {
		return nil, err
	}
	unlockParent := lockDir(t.parent)
	_, err = t.prepare(k, nil)
	unlockParent()
	if err != nil {
		l.Unlock()
		return nil, err
	}
	return l, nil
}

// acquire returns the Lock this process holds on t, or takes one; release undoes only
// what acquire did.
func acquire(t target) (release func(), err error) {
	held.Lock()
	_, ok := held.m[t.abs]
	held.Unlock()
	if ok {
		return func() {}, nil
	}
	l, err := lock(t)
	if err != nil {
		return nil, err
	}
	return l.Unlock, nil
}

// lock creates t's missing parents and takes the lock file's flock without waiting.
func lock(t target) (*Lock, error) {
	created, err := mkdirs(t)
	if err != nil {
		return nil, err
	}
	l := &Lock{t: t, path: filepath.Join(t.parent, "."+t.base+lockSuffix), created: created}
	for range 10 {
		f, err := os.OpenFile(l.path, os.O_RDWR|os.O_CREATE, 0o644)
		if err != nil {
			l.removeCreated()
			return nil, refuse("%q cannot be written: %s", t.dir, plainReason(err))
		}
		if err := tryLock(f); err != nil {
			f.Close()
			l.removeCreated()
			return nil, refuse("%q is being written by another bangsim process right now; wait until it has finished, or choose another directory", t.dir)
		}
		// The holder before us removes the lock file as it unlocks: a file we locked
		// after that is no longer the lock, so take the one now under the name.
		if fi, err := f.Stat(); err == nil {
			if pi, err := os.Stat(l.path); err == nil && os.SameFile(fi, pi) {
				l.f = f
				held.Lock()
				held.m[t.abs] = l
				held.Unlock()
				return l, nil
			}
		}
		f.Close()
	}
	l.removeCreated()
	return nil, refuse("%q cannot be locked: its lock file %s keeps changing", t.dir, l.path)
}

// Unlock releases the lock, removes its lock file and the parent directories LockTarget
// created that are still empty (the command wrote nothing there). Calling it twice, or
// on nil, does nothing.
func (l *Lock) Unlock() {
	if l == nil || l.f == nil {
		return
	}
	held.Lock()
	if held.m[l.t.abs] == l {
		delete(held.m, l.t.abs)
	}
	held.Unlock()
	// Remove the file while still holding it, and only if it is still ours.
	if fi, err := l.f.Stat(); err == nil {
		if pi, err := os.Stat(l.path); err == nil && os.SameFile(fi, pi) {
			os.Remove(l.path)
		}
	}
	l.f.Close()
	l.f = nil
	l.removeCreated()
}

// removeCreated removes the created parents that are empty, innermost first; one that
// holds something (the written set) stops it.
func (l *Lock) removeCreated() {
	for i := len(l.created) - 1; i >= 0; i-- {
		if os.Remove(l.created[i]) != nil {
			return
		}
	}
	l.created = nil
}

// mkdirs creates t's parent and its missing ancestors, returning those it created,
// outermost first. An ancestor that is a file is a refusal, in plain words.
func mkdirs(t target) ([]string, error) {
	var missing []string
	p := t.parent
	for {
		fi, err := os.Stat(p)
		if err == nil {
			if !fi.IsDir() {
				return nil, refuse("%q cannot be created: %q is a file, not a directory", t.dir, p)
			}
			break
		}
		if !errors.Is(err, fs.ErrNotExist) {
			return nil, refuse("%q cannot be created: %s", t.dir, plainReason(err))
		}
		missing = append(missing, p)
		up := filepath.Dir(p)
		if up == p {
			break
		}
		p = up
	}
	var created []string
	for i := len(missing) - 1; i >= 0; i-- {
		err := os.Mkdir(missing[i], 0o755)
		switch {
		case err == nil:
			created = append(created, missing[i])
		case !errors.Is(err, fs.ErrExist): // another process may have made it meanwhile
			for j := len(created) - 1; j >= 0; j-- {
				os.Remove(created[j])
			}
			return nil, refuse("%q cannot be created: %s", t.dir, plainReason(err))
		}
	}
	return created, nil
}

// plainReason is the system's reason for err in words, without the operation and path
// Go adds ("permission denied", "the disk is full"): pathProblem's wording, so every
// message of resultfile says a reason alike.
func plainReason(err error) string {
	if _, cause, ok := pathParts(err); ok {
		return strings.TrimPrefix(pathProblem("", "", cause), orTheFile("")+": ")
	}
	return err.Error()
}

// setWriteError is the failure to write one file of a set: its message names the file
// as the user gave it and the system's reason, not the temporary path it was written
// under ("cannot write results/roles.csv: the disk is full"). A PathError, so that a
// command passing it through ExplainPath keeps it as it is.
func setWriteError(path string, err error) error {
	return &PathError{msg: "cannot write " + path + ": " + plainReason(err), err: err}
}
