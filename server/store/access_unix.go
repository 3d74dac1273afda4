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

// ownFile takes the lock that makes this process the owner of the SQLite
// file at path: an flock on path+"-lock", a file of its own beside the
// database (an flock on the database's own descriptor would be closed some
// day, and closing any descriptor of a file drops the locks SQLite holds
// on it). It fails at once when another process, or another store in this
// one, owns the file. The lock ends with release, or with the process.
func ownFile(path string) (release func(), err error) {
	fd, err := syscall.Open(path+"-lock", syscall.O_RDWR|syscall.O_CREAT|syscall.O_CLOEXEC, 0o644)
	if err != nil {
		return nil, err
	}
	if err := syscall.Flock(fd, syscall.LOCK_EX|syscall.LOCK_NB); err != nil {
		syscall.Close(fd)
		if err == syscall.EWOULDBLOCK {
			return nil, errOwned
		}
		return nil, err
	}
	return func() { syscall.Close(fd) }, nil
}
