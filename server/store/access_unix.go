//go:build linux || darwin || freebsd || netbsd || openbsd || dragonfly

package store

import "syscall"

// canWrite reports whether this process may open path for writing, the way
// SQLite would, without opening it: closing another descriptor of a SQLite
// file would drop the locks SQLite holds on it. The error names no path.
func canWrite(path string) error {
	const wOK = 2 // W_OK
	if err := syscall.Access(path, wOK); err != nil {
		return err
	}
	return nil
}
