package storage

import (
	"context"
	"fmt"
	"time"

	"github.com/tenkaichi-org/tenkaichi/rules"
)

// GameLog is one game written in the engine's notation (docs/game-log.md):
// uploaded by a judge, or recorded action by action by a scorekeeper.
type GameLog struct {
	ID        int64     `json:"id"`
	EventID   int64     `json:"event_id"`
	MatchID   *int64    `json:"match_id"`
	GameNo    int       `json:"game_no"`
	Title     string    `json:"title"`
	Body      string    `json:"-"` // too long for the audit log; audits say what changed
	CreatedBy string    `json:"created_by"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// TableName keeps GORM's naming out of the schema.
func (GameLog) TableName() string { return "game_logs" }

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
		return fmt.Errorf("storage: match %d in event %d: %w", *matchID, eventID, ErrNotFound)
	}
	return nil
}

// CreateGameLog stores a new log and its audit row.
func (s *Store) CreateGameLog(ctx context.Context, actor Actor, l *GameLog) error {
	return s.Tx(ctx, func(tx *Store) error {
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

// GameLogByID returns a log of the event, or ErrNotFound (also when the log
// belongs to another event).
func (s *Store) GameLogByID(ctx context.Context, eventID, id int64) (*GameLog, error) {
	var l GameLog
	if err := s.with(ctx).Where("event_id = ?", eventID).First(&l, id).Error; err != nil {
		return nil, wrap(fmt.Sprintf("game log %d", id), err)
	}
	return &l, nil
}

// GameLogs lists an event's logs, most recently changed first, without their
// bodies (a list does not need them).
func (s *Store) GameLogs(ctx context.Context, eventID int64) ([]GameLog, error) {
	var ls []GameLog
	err := s.with(ctx).Omit("body").Where("event_id = ?", eventID).Order("updated_at DESC, id DESC").Find(&ls).Error
	return ls, wrap("list game logs", err)
}

// ReplaceGameLogBody saves a new body if the log still holds oldBody; if
// someone else changed it since it was read, it returns ErrStale and changes
// nothing. what says what changed, for the audit log (e.g. the line appended).
func (s *Store) ReplaceGameLogBody(ctx context.Context, actor Actor, eventID, id int64, oldBody, newBody string, what map[string]any) error {
	return s.Tx(ctx, func(tx *Store) error {
		now := tx.now()
		// Comparing the body itself is the version check: two scorekeepers
		// appending at once cannot both win.
		res := tx.with(ctx).Model(&GameLog{}).Where("id = ? AND event_id = ? AND body = ?", id, eventID, oldBody).
			Updates(map[string]any{"body": newBody, "updated_at": now})
		if res.Error != nil {
			return wrap("update game log", res.Error)
		}
		if res.RowsAffected == 0 {
			if _, err := tx.GameLogByID(ctx, eventID, id); err != nil {
				return err
			}
			return fmt.Errorf("storage: update game log %d: %w", id, ErrStale)
		}
		return tx.writeAudit(ctx, actor, &eventID, "update", "game_log", id, nil, what)
	})
}

// GameLogCards loads the cards of a game with the given numbers (printing
// numbers are looked up by their base number): the few a game log names, so
// replaying a log does not load the whole pool. Unknown numbers are skipped.
func (s *Store) GameLogCards(ctx context.Context, game rules.Game, numbers []string) ([]rules.Card, error) {
	seen := make(map[string]bool, len(numbers))
	var want []string
	for _, n := range numbers {
		n = rules.CanonicalNumber(n)
		if n != "" && !seen[n] {
			seen[n] = true
			want = append(want, n)
		}
	}
	var out []rules.Card
	// Batches keep the statement under every driver's parameter limit.
	for start := 0; start < len(want); start += 500 {
		var rows []CardRow
		batch := want[start:min(start+500, len(want))]
		if err := s.with(ctx).Where("game = ? AND number IN ?", string(game), batch).Find(&rows).Error; err != nil {
			return nil, wrap("load game log cards", err)
		}
		for i := range rows {
			c, err := decodeCard(&rows[i])
			if err != nil {
				return nil, err
			}
			out = append(out, c)
		}
	}
	return out, nil
}
