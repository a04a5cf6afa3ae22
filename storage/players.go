package storage

import (
	"context"
	"fmt"
	"strings"
	"time"
	"unicode"

	"golang.org/x/text/cases"
	"golang.org/x/text/unicode/norm"
	"gorm.io/gorm/clause"
)

// Player is a person across events (docs/leagues.md): every entry points
// at one. A player is found by member number (the Bandai TCG+ ID) exactly;
// names are only ever suggested (NameKey), and an organiser merges two
// records that are one person.
type Player struct {
	ID       int64  `json:"id"`
	Name     string `json:"name"`
	NameKey  string `json:"-"` // NameKey(Name): what suggestions and duplicates compare
	MemberID string `json:"member_id"`
	// Public: the player lets anyone see their profile (the store always can).
	Public bool `json:"public"`
	// LinkGeneration is the generation of the player's own sign-in link,
	// derived from it like the phone links; a new one revokes the old link.
	LinkGeneration int     `json:"-"`
	PasswordHash   *string `json:"-"` // nil: no password of their own
	// MergedInto is the record this one was merged into (nil while live).
	MergedInto   *int64     `json:"merged_into,omitempty"`
	AnonymisedAt *time.Time `json:"anonymised_at,omitempty"`
	Version      int        `json:"version"`
	CreatedAt    time.Time  `json:"created_at"`
	UpdatedAt    time.Time  `json:"updated_at"`
}

// HasPassword reports whether the player set a password of their own.
func (p *Player) HasPassword() bool { return p.PasswordHash != nil && *p.PasswordHash != "" }

var foldCase = cases.Fold()

// NameKey is a name as suggestions compare it: case folded, accents of
// Latin, Greek and Cyrillic letters taken off ("Gokû" and "goku" are
// alike), full-width letters and digits made plain, and spaces trimmed and
// folded to one. Japanese voiced marks are kept: "ガ" is not "カ".
func NameKey(name string) string {
	decomposed := norm.NFKD.String(name)
	var b strings.Builder
	space := false
	for _, r := range decomposed {
		switch {
		case r >= 0x0300 && r <= 0x036F: // combining diacritical marks
			continue
		case unicode.IsSpace(r):
			space = b.Len() > 0
			continue
		}
		if space {
			b.WriteByte(' ')
			space = false
		}
		b.WriteRune(r)
	}
	return foldCase.String(norm.NFC.String(b.String()))
}

// AnonymousName is what a removed player is called from then on, in the
// player record and in their entries.
func AnonymousName(playerID int64) string { return fmt.Sprintf("Removed player %d", playerID) }

// PlayerByID returns a player record (merged or not), or ErrNotFound.
func (s *Store) PlayerByID(ctx context.Context, id int64) (*Player, error) {
	var p Player
	if err := s.read(ctx).First(&p, id).Error; err != nil {
		return nil, wrap(fmt.Sprintf("player %d", id), err)
	}
	return &p, nil
}

// LivePlayer returns the record a player id stands for now: the player
// itself, or the record it was merged into (followed to the end).
func (s *Store) LivePlayer(ctx context.Context, id int64) (*Player, error) {
	for range maxMergeChain {
		p, err := s.PlayerByID(ctx, id)
		if err != nil || p.MergedInto == nil {
			return p, err
		}
		id = *p.MergedInto
	}
	return nil, fmt.Errorf("storage: player %d: merged more than %d times over", id, maxMergeChain)
}

// maxMergeChain bounds how many merges LivePlayer follows (a loop would be
// a bug; merges only point at live records).
const maxMergeChain = 64

// PlayerByMemberID returns the live player with that member number, or
// ErrNotFound.
func (s *Store) PlayerByMemberID(ctx context.Context, memberID string) (*Player, error) {
	if memberID == "" {
		return nil, fmt.Errorf("storage: player by member number: %w", ErrNotFound)
	}
	var p Player
	if err := s.read(ctx).Where("member_id = ? AND member_id <> ''", memberID).First(&p).Error; err != nil {
		return nil, wrap("player by member number", err)
	}
	return s.LivePlayer(ctx, p.ID)
}

// createPlayer stores a new live player named name; the caller holds the
// transaction.
func (s *Store) createPlayer(ctx context.Context, name, memberID string) (*Player, error) {
	now := s.now()
	p := &Player{Name: name, NameKey: NameKey(name), MemberID: memberID, LinkGeneration: 1, Version: 1, CreatedAt: now, UpdatedAt: now}
	if err := s.with(ctx).Create(p).Error; err != nil {
		return nil, wrap("create player", err)
	}
	return p, nil
}

// playerForMember is the live player with the member number, made (named
// name) when nobody has it. Two transactions making the same one end with
// one record: the second waits for the first and then finds it.
func (s *Store) playerForMember(ctx context.Context, name, memberID string) (id int64, created bool, err error) {
	now := s.now()
	p := &Player{Name: name, NameKey: NameKey(name), MemberID: memberID, LinkGeneration: 1, Version: 1, CreatedAt: now, UpdatedAt: now}
	res := s.with(ctx).Clauses(clause.OnConflict{
		Columns:     []clause.Column{{Name: "member_id"}},
		TargetWhere: clause.Where{Exprs: []clause.Expression{clause.Expr{SQL: "member_id <> ''"}}},
		DoNothing:   true,
	}).Create(p)
	if res.Error != nil {
		return 0, false, wrap("create player", res.Error)
	}
	if res.RowsAffected == 1 && p.ID != 0 {
		return p.ID, true, nil
	}
	live, err := s.PlayerByMemberID(ctx, memberID)
	if err != nil {
		return 0, false, err
	}
	return live.ID, false, nil
}

