package storage

import (
	"context"
	"fmt"
	"time"

	"gorm.io/gorm"
)

// Roles of accounts. Players have no account: they act through a secret link.
const (
	RoleOrganiser = "organiser"
	RoleJudge     = "judge"
)

// User is an organiser or judge account. It stays in storage because
// events name their judges; storage/accounts keeps the rest of accounts.
type User struct {
	ID           int64
	Username     string
	DisplayName  string
	PasswordHash string
	Role         string
	// IsAdmin: the instance admin creates stores and manages their members,
	// the card pool, ban lists and settings, and is an organiser of every
	// store (storage/accounts). Only organisers are admins.
	IsAdmin   bool
	Language  string // a language code ("de"), or "" to follow the browser
	CreatedAt time.Time
	UpdatedAt time.Time
}

// Name is what pages show for the user.
func (u *User) Name() string {
	if u.DisplayName != "" {
		return u.DisplayName
	}
	return u.Username
}

// UserByID returns an account or ErrNotFound.
func (s *Store) UserByID(ctx context.Context, id int64) (*User, error) {
	var u User
	err := s.with(ctx).First(&u, id).Error
	if err != nil {
		return nil, wrap(fmt.Sprintf("user %d", id), err)
	}
	return &u, nil
}

// UserAuditView is what the audit log keeps of a user: never the hash.
func UserAuditView(u *User) map[string]any {
	return map[string]any{"username": u.Username, "display_name": u.DisplayName, "role": u.Role, "is_admin": u.IsAdmin}
}

// fillStore puts the first store into *id when it is 0: events made
// without naming a store (tests, tools) belong to it. The server always
// names the store. The first store is the one made with the database.
func (s *Store) fillStore(ctx context.Context, id *int64) error {
	if *id != 0 {
		return nil
	}
	var first []int64
	if err := s.with(ctx).Table("stores").Order("id").Limit(1).Pluck("id", &first).Error; err != nil {
		return wrap("first store", err)
	}
	if len(first) == 0 {
		return wrap("first store", gorm.ErrRecordNotFound)
	}
	*id = first[0]
	return nil
}
