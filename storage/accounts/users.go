package accounts

import (
	"context"
	"errors"
	"fmt"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// ErrSetupDone means an account exists already, so the first-run setup is closed.
var ErrSetupDone = errors.New("setup already done")

// CountUsers returns how many accounts exist.
func (s *Store) CountUsers(ctx context.Context) (int64, error) {
	var n int64
	err := s.read(ctx).Model(&storage.User{}).Count(&n).Error
	return n, wrap("count users", err)
}

// CreateUser adds an account. A taken username gives storage.ErrConflict.
func (s *Store) CreateUser(ctx context.Context, u *storage.User) error {
	now := s.now()
	u.CreatedAt, u.UpdatedAt = now, now
	return wrap("create user", s.with(ctx).Create(u).Error)
}

// CreateFirstUser adds u only if there are no accounts yet, atomically, so two
// people racing through the setup page cannot both become organiser.
func (s *Store) CreateFirstUser(ctx context.Context, u *storage.User) error {
	return s.tx(ctx, func(tx *Store) error {
		if tx.postgres() {
			// Serialise first-run setups; SQLite transactions already take the write lock.
			if err := tx.with(ctx).Exec("SELECT pg_advisory_xact_lock(7301)").Error; err != nil {
				return wrap("lock setup", err)
			}
		}
		n, err := tx.CountUsers(ctx)
		if err != nil {
			return err
		}
		if n > 0 {
			return ErrSetupDone
		}
		// The first account runs the installation: instance admin and
		// organiser of the first store, so one store needs no set-up step.
		u.IsAdmin = u.Role == storage.RoleOrganiser
		first, err := tx.FirstShop(ctx)
		if err != nil {
			return err
		}
		if err := tx.CreateUser(ctx, u); err != nil {
			return err
		}
		self := storage.Actor{UserID: u.ID, Name: u.Username}
		if err := tx.writeAudit(ctx, self, nil, "create", "user", u.ID, nil, storage.UserAuditView(u)); err != nil {
			return err
		}
		return tx.addShopMember(ctx, self, first, u)
	})
}

// UserByUsername returns an account or storage.ErrNotFound.
func (s *Store) UserByUsername(ctx context.Context, username string) (*storage.User, error) {
	var u storage.User
	err := s.with(ctx).Where("username = ?", username).First(&u).Error
	if err != nil {
		return nil, wrap("user by name", err)
	}
	return &u, nil
}

// Users lists accounts by username.
func (s *Store) Users(ctx context.Context) ([]storage.User, error) {
	var us []storage.User
	err := s.with(ctx).Order("username").Find(&us).Error
	return us, wrap("list users", err)
}

// UsersWithRole lists the accounts of one role by username.
func (s *Store) UsersWithRole(ctx context.Context, role string) ([]storage.User, error) {
	var us []storage.User
	err := s.with(ctx).Where("role = ?", role).Order("username").Find(&us).Error
	return us, wrap("list users", err)
}

// UpdateUserProfile changes the display name and, when hash is not empty, the
// password. Changing the password ends the user's other sessions.
func (s *Store) UpdateUserProfile(ctx context.Context, actor storage.Actor, id int64, displayName, passwordHash, keepSessionHash string) error {
	return s.tx(ctx, func(tx *Store) error {
		before, err := tx.UserByID(ctx, id)
		if err != nil {
			return err
		}
		fields := map[string]any{"display_name": displayName, "updated_at": tx.now()}
		if passwordHash != "" {
			fields["password_hash"] = passwordHash
		}
		if err := tx.with(ctx).Model(&storage.User{}).Where("id = ?", id).Updates(fields).Error; err != nil {
			return wrap("update user", err)
		}
		if passwordHash != "" {
			if err := tx.with(ctx).Where("user_id = ? AND token_hash <> ?", id, keepSessionHash).Delete(&Session{}).Error; err != nil {
				return wrap("end other sessions", err)
			}
		}
		after := *before
		after.DisplayName = displayName
		action := "update"
		if passwordHash != "" {
			action = "update+password"
		}
		return tx.writeAudit(ctx, actor, nil, action, "user", id, storage.UserAuditView(before), storage.UserAuditView(&after))
	})
}

// SetUserLanguage stores the language an account's pages are in ("" to
// follow the browser), with an audit row.
func (s *Store) SetUserLanguage(ctx context.Context, actor storage.Actor, id int64, language string) error {
	return s.tx(ctx, func(tx *Store) error {
		before, err := tx.UserByID(ctx, id)
		if err != nil {
			return err
		}
		if before.Language == language {
			return nil
		}
		if err := tx.with(ctx).Model(&storage.User{}).Where("id = ?", id).
			Updates(map[string]any{"language": language, "updated_at": tx.now()}).Error; err != nil {
			return wrap("set user language", err)
		}
		return tx.writeAudit(ctx, actor, nil, "update", "user", id,
			map[string]any{"language": before.Language}, map[string]any{"language": language})
	})
}

// CreateUserInShop adds an account on behalf of actor as a member of one
// store, with audit rows, in one transaction. A taken username gives
// storage.ErrConflict, a store that does not exist storage.ErrNotFound.
func (s *Store) CreateUserInShop(ctx context.Context, actor storage.Actor, u *storage.User, storeID int64) error {
	return s.tx(ctx, func(tx *Store) error { return tx.createUserInShop(ctx, actor, u, storeID) })
}

func (s *Store) createUserInShop(ctx context.Context, actor storage.Actor, u *storage.User, storeID int64) error {
	if u.IsAdmin && u.Role != storage.RoleOrganiser {
		return fmt.Errorf("storage: %s: only organisers can be instance admins: %w", u.Username, storage.ErrConflict)
	}
	shop, err := s.ShopByID(ctx, storeID)
	if err != nil {
		return err
	}
	if err := s.CreateUser(ctx, u); err != nil {
		return err
	}
	if err := s.writeAudit(ctx, actor, nil, "create", "user", u.ID, nil, storage.UserAuditView(u)); err != nil {
		return err
	}
	return s.addShopMember(ctx, actor, shop, u)
}

// SetAdmin makes an organiser an instance admin, or takes it away. The last
// admin stays one (storage.ErrConflict), so somebody can always manage the stores;
// only organisers can be admins (storage.ErrConflict).
func (s *Store) SetAdmin(ctx context.Context, actor storage.Actor, userID int64, admin bool) error {
	return s.tx(ctx, func(tx *Store) error {
		if tx.postgres() {
			// Two admins taking it from each other at once must not leave none.
			if err := tx.with(ctx).Exec("SELECT pg_advisory_xact_lock(7302)").Error; err != nil {
				return wrap("lock admins", err)
			}
		}
		before, err := tx.UserByID(ctx, userID)
		if err != nil {
			return err
		}
		if before.IsAdmin == admin {
			return nil
		}
		if admin && before.Role != storage.RoleOrganiser {
			return fmt.Errorf("storage: %s: only organisers can be instance admins: %w", before.Username, storage.ErrConflict)
		}
		if !admin {
			var others int64
			if err := tx.with(ctx).Model(&storage.User{}).Where("is_admin = ? AND id <> ?", true, userID).Count(&others).Error; err != nil {
				return wrap("count admins", err)
			}
			if others == 0 {
				return fmt.Errorf("storage: %s is the last instance admin: %w", before.Username, storage.ErrConflict)
			}
		}
		if err := tx.with(ctx).Model(&storage.User{}).Where("id = ?", userID).
			Updates(map[string]any{"is_admin": admin, "updated_at": tx.now()}).Error; err != nil {
			return wrap("set admin", err)
		}
		after := *before
		after.IsAdmin = admin
		return tx.writeAudit(ctx, actor, nil, "set-admin", "user", userID, storage.UserAuditView(before), storage.UserAuditView(&after))
	})
}
