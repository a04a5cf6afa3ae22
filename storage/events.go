package storage

import (
	"context"
	"fmt"
	"os"
	"slices"
	"strconv"
	"strings"
	"time"
)

// Event statuses, in the order an event moves through them.
const (
	StatusDraft        = "draft"
	StatusRegistration = "registration"
	StatusRunning      = "running"
	StatusTopCut       = "top-cut"
	StatusFinished     = "finished"
)

// EventStatuses lists the statuses in order.
var EventStatuses = []string{StatusDraft, StatusRegistration, StatusRunning, StatusTopCut, StatusFinished}

// Event is a tournament.
type Event struct {
	ID           int64     `json:"id"`
	Name         string    `json:"name"`
	Game         string    `json:"game"`
	Format       string    `json:"format"`
	StartsOn     time.Time `json:"starts_on"` // the event's date (UTC midnight); ban lists apply as of it
	Venue        string    `json:"venue"`
	RoundMinutes int       `json:"round_minutes"`
	SwissRounds  *int      `json:"swiss_rounds"` // nil: from attendance
	TopCutSize   int       `json:"top_cut_size"` // 0: no top cut
	TopCutBestOf int       `json:"top_cut_best_of"`
	Status       string    `json:"status"`
	Seed         int64     `json:"seed"`
	StoreID      int64     `json:"store_id"` // the store that runs it (storage/accounts); fixed once made
	// Origin is the event's id across servers (origin.go): made with the
	// event, kept by its export and by an import of it.
	Origin    string    `json:"origin"`
	Version   int       `json:"version"` // bumped by every update, for stale-edit detection
	CreatedBy *int64    `json:"created_by"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`

	// Event-day settings.
	PlayerCap        *int       `json:"player_cap"` // nil: no cap
	DeckDeadline     *time.Time `json:"deck_deadline"`
	DecksLocked      bool       `json:"decks_locked"`
	DecksPublic      bool       `json:"decks_public"`
	SelfRegistration bool       `json:"self_registration"`
	EndOfRound       string     `json:"end_of_round"` // draw, double-loss or count
	// NoIntentionalDraws: players may not agree an intentional draw from
	// their phones (they may by default, in Swiss rounds only).
	NoIntentionalDraws bool   `json:"no_intentional_draws"`
	ExtraTurns         int    `json:"extra_turns"`
	Tiebreakers        string `json:"tiebreakers"` // bandai, pokemon or mtg
	// SeedByRating pairs round 1 by the players' ratings (top half against
	// bottom half) instead of at random.
	SeedByRating bool `json:"seed_by_rating"`
	// TeamEvent: teams of three seated A, B and C are paired (teams.go).
	TeamEvent  bool `json:"team_event"`
	PointsWin  int  `json:"points_win"`
	PointsDraw int  `json:"points_draw"`
	PointsLoss int  `json:"points_loss"`
	PointsBye  int  `json:"points_bye"`
	// FeatureTables are the table numbers where a Swiss round's top
	// pairings sit, best first ("1,2"; "" for none): FeatureTableNumbers.
	FeatureTables string `json:"feature_tables"`
	// A two-day event (Day1Rounds > 0) plays Day1Rounds Swiss rounds, cuts
	// into day 2 by Day2Cut ("record": at least Day2CutValue match points;
	// "size": the top Day2CutValue), then plays Day2Rounds Swiss rounds
	// among the entries marked Day2 (pairing.TwoDay).
	Day1Rounds   int    `json:"day1_rounds"`
	Day2Rounds   int    `json:"day2_rounds"`
	Day2Cut      string `json:"day2_cut"`
	Day2CutValue int    `json:"day2_cut_value"`

	// Language is the code of the language of the event's print sheets and
	// projector ("de"); TimeZone the IANA zone its times are shown in
	// ("Europe/Berlin"), "" for the server's.
	Language string `json:"language"`
	TimeZone string `json:"time_zone"`
}

