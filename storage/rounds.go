package storage

import (
	"context"
	"errors"
	"fmt"
	"time"
)

// Round statuses.
const (
	RoundPreview   = "preview"   // paired, visible to organisers only
	RoundPublished = "published" // players see it; results come in
	RoundFinished  = "finished"
)

// Round kinds.
const (
	KindSwiss  = "swiss"
	KindTopCut = "top-cut"
)

// Round is one round of an event, with its server-side clock.
type Round struct {
	ID                int64      `json:"id"`
	EventID           int64      `json:"event_id"`
	Number            int        `json:"number"`
	Kind              string     `json:"kind"`
	Status            string     `json:"status"`
	LengthSeconds     int        `json:"length_seconds"`
	StartedAt         *time.Time `json:"started_at"`
	Deadline          *time.Time `json:"deadline"`            // set while the clock runs
	PausedRemainingMS *int64     `json:"paused_remaining_ms"` // set while paused
	CreatedAt         time.Time  `json:"created_at"`
	PublishedAt       *time.Time `json:"published_at"`
	FinishedAt        *time.Time `json:"finished_at"`
	Version           int        `json:"version"`
}

// ClockState names what the round's clock is doing.
func (r *Round) ClockState() string {
	switch {
	case r.Status == RoundFinished:
		return ClockFinished
	case r.StartedAt == nil:
		return "not-started"
	case r.PausedRemainingMS != nil:
		return "paused"
	default:
		return "running"
	}
}

// Remaining is the time left at now (negative once time is up; the full
// length before the clock starts).
func (r *Round) Remaining(now time.Time) time.Duration {
	if r.Status == RoundFinished {
		// Stopped when the last result came in.
		switch {
		case r.StartedAt == nil:
			return time.Duration(r.LengthSeconds) * time.Second
		case r.PausedRemainingMS != nil:
			return time.Duration(*r.PausedRemainingMS) * time.Millisecond
		case r.FinishedAt != nil && r.Deadline != nil:
			return r.Deadline.Sub(*r.FinishedAt)
		}
		return 0
	}
	switch r.ClockState() {
	case "not-started":
		return time.Duration(r.LengthSeconds) * time.Second
	case "paused":
		return time.Duration(*r.PausedRemainingMS) * time.Millisecond
	default:
		return r.Deadline.Sub(now)
	}
}

var (
	// ErrRoundExists: a round with that number is already paired.
	ErrRoundExists = errors.New("round already paired")
	// ErrNotLatestRound: only the latest round can be removed or re-paired.
	ErrNotLatestRound = errors.New("not the latest round")
	// ErrClock: the clock cannot do that now (e.g. pause a paused clock).
	ErrClock = errors.New("clock cannot do that now")
)

// NewMatch is a pairing to store: P2 nil means a bye for P1.
type NewMatch struct {
	TableNo *int
	P1      int64
	P2      *int64
	Note    string // why a pair-down or bye, for organisers (English)
	// NoteReason is the same as facts for pages in other languages
	// (Match.NoteReason).
	NoteReason string
	// Result is known when the round is paired: a team event's seat with
	// no player left loses its game (pairing.VacantSeatResult). Confirmed
	// at once, like a bye.
	Result string
}

// CreateRound stores a paired round (as a preview) with its matches, in one
// transaction. Byes are recorded as confirmed at once.
func (s *Store) CreateRound(ctx context.Context, actor Actor, eventID int64, number int, kind string, length time.Duration, matches []NewMatch) (*Round, error) {
	return s.CreateRecordedRound(ctx, actor, eventID, number, kind, length, matches, "")
}

