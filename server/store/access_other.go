//go:build !(linux || darwin || freebsd || netbsd || openbsd || dragonfly)

package store

import (
	"errors"
	"os"
)

// canWrite reports whether path's permissions let it be written; see
// access_unix.go.
func canWrite(path string) error {
	fi, err := os.Stat(path)
	if err != nil {
		var pe *os.PathError
		if errors.As(err, &pe) {
			return pe.Err
		}
		return err
	}
	if fi.Mode().Perm()&0o222 == 0 {
		return os.ErrPermission
	}
	return nil
}