// FeatureTableNumbers are the event's feature tables, best first; numbers
// that do not read are left out (the event form refuses them).
func (e *Event) FeatureTableNumbers() []int {
	var out []int
	for _, f := range strings.Split(e.FeatureTables, ",") {
		if n, err := strconv.Atoi(strings.TrimSpace(f)); err == nil && n > 0 {
			out = append(out, n)
		}
	}
	return out
}

// MaxFeatureTables is how many feature tables an event may have.
const MaxFeatureTables = 8

// NormalFeatureTables reads feature tables as typed or as a file has them
// ("1, 2"): table numbers from 1 to 5000, each once, at most
// MaxFeatureTables, given back as stored ("1,2"); ok is false for
// anything else.
func NormalFeatureTables(raw string) (tables string, ok bool) {
	if strings.TrimSpace(raw) == "" {
		return "", true
	}
	var out []string
	for _, part := range strings.Split(raw, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(part))
		if err != nil || n < 1 || n > 5000 || slices.Contains(out, strconv.Itoa(n)) || len(out) == MaxFeatureTables {
			return "", false
		}
		out = append(out, strconv.Itoa(n))
	}
	return strings.Join(out, ","), true
}

// IsFeatureTable reports whether table n is one of the event's feature
// tables.
func (e *Event) IsFeatureTable(n int) bool {
	return slices.Contains(e.FeatureTableNumbers(), n)
}

// Location is the event's time zone: its own, or the server's when it has
// none or the zone database lacks it.
func (e *Event) Location() *time.Location {
	if e.TimeZone != "" {
		if loc, err := time.LoadLocation(e.TimeZone); err == nil {
			return loc
		}
	}
	return time.Local
}

// ServerZoneName is the IANA name of the server's time zone, for events
// created without one: the TZ variable's, else /etc/localtime's link
// target's, else "UTC".
func ServerZoneName() string {
	if tz, ok := os.LookupEnv("TZ"); ok {
		tz = strings.TrimPrefix(tz, ":")
		if tz == "" {
			return "UTC"
		}
		if _, err := time.LoadLocation(tz); err == nil {
			return tz
		}
	}
	if target, err := os.Readlink("/etc/localtime"); err == nil {
		if i := strings.Index(target, "zoneinfo/"); i >= 0 {
			if name := target[i+len("zoneinfo/"):]; name != "" {
				if _, err := time.LoadLocation(name); err == nil {
					return name
				}
			}
		}
	}
	return "UTC"
}

// EventDefaults fills the event-day settings a new event starts with
// (Bandai's defaults, see docs).
func EventDefaults(e *Event) {
	if e.EndOfRound == "" {
		e.EndOfRound = "draw"
	}
	if e.Tiebreakers == "" {
		e.Tiebreakers = "bandai"
	}
	if e.PointsWin == 0 && e.PointsDraw == 0 && e.PointsBye == 0 {
		e.PointsWin, e.PointsDraw, e.PointsLoss, e.PointsBye = 3, 1, 0, 3
	}
	if e.ExtraTurns == 0 {
		e.ExtraTurns = 3
	}
	if e.Language == "" {
		e.Language = "en"
	}
	if e.TimeZone == "" {
		e.TimeZone = ServerZoneName()
	}
}

// Date formats the event's date as YYYY-MM-DD.
func (e *Event) Date() string { return e.StartsOn.Format(time.DateOnly) }

// CreateEvent stores a new event and its audit row.
func (s *Store) CreateEvent(ctx context.Context, actor Actor, e *Event) error {
	return s.Tx(ctx, func(tx *Store) error {
		now := tx.now()
		e.CreatedAt, e.UpdatedAt, e.Version = now, now, 1
		if e.Status == "" {
			e.Status = StatusDraft
		}
		EventDefaults(e)
		if err := tx.fillStore(ctx, &e.StoreID); err != nil {
			return err
		}
		if err := FillOrigin(&e.Origin); err != nil {
			return err
		}
		if actor.UserID != 0 {
			id := actor.UserID
			e.CreatedBy = &id
		}
		db := tx.with(ctx)
		if !e.SeedByRating {
			// Left to its default, so an event can be made on a database
			// migrated only up to before the column (the migration tests).
			db = db.Omit("seed_by_rating")
		}
		if e.Day1Rounds == 0 {
			db = db.Omit("day1_rounds", "day2_rounds", "day2_cut", "day2_cut_value")
		}
		if err := db.Create(e).Error; err != nil {
			return wrap("create event", err)
		}
		return tx.writeAudit(ctx, actor, &e.ID, "create", "event", e.ID, nil, e)
	})
}

