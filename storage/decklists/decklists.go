package decklists

import (
	"context"
	"errors"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// ErrDecksLocked: the organiser locked decklists.
var ErrDecksLocked = errors.New("decklists are locked")

// ErrDecksFinished: the event is finished, so its lists are final.
var ErrDecksFinished = errors.New("decklists are locked: the event is finished")

// ErrDeckDeadline: the decklist deadline has passed.
var ErrDeckDeadline = errors.New("the decklist deadline has passed")

// DeckSubmission is a checked decklist to store for an entry.
type DeckSubmission struct {
	Text     string
	Status   string // storage.DeckLegal or storage.DeckIllegal
	Problems string // JSON
	Leader   string
	Colours  string
}

// SaveDeck stores a player's decklist unless the event's lists are locked
// or the event is finished (force lets an organiser or judge change a locked list).
func (s *Store) SaveDeck(ctx context.Context, actor storage.Actor, eventID, entryID int64, d DeckSubmission, force bool) error {
	return s.tx(ctx, func(tx *Store) error {
		ev, err := tx.st.LockEvent(ctx, eventID)
		if err != nil {
			return err
		}
		if ev.Status == storage.StatusFinished && !force {
			return ErrDecksFinished
		}
		if ev.DecksLocked && !force {
			return ErrDecksLocked
		}
		if ev.DeckDeadline != nil && tx.now().After(*ev.DeckDeadline) && !force {
			return ErrDeckDeadline
		}
		before, err := tx.st.EntryByID(ctx, eventID, entryID)
		if err != nil {
			return err
		}
		now := tx.now()
		err = tx.with(ctx).Model(&storage.Entry{}).Where("id = ?", entryID).Updates(map[string]any{
			"deck_text": d.Text, "deck_status": d.Status, "deck_problems": d.Problems, "deck_leader": d.Leader,
			"deck_colours": d.Colours, "deck_submitted_at": now, "deck_checked": false, "version": before.Version + 1, "updated_at": now,
		}).Error
		if err != nil {
			return wrap("save deck", err)
		}
		if err := tx.writeAudit(ctx, actor, &eventID, "deck", "entry", entryID,
			map[string]any{"deck_status": before.DeckStatus, "deck_leader": before.DeckLeader},
			map[string]any{"deck_status": d.Status, "deck_leader": d.Leader}); err != nil {
			return err
		}
		return tx.notify(ctx, storage.Notice{EventID: eventID, Topic: "entries"})
	})
}

// SetDeckSettings locks/unlocks or publishes/unpublishes an event's lists.
func (s *Store) SetDeckSettings(ctx context.Context, actor storage.Actor, eventID int64, locked, public bool) error {
	return s.tx(ctx, func(tx *Store) error {
		ev, err := tx.st.LockEvent(ctx, eventID)
		if err != nil {
			return err
		}
		if err := tx.with(ctx).Model(&storage.Event{}).Where("id = ?", eventID).Updates(map[string]any{
			"decks_locked": locked, "decks_public": public, "version": ev.Version + 1, "updated_at": tx.now(),
		}).Error; err != nil {
			return wrap("deck settings", err)
		}
		return tx.writeAudit(ctx, actor, &eventID, "deck-settings", "event", eventID,
			map[string]any{"decks_locked": ev.DecksLocked, "decks_public": ev.DecksPublic},
			map[string]any{"decks_locked": locked, "decks_public": public})
	})
}

// CountDecklists counts an event's entries that have saved a decklist.
func (s *Store) CountDecklists(ctx context.Context, eventID int64) (int64, error) {
	var n int64
	err := s.with(ctx).Model(&storage.Entry{}).Where("event_id = ? AND deck_text <> ''", eventID).Count(&n).Error
	return n, wrap("count decklists", err)
}
