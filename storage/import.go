package storage

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"slices"
)

// EventImport is a whole event to create from an exported file: the event,
// its entries, rounds with their matches, and penalties. The file names
// players by its own keys; ImportEvent gives them new ids.
type EventImport struct {
	Event     Event
	Entries   []ImportedEntry
	Rounds    []ImportedRound
	Penalties []ImportedPenalty
}

// ImportedEntry is a player and the key the file knows them by.
type ImportedEntry struct {
	Key   string
	Entry Entry
}

// ImportedRound is a round with its matches in order.
type ImportedRound struct {
	Round   Round
	Matches []ImportedMatch
}

// ImportedMatch is a match whose players are given by their keys (P2 ""
// for a bye).
type ImportedMatch struct {
	Match Match
	P1    string
	P2    string
}

// ImportedPenalty is a penalty; Round and Match (its 1-based position in
// the round) name the match it applies to, or are 0.
type ImportedPenalty struct {
	Penalty RulingPenalty
	Entry   string
	Round   int
	Match   int
}

// ImportEvent creates a new event from in, in one transaction: the event,
// its entries, rounds, matches and penalties, and one audit row. Nothing is
// written if anything fails. tokenHash gives the hash of an entry's phone
// link once its id is known (new ids, link generation 1); nil leaves the
// entries with a random, unusable hash.
func (s *Store) ImportEvent(ctx context.Context, actor Actor, in *EventImport, tokenHash func(entryID int64, generation int) string) (*Event, error) {
	ev := in.Event
	err := s.Tx(ctx, func(tx *Store) error {
		now := tx.now()
		ev.ID, ev.Version, ev.CreatedAt, ev.UpdatedAt, ev.CreatedBy = 0, 1, now, now, nil
		if actor.UserID != 0 {
			id := actor.UserID
			ev.CreatedBy = &id
		}
		if ev.Status == "" {
			ev.Status = StatusDraft
		}
		if err := tx.with(ctx).Create(&ev).Error; err != nil {
			return wrap("import event", err)
		}
		ids := make(map[string]int64, len(in.Entries))
		for i := range in.Entries {
			ie := &in.Entries[i]
			if ie.Key == "" {
				return fmt.Errorf("storage: import entry %d has no key: %w", i+1, ErrConflict)
			}
			if _, dup := ids[ie.Key]; dup {
				return fmt.Errorf("storage: import: player %q twice: %w", ie.Key, ErrConflict)
			}
			e := ie.Entry
			e.ID, e.EventID, e.Version, e.TokenGeneration = 0, ev.ID, 1, 1
			if e.CreatedAt.IsZero() {
				e.CreatedAt = now
			}
			e.UpdatedAt = now
			if e.EnteredRound == 0 {
				e.EnteredRound = 1
			}
			if e.DeckStatus == "" {
				e.DeckStatus = DeckMissing
			}
			if e.RandomKey == 0 {
				key, err := NewRandomKey()
				if err != nil {
					return err
				}
				e.RandomKey = key
			}
			placeholder, err := importPlaceholder()
			if err != nil {
				return err
			}
			e.TokenHash = "import:" + placeholder
			if err := tx.with(ctx).Create(&e).Error; err != nil {
				return wrap("import entry", err)
			}
			if tokenHash != nil {
				if err := tx.with(ctx).Model(&Entry{}).Where("id = ?", e.ID).Update("token_hash", tokenHash(e.ID, e.TokenGeneration)).Error; err != nil {
					return wrap("import entry link", err)
				}
			}
			ids[ie.Key] = e.ID
		}
		matchIDs := map[[2]int]int64{} // (round number, position) → match id
		numbers := map[int]bool{}
		matches := 0
		for _, ir := range in.Rounds {
			r := ir.Round
			if numbers[r.Number] || r.Number < 1 {
				return fmt.Errorf("storage: import: round number %d: %w", r.Number, ErrConflict)
			}
			numbers[r.Number] = true
			r.ID, r.EventID = 0, ev.ID
			if r.Version == 0 {
				r.Version = 1
			}
			if r.CreatedAt.IsZero() {
				r.CreatedAt = now
			}
			if err := tx.with(ctx).Create(&r).Error; err != nil {
				return wrap("import round", err)
			}
			for pos, im := range ir.Matches {
				m := im.Match
				p1, ok := ids[im.P1]
				if !ok {
					return fmt.Errorf("storage: import: round %d, match %d: unknown player %q: %w", r.Number, pos+1, im.P1, ErrConflict)
				}
				m.ID, m.EventID, m.RoundID, m.P1EntryID, m.P2EntryID, m.Version, m.UpdatedAt = 0, ev.ID, r.ID, p1, nil, 1, now
				if im.P2 != "" {
					p2, ok := ids[im.P2]
					if !ok {
						return fmt.Errorf("storage: import: round %d, match %d: unknown player %q: %w", r.Number, pos+1, im.P2, ErrConflict)
					}
					m.P2EntryID = &p2
				}
				if m.Status == "" {
					m.Status = MatchPending
				}
				if err := tx.with(ctx).Create(&m).Error; err != nil {
					return wrap("import match", err)
				}
				matchIDs[[2]int{r.Number, pos + 1}] = m.ID
				matches++
			}
		}
		for i, ip := range in.Penalties {
			p := ip.Penalty
			entry, ok := ids[ip.Entry]
			if !ok {
				return fmt.Errorf("storage: import: penalty %d: unknown player %q: %w", i+1, ip.Entry, ErrConflict)
			}
			if !slices.Contains(RulingPenaltyKinds, p.Kind) {
				return fmt.Errorf("storage: import: penalty %d: kind %q: %w", i+1, p.Kind, ErrConflict)
			}
			p.ID, p.EventID, p.EntryID, p.MatchID, p.JudgeID = 0, ev.ID, entry, nil, nil
			if ip.Round != 0 || ip.Match != 0 {
				mid, ok := matchIDs[[2]int{ip.Round, ip.Match}]
				if !ok {
					return fmt.Errorf("storage: import: penalty %d: no match %d in round %d: %w", i+1, ip.Match, ip.Round, ErrConflict)
				}
				p.MatchID = &mid
			}
			if p.CreatedAt.IsZero() {
				p.CreatedAt = now
			}
			if err := tx.with(ctx).Create(&p).Error; err != nil {
				return wrap("import penalty", err)
			}
		}
		return tx.writeAudit(ctx, actor, &ev.ID, "import", "event", ev.ID, nil, map[string]any{
			"name": ev.Name, "entries": len(in.Entries), "rounds": len(in.Rounds), "matches": matches, "penalties": len(in.Penalties)})
	})
	if err != nil {
		return nil, err
	}
	return &ev, nil
}

// PenaltiesForExport lists every penalty of an event, oldest first (for the
// event file).
func (s *Store) PenaltiesForExport(ctx context.Context, eventID int64) ([]RulingPenalty, error) {
	var ps []RulingPenalty
	err := s.with(ctx).Where("event_id = ?", eventID).Order("created_at, id").Find(&ps).Error
	return ps, wrap("list penalties", err)
}

func importPlaceholder() (string, error) {
	b := make([]byte, 16)
	if _, err := rand.Read(b); err != nil {
		return "", err
	}
	return hex.EncodeToString(b), nil
}
