package storage

import (
	"context"
	"errors"
	"fmt"
)

// ErrPlayerGone: the player record was merged into another or removed
// (anonymised), so it cannot be changed any more.
var ErrPlayerGone = errors.New("player record merged or removed")

// lockLivePlayer reads a player that is neither merged nor removed and, on
// PostgreSQL, locks its row until the transaction ends.
func (s *Store) lockLivePlayer(ctx context.Context, id int64) (*Player, error) {
	var p Player
	if err := s.locking(ctx).First(&p, id).Error; err != nil {
		return nil, wrap(fmt.Sprintf("player %d", id), err)
	}
	if p.MergedInto != nil || p.AnonymisedAt != nil {
		return nil, fmt.Errorf("storage: player %d: %w", id, ErrPlayerGone)
	}
	return &p, nil
}
