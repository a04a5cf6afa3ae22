package storage

import (
	"errors"
	"fmt"

	"gorm.io/gorm"
)

var (
	// ErrNotFound: the record asked for does not exist.
	ErrNotFound = errors.New("not found")
	// ErrConflict: the write clashes with existing data (a duplicate name, say).
	ErrConflict = errors.New("conflict")
	// ErrStale: the record changed since the caller read it (optimistic locking).
	ErrStale = errors.New("changed by someone else")
)

// wrap maps GORM's errors to ours and adds what was being done. Callers test
// with errors.Is and never look at driver errors.
func wrap(op string, err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, gorm.ErrRecordNotFound):
		return fmt.Errorf("storage: %s: %w", op, ErrNotFound)
	case errors.Is(err, gorm.ErrDuplicatedKey), errors.Is(err, gorm.ErrForeignKeyViolated):
		return fmt.Errorf("storage: %s: %w: %v", op, ErrConflict, err)
	default:
		return fmt.Errorf("storage: %s: %w", op, err)
	}
}
