package judging

import (
	"context"
	"errors"
	"fmt"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// checkMatchInEvent makes sure a match named by a judge belongs to the event,
// so a log or ruling cannot point into another event.
func (s *Store) checkMatchInEvent(ctx context.Context, eventID int64, matchID *int64) error {
	if matchID == nil {
		return nil
	}
	var n int64
	if err := s.with(ctx).Table("matches").Where("id = ? AND event_id = ?", *matchID, eventID).Count(&n).Error; err != nil {
		return wrap("check match", err)
	}
	if n == 0 {
		return fmt.Errorf("storage: match %d in event %d: %w", *matchID, eventID, storage.ErrNotFound)
	}
	return nil
}

// CreateGameLog stores a new log and its audit row.
func (s *Store) CreateGameLog(ctx context.Context, actor storage.Actor, l *storage.GameLog) error {
	return s.tx(ctx, func(tx *Store) error {
		if err := tx.checkMatchInEvent(ctx, l.EventID, l.MatchID); err != nil {
			return err
		}
		now := tx.now()
		l.CreatedAt, l.UpdatedAt, l.CreatedBy = now, now, actor.Name
		if l.GameNo == 0 {
			l.GameNo = 1
		}
		if err := tx.with(ctx).Create(l).Error; err != nil {
			return wrap("create game log", err)
		}
		return tx.writeAudit(ctx, actor, &l.EventID, "create", "game_log", l.ID, nil,
			map[string]any{"log": l, "bytes": len(l.Body)})
	})
}

// GameLogByID returns a log of the event, or storage.ErrNotFound (also when the log
// belongs to another event).
func (s *Store) GameLogByID(ctx context.Context, eventID, id int64) (*storage.GameLog, error) {
	var l storage.GameLog
	if err := s.with(ctx).Where("event_id = ?", eventID).First(&l, id).Error; err != nil {
		return nil, wrap(fmt.Sprintf("game log %d", id), err)
	}
	return &l, nil
}

// GameLogs lists an event's logs, most recently changed first, without their
// bodies (a list does not need them).
func (s *Store) GameLogs(ctx context.Context, eventID int64) ([]storage.GameLog, error) {
	var ls []storage.GameLog
	err := s.with(ctx).Omit("body").Where("event_id = ?", eventID).Order("updated_at DESC, id DESC").Find(&ls).Error
	return ls, wrap("list game logs", err)
}

// ReplaceGameLogBody saves a new body if the log still holds oldBody; if
// someone else changed it since it was read, it returns storage.ErrStale and changes
// nothing. what says what changed, for the audit log (e.g. the line appended);
// totals are the board's counts after the new body's last step (nil: none).
func (s *Store) ReplaceGameLogBody(ctx context.Context, actor storage.Actor, eventID, id int64, oldBody, newBody string, totals *storage.GameTotals, what map[string]any) error {
	_, err := s.ChangeGameLog(ctx, actor, eventID, id, func(gl *storage.GameLog) (*GameLogChange, error) {
		// Comparing the body itself is the version check: two scorekeepers
		// appending at once cannot both win.
		if gl.Body != oldBody {
			return nil, fmt.Errorf("storage: update game log %d: %w", id, storage.ErrStale)
		}
		return &GameLogChange{Body: newBody, Totals: totals, Audit: what}, nil
	})
	return err
}

// GameLogChange is a new body for a log, with the board's counts after its
// last step and what changed, for the audit log.
type GameLogChange struct {
	Body   string
	Totals *storage.GameTotals
	Audit  map[string]any
}

// ChangeGameLog changes a log in one transaction that holds the log's row
// (SELECT … FOR UPDATE on PostgreSQL; SQLite has one writer at a time):
// change sees the log as it is now and returns the new body, or nil to keep
// it as it is (a submission already applied), or an error that changes
// nothing. So two phones entering an action at the same moment are applied
// one after the other, each seeing the other's. The players of the log's
// match are told (topic "game"). It returns the log as it is afterwards.
func (s *Store) ChangeGameLog(ctx context.Context, actor storage.Actor, eventID, id int64, change func(gl *storage.GameLog) (*GameLogChange, error)) (*storage.GameLog, error) {
	var out *storage.GameLog
	err := s.tx(ctx, func(tx *Store) error {
		var gl storage.GameLog
		if err := tx.locking(ctx).Where("event_id = ?", eventID).First(&gl, id).Error; err != nil {
			return wrap(fmt.Sprintf("game log %d", id), err)
		}
		ch, err := change(&gl)
		if err != nil {
			return err
		}
		out = &gl
		if ch == nil {
			return nil
		}
		gl.Body, gl.UpdatedAt = ch.Body, tx.now()
		gl.SetTotals(ch.Totals)
		if err := tx.with(ctx).Model(&storage.GameLog{}).Where("id = ?", id).Updates(map[string]any{"body": gl.Body, "updated_at": gl.UpdatedAt,
			"p1_life": gl.P1Life, "p2_life": gl.P2Life, "p1_deck": gl.P1Deck, "p2_deck": gl.P2Deck}).Error; err != nil {
			return wrap("update game log", err)
		}
		if err := tx.writeAudit(ctx, actor, &eventID, "update", "game_log", id, nil, ch.Audit); err != nil {
			return err
		}
		return tx.st.NotifyGame(ctx, &gl)
	})
	return out, err
}

// CreateTrackerLog starts the tracker's log for a game of a match, or
// returns the one already started (created is false then): two phones
// starting the same game at once get one log. l.MatchID must be set.
func (s *Store) CreateTrackerLog(ctx context.Context, actor storage.Actor, l *storage.GameLog) (gl *storage.GameLog, created bool, err error) {
	if l.MatchID == nil {
		return nil, false, fmt.Errorf("storage: a tracker log needs a match: %w", storage.ErrConflict)
	}
	l.Tracker = true
	if l.GameNo == 0 {
		l.GameNo = 1
	}
	if existing, err := s.TrackerLog(ctx, l.EventID, *l.MatchID, l.GameNo); err == nil {
		return existing, false, nil
	} else if !errors.Is(err, storage.ErrNotFound) {
		return nil, false, err
	}
	err = s.CreateGameLog(ctx, actor, l)
	if errors.Is(err, storage.ErrConflict) {
		// The other phone won the race (the unique index on the match's
		// tracked games): its log is the game's.
		if existing, ferr := s.TrackerLog(ctx, l.EventID, *l.MatchID, l.GameNo); ferr == nil {
			return existing, false, nil
		}
	}
	if err != nil {
		return nil, false, err
	}
	// The other phone, on the start page, follows into the game.
	if err := s.st.NotifyGame(ctx, l); err != nil {
		return nil, false, err
	}
	return l, true, nil
}

// TrackerLog is the tracker's log of a game of a match, or storage.ErrNotFound.
func (s *Store) TrackerLog(ctx context.Context, eventID, matchID int64, gameNo int) (*storage.GameLog, error) {
	var l storage.GameLog
	err := s.with(ctx).Where("event_id = ? AND match_id = ? AND game_no = ? AND tracker", eventID, matchID, gameNo).First(&l).Error
	if err != nil {
		return nil, wrap(fmt.Sprintf("tracker log of match %d game %d", matchID, gameNo), err)
	}
	return &l, nil
}

// TrackerGames are the latest tracked game of each of the given matches
// (the highest game number), without bodies: what the round page and the
// player's page show of them.
func (s *Store) TrackerGames(ctx context.Context, eventID int64, matchIDs []int64) (map[int64]storage.GameLog, error) {
	out := make(map[int64]storage.GameLog, len(matchIDs))
	for start := 0; start < len(matchIDs); start += 500 {
		var ls []storage.GameLog
		batch := matchIDs[start:min(start+500, len(matchIDs))]
		if err := s.with(ctx).Omit("body").Where("event_id = ? AND tracker AND match_id IN ?", eventID, batch).
			Order("game_no").Find(&ls).Error; err != nil {
			return nil, wrap("tracker games", err)
		}
		for _, l := range ls {
			out[*l.MatchID] = l // ordered by game: the last one stays
		}
	}
	return out, nil
}
