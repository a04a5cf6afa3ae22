package leagues

import (
	"context"
	"strings"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// PlayerSuggestion is a live player whose name is like the one typed at the
// counter: never linked by itself, the organiser confirms it.
type PlayerSuggestion struct {
	ID       int64
	Name     string
	MemberID string
	// Exact: the names are alike as a whole (NameKey), not only the start.
	Exact bool
	// AtStore: the player has played at the store asking.
	AtStore bool
	Events  int // entries of the player, at every store
}

// SuggestPlayers lists up to limit live players whose name (NameKey)
// equals or starts with name's: the exact ones first, then those who have
// played at the store, then the most events.
func (s *Store) SuggestPlayers(ctx context.Context, storeID int64, name string, limit int) ([]PlayerSuggestion, error) {
	key := storage.NameKey(name)
	if key == "" || limit <= 0 {
		return nil, nil
	}
	prefix, args := s.prefixMatch("p.name_key", key)
	var out []PlayerSuggestion
	err := s.read(ctx).Raw(`SELECT p.id, p.name, p.member_id,
		CASE WHEN p.name_key = ? THEN 1 ELSE 0 END AS exact,
		CASE WHEN EXISTS (SELECT 1 FROM entries e JOIN events v ON v.id = e.event_id WHERE e.player_id = p.id AND v.store_id = ?) THEN 1 ELSE 0 END AS at_store,
		(SELECT COUNT(*) FROM entries e WHERE e.player_id = p.id) AS events
		FROM players p
		WHERE `+prefix+` AND p.merged_into IS NULL AND p.anonymised_at IS NULL
		ORDER BY exact DESC, at_store DESC, events DESC, p.name_key, p.id LIMIT ?`,
		append(append([]any{key, storeID}, args...), limit)...).Find(&out).Error
	return out, wrap("suggest players", err)
}

// prefixMatch is a condition that col starts with prefix, as each
// database's index on the column can serve it: PostgreSQL's is built for
// LIKE (text_pattern_ops, whatever the database's collation); SQLite's
// compares bytes, so a range does.
func (s *Store) prefixMatch(col, prefix string) (string, []any) {
	if s.postgres() {
		esc := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(prefix)
		return col + ` LIKE ? ESCAPE '\'`, []any{esc + "%"}
	}
	return col + ` >= ? AND ` + col + ` < ?`, []any{prefix, prefix + "\U0010FFFF"}
}

// DuplicateGroup is players who played at a store under names that are
// alike (NameKey) and may be one person: at least one of them has no
// member number (two different numbers are two people).
type DuplicateGroup struct {
	NameKey string
	Players []DuplicateCandidate
}

// DuplicateCandidate is one record of a DuplicateGroup, with what the
// organiser needs to decide: its events at the store and the last one.
type DuplicateCandidate struct {
	ID         int64
	Name       string
	MemberID   string
	Events     int
	LastPlayed time.Time
}

// LikelyDuplicates lists the groups of live records of players who played
// at the store whose names are alike, for the organiser to merge, by name.
func (s *Store) LikelyDuplicates(ctx context.Context, storeID int64) ([]DuplicateGroup, error) {
	var rows []struct {
		ID         int64
		Name       string
		MemberID   string
		Events     int
		LastPlayed storage.DBTime
		NameKey    string
	}
	err := s.read(ctx).Raw(`WITH here AS (
			SELECT p.id, p.name, p.name_key, p.member_id, COUNT(*) AS events, MAX(v.starts_on) AS last_played
			FROM players p JOIN entries e ON e.player_id = p.id JOIN events v ON v.id = e.event_id
			WHERE v.store_id = ? AND p.merged_into IS NULL AND p.anonymised_at IS NULL AND p.name_key <> ''
			GROUP BY p.id, p.name, p.name_key, p.member_id)
		SELECT * FROM here WHERE name_key IN (
			SELECT name_key FROM here GROUP BY name_key
			HAVING COUNT(*) > 1 AND SUM(CASE WHEN member_id = '' THEN 0 ELSE 1 END) < COUNT(*))
		ORDER BY name_key, id`, storeID).Find(&rows).Error
	if err != nil {
		return nil, wrap("likely duplicates", err)
	}
	var out []DuplicateGroup
	for _, r := range rows {
		if len(out) == 0 || out[len(out)-1].NameKey != r.NameKey {
			out = append(out, DuplicateGroup{NameKey: r.NameKey})
		}
		g := &out[len(out)-1]
		g.Players = append(g.Players, DuplicateCandidate{ID: r.ID, Name: r.Name, MemberID: r.MemberID, Events: r.Events, LastPlayed: r.LastPlayed.Time})
	}
	return out, nil
}
