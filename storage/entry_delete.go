package storage

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// ErrEntryPlayed: the entry has a match (or a penalty) and is part of the
// event's record; drop the player instead of deleting the entry.
var ErrEntryPlayed = errors.New("entry has a match or a penalty")

// DeleteEntry removes an entry made by mistake (a duplicate, the wrong
// event), with the reason in the audit log, as long as the player has no
// match in any round (a preview too) and no penalty. The event row is
// locked first, so no round can be paired with the entry meanwhile.
func (s *Store) DeleteEntry(ctx context.Context, actor Actor, eventID, entryID int64, reason string) error {
	return s.Tx(ctx, func(tx *Store) error {
		if _, err := tx.lockEvent(ctx, eventID); err != nil {
			return err
		}
		en, err := tx.EntryByID(ctx, eventID, entryID)
		if err != nil {
			return err
		}
		var matches, penalties int64
		if err := tx.with(ctx).Model(&Match{}).Where("event_id = ? AND (p1_entry_id = ? OR p2_entry_id = ?)", eventID, entryID, entryID).Count(&matches).Error; err != nil {
			return wrap("count matches of entry", err)
		}
		if err := tx.with(ctx).Table("penalties").Where("entry_id = ?", entryID).Count(&penalties).Error; err != nil {
			return wrap("count penalties of entry", err)
		}
		if matches > 0 || penalties > 0 {
			return fmt.Errorf("storage: entry %d: %w", entryID, ErrEntryPlayed)
		}
		if err := tx.with(ctx).Where("entry_id = ?", entryID).Delete(&JudgeCall{}).Error; err != nil {
			return wrap("delete judge calls of entry", err)
		}
		if err := tx.with(ctx).Delete(&Entry{}, entryID).Error; err != nil {
			return wrap("delete entry", err)
		}
		before := map[string]any{"player_name": en.PlayerName, "member_id": en.MemberID, "deck_status": en.DeckStatus,
			"checked_in": en.CheckedIn, "waitlisted": en.Waitlisted, "reason": reason}
		if err := tx.writeAudit(ctx, actor, &eventID, "delete", "entry", entryID, before, nil); err != nil {
			return err
		}
		return tx.notify(ctx, Notice{EventID: eventID, Topic: "entries"})
	})
}

// EntriesNamed lists an event's entries whose name is name, ignoring case
// and spacing (to warn before registering someone twice).
func (s *Store) EntriesNamed(ctx context.Context, eventID int64, name string) ([]Entry, error) {
	all, err := s.Entries(ctx, eventID)
	if err != nil {
		return nil, err
	}
	want := sameName(name)
	var out []Entry
	for _, e := range all {
		if sameName(e.PlayerName) == want {
			out = append(out, e)
		}
	}
	return out, nil
}

// sameName is a name as compared for duplicates: case and spacing ignored.
func sameName(s string) string {
	return strings.ToLower(strings.Join(strings.Fields(s), " "))
}
