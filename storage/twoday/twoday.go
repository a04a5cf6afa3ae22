package twoday

import (
	"context"
	"errors"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// ErrDay1Closed: day 1 of the event is closed already.
var ErrDay1Closed = errors.New("storage: day 1 is closed already")

// CloseDay1 closes day 1 of a two-day event: the entries named advance to
// day 2 (storage.Entry.Day2), the others finish on day 1. It refuses a second
// close (ErrDay1Closed) and a close once a round after day 1 exists
// (storage.ErrRoundsStarted is not reused: a day-2 round cannot exist before).
func (s *Store) CloseDay1(ctx context.Context, actor storage.Actor, eventID int64, advanced []int64) error {
	return s.tx(ctx, func(tx *Store) error {
		if _, err := tx.st.LockEvent(ctx, eventID); err != nil {
			return err
		}
		closed, err := tx.Day1Closed(ctx, eventID)
		if err != nil {
			return err
		}
		if closed {
			return ErrDay1Closed
		}
		res := tx.with(ctx).Model(&storage.Entry{}).Where("event_id = ? AND id IN ?", eventID, advanced).Updates(map[string]any{"day2": true})
		if res.Error != nil {
			return wrap("close day 1", res.Error)
		}
		if err := tx.writeAudit(ctx, actor, &eventID, "close-day1", "event", eventID, nil, map[string]any{"advanced": advanced}); err != nil {
			return err
		}
		return tx.notify(ctx, storage.Notice{EventID: eventID, Topic: "entries"})
	})
}

// Day1Closed says whether day 1 of the event was closed: some entry
// advanced to day 2. The event form asks it before letting the days or
// the cut change.
func (s *Store) Day1Closed(ctx context.Context, eventID int64) (bool, error) {
	var closed int64
	if err := s.with(ctx).Model(&storage.Entry{}).Where("event_id = ? AND day2", eventID).Count(&closed).Error; err != nil {
		return false, wrap("count day-2 entries", err)
	}
	return closed > 0, nil
}