// CreateRecordedRound is CreateRound keeping the pairing's record (JSON,
// see PairingRecords) with the round, in the same transaction.
func (s *Store) CreateRecordedRound(ctx context.Context, actor Actor, eventID int64, number int, kind string, length time.Duration, matches []NewMatch, record string) (*Round, error) {
	var r Round
	err := s.Tx(ctx, func(tx *Store) error {
		if _, err := tx.lockEvent(ctx, eventID); err != nil {
			return err
		}
		var n int64
		if err := tx.with(ctx).Model(&Round{}).Where("event_id = ? AND number = ?", eventID, number).Count(&n).Error; err != nil {
			return wrap("check round", err)
		}
		if n > 0 {
			return fmt.Errorf("storage: round %d: %w", number, ErrRoundExists)
		}
		now := tx.now()
		r = Round{EventID: eventID, Number: number, Kind: kind, Status: RoundPreview, LengthSeconds: int(length.Seconds()), CreatedAt: now, Version: 1}
		if err := tx.with(ctx).Create(&r).Error; err != nil {
			return wrap("create round", err)
		}
		if err := tx.SetPairingRecord(ctx, r.ID, record); err != nil {
			return err
		}
		for _, nm := range matches {
			m := Match{EventID: eventID, RoundID: r.ID, TableNo: nm.TableNo, P1EntryID: nm.P1, P2EntryID: nm.P2,
				Status: MatchPending, Note: nm.Note, NoteReason: nm.NoteReason, Version: 1, UpdatedAt: now}
			switch {
			case nm.P2 == nil:
				m.Result, m.Status = ResultBye, MatchConfirmed
			case nm.Result != "":
				m.Result, m.Status = nm.Result, MatchConfirmed
				m.P1Wins, m.P2Wins = seatGamesWon(nm.Result)
			}
			if err := tx.with(ctx).Create(&m).Error; err != nil {
				return wrap("create match", err)
			}
		}
		return tx.writeAudit(ctx, actor, &eventID, "pair", "round", r.ID, nil, map[string]any{"number": number, "kind": kind, "matches": len(matches)})
	})
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// A Swiss round's pairing record is what its pairing was computed from
// and its optimality certificate (pairing.RoundRecord as JSON, "" for
// none), kept in rounds.pairing_record. It is not a field of Round: it can
// weigh tens of kilobytes, and only the export and the public pairing file
// read it, never the pages and reports that load rounds all the time.

// SetPairingRecord keeps a round's pairing record ("" changes nothing).
func (s *Store) SetPairingRecord(ctx context.Context, roundID int64, record string) error {
	if record == "" {
		return nil
	}
	return wrap("keep pairing record", s.with(ctx).Model(&Round{}).Where("id = ?", roundID).Update("pairing_record", record).Error)
}

// PairingRecords maps each round number of the event that has a pairing
// record to it.
func (s *Store) PairingRecords(ctx context.Context, eventID int64) (map[int]string, error) {
	var rows []struct {
		Number        int
		PairingRecord string
	}
	err := s.read(ctx).Model(&Round{}).Select("number, pairing_record").
		Where("event_id = ? AND pairing_record <> ''", eventID).Scan(&rows).Error
	out := make(map[int]string, len(rows))
	for _, r := range rows {
		out[r.Number] = r.PairingRecord
	}
	return out, wrap("pairing records", err)
}

// Rounds lists an event's rounds in order.
func (s *Store) Rounds(ctx context.Context, eventID int64) ([]Round, error) {
	var rs []Round
	err := s.read(ctx).Where("event_id = ?", eventID).Order("number").Find(&rs).Error
	return rs, wrap("list rounds", err)
}

// RoundByNumber returns one round of an event.
func (s *Store) RoundByNumber(ctx context.Context, eventID int64, number int) (*Round, error) {
	var r Round
	if err := s.with(ctx).Where("event_id = ? AND number = ?", eventID, number).First(&r).Error; err != nil {
		return nil, wrap(fmt.Sprintf("round %d", number), err)
	}
	return &r, nil
}

// LatestRound returns the event's highest-numbered round, or ErrNotFound.
func (s *Store) LatestRound(ctx context.Context, eventID int64) (*Round, error) {
	var r Round
	if err := s.with(ctx).Where("event_id = ?", eventID).Order("number DESC").First(&r).Error; err != nil {
		return nil, wrap("latest round", err)
	}
	return &r, nil
}

// PublishRound shows a previewed round to players.
func (s *Store) PublishRound(ctx context.Context, actor Actor, eventID int64, number int) error {
	return s.Tx(ctx, func(tx *Store) error {
		r, err := tx.RoundByNumber(ctx, eventID, number)
		if err != nil {
			return err
		}
		if r.Status != RoundPreview {
			return nil // publishing twice changes nothing
		}
		now := tx.now()
		if err := tx.with(ctx).Model(&Round{}).Where("id = ?", r.ID).Updates(map[string]any{"status": RoundPublished, "published_at": now, "version": r.Version + 1}).Error; err != nil {
			return wrap("publish round", err)
		}
		if err := tx.writeAudit(ctx, actor, &eventID, "publish", "round", r.ID, map[string]any{"status": r.Status}, map[string]any{"status": RoundPublished}); err != nil {
			return err
		}
		tx.milestone(ctx, Milestone{EventID: eventID, Reason: SnapshotPublish, Round: number, Actor: actor})
		return tx.notify(ctx, Notice{EventID: eventID, Topic: "pairings"})
	})
}

// DeleteLatestRound removes the event's latest round and its matches and
// reports, to re-pair it. Earlier rounds cannot be removed.
func (s *Store) DeleteLatestRound(ctx context.Context, actor Actor, eventID int64, number int, reason string) error {
	return s.Tx(ctx, func(tx *Store) error {
		if _, err := tx.lockEvent(ctx, eventID); err != nil {
			return err
		}
		latest, err := tx.LatestRound(ctx, eventID)
		if err != nil {
			return err
		}
		if latest.Number != number {
			return fmt.Errorf("storage: round %d: %w", number, ErrNotLatestRound)
		}
		matches, err := tx.Matches(ctx, latest.ID)
		if err != nil {
			return err
		}
		if err := tx.with(ctx).Where("match_id IN (SELECT id FROM matches WHERE round_id = ?)", latest.ID).Delete(&Report{}).Error; err != nil {
			return wrap("delete reports", err)
		}
		if err := tx.with(ctx).Where("round_id = ?", latest.ID).Delete(&Match{}).Error; err != nil {
			return wrap("delete matches", err)
		}
		if err := tx.with(ctx).Delete(&Round{}, latest.ID).Error; err != nil {
			return wrap("delete round", err)
		}
		if err := tx.writeAudit(ctx, actor, &eventID, "delete", "round", latest.ID,
			map[string]any{"number": number, "matches": matches, "reason": reason}, nil); err != nil {
			return err
		}
		return tx.notify(ctx, Notice{EventID: eventID, Topic: "pairings"})
	})
}

// FinishRound marks a round finished (every result is in, or the organiser says so).
func (s *Store) FinishRound(ctx context.Context, actor Actor, eventID int64, number int) error {
	return s.Tx(ctx, func(tx *Store) error {
		r, err := tx.RoundByNumber(ctx, eventID, number)
		if err != nil || r.Status == RoundFinished {
			return err
		}
		now := tx.now()
		if err := tx.with(ctx).Model(&Round{}).Where("id = ?", r.ID).Updates(map[string]any{"status": RoundFinished, "finished_at": now, "version": r.Version + 1}).Error; err != nil {
			return wrap("finish round", err)
		}
		if err := tx.writeAudit(ctx, actor, &eventID, "finish", "round", r.ID, map[string]any{"status": r.Status}, map[string]any{"status": RoundFinished}); err != nil {
			return err
		}
		return tx.notify(ctx, Notice{EventID: eventID, Topic: "standings"})
	})
}

// ClockAction is what an organiser does to a round's clock.
type ClockAction string

const (
	ClockStart  ClockAction = "start"
	ClockPause  ClockAction = "pause"
	ClockResume ClockAction = "resume"
	ClockAdd    ClockAction = "add" // add (or with a negative amount, take) time
)

// ChangeClock starts, pauses, resumes or adds time to a round's clock. The
// clock is data (deadline, or the remainder while paused), so every instance
// and every restart shows the same time.
func (s *Store) ChangeClock(ctx context.Context, actor Actor, eventID int64, number int, action ClockAction, amount time.Duration) (*Round, error) {
	var out Round
	err := s.Tx(ctx, func(tx *Store) error {
		var r Round
		if err := tx.locking(ctx).Where("event_id = ? AND number = ?", eventID, number).First(&r).Error; err != nil {
			return wrap(fmt.Sprintf("round %d", number), err)
		}
		before := r
		now := tx.now()
		switch {
		case action == ClockStart && r.StartedAt == nil:
			d := now.Add(time.Duration(r.LengthSeconds) * time.Second)
			r.StartedAt, r.Deadline = &now, &d
		case action == ClockPause && r.ClockState() == "running":
			ms := r.Deadline.Sub(now).Milliseconds()
			r.PausedRemainingMS, r.Deadline = &ms, nil
		case action == ClockResume && r.ClockState() == "paused":
			d := now.Add(time.Duration(*r.PausedRemainingMS) * time.Millisecond)
			r.Deadline, r.PausedRemainingMS = &d, nil
		case action == ClockAdd && r.ClockState() == "running":
			d := r.Deadline.Add(amount)
			r.Deadline = &d
		case action == ClockAdd && r.ClockState() == "paused":
			ms := *r.PausedRemainingMS + amount.Milliseconds()
			r.PausedRemainingMS = &ms
		case action == ClockAdd && r.ClockState() == "not-started":
			r.LengthSeconds += int(amount.Seconds())
		default:
			return fmt.Errorf("storage: %s the clock of round %d (%s): %w", action, number, r.ClockState(), ErrClock)
		}
		r.Version++
		err := tx.with(ctx).Model(&Round{}).Where("id = ?", r.ID).Updates(map[string]any{
			"started_at": r.StartedAt, "deadline": r.Deadline, "paused_remaining_ms": r.PausedRemainingMS,
			"length_seconds": r.LengthSeconds, "version": r.Version,
		}).Error
		if err != nil {
			return wrap("change clock", err)
		}
		if err := tx.writeAudit(ctx, actor, &eventID, "clock-"+string(action), "round", r.ID, clockAudit(&before), clockAudit(&r)); err != nil {
			return err
		}
		out = r
		return tx.notify(ctx, Notice{EventID: eventID, Topic: "clock"})
	})
	if err != nil {
		return nil, err
	}
	return &out, nil
}

func clockAudit(r *Round) map[string]any {
	return map[string]any{"started_at": r.StartedAt, "deadline": r.Deadline, "paused_remaining_ms": r.PausedRemainingMS, "length_seconds": r.LengthSeconds}
}

// seatGamesWon are the games a seat's result counts as won when the seat
// was not played: one game to the side that won it, none for a loss for
// both.
func seatGamesWon(result string) (p1, p2 int) {
	switch result {
	case ResultP1:
		return 1, 0
	case ResultP2:
		return 0, 1
	}
	return 0, 0
}
