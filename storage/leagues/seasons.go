package leagues

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/tenkaichi-org/tenkaichi/pairing/league"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"gorm.io/gorm/clause"
)

// Season is a store's points table over its events of one game between
// two dates (docs/leagues.md), or, with StoreID nil, a regional league
// over the events of several stores (StoreIDs), which only the instance
// admin defines. Which events count: the finished events of its store(s)
// and game (and format, when one is given) dated within StartsOn..EndsOn,
// less those the organiser left out, plus those they added
// (SetSeasonEvent). The points and tiebreakers are pairing/league's Rules.
type Season struct {
	ID       int64     `json:"id"`
	Name     string    `json:"name"`
	Game     string    `json:"game"`
	Format   string    `json:"format"` // "" every format of the game
	StartsOn time.Time `json:"starts_on"`
	EndsOn   time.Time `json:"ends_on"` // the last day that counts
	StoreID  *int64    `json:"store_id"`
	// StoreIDs are a league's stores (season_stores), by id; empty for a
	// store's season. Filled by the reads, not a column.
	StoreIDs         []int64  `json:"store_ids,omitempty" gorm:"-"`
	PointsByPlacing  []int    `json:"points_by_placing" gorm:"serializer:json"`
	PointsAttendance int      `json:"points_attendance"`
	PointsWin        int      `json:"points_win"`
	PointsDraw       int      `json:"points_draw"`
	BestN            int      `json:"best_n"`
	FinalCut         int      `json:"final_cut"`
	MinPlayers       int      `json:"min_players"`
	Tiebreakers      []string `json:"tiebreakers" gorm:"serializer:json"`
	Public           bool     `json:"public"`
	// Version goes up with every change to the season and to which events
	// count, for stale edits and for caching its leaderboard.
	Version   int       `json:"version"`
	CreatedBy *int64    `json:"created_by"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// IsLeague reports whether the season spans several stores.
func (se *Season) IsLeague() bool { return se.StoreID == nil }

// Rules are the season's scoring rules.
func (se *Season) Rules() league.Rules {
	return league.Rules{
		PointsByPlacing: se.PointsByPlacing, PointsAttendance: se.PointsAttendance, PointsWin: se.PointsWin,
		PointsDraw: se.PointsDraw, BestN: se.BestN, MinPlayers: se.MinPlayers, FinalCut: se.FinalCut, Tiebreakers: se.Tiebreakers,
	}
}

// seasonStore is a store of a league.
type seasonStore struct {
	SeasonID int64 `gorm:"primaryKey;autoIncrement:false"`
	StoreID  int64 `gorm:"primaryKey;autoIncrement:false"`
}

func (seasonStore) TableName() string { return "season_stores" }

// seasonEvent is an event the organiser said counts, or does not.
type seasonEvent struct {
	SeasonID int64 `gorm:"primaryKey;autoIncrement:false"`
	EventID  int64 `gorm:"primaryKey;autoIncrement:false"`
	Counts   bool
}

func (seasonEvent) TableName() string { return "season_events" }

// Fields of a season named by FieldProblem (beside league's rule fields).
const (
	FieldSeasonName   = "name"
	FieldSeasonGame   = "game"
	FieldSeasonStart  = "starts_on"
	FieldSeasonEnd    = "ends_on"
	FieldSeasonStores = "stores"
	FieldSeasonEvent  = "event"
)

// maxSeasonName bounds a season's name, in characters.
const maxSeasonName = 200

// validate lists what is wrong with the season; stores are checked to
// exist (the caller holds the transaction).
func (s *Store) validateSeason(ctx context.Context, se *Season) error {
	var ps []storage.FieldProblem
	add := func(field, key string, args ...any) {
		ps = append(ps, storage.FieldProblem{Field: field, Key: key, Args: args})
	}
	se.Name = strings.TrimSpace(se.Name)
	switch n := utf8.RuneCountInString(se.Name); {
	case n == 0:
		add(FieldSeasonName, "season-name-missing")
	case n > maxSeasonName:
		add(FieldSeasonName, "season-name-too-long", n, maxSeasonName)
	}
	if strings.TrimSpace(se.Game) == "" {
		add(FieldSeasonGame, "season-game-missing")
	}
	if se.StartsOn.IsZero() {
		add(FieldSeasonStart, "season-date-missing")
	}
	if se.EndsOn.IsZero() {
		add(FieldSeasonEnd, "season-date-missing")
	}
	if !se.StartsOn.IsZero() && !se.EndsOn.IsZero() && se.EndsOn.Before(se.StartsOn) {
		add(FieldSeasonEnd, "season-ends-before-start", se.StartsOn.Format(time.DateOnly), se.EndsOn.Format(time.DateOnly))
	}
	stores := se.StoreIDs
	if se.StoreID != nil {
		stores = []int64{*se.StoreID}
	}
	if len(stores) == 0 {
		add(FieldSeasonStores, "season-stores-missing")
	}
	for _, id := range stores {
		if _, err := accounts.New(s.st).ShopByID(ctx, id); storage.IsNotFound(err) {
			add(FieldSeasonStores, "season-store-unknown", id)
		} else if err != nil {
			return err
		}
	}
	for _, p := range se.Rules().Validate() {
		add(p.Field, p.Key, p.Args...)
	}
	if len(ps) > 0 {
		return &storage.InvalidError{Problems: ps}
	}
	return nil
}

// normaliseSeason makes the stored form: dates at UTC midnight, lists never
// null, a league's stores sorted once each.
func normaliseSeason(se *Season) {
	day := func(t time.Time) time.Time {
		if t.IsZero() {
			return t
		}
		return time.Date(t.Year(), t.Month(), t.Day(), 0, 0, 0, 0, time.UTC)
	}
	se.StartsOn, se.EndsOn = day(se.StartsOn), day(se.EndsOn)
	if se.PointsByPlacing == nil {
		se.PointsByPlacing = []int{}
	}
	if se.Tiebreakers == nil {
		se.Tiebreakers = []string{}
	}
	if se.StoreID != nil {
		se.StoreIDs = nil
	}
	slices.Sort(se.StoreIDs)
	se.StoreIDs = slices.Compact(se.StoreIDs)
}

// CreateSeason stores a new season (a league when StoreID is nil) with its
// audit row, or returns an *InvalidError naming each field at fault.
func (s *Store) CreateSeason(ctx context.Context, actor storage.Actor, se *Season) error {
	normaliseSeason(se)
	return s.tx(ctx, func(tx *Store) error {
		if err := tx.validateSeason(ctx, se); err != nil {
			return err
		}
		now := tx.now()
		se.ID, se.Version, se.CreatedAt, se.UpdatedAt, se.CreatedBy = 0, 1, now, now, nil
		if actor.UserID != 0 {
			se.CreatedBy = &actor.UserID
		}
		if err := tx.with(ctx).Create(se).Error; err != nil {
			return wrap("create season", err)
		}
		if err := tx.setSeasonStores(ctx, se); err != nil {
			return err
		}
		return tx.writeAudit(ctx, actor, nil, "create", "season", se.ID, nil, se)
	})
}

// UpdateSeason saves a season read at se.Version (else ErrStale), or
// returns an *InvalidError. Its store is fixed once made: a store's season
// stays the store's, a league stays a league (its stores may change).
func (s *Store) UpdateSeason(ctx context.Context, actor storage.Actor, se *Season) error {
	normaliseSeason(se)
	return s.tx(ctx, func(tx *Store) error {
		before, err := tx.SeasonByID(ctx, se.ID)
		if err != nil {
			return err
		}
		if before.Version != se.Version {
			return fmt.Errorf("storage: update season %d: %w", se.ID, storage.ErrStale)
		}
		se.StoreID = before.StoreID
		if se.StoreID != nil {
			se.StoreIDs = nil
		}
		if err := tx.validateSeason(ctx, se); err != nil {
			return err
		}
		se.UpdatedAt, se.CreatedAt, se.CreatedBy = tx.now(), before.CreatedAt, before.CreatedBy
		res := tx.with(ctx).Model(&Season{}).Where("id = ? AND version = ?", se.ID, se.Version).
			Select("*").Omit("id", "store_id", "created_by", "created_at").Updates(&Season{
			Name: se.Name, Game: se.Game, Format: se.Format, StartsOn: se.StartsOn, EndsOn: se.EndsOn,
			PointsByPlacing: se.PointsByPlacing, PointsAttendance: se.PointsAttendance, PointsWin: se.PointsWin,
			PointsDraw: se.PointsDraw, BestN: se.BestN, FinalCut: se.FinalCut, MinPlayers: se.MinPlayers,
			Tiebreakers: se.Tiebreakers, Public: se.Public, Version: se.Version + 1, UpdatedAt: se.UpdatedAt,
		})
		if res.Error != nil {
			return wrap("update season", res.Error)
		}
		if res.RowsAffected == 0 {
			return fmt.Errorf("storage: update season %d: %w", se.ID, storage.ErrStale)
		}
		se.Version++
		if err := tx.setSeasonStores(ctx, se); err != nil {
			return err
		}
		return tx.writeAudit(ctx, actor, nil, "update", "season", se.ID, before, se)
	})
}

// setSeasonStores writes a league's stores in place of those it had.
func (s *Store) setSeasonStores(ctx context.Context, se *Season) error {
	if err := s.with(ctx).Where("season_id = ?", se.ID).Delete(&seasonStore{}).Error; err != nil {
		return wrap("clear league stores", err)
	}
	for _, id := range se.StoreIDs {
		if err := s.with(ctx).Create(&seasonStore{SeasonID: se.ID, StoreID: id}).Error; err != nil {
			return wrap("league store", err)
		}
	}
	return nil
}

// DeleteSeason removes a season (its events stay as they are).
func (s *Store) DeleteSeason(ctx context.Context, actor storage.Actor, id int64) error {
	return s.tx(ctx, func(tx *Store) error {
		before, err := tx.SeasonByID(ctx, id)
		if err != nil {
			return err
		}
		if err := tx.with(ctx).Delete(&Season{}, id).Error; err != nil {
			return wrap("delete season", err)
		}
		return tx.writeAudit(ctx, actor, nil, "delete", "season", id, before, nil)
	})
}

// SeasonByID returns a season with its league stores, or ErrNotFound.
func (s *Store) SeasonByID(ctx context.Context, id int64) (*Season, error) {
	var se Season
	if err := s.read(ctx).First(&se, id).Error; err != nil {
		return nil, wrap(fmt.Sprintf("season %d", id), err)
	}
	if se.IsLeague() {
		if err := s.read(ctx).Model(&seasonStore{}).Where("season_id = ?", id).Order("store_id").Pluck("store_id", &se.StoreIDs).Error; err != nil {
			return nil, wrap("league stores", err)
		}
	}
	return &se, nil
}

// SeasonsOfStore lists the store's own seasons and the leagues it is in,
// the latest first.
func (s *Store) SeasonsOfStore(ctx context.Context, storeID int64) ([]Season, error) {
	return s.seasons(ctx, "store_id = ? OR id IN (SELECT season_id FROM season_stores WHERE store_id = ?)", storeID, storeID)
}

// Leagues lists the seasons across stores, the latest first.
func (s *Store) Leagues(ctx context.Context) ([]Season, error) {
	return s.seasons(ctx, "store_id IS NULL")
}

func (s *Store) seasons(ctx context.Context, where string, args ...any) ([]Season, error) {
	var out []Season
	if err := s.read(ctx).Where(where, args...).Order("starts_on DESC, id DESC").Find(&out).Error; err != nil {
		return nil, wrap("list seasons", err)
	}
	var links []seasonStore
	if err := s.read(ctx).Where("season_id IN (SELECT id FROM seasons WHERE "+where+")", args...).Order("season_id, store_id").Find(&links).Error; err != nil {
		return nil, wrap("league stores", err)
	}
	for i := range out {
		for _, l := range links {
			if l.SeasonID == out[i].ID {
				out[i].StoreIDs = append(out[i].StoreIDs, l.StoreID)
			}
		}
	}
	return out, nil
}

// SetSeasonEvent says whether an event counts for a season, whatever its
// date, game or status would say: an event of the season's store(s) only
// (an *InvalidError otherwise). ClearSeasonEvent goes back to the rule.
func (s *Store) SetSeasonEvent(ctx context.Context, actor storage.Actor, seasonID, eventID int64, counts bool) error {
	return s.changeSeasonEvents(ctx, actor, seasonID, eventID, "set-event", func(tx *Store) error {
		return tx.with(ctx).Clauses(clause.OnConflict{
			Columns:   []clause.Column{{Name: "season_id"}, {Name: "event_id"}},
			DoUpdates: clause.AssignmentColumns([]string{"counts"}),
		}).Create(&seasonEvent{SeasonID: seasonID, EventID: eventID, Counts: counts}).Error
	}, map[string]any{"event": eventID, "counts": counts})
}

// ClearSeasonEvent takes back what SetSeasonEvent said of an event.
func (s *Store) ClearSeasonEvent(ctx context.Context, actor storage.Actor, seasonID, eventID int64) error {
	return s.changeSeasonEvents(ctx, actor, seasonID, eventID, "clear-event", func(tx *Store) error {
		return tx.with(ctx).Where("season_id = ? AND event_id = ?", seasonID, eventID).Delete(&seasonEvent{}).Error
	}, map[string]any{"event": eventID})
}

func (s *Store) changeSeasonEvents(ctx context.Context, actor storage.Actor, seasonID, eventID int64, action string, change func(tx *Store) error, audit map[string]any) error {
	return s.tx(ctx, func(tx *Store) error {
		se, err := tx.SeasonByID(ctx, seasonID)
		if err != nil {
			return err
		}
		ev, err := tx.st.EventByID(ctx, eventID)
		if err != nil {
			return err
		}
		stores := se.StoreIDs
		if se.StoreID != nil {
			stores = []int64{*se.StoreID}
		}
		if !slices.Contains(stores, ev.StoreID) {
			return &storage.InvalidError{Problems: []storage.FieldProblem{{Field: FieldSeasonEvent, Key: "season-event-other-store", Args: []any{ev.Name}}}}
		}
		if err := change(tx); err != nil {
			return wrap("season event", err)
		}
		res := tx.with(ctx).Model(&Season{}).Where("id = ? AND version = ?", se.ID, se.Version).
			Updates(map[string]any{"version": se.Version + 1, "updated_at": tx.now()})
		if res.Error != nil {
			return wrap("season version", res.Error)
		}
		if res.RowsAffected == 0 {
			return fmt.Errorf("storage: season %d: %w", se.ID, storage.ErrStale)
		}
		return tx.writeAudit(ctx, actor, nil, action, "season", seasonID, nil, audit)
	})
}
