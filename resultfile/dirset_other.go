//go:build !linux

package resultfile

import "os"

// renameExchange reports that no atomic swap is available, so WriteSet uses its
// two-rename fallback (macOS has renamex_np(RENAME_SWAP), not used yet).
func renameExchange(a, b string) error { return errExchangeUnsupported }

// lockDir does nothing: without a portable lock, WriteSet calls for directories of
// one parent must not overlap on these systems.
func lockDir(dir string) (unlock func()) { return func() {} }

// syncDir fsyncs directory dir, best effort: some systems (Windows) cannot sync a
// directory, and there the rename is as durable as the system makes it.
func syncDir(dir string, strict bool) error {
	if f, err := os.Open(dir); err == nil {
		f.Sync()
		f.Close()
	}
	return nil
}

// tryLock does nothing: without flock, two bangsim processes writing one directory
// are not told apart on these systems (the lock file is still made and removed).
func tryLock(f *os.File) error { return nil }
