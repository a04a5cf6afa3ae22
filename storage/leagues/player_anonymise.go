package leagues

import (
	"context"
	"encoding/json"
	"slices"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// AnonymisePlayer removes a player at their request, in one transaction.
// Their entries stay, with their matches, results and decklists, so past
// standings and opponents' records do not change, but the person is gone:
// the player record and every record merged into it, their entries and the
// audit log's copies of them are renamed AnonymousName, member numbers are
// cleared, the profile is hidden, the password and sign-in link and every
// phone link of their entries stop working. It cannot be undone. Free text
// staff wrote (notes of rulings, penalties, matches) is kept as written.
func (s *Store) AnonymisePlayer(ctx context.Context, actor storage.Actor, id int64) error {
	return s.tx(ctx, func(tx *Store) error {
		p, err := tx.st.LockLivePlayer(ctx, id)
		if err != nil {
			return err
		}
		ids, err := tx.mergedTree(ctx, p.ID)
		if err != nil {
			return err
		}
		name, now := storage.AnonymousName(p.ID), tx.now()
		var entries []storage.Entry
		if err := tx.with(ctx).Select("id, event_id, player_name").Where("player_id IN ?", ids).Order("id").Find(&entries).Error; err != nil {
			return wrap("entries to anonymise", err)
		}
		entryIDs := make([]int64, len(entries))
		for i, e := range entries {
			entryIDs[i] = e.ID
		}
		acted, err := tx.actedAs(ctx, ids, entries)
		if err != nil {
			return err
		}
		// A phone link's hash is hex: "removed:<id>" is no link's, and unique.
		if err := tx.with(ctx).Exec(`UPDATE entries SET player_name = ?, member_id = '', token_hash = 'removed:' || id,
			token_generation = token_generation + 1, version = version + 1, updated_at = ? WHERE id IN ?`, name, now, nonEmpty(entryIDs)).Error; err != nil {
			return wrap("anonymise entries", err)
		}
		if err := tx.with(ctx).Exec(`UPDATE players SET name = ?, name_key = '', member_id = '', public = ?, password_hash = NULL,
			link_generation = link_generation + 1, anonymised_at = ?, version = version + 1, updated_at = ? WHERE id IN ?`,
			name, false, now, now, ids).Error; err != nil {
			return wrap("anonymise player", err)
		}
		if err := tx.with(ctx).Model(&PlayerMerge{}).Where("kept_id IN ? OR merged_id IN ?", ids, ids).Update("merged_member_id", "").Error; err != nil {
			return wrap("anonymise merges", err)
		}
		if err := tx.scrubAudit(ctx, ids, entryIDs, name); err != nil {
			return err
		}
		if err := tx.scrubAuditActor(ctx, ids, entries, acted, name); err != nil {
			return err
		}
		if err := tx.writeAudit(ctx, actor, nil, "anonymise", "player", p.ID, nil,
			map[string]any{"name": name, "records": len(ids), "entries": len(entryIDs)}); err != nil {
			return err
		}
		events := map[int64]bool{}
		for _, e := range entries {
			if !events[e.EventID] {
				events[e.EventID] = true
				if err := tx.st.NotifyChange(ctx, storage.Notice{EventID: e.EventID, Topic: "entries"}); err != nil {
					return err
				}
			}
		}
		return nil
	})
}

// mergedTree is the player and every record merged into it, directly or
// through another.
func (s *Store) mergedTree(ctx context.Context, id int64) ([]int64, error) {
	all, next := []int64{id}, []int64{id}
	for len(next) > 0 && len(all) < 10000 {
		var more []int64
		if err := s.with(ctx).Model(&storage.Player{}).Where("merged_into IN ?", next).Order("id").Pluck("id", &more).Error; err != nil {
			return nil, wrap("merged records", err)
		}
		all, next = append(all, more...), more
	}
	return all, nil
}

// scrubAudit renames the person in the audit log's rows about their
// entries and player records, and in the merges that named them.
func (s *Store) scrubAudit(ctx context.Context, players, entries []int64, name string) error {
	var rows []storage.AuditEntry
	err := s.with(ctx).Where("(entity = 'entry' AND entity_id IN ?) OR (entity = 'player' AND entity_id IN ?) OR (entity = 'player' AND action = 'merge' AND entity_id IN (SELECT kept_id FROM player_merges WHERE merged_id IN ?))",
		nonEmpty(entries), players, players).Find(&rows).Error
	if err != nil {
		return wrap("audit rows to anonymise", err)
	}
	for _, r := range rows {
		whole := r.Entity == "entry" || slices.Contains(players, r.EntityID)
		before, after := scrubJSON(r.BeforeJSON, players, name, whole), scrubJSON(r.AfterJSON, players, name, whole)
		if before == r.BeforeJSON && after == r.AfterJSON {
			continue
		}
		if err := s.with(ctx).Model(&storage.AuditEntry{}).Where("id = ?", r.ID).Updates(map[string]any{"before_json": before, "after_json": after}).Error; err != nil {
			return wrap("anonymise audit log", err)
		}
	}
	return nil
}

// actedAs lists the audit log's actor names the person acted under from
// a phone or their own pages ("player NAME"): every name of their records
// and entries, read before they are renamed.
func (s *Store) actedAs(ctx context.Context, players []int64, entries []storage.Entry) ([]string, error) {
	var names []string
	if err := s.with(ctx).Model(&storage.Player{}).Where("id IN ?", players).Pluck("name", &names).Error; err != nil {
		return nil, wrap("player names", err)
	}
	for _, e := range entries {
		names = append(names, e.PlayerName)
	}
	out := make([]string, 0, len(names))
	for _, n := range names {
		if a := storage.PlayerActor(n).Name; !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	return out, nil
}

// scrubAuditActor renames the person where the audit log names them as who
// made a change: the rows of their events and of their player records
// whose actor is one of their names (another player of the same name at
// another event keeps theirs).
func (s *Store) scrubAuditActor(ctx context.Context, players []int64, entries []storage.Entry, acted []string, name string) error {
	events := make([]int64, 0, len(entries))
	for _, e := range entries {
		if !slices.Contains(events, e.EventID) {
			events = append(events, e.EventID)
		}
	}
	err := s.with(ctx).Model(&storage.AuditEntry{}).
		Where("user_id IS NULL AND actor IN ? AND (event_id IN ? OR (entity = 'player' AND entity_id IN ?))", acted, nonEmpty(events), players).
		Update("actor", storage.PlayerActor(name).Name).Error
	return wrap("anonymise audit actors", err)
}

// scrubJSON renames the person in an audit row's JSON object: at its top
// level when the row is about them (whole), and in any object within whose
// "id" is one of their records.
func scrubJSON(js string, players []int64, name string, whole bool) string {
	if js == "" {
		return js
	}
	var v map[string]any
	if json.Unmarshal([]byte(js), &v) != nil {
		return js
	}
	scrubObject(v, players, name, whole)
	b, err := json.Marshal(v)
	if err != nil {
		return js
	}
	return string(b)
}

func scrubObject(v map[string]any, players []int64, name string, whole bool) {
	if id, ok := v["id"].(float64); ok && slices.Contains(players, int64(id)) {
		whole = true
	}
	for k, x := range v {
		switch x := x.(type) {
		case map[string]any:
			scrubObject(x, players, name, false)
		case string:
			if !whole {
				continue
			}
			switch k {
			case "player_name", "name":
				v[k] = name
			case "member_id":
				v[k] = ""
			}
		}
	}
}
