package instance

import (
	"context"
	"errors"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"gorm.io/gorm"
	"gorm.io/gorm/clause"
)

// Names of the installation's settings.
const (
	// SettingBaseURL is the public address ("http://192.168.1.20:8080") that
	// QR codes, posters, slips and player links use.
	SettingBaseURL = "base_url"
)

// AppSetting is one setting of the installation, shared by every instance.
type AppSetting struct {
	Name      string `gorm:"primaryKey"`
	Value     string
	UpdatedAt time.Time
}

// Setting returns a setting's value, or "" when it was never set.
func (s *Store) Setting(ctx context.Context, name string) (string, error) {
	var row AppSetting
	err := s.with(ctx).Where("name = ?", name).First(&row).Error
	if errors.Is(err, gorm.ErrRecordNotFound) {
		return "", nil
	}
	if err != nil {
		return "", wrap("read setting "+name, err)
	}
	return row.Value, nil
}

// SetSetting stores a setting ("" clears it), audited with its old value.
func (s *Store) SetSetting(ctx context.Context, actor storage.Actor, name, value string) error {
	return s.tx(ctx, func(tx *Store) error {
		old, err := tx.Setting(ctx, name)
		if err != nil {
			return err
		}
		if old == value {
			return nil
		}
		if value == "" {
			err = tx.with(ctx).Where("name = ?", name).Delete(&AppSetting{}).Error
		} else {
			err = tx.with(ctx).Clauses(clause.OnConflict{
				Columns:   []clause.Column{{Name: "name"}},
				DoUpdates: clause.AssignmentColumns([]string{"value", "updated_at"}),
			}).Create(&AppSetting{Name: name, Value: value, UpdatedAt: tx.now()}).Error
		}
		if err != nil {
			return wrap("save setting "+name, err)
		}
		return tx.writeAudit(ctx, actor, nil, "update", "setting", 0,
			map[string]string{name: old}, map[string]string{name: value})
	})
}
