package storage

import (
	"context"
	"errors"
)

// Team events: a team is the entries of an event sharing a team name, each
// on its seat (Entry.TeamSeat).

// ErrTeamExists: the event already has a team of that name.
var ErrTeamExists = errors.New("storage: a team of that name exists")

// CreateTeam adds a team's players, one entry per seat, in one transaction;
// players carry their seat and the team's name.
func (s *Store) CreateTeam(ctx context.Context, actor Actor, eventID int64, team string, players []*Entry) error {
	return s.Tx(ctx, func(tx *Store) error {
		if _, err := tx.lockEvent(ctx, eventID); err != nil {
			return err
		}
		var n int64
		if err := tx.with(ctx).Model(&Entry{}).Where("event_id = ? AND team = ?", eventID, team).Count(&n).Error; err != nil {
			return wrap("count team", err)
		}
		if n > 0 {
			return ErrTeamExists
		}
		for _, e := range players {
			e.EventID, e.Team = eventID, team
			if err := tx.insertEntry(ctx, actor, "create", e); err != nil {
				return err
			}
		}
		return nil
	})
}
