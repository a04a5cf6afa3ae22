package carddata

import (
	"context"
	"encoding/json"
	"fmt"
	"time"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/storage"
)

// BanListRow is one stored ban list version.
type BanListRow struct {
	ID          int64
	Game        string
	Name        string
	EffectiveOn string
	Body        string
	CreatedBy   string
	CreatedAt   time.Time
}

// TableName keeps GORM's naming out of the schema.
func (BanListRow) TableName() string { return "banlist_versions" }

// SaveBanListVersion stores a version, replacing one of the same game and
// effective date (a corrected re-import).
func (s *Store) SaveBanListVersion(ctx context.Context, actor storage.Actor, v rules.BanListVersion) error {
	// Check it as the checker will read it, so nothing unusable is stored.
	if _, err := rules.NewBanLists(v); err != nil {
		return fmt.Errorf("storage: %w", err)
	}
	body, err := json.Marshal(v)
	if err != nil {
		return err
	}
	return s.tx(ctx, func(tx *Store) error {
		var old BanListRow
		err := tx.with(ctx).Where("game = ? AND effective_on = ?", string(v.Game), v.Effective).Limit(1).Find(&old).Error
		if err != nil {
			return wrap("find ban list", err)
		}
		row := BanListRow{Game: string(v.Game), Name: v.Name, EffectiveOn: v.Effective, Body: string(body), CreatedBy: actor.Name, CreatedAt: tx.now()}
		var before any
		if old.ID != 0 {
			before = json.RawMessage(old.Body)
			row.ID = old.ID
			err = tx.with(ctx).Save(&row).Error
		} else {
			err = tx.with(ctx).Create(&row).Error
		}
		if err != nil {
			return wrap("save ban list", err)
		}
		return tx.writeAudit(ctx, actor, nil, "save", "banlist", row.ID, before, json.RawMessage(body))
	})
}

// BanListVersions returns the stored versions of every game.
func (s *Store) BanListVersions(ctx context.Context) ([]rules.BanListVersion, error) {
	var rows []BanListRow
	if err := s.with(ctx).Order("game, effective_on").Find(&rows).Error; err != nil {
		return nil, wrap("list ban lists", err)
	}
	out := make([]rules.BanListVersion, 0, len(rows))
	for _, r := range rows {
		var v rules.BanListVersion
		if err := json.Unmarshal([]byte(r.Body), &v); err != nil {
			return nil, fmt.Errorf("storage: ban list %s %s: stored data unreadable: %w", r.Game, r.EffectiveOn, err)
		}
		out = append(out, v)
	}
	return out, nil
}

// BanLists returns the built-in lists plus every stored version; a stored
// version with the same game and date as a built-in one replaces it.
func (s *Store) BanLists(ctx context.Context) (*rules.BanLists, error) {
	stored, err := s.BanListVersions(ctx)
	if err != nil {
		return nil, err
	}
	lists := rules.BuiltinBanLists()
	for _, v := range stored {
		if err := lists.Add(v); err != nil {
			return nil, fmt.Errorf("storage: ban list %s %s: %w", v.Game, v.Effective, err)
		}
	}
	return lists, nil
}