// EventByID returns an event or ErrNotFound.
func (s *Store) EventByID(ctx context.Context, id int64) (*Event, error) {
	var e Event
	if err := s.read(ctx).First(&e, id).Error; err != nil {
		return nil, wrap(fmt.Sprintf("event %d", id), err)
	}
	return &e, nil
}

// Events lists all events, newest date first.
func (s *Store) Events(ctx context.Context) ([]Event, error) {
	var es []Event
	err := s.with(ctx).Order("starts_on DESC, id DESC").Find(&es).Error
	return es, wrap("list events", err)
}

// EventsOfShops lists the events of some stores, newest date first.
func (s *Store) EventsOfShops(ctx context.Context, storeIDs []int64) ([]Event, error) {
	var es []Event
	if len(storeIDs) == 0 {
		return es, nil
	}
	err := s.with(ctx).Where("store_id IN ?", storeIDs).Order("starts_on DESC, id DESC").Find(&es).Error
	return es, wrap("list events of stores", err)
}

// UpcomingAndRunning lists events that are running or dated today or later,
// running first, then by date. Drafts are left out: they are not public yet.
func (s *Store) UpcomingAndRunning(ctx context.Context, today time.Time) ([]Event, error) {
	var es []Event
	err := s.with(ctx).
		Where("status IN ? OR (status = ? AND starts_on >= ?)", []string{StatusRunning, StatusTopCut}, StatusRegistration, today).
		Order("starts_on, id").Find(&es).Error
	return es, wrap("list upcoming events", err)
}

// UpdateEvent saves e if nobody changed it since it was read at e.Version;
// otherwise it returns ErrStale and changes nothing. On success e.Version is
// the new version.
func (s *Store) UpdateEvent(ctx context.Context, actor Actor, e *Event) error {
	return s.Tx(ctx, func(tx *Store) error {
		before, err := tx.EventByID(ctx, e.ID)
		if err != nil {
			return err
		}
		if before.Version != e.Version {
			return fmt.Errorf("storage: update event %d: %w", e.ID, ErrStale)
		}
		e.UpdatedAt = tx.now()
		res := tx.with(ctx).Model(&Event{}).Where("id = ? AND version = ?", e.ID, e.Version).Updates(map[string]any{
			"name": e.Name, "game": e.Game, "format": e.Format, "starts_on": e.StartsOn, "venue": e.Venue,
			"round_minutes": e.RoundMinutes, "swiss_rounds": e.SwissRounds, "top_cut_size": e.TopCutSize,
			"top_cut_best_of": e.TopCutBestOf, "status": e.Status, "version": e.Version + 1, "updated_at": e.UpdatedAt,
			"player_cap": e.PlayerCap, "deck_deadline": e.DeckDeadline, "decks_locked": e.DecksLocked,
			"decks_public": e.DecksPublic, "self_registration": e.SelfRegistration, "end_of_round": e.EndOfRound,
			"extra_turns": e.ExtraTurns, "tiebreakers": e.Tiebreakers, "points_win": e.PointsWin,
			"points_draw": e.PointsDraw, "points_loss": e.PointsLoss, "points_bye": e.PointsBye,
			"language": e.Language, "time_zone": e.TimeZone, "seed_by_rating": e.SeedByRating, "team_event": e.TeamEvent, "feature_tables": e.FeatureTables, "no_intentional_draws": e.NoIntentionalDraws,
			"day1_rounds": e.Day1Rounds, "day2_rounds": e.Day2Rounds, "day2_cut": e.Day2Cut, "day2_cut_value": e.Day2CutValue,
		})
		if res.Error != nil {
			return wrap("update event", res.Error)
		}
		if res.RowsAffected == 0 {
			return fmt.Errorf("storage: update event %d: %w", e.ID, ErrStale)
		}
		e.Version++
		e.Seed, e.CreatedAt, e.CreatedBy = before.Seed, before.CreatedAt, before.CreatedBy
		if err := tx.writeAudit(ctx, actor, &e.ID, "update", "event", e.ID, before, e); err != nil {
			return err
		}
		if e.Status == StatusFinished && before.Status != StatusFinished {
			tx.milestone(ctx, Milestone{EventID: e.ID, Reason: SnapshotFinish, Actor: actor})
		}
		// Live streams of visitors end when the event becomes a draft.
		return tx.notify(ctx, Notice{EventID: e.ID, Topic: "event"})
	})
}