// linkEntry gives a new entry its player (the caller holds the
// transaction): the live record of e.PlayerID when the caller chose one
// (an organiser confirming a suggestion at the counter), which also takes
// the entry's member number if it has none and nobody else does; else the
// player with the entry's member number; else a new player of its own.
func (s *Store) linkEntry(ctx context.Context, e *Entry) error {
	if e.PlayerID != nil {
		p, err := s.LivePlayer(ctx, *e.PlayerID)
		if err != nil {
			return err
		}
		e.PlayerID = &p.ID
		return s.claimMemberID(ctx, p, e.MemberID)
	}
	if e.MemberID != "" {
		id, _, err := s.playerForMember(ctx, e.PlayerName, e.MemberID)
		if err != nil {
			return err
		}
		e.PlayerID = &id
		return nil
	}
	p, err := s.createPlayer(ctx, e.PlayerName, "")
	if err != nil {
		return err
	}
	e.PlayerID = &p.ID
	return nil
}

// claimMemberID gives p the member number when p has none and no other
// player has it; otherwise nothing changes.
func (s *Store) claimMemberID(ctx context.Context, p *Player, memberID string) error {
	if memberID == "" || p.MemberID != "" || p.AnonymisedAt != nil {
		return nil
	}
	var n int64
	if err := s.with(ctx).Model(&Player{}).Where("member_id = ?", memberID).Count(&n).Error; err != nil {
		return wrap("member number taken", err)
	}
	if n > 0 {
		return nil
	}
	err := s.with(ctx).Model(&Player{}).Where("id = ? AND member_id = ''", p.ID).
		Updates(map[string]any{"member_id": memberID, "version": p.Version + 1, "updated_at": s.now()}).Error
	return wrap("give player member number", err)
}

// relinkEntry follows a member number an entry was given after it was
// made (the caller holds the transaction): the entry moves to the player
// who has that number; or its own player takes the number when that
// player has none; else it gets a new player with the number.
func (s *Store) relinkEntry(ctx context.Context, before, e *Entry) error {
	if e.MemberID == "" || e.MemberID == before.MemberID {
		return nil
	}
	owner, err := s.PlayerByMemberID(ctx, e.MemberID)
	switch {
	case err == nil:
		e.PlayerID = &owner.ID
	case !isNotFound(err):
		return err
	case before.PlayerID != nil:
		p, err := s.PlayerByID(ctx, *before.PlayerID)
		if err != nil {
			return err
		}
		if p.MemberID == "" && p.AnonymisedAt == nil {
			e.PlayerID = &p.ID
			return s.claimMemberID(ctx, p, e.MemberID)
		}
		fallthrough
	default:
		p, err := s.createPlayer(ctx, e.PlayerName, e.MemberID)
		if err != nil {
			return err
		}
		e.PlayerID = &p.ID
	}
	err = s.with(ctx).Model(&Entry{}).Where("id = ?", e.ID).Update("player_id", e.PlayerID).Error
	return wrap("relink entry", err)
}

// fillNameKeys computes the name key of players that have none yet: those
// a migration made (SQL cannot fold names as NameKey does on both
// databases). Migrate calls it, also on a Store with no more than its
// database handle (a backup being checked), hence plain SQL.
func (s *Store) fillNameKeys(ctx context.Context) error {
	for {
		keys, err := s.missingNameKeys(ctx)
		if err != nil || len(keys) == 0 {
			return err
		}
		tx, err := s.sqlDB.BeginTx(ctx, nil)
		if err != nil {
			return fmt.Errorf("storage: fill name keys: %w", err)
		}
		for id, key := range keys {
			if _, err := tx.ExecContext(ctx, `UPDATE players SET name_key = $1 WHERE id = $2`, key, id); err != nil {
				_ = tx.Rollback()
				return fmt.Errorf("storage: fill name key: %w", err)
			}
		}
		if err := tx.Commit(); err != nil {
			return fmt.Errorf("storage: fill name keys: %w", err)
		}
	}
}

// missingNameKeys reads up to 1,000 players without a name key and
// returns the key of each, by id.
func (s *Store) missingNameKeys(ctx context.Context) (map[int64]string, error) {
	rows, err := s.sqlDB.QueryContext(ctx, `SELECT id, name FROM players WHERE name_key IS NULL ORDER BY id LIMIT 1000`)
	if err != nil {
		return nil, fmt.Errorf("storage: players without a name key: %w", err)
	}
	defer rows.Close()
	keys := map[int64]string{}
	for rows.Next() {
		var id int64
		var name string
		if err := rows.Scan(&id, &name); err != nil {
			return nil, fmt.Errorf("storage: players without a name key: %w", err)
		}
		keys[id] = NameKey(name)
	}
	return keys, rows.Err()
}
