//go:build unix

package storage

import (
	"os"
	"syscall"
)

// mapReadOnly maps the first page of the file at path, shared, read-only.
func mapReadOnly(path string) ([]byte, error) {
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close() // the mapping outlives the descriptor
	return syscall.Mmap(int(f.Fd()), 0, os.Getpagesize(), syscall.PROT_READ, syscall.MAP_SHARED)
}

func unmap(mem []byte) { _ = syscall.Munmap(mem) }
