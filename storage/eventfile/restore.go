package eventfile

import (
	"context"
	"fmt"
	"strconv"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// EventRestore says what RestoreEvent did to the players.
type EventRestore struct {
	// Kept are the players whose entry the snapshot and the event share:
	// same entry, same phone link.
	Kept []string
	// Added are players of the snapshot whose entry was deleted since:
	// entered again, with a new phone link.
	Added []string
	// Removed are players registered after the snapshot: their entries and
	// links are gone.
	Removed       []string
	MissingJudges []string
}

// RestoreEvent puts the event back to the state in (read from one of its
// snapshots, snapshotID) in one transaction, so nothing is half-restored.
// The event keeps its id, its audit log and its snapshots; its settings,
// entries, rounds, matches, reports, penalties, judge calls, game logs,
// rulings, announcements and judges become the snapshot's. Entries keep
// their id and phone link when they still exist (the snapshot names them by
// id); players registered since are removed, and players deleted since come
// back with a new link. Every live page of the event is told.
func (s *Store) RestoreEvent(ctx context.Context, actor storage.Actor, eventID, snapshotID int64, in *EventImport, tokenHash func(int64, int) string) (*EventRestore, error) {
	out := &EventRestore{}
	err := s.tx(ctx, func(tx *Store) error {
		before, err := tx.st.LockEvent(ctx, eventID)
		if err != nil {
			return err
		}
		if err := tx.clearEventBody(ctx, eventID); err != nil {
			return err
		}
		now := tx.now()
		ids, err := tx.restoreEntries(ctx, eventID, in, tokenHash, now, out)
		if err != nil {
			return err
		}
		if err := tx.restoreEventRow(ctx, eventID, &in.Event, before.Version+1, now); err != nil {
			return err
		}
		counts, err := tx.writeEventBody(ctx, eventID, in, ids)
		if err != nil {
			return err
		}
		if out.MissingJudges, err = tx.attachJudges(ctx, before, in.Judges); err != nil {
			return err
		}
		after := map[string]any{"snapshot": snapshotID, "status": in.Event.Status, "kept": len(out.Kept), "added": out.Added, "removed": out.Removed}
		for k, v := range counts {
			after[k] = v
		}
		if len(out.MissingJudges) > 0 {
			after["judges_not_attached"] = out.MissingJudges
		}
		if err := tx.writeAudit(ctx, actor, &eventID, "restore", "event", eventID,
			map[string]any{"status": before.Status, "version": before.Version}, after); err != nil {
			return err
		}
		// Every page of the event shows something the restore may have changed.
		for _, topic := range []string{"event", "entries", "pairings", "results", "standings", "clock", "judge", "announcements"} {
			if err := tx.st.NotifyChange(ctx, storage.Notice{EventID: eventID, Topic: topic}); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return nil, fmt.Errorf("restore event %d: %w", eventID, err)
	}
	return out, nil
}

// clearEventBody deletes everything under the event but its entries, in an
// order the foreign keys allow.
func (s *Store) clearEventBody(ctx context.Context, eventID int64) error {
	for _, q := range []struct{ table, where string }{
		{"rulings", "event_id = ?"},
		{"deck_checks", "event_id = ?"},
		{"penalties", "event_id = ?"},
		{"game_logs", "event_id = ?"},
		{"judge_calls", "event_id = ?"},
		{"announcements", "event_id = ?"},
		{"reports", "match_id IN (SELECT id FROM matches WHERE event_id = ?)"},
		{"matches", "event_id = ?"},
		{"rounds", "event_id = ?"},
		{"event_judges", "event_id = ?"},
	} {
		if err := s.with(ctx).Exec("DELETE FROM "+q.table+" WHERE "+q.where, eventID).Error; err != nil {
			return wrap("restore: clear "+q.table, err)
		}
	}
	return nil
}

// restoreEntries makes the event's entries the snapshot's: those that still
// exist keep their id and link, the others are added with a new link, and
// those registered since are removed (out says which). It returns the
// snapshot's player keys' entry ids.
func (s *Store) restoreEntries(ctx context.Context, eventID int64, in *EventImport, tokenHash func(int64, int) string, now time.Time, out *EventRestore) (map[string]int64, error) {
	current, err := s.st.Entries(ctx, eventID)
	if err != nil {
		return nil, err
	}
	byID := make(map[int64]*storage.Entry, len(current))
	for i := range current {
		byID[current[i].ID] = &current[i]
	}
	ids := make(map[string]int64, len(in.Entries))
	for i := range in.Entries {
		ie := &in.Entries[i]
		if err := checkImportKey(ie.Key, i, ids); err != nil {
			return nil, err
		}
		e := ie.Entry
		id, _ := strconv.ParseInt(ie.Key, 10, 64)
		if cur, ok := byID[id]; ok {
			if err := s.with(ctx).Model(&storage.Entry{}).Where("id = ?", id).Updates(restoredEntry(&e, cur.Version+1, now)).Error; err != nil {
				return nil, wrap("restore entry", err)
			}
			delete(byID, id)
			ids[ie.Key] = id
			out.Kept = append(out.Kept, e.PlayerName)
			continue
		}
		e.EventID = eventID
		if err := s.insertImportedEntry(ctx, &e, tokenHash); err != nil {
			return nil, err
		}
		ids[ie.Key] = e.ID
		out.Added = append(out.Added, e.PlayerName)
	}
	for _, e := range current {
		if _, gone := byID[e.ID]; !gone {
			continue
		}
		if err := s.with(ctx).Delete(&storage.Entry{}, e.ID).Error; err != nil {
			return nil, wrap("restore: remove entry", err)
		}
		out.Removed = append(out.Removed, e.PlayerName)
	}
	return ids, nil
}

// restoreEventRow writes the snapshot's event settings over the event's.
func (s *Store) restoreEventRow(ctx context.Context, eventID int64, ev *storage.Event, version int, now time.Time) error {
	res := s.with(ctx).Model(&storage.Event{}).Where("id = ?", eventID).Updates(map[string]any{
		"name": ev.Name, "game": ev.Game, "format": ev.Format, "starts_on": ev.StartsOn, "venue": ev.Venue,
		"round_minutes": ev.RoundMinutes, "swiss_rounds": ev.SwissRounds, "top_cut_size": ev.TopCutSize,
		"top_cut_best_of": ev.TopCutBestOf, "status": ev.Status, "seed": ev.Seed, "version": version, "updated_at": now,
		"player_cap": ev.PlayerCap, "deck_deadline": ev.DeckDeadline, "decks_locked": ev.DecksLocked,
		"decks_public": ev.DecksPublic, "self_registration": ev.SelfRegistration, "seed_by_rating": ev.SeedByRating, "team_event": ev.TeamEvent, "end_of_round": ev.EndOfRound,
		"extra_turns": ev.ExtraTurns, "tiebreakers": ev.Tiebreakers, "points_win": ev.PointsWin,
		"points_draw": ev.PointsDraw, "points_loss": ev.PointsLoss, "points_bye": ev.PointsBye,
		"day1_rounds": ev.Day1Rounds, "day2_rounds": ev.Day2Rounds, "day2_cut": ev.Day2Cut, "day2_cut_value": ev.Day2CutValue,
	})
	if res.Error != nil {
		return wrap("restore event", res.Error)
	}
	return nil
}

// restoredEntry is the columns of an entry a restore writes back: all but
// its id, event and phone link.
func restoredEntry(e *storage.Entry, version int, now time.Time) map[string]any {
	m := map[string]any{
		"player_name": e.PlayerName, "member_id": e.MemberID, "checked_in": e.CheckedIn, "dropped_round": e.DroppedRound,
		"waitlisted": e.Waitlisted, "entered_round": e.EnteredRound, "fixed_table": e.FixedTable, "awarded_byes": e.AwardedByes,
		"team": e.Team, "team_seat": e.TeamSeat, "disqualified": e.Disqualified, "deck_text": e.DeckText, "deck_status": e.DeckStatus,
		"deck_problems": e.DeckProblems, "deck_leader": e.DeckLeader, "deck_colours": e.DeckColours,
		"deck_submitted_at": e.DeckSubmittedAt, "deck_checked": e.DeckChecked, "version": version, "updated_at": now,
		"day2": e.Day2,
	}
	if e.EnteredRound == 0 {
		m["entered_round"] = 1
	}
	if e.DeckStatus == "" {
		m["deck_status"] = storage.DeckMissing
	}
	if e.RandomKey != 0 {
		m["random_key"] = e.RandomKey
	}
	if !e.CreatedAt.IsZero() {
		m["created_at"] = e.CreatedAt
	}
	return m
}
