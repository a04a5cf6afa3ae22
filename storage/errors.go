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

// ErrInvalid: the values given cannot be stored (an *InvalidError says
// which field and why).
var ErrInvalid = errors.New("invalid")

// FieldProblem is one thing wrong with a value given: the field at fault, a
// key of the message catalogue and the values that message takes, in
// order, so a page says it in its language next to the field.
type FieldProblem struct {
	Field string
	Key   string
	Args  []any
}

// InvalidError lists what is wrong with the values given; errors.Is finds
// ErrInvalid in it.
type InvalidError struct {
	Problems []FieldProblem
}

func (e *InvalidError) Error() string {
	msg := "storage: invalid:"
	for _, p := range e.Problems {
		msg += fmt.Sprintf(" %s (%s %v);", p.Field, p.Key, p.Args)
	}
	return msg
}

// Is makes errors.Is(err, ErrInvalid) true.
func (e *InvalidError) Is(target error) bool { return target == ErrInvalid }
