package storage

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"regexp"
)

// An event's origin is its id across servers: 128 random bits in hex, made
// when the event is made and carried by its export (docs/event-file.md), so
// a league server that is sent the same event twice (a push, an upload)
// finds it in the store and adds nothing. An import keeps the file's
// origin; (store, origin) is unique.

var originPattern = regexp.MustCompile(`^[0-9a-f]{32}$`)

// ValidOrigin reports whether s is an origin as Tenkaichi makes them.
func ValidOrigin(s string) bool { return originPattern.MatchString(s) }

// NewOrigin makes a new random origin.
func NewOrigin() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", fmt.Errorf("storage: event origin: %w", err)
	}
	return hex.EncodeToString(b), nil
}

// FillOrigin makes an origin when *o is empty, and refuses one that is not
// an origin (a hand-edited file) with ErrInvalid naming the field.
func FillOrigin(o *string) error {
	if *o == "" {
		var err error
		*o, err = NewOrigin()
		return err
	}
	if !ValidOrigin(*o) {
		return &InvalidError{Problems: []FieldProblem{{Field: "origin", Key: "event-origin-invalid", Args: []any{*o}}}}
	}
	return nil
}

// EventByOrigin returns the store's event with that origin, or ErrNotFound:
// the event a push or an upload of the same file has already added.
func (s *Store) EventByOrigin(ctx context.Context, storeID int64, origin string) (*Event, error) {
	if origin == "" {
		return nil, fmt.Errorf("storage: event by origin: %w", ErrNotFound)
	}
	var e Event
	if err := s.read(ctx).Where("store_id = ? AND origin = ?", storeID, origin).First(&e).Error; err != nil {
		return nil, wrap("event by origin", err)
	}
	return &e, nil
}
