package storage

import (
	"context"
	"database/sql"
	"errors"

	"gorm.io/gorm"
)

// Queries that read a whole event for its file (the export and snapshots),
// oldest first, with nothing left out.

// ReadConsistent runs fn in a read-only transaction that sees one state of
// the database: an export read in pieces never mixes a result with a report
// that came in between two of its queries. (SQLite's single connection
// already serialises; PostgreSQL needs repeatable read for it.)
func (s *Store) ReadConsistent(ctx context.Context, fn func(tx *Store) error) error {
	if s.pending != nil {
		return fn(s)
	}
	var opts []*sql.TxOptions
	if s.dialect == DialectPostgres {
		opts = append(opts, &sql.TxOptions{Isolation: sql.LevelRepeatableRead, ReadOnly: true})
	}
	var pending []Notice
	return s.db.WithContext(ctx).Transaction(func(gtx *gorm.DB) error {
		return fn(s.inTx(gtx, &pending, nil))
	}, opts...)
}

// EventReports lists the players' reports of every match of an event.
func (s *Store) EventReports(ctx context.Context, eventID int64) ([]Report, error) {
	var rs []Report
	err := s.with(ctx).Where("match_id IN (SELECT id FROM matches WHERE event_id = ?)", eventID).Order("id").Find(&rs).Error
	return rs, wrap("list reports", err)
}

// AllJudgeCalls lists every judge call of an event, closed ones too, oldest first.
func (s *Store) AllJudgeCalls(ctx context.Context, eventID int64) ([]JudgeCall, error) {
	var cs []JudgeCall
	err := s.with(ctx).Where("event_id = ?", eventID).Order("id").Find(&cs).Error
	return cs, wrap("list judge calls", err)
}

// GameLogsWithBodies lists every game log of an event with its body, oldest first.
func (s *Store) GameLogsWithBodies(ctx context.Context, eventID int64) ([]GameLog, error) {
	var ls []GameLog
	err := s.with(ctx).Where("event_id = ?", eventID).Order("id").Find(&ls).Error
	return ls, wrap("list game logs", err)
}

// RulingsOldestFirst lists every ruling of an event, oldest first (without
// the Penalty field filled: the file names the penalty by its place).
func (s *Store) RulingsOldestFirst(ctx context.Context, eventID int64) ([]Ruling, error) {
	var rs []Ruling
	err := s.with(ctx).Where("event_id = ?", eventID).Order("created_at, id").Find(&rs).Error
	return rs, wrap("list rulings", err)
}

// AnnouncementsOldestFirst lists an event's announcements in the order they were posted.
func (s *Store) AnnouncementsOldestFirst(ctx context.Context, eventID int64) ([]Announcement, error) {
	var as []Announcement
	err := s.with(ctx).Where("event_id = ?", eventID).Order("id").Find(&as).Error
	return as, wrap("list announcements", err)
}

// WholeAuditLog returns every change to an event, oldest first.
func (s *Store) WholeAuditLog(ctx context.Context, eventID int64) ([]AuditEntry, error) {
	var rows []AuditEntry
	err := s.with(ctx).Where("event_id = ?", eventID).Order("id").Find(&rows).Error
	return rows, wrap("audit log", err)
}

func isNotFound(err error) bool { return errors.Is(err, ErrNotFound) }
