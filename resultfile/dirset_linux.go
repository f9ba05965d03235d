package resultfile

import (
	"errors"
	"os"

	"golang.org/x/sys/unix"
)

// renameExchange swaps a and b with renameat2(RENAME_EXCHANGE), so that b is never
// absent; errExchangeUnsupported where the kernel (before 3.15), the file system or
// a seccomp filter does not allow it.
func renameExchange(a, b string) error {
	err := unix.Renameat2(unix.AT_FDCWD, a, unix.AT_FDCWD, b, unix.RENAME_EXCHANGE)
	switch {
	case err == nil:
		return nil
	case errors.Is(err, unix.EINVAL), errors.Is(err, unix.ENOSYS), errors.Is(err, unix.EOPNOTSUPP), errors.Is(err, unix.EPERM):
		// EPERM too, as some seccomp filters answer it; a real permission problem then
		// shows in the fallback's plain renames.
		return errExchangeUnsupported
	}
	return &os.LinkError{Op: "renameat2", Old: a, New: b, Err: err}
}

// lockDir takes an exclusive flock on directory dir until unlock, so that two
// processes writing result sets into one parent never take each other's temporary
// directory for a leftover. Best effort: where flock fails (some network file
// systems) it goes on unlocked.
func lockDir(dir string) (unlock func()) {
	f, err := os.Open(dir)
	if err != nil {
		return func() {}
	}
	for {
		err = unix.Flock(int(f.Fd()), unix.LOCK_EX)
		if err != unix.EINTR {
			break
		}
	}
	if err != nil {
		f.Close()
		return func() {}
	}
	return func() { f.Close() } // closing the last descriptor releases the lock
}

// syncDir fsyncs directory dir so that entries created or renamed in it survive a
// crash. With strict false failures are ignored: the caller is past the point where
// they could change the outcome.
func syncDir(dir string, strict bool) error {
	f, err := os.Open(dir)
	if err == nil {
		err = f.Sync()
		f.Close()
	}
	if !strict {
		return nil
	}
	return err
}

// tryLock takes an exclusive flock on f without waiting: errBusy if another open file
// holds it. The lock goes with the last descriptor, so with the process.
func tryLock(f *os.File) error {
	for {
		err := unix.Flock(int(f.Fd()), unix.LOCK_EX|unix.LOCK_NB)
		switch {
		case err == unix.EINTR:
			continue
		case err == unix.EWOULDBLOCK:
			return errBusy
		}
		// Where flock is not supported (some network file systems) go on unlocked,
		// as before there was a lock.
		return nil
	}
}
