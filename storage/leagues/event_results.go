package leagues

import (
	"context"
	"fmt"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"gorm.io/gorm/clause"
)

// EventResult is one player's final result at a finished event, as the
// server computed it from the standings and the top cut (pairing). Seasons
// and profiles add these rows up instead of recomputing each event.
// PlayerID is the entry's player, kept here so leaderboards need no join.
type EventResult struct {
	EventID     int64 `json:"event_id" gorm:"primaryKey;autoIncrement:false"`
	EntryID     int64 `json:"entry_id" gorm:"primaryKey;autoIncrement:false"`
	PlayerID    int64 `json:"player_id"`
	Place       int   `json:"place"`      // final place (top cut first), 1 the winner
	SwissRank   int   `json:"swiss_rank"` // rank after the Swiss rounds
	MatchPoints int   `json:"match_points"`
	Wins        int   `json:"wins"` // matches won, byes not included
	Losses      int   `json:"losses"`
	Draws       int   `json:"draws"`
	Byes        int   `json:"byes"`
}

// eventResultVersion is the play version an event's results were computed at.
type eventResultVersion struct {
	EventID     int64 `gorm:"primaryKey;autoIncrement:false"`
	PlayVersion int64
	Players     int // rows of results: a season's minimum compares it
	ComputedAt  time.Time
}

func (eventResultVersion) TableName() string { return "event_result_versions" }

// ReplaceEventResults stores an event's results as computed at its play
// version playVersion (read before computing them), in place of those it
// had, in one transaction. Rows name entries of the event (ErrConflict
// otherwise); their players are the entries'. Results already stored at
// playVersion or a later one are kept: a slower computation of an older
// state never overwrites a newer one.
func (s *Store) ReplaceEventResults(ctx context.Context, eventID, playVersion int64, rows []EventResult) error {
	return s.tx(ctx, func(tx *Store) error {
		if _, err := tx.st.LockEvent(ctx, eventID); err != nil {
			return err
		}
		var cur []eventResultVersion
		if err := tx.with(ctx).Where("event_id = ?", eventID).Find(&cur).Error; err != nil {
			return wrap("event results version", err)
		}
		if len(cur) == 1 && cur[0].PlayVersion >= playVersion {
			return nil
		}
		players, err := tx.entryPlayers(ctx, eventID)
		if err != nil {
			return err
		}
		for i := range rows {
			p, ok := players[rows[i].EntryID]
			if !ok {
				return fmt.Errorf("storage: results of event %d name entry %d, not one of its own: %w", eventID, rows[i].EntryID, storage.ErrConflict)
			}
			rows[i].EventID, rows[i].PlayerID = eventID, p
		}
		if err := tx.with(ctx).Where("event_id = ?", eventID).Delete(&EventResult{}).Error; err != nil {
			return wrap("clear event results", err)
		}
		if len(rows) > 0 {
			if err := tx.with(ctx).CreateInBatches(rows, 100).Error; err != nil {
				return wrap("store event results", err)
			}
		}
		v := eventResultVersion{EventID: eventID, PlayVersion: playVersion, Players: len(rows), ComputedAt: tx.now()}
		err = tx.with(ctx).Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "event_id"}},
			DoUpdates: clause.AssignmentColumns([]string{"play_version", "players", "computed_at"}),
		}).Create(&v).Error
		return wrap("store event results version", err)
	})
}

// entryPlayers maps an event's entries to their players, giving a player to
// any entry without one (made by hand in the database).
func (s *Store) entryPlayers(ctx context.Context, eventID int64) (map[int64]int64, error) {
	es, err := s.st.Entries(ctx, eventID)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]int64, len(es))
	for i := range es {
		e := &es[i]
		if e.PlayerID == nil {
			if err := s.st.LinkEntry(ctx, e); err != nil {
				return nil, err
			}
			if err := s.with(ctx).Model(&storage.Entry{}).Where("id = ?", e.ID).Update("player_id", e.PlayerID).Error; err != nil {
				return nil, wrap("link entry", err)
			}
		}
		out[e.ID] = *e.PlayerID
	}
	return out, nil
}

// EventResults lists an event's stored results by place.
func (s *Store) EventResults(ctx context.Context, eventID int64) ([]EventResult, error) {
	var rs []EventResult
	err := s.read(ctx).Where("event_id = ?", eventID).Order("place, entry_id").Find(&rs).Error
	return rs, wrap("event results", err)
}

// EventVersions is, for an event, its play version now and the one its
// stored results were computed at (0: never computed).
type EventVersions struct {
	EventID        int64
	PlayVersion    int64
	ResultsVersion int64
}

// Stale reports whether the event's results must be computed (again).
func (v EventVersions) Stale() bool { return v.ResultsVersion == 0 || v.ResultsVersion < v.PlayVersion }

// EventsVersions reads the versions of the events, in one query, by event id.
func (s *Store) EventsVersions(ctx context.Context, eventIDs []int64) ([]EventVersions, error) {
	var out []EventVersions
	if len(eventIDs) == 0 {
		return out, nil
	}
	err := s.read(ctx).Raw(`SELECT v.id AS event_id,
		(SELECT COALESCE(SUM(c.n), 0) FROM event_changes c WHERE c.event_id = v.id) AS play_version,
		COALESCE(r.play_version, 0) AS results_version
		FROM events v LEFT JOIN event_result_versions r ON r.event_id = v.id
		WHERE v.id IN ? ORDER BY v.id`, eventIDs).Find(&out).Error
	return out, wrap("event versions", err)
}

// StaleEventResults returns those of the events whose results were never
// computed or were computed at an older play version: a changed result, a
// restored snapshot or a merge since. The server computes them again
// before it reads a leaderboard or a profile that counts them.
func (s *Store) StaleEventResults(ctx context.Context, eventIDs []int64) ([]int64, error) {
	vs, err := s.EventsVersions(ctx, eventIDs)
	if err != nil {
		return nil, err
	}
	var stale []int64
	for _, v := range vs {
		if v.Stale() {
			stale = append(stale, v.EventID)
		}
	}
	return stale, nil
}
