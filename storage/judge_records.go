package storage

import (
	"context"
	"fmt"
	"time"
)

// The judges' records core storage takes steps on (calls and game logs):
// their types and those steps (a dispute opens a call, a result entered by
// staff closes it, a changed game is news to its players). Everything else
// about them, and rulings, penalties and deck checks, is in storage/judging.

// Judge call statuses.
const (
	CallOpen   = "open"
	CallTaken  = "taken"
	CallClosed = "closed"
)

// DisputeReason is the reason of the call a dispute opens (in English, as
// the call keeps it; the judges' page says it in its language).
const DisputeReason = "The players reported different results."

// JudgeCall is a player's (or the system's) call for a judge.
type JudgeCall struct {
	ID      int64  `json:"id"`
	EventID int64  `json:"event_id"`
	EntryID *int64 `json:"entry_id"`
	MatchID *int64 `json:"match_id"`
	// GameLogID and Step: a call made from the game tracker, with the
	// step the game was at.
	GameLogID *int64     `json:"game_log_id"`
	Step      *int       `json:"step"`
	Reason    string     `json:"reason"`
	Status    string     `json:"status"`
	TakenBy   string     `json:"taken_by"`
	CreatedAt time.Time  `json:"created_at"`
	TakenAt   *time.Time `json:"taken_at"`
	ClosedAt  *time.Time `json:"closed_at"`
}

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
	// Tracker: the players' phones record this game (the game tracker);
	// a match has at most one such log per game.
	Tracker bool `json:"tracker"`
	// The board's life and deck counts after the last step (nil before
	// the game starts), kept by whoever writes the body.
	P1Life *int `json:"p1_life"`
	P2Life *int `json:"p2_life"`
	P1Deck *int `json:"p1_deck"`
	P2Deck *int `json:"p2_deck"`
}

// GameTotals are a game's life and deck counts, P1 then P2, after its last
// step.
type GameTotals struct {
	Life [2]int `json:"life"`
	Deck [2]int `json:"deck"`
}

// Totals are the counts kept with the log, or nil before the game started.
func (l GameLog) Totals() *GameTotals {
	if l.P1Life == nil || l.P2Life == nil || l.P1Deck == nil || l.P2Deck == nil {
		return nil
	}
	return &GameTotals{Life: [2]int{*l.P1Life, *l.P2Life}, Deck: [2]int{*l.P1Deck, *l.P2Deck}}
}

// SetTotals keeps t as the log's counts (nil: none).
func (l *GameLog) SetTotals(t *GameTotals) {
	if t == nil {
		l.P1Life, l.P2Life, l.P1Deck, l.P2Deck = nil, nil, nil, nil
		return
	}
	l.P1Life, l.P2Life, l.P1Deck, l.P2Deck = &t.Life[0], &t.Life[1], &t.Deck[0], &t.Deck[1]
}

// TableName keeps GORM's naming out of the schema.
func (GameLog) TableName() string { return "game_logs" }

// TopicGame is the notice of a change to a tracked game (an action entered
// or undone, a judge's ruling on it); it goes to the match's players only.
const TopicGame = "game"

func (s *Store) openJudgeCall(ctx context.Context, eventID int64, entryID, matchID *int64, reason string) (*JudgeCall, error) {
	q := s.with(ctx).Where("event_id = ? AND status <> ?", eventID, CallClosed)
	switch {
	case matchID != nil:
		q = q.Where("match_id = ?", *matchID)
	case entryID != nil:
		q = q.Where("entry_id = ?", *entryID)
	}
	var existing []JudgeCall
	if err := q.Limit(1).Find(&existing).Error; err != nil {
		return nil, wrap("find judge call", err)
	}
	if len(existing) > 0 {
		return &existing[0], nil
	}
	c := &JudgeCall{EventID: eventID, EntryID: entryID, MatchID: matchID, Reason: reason, Status: CallOpen, CreatedAt: s.now()}
	if err := s.with(ctx).Create(c).Error; err != nil {
		return nil, wrap("open judge call", err)
	}
	return c, s.notify(ctx, Notice{EventID: eventID, Topic: "judge", Entries: optional(entryID)})
}

// closeMatchCalls closes the open judge calls of a match (a dispute settled
// by staff), each in the audit log with the reason.
func (s *Store) closeMatchCalls(ctx context.Context, actor Actor, eventID, matchID int64, reason string) error {
	var open []JudgeCall
	if err := s.locking(ctx).Where("event_id = ? AND match_id = ? AND status <> ?", eventID, matchID, CallClosed).Find(&open).Error; err != nil {
		return wrap("judge calls of match", err)
	}
	if len(open) == 0 {
		return nil
	}
	now := s.now()
	for _, c := range open {
		if err := s.with(ctx).Model(&JudgeCall{}).Where("id = ?", c.ID).Updates(map[string]any{"status": CallClosed, "closed_at": now}).Error; err != nil {
			return wrap("close judge call", err)
		}
		if err := s.writeAudit(ctx, actor, &eventID, CallClosed, "judge-call", c.ID,
			map[string]any{"status": c.Status}, map[string]any{"status": CallClosed, "reason": reason}); err != nil {
			return err
		}
		if err := s.notifyCallGame(ctx, &c); err != nil {
			return err
		}
	}
	return s.notify(ctx, Notice{EventID: eventID, Topic: "judge"})
}

// notifyCallGame tells the players of the game a call was made from that
// the call changed (a judge is on the way, or done).
func (s *Store) notifyCallGame(ctx context.Context, c *JudgeCall) error {
	if c.GameLogID == nil {
		return nil
	}
	var gl GameLog
	if err := s.with(ctx).Where("event_id = ?", c.EventID).First(&gl, *c.GameLogID).Error; err != nil {
		return wrap(fmt.Sprintf("game log %d", *c.GameLogID), err)
	}
	return s.notifyGame(ctx, &gl)
}

// notifyGame tells the phones of a log's match that its game changed. Only
// their streams get topic "game" (see server/live): a game is news to
// the two players at its table, not to the room.
func (s *Store) notifyGame(ctx context.Context, gl *GameLog) error {
	if gl.MatchID == nil {
		return nil
	}
	var m Match
	if err := s.with(ctx).Select("p1_entry_id", "p2_entry_id").Where("id = ?", *gl.MatchID).First(&m).Error; err != nil {
		return wrap("players of game log", err)
	}
	entries := []int64{m.P1EntryID}
	if m.P2EntryID != nil {
		entries = append(entries, *m.P2EntryID)
	}
	return s.notify(ctx, Notice{EventID: gl.EventID, Topic: TopicGame, Entries: entries})
}

func optional(id *int64) []int64 {
	if id == nil {
		return nil
	}
	return []int64{*id}
}
