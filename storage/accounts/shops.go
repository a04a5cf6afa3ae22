package accounts

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// Shop is a store (an organisation) on the instance: it runs events, and
// organiser and judge accounts are its members. Pages and the tables say
// "store"; the Go name is Shop because Store is the database handle.
//
// Who may do what (the server checks it, docs/event-day.md explains it):
// an organiser manages the events of the stores they belong to and attaches
// those stores' judges; a judge sees the staff pages of the events they are
// attached to; the instance admin (storage.User.IsAdmin) creates stores, manages
// members, and is an organiser of every store.
type Shop struct {
	ID        int64
	Name      string
	CreatedAt time.Time
	UpdatedAt time.Time
}

// TableName is "stores", the word pages use.
func (Shop) TableName() string { return "stores" }

// ShopMember makes an account a member of a store.
type ShopMember struct {
	StoreID   int64 `gorm:"primaryKey"`
	UserID    int64 `gorm:"primaryKey"`
	CreatedAt time.Time
}

// TableName is "store_members".
func (ShopMember) TableName() string { return "store_members" }

// ShopStats counts what a store has, for the list of stores.
type ShopStats struct {
	Shop
	Organisers int64
	Judges     int64
	Events     int64
}

// FirstShop is the store made with the database: where the first account
// and, in an upgraded database, everything made before stores existed
// belong.
func (s *Store) FirstShop(ctx context.Context) (*Shop, error) {
	var sh Shop
	if err := s.with(ctx).Order("id").First(&sh).Error; err != nil {
		return nil, wrap("first store", err)
	}
	return &sh, nil
}

// Shops lists every store by name.
func (s *Store) Shops(ctx context.Context) ([]Shop, error) {
	var out []Shop
	err := s.with(ctx).Order("lower(name), id").Find(&out).Error
	return out, wrap("list stores", err)
}

// ShopByID returns a store or storage.ErrNotFound.
func (s *Store) ShopByID(ctx context.Context, id int64) (*Shop, error) {
	var sh Shop
	if err := s.with(ctx).First(&sh, id).Error; err != nil {
		return nil, wrap(fmt.Sprintf("store %d", id), err)
	}
	return &sh, nil
}

// ShopByName finds a store by its name, ignoring case, or storage.ErrNotFound.
func (s *Store) ShopByName(ctx context.Context, name string) (*Shop, error) {
	var sh Shop
	if err := s.with(ctx).Where("lower(name) = ?", strings.ToLower(name)).First(&sh).Error; err != nil {
		return nil, wrap("store by name", err)
	}
	return &sh, nil
}

// CreateShop adds a store. A name taken (in any case) gives storage.ErrConflict.
func (s *Store) CreateShop(ctx context.Context, actor storage.Actor, sh *Shop) error {
	return s.tx(ctx, func(tx *Store) error {
		now := tx.now()
		sh.ID, sh.CreatedAt, sh.UpdatedAt = 0, now, now
		if err := tx.with(ctx).Create(sh).Error; err != nil {
			return wrap("create store", err)
		}
		return tx.writeAudit(ctx, actor, nil, "create", "store", sh.ID, nil, sh)
	})
}

// RenameShop changes a store's name. A name taken gives storage.ErrConflict.
func (s *Store) RenameShop(ctx context.Context, actor storage.Actor, id int64, name string) error {
	return s.tx(ctx, func(tx *Store) error {
		before, err := tx.ShopByID(ctx, id)
		if err != nil {
			return err
		}
		after := *before
		after.Name, after.UpdatedAt = name, tx.now()
		if err := tx.with(ctx).Model(&Shop{}).Where("id = ?", id).
			Updates(map[string]any{"name": name, "updated_at": after.UpdatedAt}).Error; err != nil {
			return wrap("rename store", err)
		}
		return tx.writeAudit(ctx, actor, nil, "rename", "store", id, before, &after)
	})
}

// ShopStatsAll lists every store by name with its organisers, judges and
// events counted.
func (s *Store) ShopStatsAll(ctx context.Context) ([]ShopStats, error) {
	shops, err := s.Shops(ctx)
	if err != nil {
		return nil, err
	}
	type count struct {
		StoreID int64
		Role    string
		N       int64
	}
	var members []count
	if err := s.with(ctx).Table("store_members").
		Select("store_members.store_id AS store_id, users.role AS role, COUNT(*) AS n").
		Joins("JOIN users ON users.id = store_members.user_id").
		Group("store_members.store_id, users.role").Scan(&members).Error; err != nil {
		return nil, wrap("count store members", err)
	}
	var events []count
	if err := s.with(ctx).Table("events").Select("store_id, COUNT(*) AS n").
		Group("store_id").Scan(&events).Error; err != nil {
		return nil, wrap("count store events", err)
	}
	out := make([]ShopStats, len(shops))
	at := make(map[int64]*ShopStats, len(shops))
	for i := range shops {
		out[i].Shop = shops[i]
		at[shops[i].ID] = &out[i]
	}
	for _, m := range members {
		if st := at[m.StoreID]; st != nil {
			switch m.Role {
			case storage.RoleOrganiser:
				st.Organisers = m.N
			case storage.RoleJudge:
				st.Judges = m.N
			}
		}
	}
	for _, e := range events {
		if st := at[e.StoreID]; st != nil {
			st.Events = e.N
		}
	}
	return out, nil
}

