package eventfile

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
)

// Queries that read a whole event for its file (the export and snapshots),
// oldest first, with nothing left out.

// EventReports lists the players' reports of every match of an event.
func (s *Store) EventReports(ctx context.Context, eventID int64) ([]storage.Report, error) {
	var rs []storage.Report
	err := s.with(ctx).Where("match_id IN (SELECT id FROM matches WHERE event_id = ?)", eventID).Order("id").Find(&rs).Error
	return rs, wrap("list reports", err)
}

// AllJudgeCalls lists every judge call of an event, closed ones too, oldest first.
func (s *Store) AllJudgeCalls(ctx context.Context, eventID int64) ([]storage.JudgeCall, error) {
	var cs []storage.JudgeCall
	err := s.with(ctx).Where("event_id = ?", eventID).Order("id").Find(&cs).Error
	return cs, wrap("list judge calls", err)
}

// GameLogsWithBodies lists every game log of an event with its body, oldest first.
func (s *Store) GameLogsWithBodies(ctx context.Context, eventID int64) ([]storage.GameLog, error) {
	var ls []storage.GameLog
	err := s.with(ctx).Where("event_id = ?", eventID).Order("id").Find(&ls).Error
	return ls, wrap("list game logs", err)
}

// RulingsOldestFirst lists every ruling of an event, oldest first (without
// the Penalty field filled: the file names the penalty by its place).
func (s *Store) RulingsOldestFirst(ctx context.Context, eventID int64) ([]judging.Ruling, error) {
	var rs []judging.Ruling
	err := s.with(ctx).Where("event_id = ?", eventID).Order("created_at, id").Find(&rs).Error
	return rs, wrap("list rulings", err)
}

// AnnouncementsOldestFirst lists an event's announcements in the order they were posted.
func (s *Store) AnnouncementsOldestFirst(ctx context.Context, eventID int64) ([]storage.Announcement, error) {
	var as []storage.Announcement
	err := s.with(ctx).Where("event_id = ?", eventID).Order("id").Find(&as).Error
	return as, wrap("list announcements", err)
}

// WholeAuditLog returns every change to an event, oldest first.
func (s *Store) WholeAuditLog(ctx context.Context, eventID int64) ([]storage.AuditEntry, error) {
	var rows []storage.AuditEntry
	err := s.with(ctx).Where("event_id = ?", eventID).Order("id").Find(&rows).Error
	return rows, wrap("audit log", err)
}

// PenaltiesForExport lists every penalty of an event, oldest first (for the
// event file).
func (s *Store) PenaltiesForExport(ctx context.Context, eventID int64) ([]judging.RulingPenalty, error) {
	var ps []judging.RulingPenalty
	err := s.with(ctx).Where("event_id = ?", eventID).Order("created_at, id").Find(&ps).Error
	return ps, wrap("list penalties", err)
}
