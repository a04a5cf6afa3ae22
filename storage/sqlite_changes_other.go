//go:build !unix

package storage

import "errors"

// mapReadOnly is not there on this system: play versions are read with a
// query each time (as on PostgreSQL).
func mapReadOnly(string) ([]byte, error) {
	return nil, errors.New("no shared memory maps on this system")
}

func unmap([]byte) {}
