package instance

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"time"

	"gorm.io/gorm/clause"
)

// AppSecret is a random value shared by every instance on this database.
type AppSecret struct {
	Name      string `gorm:"primaryKey"`
	Value     string
	CreatedAt time.Time
}

// Secret returns the named secret, creating it on first use. Two instances
// racing to create it end with the same value: the insert does nothing when
// the row exists, and both then read the row.
func (s *Store) Secret(ctx context.Context, name string) ([]byte, error) {
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return nil, err
	}
	row := AppSecret{Name: name, Value: hex.EncodeToString(b), CreatedAt: s.now()}
	if err := s.with(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&row).Error; err != nil {
		return nil, wrap("create secret", err)
	}
	var got AppSecret
	if err := s.with(ctx).Where("name = ?", name).First(&got).Error; err != nil {
		return nil, wrap("read secret", err)
	}
	return hex.DecodeString(got.Value)
}