// ShopsOf lists the stores an account is a member of, by name.
func (s *Store) ShopsOf(ctx context.Context, userID int64) ([]Shop, error) {
	var out []Shop
	err := s.with(ctx).Joins("JOIN store_members ON store_members.store_id = stores.id").
		Where("store_members.user_id = ?", userID).Order("lower(stores.name), stores.id").Find(&out).Error
	return out, wrap("list stores of account", err)
}

// ShopsOfUsers maps each of the accounts to the stores it belongs to.
func (s *Store) ShopsOfUsers(ctx context.Context, userIDs []int64) (map[int64][]Shop, error) {
	out := make(map[int64][]Shop, len(userIDs))
	if len(userIDs) == 0 {
		return out, nil
	}
	var rows []struct {
		UserID int64
		Shop
	}
	err := s.with(ctx).Table("store_members").
		Select("store_members.user_id AS user_id, stores.id AS id, stores.name AS name, stores.created_at AS created_at, stores.updated_at AS updated_at").
		Joins("JOIN stores ON stores.id = store_members.store_id").
		Where("store_members.user_id IN ?", userIDs).Order("lower(stores.name), stores.id").Scan(&rows).Error
	if err != nil {
		return nil, wrap("list stores of accounts", err)
	}
	for _, r := range rows {
		out[r.UserID] = append(out[r.UserID], r.Shop)
	}
	return out, nil
}

// IsShopMember reports whether the account belongs to the store.
func (s *Store) IsShopMember(ctx context.Context, storeID, userID int64) (bool, error) {
	var n int64
	err := s.with(ctx).Model(&ShopMember{}).Where("store_id = ? AND user_id = ?", storeID, userID).Count(&n).Error
	return n > 0, wrap("check store member", err)
}

// ShopMembers lists a store's accounts by username.
func (s *Store) ShopMembers(ctx context.Context, storeID int64) ([]storage.User, error) {
	var us []storage.User
	err := s.with(ctx).Joins("JOIN store_members ON store_members.user_id = users.id").
		Where("store_members.store_id = ?", storeID).Order("users.username").Find(&us).Error
	return us, wrap("list store members", err)
}

// ShopMembersWithRole lists a store's accounts of one role by username.
func (s *Store) ShopMembersWithRole(ctx context.Context, storeID int64, role string) ([]storage.User, error) {
	var us []storage.User
	err := s.with(ctx).Joins("JOIN store_members ON store_members.user_id = users.id").
		Where("store_members.store_id = ? AND users.role = ?", storeID, role).Order("users.username").Find(&us).Error
	return us, wrap("list store members", err)
}

// UsersInShops lists the accounts that belong to any of the stores, by
// username, each once.
func (s *Store) UsersInShops(ctx context.Context, storeIDs []int64) ([]storage.User, error) {
	var us []storage.User
	if len(storeIDs) == 0 {
		return us, nil
	}
	err := s.with(ctx).Where("id IN (?)", s.with(ctx).Model(&ShopMember{}).Select("user_id").Where("store_id IN ?", storeIDs)).
		Order("username").Find(&us).Error
	return us, wrap("list accounts of stores", err)
}

// AddShopMember makes an account a member of a store (again is fine).
func (s *Store) AddShopMember(ctx context.Context, actor storage.Actor, storeID, userID int64) error {
	return s.tx(ctx, func(tx *Store) error {
		sh, err := tx.ShopByID(ctx, storeID)
		if err != nil {
			return err
		}
		u, err := tx.UserByID(ctx, userID)
		if err != nil {
			return err
		}
		return tx.addShopMember(ctx, actor, sh, u)
	})
}

func (s *Store) addShopMember(ctx context.Context, actor storage.Actor, sh *Shop, u *storage.User) error {
	ok, err := s.IsShopMember(ctx, sh.ID, u.ID)
	if err != nil || ok {
		return err
	}
	if err := s.with(ctx).Create(&ShopMember{StoreID: sh.ID, UserID: u.ID, CreatedAt: s.now()}).Error; err != nil {
		return wrap("add store member", err)
	}
	return s.writeAudit(ctx, actor, nil, "add", "store-member", sh.ID, nil, memberAuditView(sh, u))
}

// RemoveShopMember takes an account out of a store. The account keeps the
// events it is attached to as a judge (an organiser takes them off on the
// event's page); it can no longer be attached to the store's events.
func (s *Store) RemoveShopMember(ctx context.Context, actor storage.Actor, storeID, userID int64) error {
	return s.tx(ctx, func(tx *Store) error {
		sh, err := tx.ShopByID(ctx, storeID)
		if err != nil {
			return err
		}
		u, err := tx.UserByID(ctx, userID)
		if err != nil {
			return err
		}
		res := tx.with(ctx).Where("store_id = ? AND user_id = ?", storeID, userID).Delete(&ShopMember{})
		if res.Error != nil {
			return wrap("remove store member", res.Error)
		}
		if res.RowsAffected == 0 {
			return fmt.Errorf("storage: remove %s from store %d: %w", u.Username, storeID, storage.ErrNotFound)
		}
		return tx.writeAudit(ctx, actor, nil, "remove", "store-member", storeID, memberAuditView(sh, u), nil)
	})
}

func memberAuditView(sh *Shop, u *storage.User) map[string]any {
	return map[string]any{"store": sh.Name, "username": u.Username, "role": u.Role}
}
