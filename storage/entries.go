package storage

import (
	"context"
	"crypto/rand"
	"encoding/binary"
	"errors"
	"fmt"
	"time"

	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Deck statuses of an entry.
const (
	DeckMissing = "missing"
	DeckLegal   = "legal"
	DeckIllegal = "illegal"
)

// Entry is a player in an event. Players have no account; TokenHash is the
// SHA-256 of the secret in their phone link.
type Entry struct {
	ID              int64  `json:"id"`
	EventID         int64  `json:"event_id"`
	PlayerName      string `json:"player_name"`
	MemberID        string `json:"member_id"`
	TokenHash       string `json:"-"`
	TokenGeneration int    `json:"-"`
	CheckedIn       bool   `json:"checked_in"`
	DroppedRound    *int   `json:"dropped_round"` // dropped after playing this many rounds
	Waitlisted      bool   `json:"waitlisted"`
	EnteredRound    int    `json:"entered_round"` // first round played; earlier rounds count as losses
	FixedTable      *int   `json:"fixed_table"`   // seating for players who need it
	AwardedByes     int    `json:"awarded_byes"`  // pre-awarded byes for the first rounds
	Team            string `json:"team"`          // same team or household: never paired together
	// TeamSeat is the seat ("A", "B" or "C") in a team event, whose team is
	// Team (teams.go); empty otherwise.
	TeamSeat        string     `json:"team_seat"`
	Disqualified    bool       `json:"disqualified"`
	DeckText        string     `json:"deck_text"`
	DeckStatus      string     `json:"deck_status"`
	DeckProblems    string     `json:"deck_problems"` // JSON of the checker's problems
	DeckLeader      string     `json:"deck_leader"`
	DeckColours     string     `json:"deck_colours"`
	DeckSubmittedAt *time.Time `json:"deck_submitted_at"`
	DeckChecked     bool       `json:"deck_checked"` // a judge checked the physical deck
	// RandomKey is the entry's seeded random last tiebreaker
	// (pairing.Player.RandomKey, the bits of a uint64), drawn when the entry
	// is created; 0 for an entry created before keys were stored.
	RandomKey int64 `json:"random_key"`
	// Day2 marks an entry of a two-day event who advanced to day 2, set
	// when day 1 is closed (twoday.CloseDay1).
	Day2 bool `json:"day2"`
	// PlayerID is the player across events this entry is (players.go):
	// set when the entry is made, by member number or a new player.
	PlayerID  *int64    `json:"player_id,omitempty"`
	Version   int       `json:"version"`
	CreatedAt time.Time `json:"created_at"`
	UpdatedAt time.Time `json:"updated_at"`
}

// Active reports whether the entry plays (not dropped, waitlisted or disqualified).
func (e *Entry) Active() bool {
	return e.DroppedRound == nil && !e.Waitlisted && !e.Disqualified
}

// RegisterEntry adds a player. When the event has a cap and it is reached,
// the player joins the waitlist. The count and the insert happen in one
// transaction so two registrations cannot both take the last place.
func (s *Store) RegisterEntry(ctx context.Context, actor Actor, e *Entry) error {
	return s.Tx(ctx, func(tx *Store) error {
		ev, err := tx.lockEvent(ctx, e.EventID)
		if err != nil {
			return err
		}
		if err := tx.seatFree(ctx, e); err != nil {
			return err
		}
		if ev.PlayerCap != nil {
			n, err := tx.CountEntries(ctx, e.EventID)
			if err != nil {
				return err
			}
			e.Waitlisted = n >= int64(*ev.PlayerCap)
		}
		return tx.insertEntry(ctx, actor, "register", e)
	})
}

// lockEvent reads an event and, on PostgreSQL, locks its row until the
// transaction ends, serialising changes that depend on the event's state.
// SQLite transactions already hold the database's write lock.
func (s *Store) lockEvent(ctx context.Context, id int64) (*Event, error) {
	var ev Event
	if err := s.locking(ctx).First(&ev, id).Error; err != nil {
		return nil, wrap(fmt.Sprintf("event %d", id), err)
	}
	return &ev, nil
}

// locking is a query that takes row locks on PostgreSQL (SELECT ... FOR
// UPDATE); on SQLite the transaction already holds the write lock.
func (s *Store) locking(ctx context.Context) *gorm.DB {
	if s.dialect == DialectPostgres {
		return s.with(ctx).Clauses(clause.Locking{Strength: "UPDATE"})
	}
	return s.with(ctx)
}

// CreateEntry registers a player without cap checks (organiser at the counter
// may go over the cap deliberately).
func (s *Store) CreateEntry(ctx context.Context, actor Actor, e *Entry) error {
	return s.Tx(ctx, func(tx *Store) error { return tx.insertEntry(ctx, actor, "create", e) })
}

// insertEntry stores a new entry with its defaults and an audit row; the
// caller holds the transaction.
func (s *Store) insertEntry(ctx context.Context, actor Actor, action string, e *Entry) error {
	if e.EnteredRound == 0 {
		e.EnteredRound = 1
	}
	if e.DeckStatus == "" {
		e.DeckStatus = DeckMissing
	}
	now := s.now()
	e.CreatedAt, e.UpdatedAt, e.Version, e.TokenGeneration = now, now, 1, 1
	if e.RandomKey == 0 {
		key, err := NewRandomKey()
		if err != nil {
			return err
		}
		e.RandomKey = key
	}
	if err := s.linkEntry(ctx, e); err != nil {
		return err
	}
	db := s.with(ctx)
	if !e.Day2 {
		db = db.Omit("day2") // its default; a database before it has none
	}
	if err := db.Create(e).Error; err != nil {
		return wrap("create entry", err)
	}
	return s.writeAudit(ctx, actor, &e.EventID, action, "entry", e.ID, nil,
		map[string]any{"player_name": e.PlayerName, "member_id": e.MemberID, "waitlisted": e.Waitlisted, "entered_round": e.EnteredRound, "player_id": e.PlayerID})
}

// NewRandomKey draws an entry's random tiebreak key: 64 random bits, never 0
// (0 means "no key").
func NewRandomKey() (int64, error) {
	var b [8]byte
	for {
		if _, err := rand.Read(b[:]); err != nil {
			return 0, fmt.Errorf("storage: random tiebreak key: %w", err)
		}
		if k := int64(binary.BigEndian.Uint64(b[:])); k != 0 {
			return k, nil
		}
	}
}

// Entries lists an event's players by registration order.
func (s *Store) Entries(ctx context.Context, eventID int64) ([]Entry, error) {
	var es []Entry
	err := s.read(ctx).Where("event_id = ?", eventID).Order("id").Find(&es).Error
	return es, wrap("list entries", err)
}

// EntryName is an entry's id and player name.
type EntryName struct {
	ID         int64
	PlayerName string
}

// EntryNames returns every entry of an event (as Entries, by id) with its
// name alone: a judge's console lists them all, and the whole entries of
// 5,000 players took a second to read.
func (s *Store) EntryNames(ctx context.Context, eventID int64) ([]EntryName, error) {
	db := s.read(ctx)
	countQuery(ctx)
	rows, err := db.Statement.ConnPool.QueryContext(ctx, entryNamesSQL.texts[s.dialect](), eventID)
	if err != nil {
		return nil, wrap("list entry names", translateError(db, err))
	}
	defer rows.Close()
	var names []EntryName
	for rows.Next() {
		var n EntryName
		if err := rows.Scan(&n.ID, &n.PlayerName); err != nil {
			return nil, wrap("list entry names", err)
		}
		names = append(names, n)
	}
	return names, wrap("list entry names", translateError(db, rows.Err()))
}

var entryNamesSQL = newHotSQL(func(Dialect) string {
	return `SELECT id, player_name FROM entries WHERE event_id = ? ORDER BY id`
})

// CountEntries returns how many players an event has (waitlist left out).
func (s *Store) CountEntries(ctx context.Context, eventID int64) (int64, error) {
	var n int64
	err := s.with(ctx).Model(&Entry{}).Where("event_id = ? AND waitlisted = ?", eventID, false).Count(&n).Error
	return n, wrap("count entries", err)
}

// EntryByID returns an entry of an event, or ErrNotFound.
func (s *Store) EntryByID(ctx context.Context, eventID, id int64) (*Entry, error) {
	var e Entry
	if err := s.read(ctx).Where("event_id = ? AND id = ?", eventID, id).First(&e).Error; err != nil {
		return nil, wrap(fmt.Sprintf("entry %d", id), err)
	}
	return &e, nil
}

// EntryByTokenHash finds the entry whose phone link has this token hash.
func (s *Store) EntryByTokenHash(ctx context.Context, hash string) (*Entry, error) {
	var e Entry
	if err := s.read(ctx).Where("token_hash = ?", hash).First(&e).Error; err != nil {
		return nil, wrap("entry by token", err)
	}
	return &e, nil
}

// UpdateEntry saves an entry changed by the caller, if nobody changed it
// since it was read (else ErrStale), with an audit row.
func (s *Store) UpdateEntry(ctx context.Context, actor Actor, action string, e *Entry) error {
	return s.Tx(ctx, func(tx *Store) error {
		before, err := tx.EntryByID(ctx, e.EventID, e.ID)
		if err != nil {
			return err
		}
		if before.Version != e.Version {
			return fmt.Errorf("storage: update entry %d: %w", e.ID, ErrStale)
		}
		return tx.saveEntry(ctx, actor, action, before, e)
	})
}

// saveEntry writes e over before (the row as read, at e's version) with an
// audit row; the caller holds the transaction. The random tiebreak key is
// the entry's for good: an update never changes it. Its player changes only
// when it is given a new member number (relinkEntry) or by a merge.
func (s *Store) saveEntry(ctx context.Context, actor Actor, action string, before, e *Entry) error {
	e.Version++
	e.UpdatedAt = s.now()
	e.PlayerID = before.PlayerID
	res := s.with(ctx).Model(&Entry{}).Where("id = ? AND version = ?", e.ID, before.Version).Select("*").Omit("id", "event_id", "created_at", "random_key", "player_id", "day2").Updates(e)
	if res.Error != nil {
		e.Version--
		return wrap("update entry", res.Error)
	}
	if res.RowsAffected == 0 {
		e.Version--
		return fmt.Errorf("storage: update entry %d: %w", e.ID, ErrStale)
	}
	if err := s.relinkEntry(ctx, before, e); err != nil {
		return err
	}
	return s.writeAudit(ctx, actor, &e.EventID, action, "entry", e.ID, entryAuditView(before), entryAuditView(e))
}

// entryAuditView leaves the decklist text and token out of audit rows.
func entryAuditView(e *Entry) map[string]any {
	return map[string]any{
		"player_name": e.PlayerName, "member_id": e.MemberID, "checked_in": e.CheckedIn, "dropped_round": e.DroppedRound,
		"waitlisted": e.Waitlisted, "entered_round": e.EnteredRound, "fixed_table": e.FixedTable, "awarded_byes": e.AwardedByes,
		"team": e.Team, "team_seat": e.TeamSeat, "disqualified": e.Disqualified, "deck_status": e.DeckStatus, "deck_checked": e.DeckChecked,
		"token_generation": e.TokenGeneration, "player_id": e.PlayerID,
	}
}

// SetEntryTokenHash stores the hash of an entry's link token for a generation.
func (s *Store) SetEntryTokenHash(ctx context.Context, id int64, generation int, hash string) error {
	err := s.with(ctx).Model(&Entry{}).Where("id = ?", id).
		Updates(map[string]any{"token_hash": hash, "token_generation": generation}).Error
	return wrap("set entry token", err)
}

// ErrRoundsStarted: the action is only for before round 1 is paired.
var ErrRoundsStarted = errors.New("round 1 has already been paired")

// DropNotCheckedIn drops every playing entry that has not checked in, before
// round 1 is paired (a preview counts as paired). It returns the names of the
// players dropped; each drop is audited. All or nothing.
func (s *Store) DropNotCheckedIn(ctx context.Context, actor Actor, eventID int64) ([]string, error) {
	var names []string
	err := s.Tx(ctx, func(tx *Store) error {
		names = nil
		if _, err := tx.lockEvent(ctx, eventID); err != nil {
			return err
		}
		var rounds int64
		if err := tx.with(ctx).Model(&Round{}).Where("event_id = ?", eventID).Count(&rounds).Error; err != nil {
			return wrap("count rounds", err)
		}
		if rounds > 0 {
			return ErrRoundsStarted
		}
		entries, err := tx.Entries(ctx, eventID)
		if err != nil {
			return err
		}
		// The event row is locked, so the entries read above are current:
		// each is written over as read, without reading it again.
		zero := 0
		for i := range entries {
			before := entries[i]
			if !before.Active() || before.CheckedIn {
				continue
			}
			e := before
			e.DroppedRound = &zero
			if err := tx.saveEntry(ctx, actor, "drop-not-checked-in", &before, &e); err != nil {
				return err
			}
			names = append(names, e.PlayerName)
		}
		if len(names) == 0 {
			return nil
		}
		return tx.notify(ctx, Notice{EventID: eventID, Topic: "entries"})
	})
	return names, err
}

// DropEntry drops a player after the given round (the player's own request).
func (s *Store) DropEntry(ctx context.Context, actor Actor, eventID, entryID int64, afterRound int) error {
	return s.Tx(ctx, func(tx *Store) error {
		e, err := tx.EntryByID(ctx, eventID, entryID)
		if err != nil {
			return err
		}
		if e.DroppedRound != nil {
			return nil // dropping twice changes nothing
		}
		e.DroppedRound = &afterRound
		return tx.UpdateEntry(ctx, actor, "drop", e)
	})
}

// EntryCounts returns how many players (waitlist left out) each of the events
// has, in one query.
func (s *Store) EntryCounts(ctx context.Context, eventIDs []int64) (map[int64]int64, error) {
	out := make(map[int64]int64, len(eventIDs))
	if len(eventIDs) == 0 {
		return out, nil
	}
	var rows []struct {
		EventID int64
		N       int64
	}
	err := s.with(ctx).Model(&Entry{}).Select("event_id, COUNT(*) AS n").
		Where("event_id IN ? AND waitlisted = ?", eventIDs, false).Group("event_id").Scan(&rows).Error
	if err != nil {
		return nil, wrap("count entries", err)
	}
	for _, r := range rows {
		out[r.EventID] = r.N
	}
	return out, nil
}
