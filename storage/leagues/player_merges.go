package leagues

import (
	"context"
	"fmt"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// PlayerMerge is one merge of two player records that were one person:
// the entries it moved from the merged record to the kept one and, when the
// kept record had no member number, the merged record's, which it moved
// too. Undoing it moves exactly those back.
type PlayerMerge struct {
	ID             int64      `json:"id"`
	KeptID         int64      `json:"kept_id"`
	MergedID       int64      `json:"merged_id"`
	MovedEntryIDs  []int64    `json:"moved_entry_ids" gorm:"serializer:json"`
	MergedMemberID string     `json:"merged_member_id"`
	ByUser         *int64     `json:"-"`
	Actor          string     `json:"actor"`
	CreatedAt      time.Time  `json:"created_at"`
	UndoneAt       *time.Time `json:"undone_at,omitempty"`
}

// MergePlayers merges the record merged into kept, in one transaction:
// merged's entries (and their event results) move to kept, kept takes
// merged's member number if it has none, and merged points at kept from
// then on (its sign-in leads to kept). Both must be live, and different.
func (s *Store) MergePlayers(ctx context.Context, actor storage.Actor, keptID, mergedID int64) (*PlayerMerge, error) {
	if keptID == mergedID {
		return nil, fmt.Errorf("storage: merge player %d into itself: %w", keptID, storage.ErrConflict)
	}
	var m *PlayerMerge
	err := s.tx(ctx, func(tx *Store) error {
		kept, merged, err := tx.lockPair(ctx, keptID, mergedID)
		if err != nil {
			return err
		}
		m = &PlayerMerge{KeptID: keptID, MergedID: mergedID, Actor: actor.Name, CreatedAt: tx.now()}
		if actor.UserID != 0 {
			m.ByUser = &actor.UserID
		}
		if err := tx.with(ctx).Model(&storage.Entry{}).Where("player_id = ?", mergedID).Order("id").Pluck("id", &m.MovedEntryIDs).Error; err != nil {
			return wrap("entries to merge", err)
		}
		if m.MovedEntryIDs == nil {
			m.MovedEntryIDs = []int64{}
		}
		if kept.MemberID == "" && merged.MemberID != "" {
			m.MergedMemberID = merged.MemberID
		}
		if err := tx.movePlayer(ctx, m.MovedEntryIDs, mergedID, keptID); err != nil {
			return err
		}
		if err := tx.moveMemberID(ctx, m.MergedMemberID, merged, kept); err != nil {
			return err
		}
		if err := tx.setMergedInto(ctx, merged, &keptID); err != nil {
			return err
		}
		if err := tx.with(ctx).Create(m).Error; err != nil {
			return wrap("record merge", err)
		}
		return tx.writeAudit(ctx, actor, nil, "merge", "player", keptID,
			map[string]any{"kept": playerAuditView(kept), "merged": playerAuditView(merged)},
			map[string]any{"merge": m.ID, "entries_moved": len(m.MovedEntryIDs), "member_id_moved": m.MergedMemberID})
	})
	if err != nil {
		return nil, err
	}
	return m, nil
}

// UndoMerge undoes a merge exactly: the entries it moved go back to the
// merged record, with its member number if the merge moved it, and the
// record is live again. It is refused (ErrConflict) when undone already,
// or when a later merge or a removal touched either record or those
// entries: undo the later merge first.
func (s *Store) UndoMerge(ctx context.Context, actor storage.Actor, mergeID int64) error {
	return s.tx(ctx, func(tx *Store) error {
		var m PlayerMerge
		if err := tx.locking(ctx).First(&m, mergeID).Error; err != nil {
			return wrap(fmt.Sprintf("merge %d", mergeID), err)
		}
		if m.UndoneAt != nil {
			return fmt.Errorf("storage: merge %d is undone already: %w", mergeID, storage.ErrConflict)
		}
		kept, err := tx.st.LockLivePlayer(ctx, m.KeptID)
		if err != nil {
			return fmt.Errorf("storage: undo merge %d: %w: %w", mergeID, storage.ErrConflict, err)
		}
		var merged storage.Player
		if err := tx.locking(ctx).First(&merged, m.MergedID).Error; err != nil {
			return wrap("merged player", err)
		}
		if merged.MergedInto == nil || *merged.MergedInto != m.KeptID || merged.AnonymisedAt != nil {
			return fmt.Errorf("storage: undo merge %d: player %d changed since: %w", mergeID, merged.ID, storage.ErrConflict)
		}
		var away int64
		if err := tx.with(ctx).Model(&storage.Entry{}).Where("id IN ? AND player_id <> ?", nonEmpty(m.MovedEntryIDs), m.KeptID).Count(&away).Error; err != nil {
			return wrap("entries of the merge", err)
		}
		if away > 0 {
			return fmt.Errorf("storage: undo merge %d: %d of its entries moved since: %w", mergeID, away, storage.ErrConflict)
		}
		if m.MergedMemberID != "" && kept.MemberID != m.MergedMemberID {
			return fmt.Errorf("storage: undo merge %d: player %d's member number changed since: %w", mergeID, kept.ID, storage.ErrConflict)
		}
		if err := tx.movePlayer(ctx, m.MovedEntryIDs, m.KeptID, m.MergedID); err != nil {
			return err
		}
		if err := tx.moveMemberID(ctx, m.MergedMemberID, kept, &merged); err != nil {
			return err
		}
		if err := tx.setMergedInto(ctx, &merged, nil); err != nil {
			return err
		}
		now := tx.now()
		if err := tx.with(ctx).Model(&PlayerMerge{}).Where("id = ?", m.ID).Update("undone_at", now).Error; err != nil {
			return wrap("undo merge", err)
		}
		return tx.writeAudit(ctx, actor, nil, "undo-merge", "player", m.KeptID,
			map[string]any{"merge": m.ID}, map[string]any{"entries_moved_back": len(m.MovedEntryIDs), "member_id_moved_back": m.MergedMemberID})
	})
}

// lockPair locks two live players for a merge.
func (s *Store) lockPair(ctx context.Context, keptID, mergedID int64) (*storage.Player, *storage.Player, error) {
	kept, err := s.st.LockLivePlayer(ctx, keptID)
	if err != nil {
		return nil, nil, err
	}
	merged, err := s.st.LockLivePlayer(ctx, mergedID)
	if err != nil {
		return nil, nil, err
	}
	return kept, merged, nil
}

// movePlayer moves the entries from one player to another, with their
// event results.
func (s *Store) movePlayer(ctx context.Context, entryIDs []int64, from, to int64) error {
	if len(entryIDs) == 0 {
		return nil
	}
	if err := s.with(ctx).Model(&storage.Entry{}).Where("id IN ? AND player_id = ?", entryIDs, from).Update("player_id", to).Error; err != nil {
		return wrap("move entries", err)
	}
	err := s.with(ctx).Model(&EventResult{}).Where("entry_id IN ?", entryIDs).Update("player_id", to).Error
	return wrap("move event results", err)
}

// moveMemberID moves a member number from one record to the other (none
// when memberID is ""): cleared first, as it is unique.
func (s *Store) moveMemberID(ctx context.Context, memberID string, from, to *storage.Player) error {
	if memberID == "" {
		return nil
	}
	now := s.now()
	if err := s.with(ctx).Model(&storage.Player{}).Where("id = ?", from.ID).Updates(map[string]any{"member_id": "", "version": from.Version + 1, "updated_at": now}).Error; err != nil {
		return wrap("move member number", err)
	}
	from.Version++
	err := s.with(ctx).Model(&storage.Player{}).Where("id = ?", to.ID).Updates(map[string]any{"member_id": memberID, "version": to.Version + 1, "updated_at": now}).Error
	to.Version++
	return wrap("move member number", err)
}

// setMergedInto points p at the record it was merged into (nil: live again).
func (s *Store) setMergedInto(ctx context.Context, p *storage.Player, into *int64) error {
	err := s.with(ctx).Model(&storage.Player{}).Where("id = ?", p.ID).
		Updates(map[string]any{"merged_into": into, "version": p.Version + 1, "updated_at": s.now()}).Error
	p.Version++
	return wrap("mark player merged", err)
}

// PlayerMerges lists the merges a player record took part in (kept or
// merged), newest first.
func (s *Store) PlayerMerges(ctx context.Context, playerID int64) ([]PlayerMerge, error) {
	var ms []PlayerMerge
	err := s.read(ctx).Where("kept_id = ? OR merged_id = ?", playerID, playerID).Order("id DESC").Find(&ms).Error
	return ms, wrap("player merges", err)
}

// playerAuditView is what the audit log keeps of a player record.
func playerAuditView(p *storage.Player) map[string]any {
	return map[string]any{"id": p.ID, "name": p.Name, "member_id": p.MemberID}
}

// nonEmpty keeps `IN ?` valid for an empty list (no id is 0).
func nonEmpty(ids []int64) []int64 {
	if len(ids) == 0 {
		return []int64{0}
	}
	return ids
}
