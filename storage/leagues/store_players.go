package leagues

import (
	"context"
	"strings"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// StorePlayer is a live player who played at a store, as the store's
// players directory lists them.
type StorePlayer struct {
	ID         int64
	Name       string
	MemberID   string
	Public     bool
	Events     int // entries at the store's events
	LastPlayed time.Time
}

// StorePlayers lists, by name, the live players with an entry at one of
// the store's events whose name (NameKey) contains query's, or whose member
// number is query ("" lists all): at most limit from offset, and how many
// there are in all. A store's players grow by the week, hence the pages.
func (s *Store) StorePlayers(ctx context.Context, storeID int64, query string, limit, offset int) ([]StorePlayer, int, error) {
	where := `v.store_id = ? AND p.merged_into IS NULL AND p.anonymised_at IS NULL`
	args := []any{storeID}
	if q := strings.TrimSpace(query); q != "" {
		esc := strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(storage.NameKey(q))
		where += ` AND (p.name_key LIKE ? ESCAPE '\' OR p.member_id = ?)`
		args = append(args, "%"+esc+"%", q)
	}
	from := ` FROM players p JOIN entries e ON e.player_id = p.id JOIN events v ON v.id = e.event_id WHERE ` + where
	var total int64
	if err := s.read(ctx).Raw(`SELECT COUNT(DISTINCT p.id)`+from, args...).Scan(&total).Error; err != nil {
		return nil, 0, wrap("count store players", err)
	}
	var rows []struct {
		StorePlayer
		Last storage.DBTime
	}
	err := s.read(ctx).Raw(`SELECT p.id, p.name, p.member_id, p.public, COUNT(*) AS events, MAX(v.starts_on) AS last`+from+`
		GROUP BY p.id, p.name, p.member_id, p.public, p.name_key ORDER BY p.name_key, p.id LIMIT ? OFFSET ?`,
		append(args, limit, offset)...).Find(&rows).Error
	if err != nil {
		return nil, 0, wrap("store players", err)
	}
	out := make([]StorePlayer, len(rows))
	for i, r := range rows {
		out[i] = r.StorePlayer
		out[i].LastPlayed = r.Last.Time
	}
	return out, int(total), nil
}

// PlayedAtStore reports whether the player record has an entry at one of
// the store's events: a store's organisers see and merge only such records.
func (s *Store) PlayedAtStore(ctx context.Context, storeID, playerID int64) (bool, error) {
	var n int64
	err := s.read(ctx).Raw(`SELECT COUNT(*) FROM entries e JOIN events v ON v.id = e.event_id
		WHERE e.player_id = ? AND v.store_id = ?`, playerID, storeID).Scan(&n).Error
	return n > 0, wrap("played at store", err)
}

// PlayerStoreIDs are the stores whose events the player record has
// entries at (whose organisers see the profile, public or not).
func (s *Store) PlayerStoreIDs(ctx context.Context, playerID int64) ([]int64, error) {
	var ids []int64
	err := s.read(ctx).Raw(`SELECT DISTINCT v.store_id FROM entries e JOIN events v ON v.id = e.event_id
		WHERE e.player_id = ? ORDER BY v.store_id`, playerID).Scan(&ids).Error
	return ids, wrap("player stores", err)
}

// StoreMerge is a merge of records of a store's players, with both names.
type StoreMerge struct {
	PlayerMerge
	KeptName   string
	MergedName string
}

// storeRecordsSQL is the player records of a store: those with an entry
// at one of its events and, through merged_into, every record merged into
// one of those (whose entries moved there).
const storeRecordsSQL = `WITH RECURSIVE here(id) AS (
		SELECT e.player_id FROM entries e JOIN events v ON v.id = e.event_id WHERE v.store_id = ?
		UNION SELECT p.id FROM players p JOIN here h ON p.merged_into = h.id)`

// StoreMerges lists the latest merges (up to limit, newest first) of the
// store's player records (storeRecordsSQL).
func (s *Store) StoreMerges(ctx context.Context, storeID int64, limit int) ([]StoreMerge, error) {
	var ms []PlayerMerge
	err := s.read(ctx).Raw(storeRecordsSQL+` SELECT m.* FROM player_merges m
		WHERE m.kept_id IN (SELECT id FROM here) OR m.merged_id IN (SELECT id FROM here)
		ORDER BY m.id DESC LIMIT ?`, storeID, limit).Find(&ms).Error
	if err != nil {
		return nil, wrap("store merges", err)
	}
	ids := make([]int64, 0, 2*len(ms))
	for _, m := range ms {
		ids = append(ids, m.KeptID, m.MergedID)
	}
	var players []storage.Player
	if err := s.read(ctx).Select("id, name").Where("id IN ?", nonEmpty(ids)).Find(&players).Error; err != nil {
		return nil, wrap("names of merged players", err)
	}
	names := make(map[int64]string, len(players))
	for _, p := range players {
		names[p.ID] = p.Name
	}
	out := make([]StoreMerge, len(ms))
	for i, m := range ms {
		out[i] = StoreMerge{PlayerMerge: m, KeptName: names[m.KeptID], MergedName: names[m.MergedID]}
	}
	return out, nil
}

// MergeOfStore reports whether the merge is of the store's player records
// (storeRecordsSQL), which its organisers may undo.
func (s *Store) MergeOfStore(ctx context.Context, storeID int64, m *PlayerMerge) (bool, error) {
	var n int64
	err := s.read(ctx).Raw(storeRecordsSQL+` SELECT COUNT(*) FROM here WHERE id IN (?, ?)`, storeID, m.KeptID, m.MergedID).Scan(&n).Error
	return n > 0, wrap("merge of store", err)
}

// MergeByID reads one merge.
func (s *Store) MergeByID(ctx context.Context, id int64) (*PlayerMerge, error) {
	var m PlayerMerge
	if err := s.read(ctx).First(&m, id).Error; err != nil {
		return nil, wrap("merge", err)
	}
	return &m, nil
}