// DeleteEvent removes an event and everything under it. The audit row stays.
func (s *Store) DeleteEvent(ctx context.Context, actor Actor, id int64) error {
	return s.Tx(ctx, func(tx *Store) error {
		before, err := tx.EventByID(ctx, id)
		if err != nil {
			return err
		}
		if err := tx.with(ctx).Delete(&Event{}, id).Error; err != nil {
			return wrap("delete event", err)
		}
		return tx.writeAudit(ctx, actor, &id, "delete", "event", id, before, nil)
	})
}

// EventJudge attaches a judge account to an event.
type EventJudge struct {
	EventID int64 `gorm:"primaryKey"`
	UserID  int64 `gorm:"primaryKey"`
}

// AddEventJudge attaches a judge to an event (again is fine).
func (s *Store) AddEventJudge(ctx context.Context, actor Actor, eventID, userID int64) error {
	return s.Tx(ctx, func(tx *Store) error {
		u, err := tx.UserByID(ctx, userID)
		if err != nil {
			return err
		}
		if u.Role != RoleJudge {
			return fmt.Errorf("storage: %s is not a judge account: %w", u.Username, ErrConflict)
		}
		ok, err := tx.IsEventJudge(ctx, eventID, userID)
		if err != nil || ok {
			return err
		}
		if err := tx.with(ctx).Create(&EventJudge{EventID: eventID, UserID: userID}).Error; err != nil {
			return wrap("add judge", err)
		}
		return tx.writeAudit(ctx, actor, &eventID, "add", "judge", userID, nil, UserAuditView(u))
	})
}

// RemoveEventJudge detaches a judge from an event.
func (s *Store) RemoveEventJudge(ctx context.Context, actor Actor, eventID, userID int64) error {
	return s.Tx(ctx, func(tx *Store) error {
		res := tx.with(ctx).Where("event_id = ? AND user_id = ?", eventID, userID).Delete(&EventJudge{})
		if res.Error != nil {
			return wrap("remove judge", res.Error)
		}
		if res.RowsAffected == 0 {
			return fmt.Errorf("storage: remove judge: %w", ErrNotFound)
		}
		return tx.writeAudit(ctx, actor, &eventID, "remove", "judge", userID, map[string]any{"user_id": userID}, nil)
	})
}

// IsEventJudge reports whether the user judges the event.
func (s *Store) IsEventJudge(ctx context.Context, eventID, userID int64) (bool, error) {
	var n int64
	err := s.read(ctx).Model(&EventJudge{}).Where("event_id = ? AND user_id = ?", eventID, userID).Count(&n).Error
	return n > 0, wrap("check judge", err)
}

// EventJudges lists the judges of an event.
func (s *Store) EventJudges(ctx context.Context, eventID int64) ([]User, error) {
	var us []User
	err := s.with(ctx).Joins("JOIN event_judges ON event_judges.user_id = users.id").
		Where("event_judges.event_id = ?", eventID).Order("users.username").Find(&us).Error
	return us, wrap("list judges", err)
}

// TwoDay says whether the event is played over two days with a cut
// between them.
func (e *Event) TwoDay() bool { return e.Day1Rounds > 0 }

// SwissTarget is the number of Swiss rounds the event plays: both days'
// of a two-day event, else its set number (0 when none is set).
func (e *Event) SwissTarget() int {
	if e.TwoDay() {
		return e.Day1Rounds + e.Day2Rounds
	}
	if e.SwissRounds != nil {
		return *e.SwissRounds
	}
	return 0
}
