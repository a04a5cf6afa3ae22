package storage

import (
	"context"
	"errors"
)

// Team events: a team is the entries of an event sharing a team name, each
// on its seat (Entry.TeamSeat).

// ErrTeamExists: the event already has a team of that name.
var ErrTeamExists = errors.New("storage: a team of that name exists")

// ErrSeatTaken: the team already has a player in that seat.
var ErrSeatTaken = errors.New("storage: the team's seat is taken")

// seatFree refuses an entry whose team already has a player on its seat;
// the caller holds the event's lock.
func (s *Store) seatFree(ctx context.Context, e *Entry) error {
	if e.Team == "" || e.TeamSeat == "" {
		return nil
	}
	var n int64
	err := s.with(ctx).Model(&Entry{}).Where("event_id = ? AND team = ? AND team_seat = ? AND waitlisted = ?", e.EventID, e.Team, e.TeamSeat, false).Count(&n).Error
	if err != nil {
		return wrap("count seat", err)
	}
	if n > 0 {
		return ErrSeatTaken
	}
	return nil
}

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

// DropTeam drops every active player of a team after round played, in one
// transaction (one "drop" audit row each): the team is then out, as a
// dropped player is. It returns how many players it dropped.
func (s *Store) DropTeam(ctx context.Context, actor Actor, eventID int64, team string, played int) (int, error) {
	dropped := 0
	err := s.Tx(ctx, func(tx *Store) error {
		if _, err := tx.lockEvent(ctx, eventID); err != nil {
			return err
		}
		var entries []Entry
		err := tx.with(ctx).Where("event_id = ? AND team = ? AND waitlisted = ? AND dropped_round IS NULL", eventID, team, false).Order("id").Find(&entries).Error
		if err != nil {
			return wrap("find team", err)
		}
		for i := range entries {
			before, e := entries[i], entries[i]
			e.DroppedRound = &played
			if err := tx.saveEntry(ctx, actor, "drop", &before, &e); err != nil {
				return err
			}
			dropped++
		}
		return nil
	})
	return dropped, err
}
