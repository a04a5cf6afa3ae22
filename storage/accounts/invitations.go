package accounts

import (
	"context"
	"fmt"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"gorm.io/gorm/clause"
)

// StoreInvitation asks an account, by its username, to join a store as a
// judge. A store's organiser invites instead of adding so that the store's
// page says the same for any name, whether an account has it or not: only
// the account's own answer makes it a member.
type StoreInvitation struct {
	ID         int64
	StoreID    int64
	Username   string
	InvitedBy  string // the inviting account's name, as the audit log has it
	CreatedAt  time.Time
	DeclinedAt *time.Time // declined: hidden from the account, still "waiting" to the store
}

// TableName is "store_invitations".
func (StoreInvitation) TableName() string { return "store_invitations" }

// InvitationToShop is an invitation as the invited account sees it.
type InvitationToShop struct {
	StoreInvitation
	StoreName string
}

// InviteToShop invites the account named username to the store; inviting
// the same name again changes nothing.
func (s *Store) InviteToShop(ctx context.Context, actor storage.Actor, storeID int64, username string) error {
	return s.tx(ctx, func(tx *Store) error {
		sh, err := tx.ShopByID(ctx, storeID)
		if err != nil {
			return err
		}
		inv := StoreInvitation{StoreID: sh.ID, Username: username, InvitedBy: actor.Name, CreatedAt: tx.now()}
		res := tx.with(ctx).Clauses(clause.OnConflict{DoNothing: true}).Create(&inv)
		if res.Error != nil {
			return wrap("invite to store", res.Error)
		}
		if res.RowsAffected == 0 {
			return nil
		}
		return tx.writeAudit(ctx, actor, nil, "invite", "store-member", sh.ID, nil,
			map[string]any{"store": sh.Name, "username": username})
	})
}

// ShopInvitations lists a store's open invitations (declined ones too: the
// store is not told), oldest first.
func (s *Store) ShopInvitations(ctx context.Context, storeID int64) ([]StoreInvitation, error) {
	var out []StoreInvitation
	err := s.with(ctx).Where("store_id = ?", storeID).Order("created_at, id").Find(&out).Error
	return out, wrap("list store invitations", err)
}

// WithdrawInvitation deletes one of the store's invitations.
func (s *Store) WithdrawInvitation(ctx context.Context, actor storage.Actor, storeID, id int64) error {
	return s.tx(ctx, func(tx *Store) error {
		var inv StoreInvitation
		if err := tx.with(ctx).Where("id = ? AND store_id = ?", id, storeID).First(&inv).Error; err != nil {
			return wrap("withdraw invitation", err)
		}
		if err := tx.with(ctx).Delete(&inv).Error; err != nil {
			return wrap("withdraw invitation", err)
		}
		return tx.writeAudit(ctx, actor, nil, "withdraw", "store-member", storeID,
			map[string]any{"username": inv.Username}, nil)
	})
}

// InvitationsFor lists the invitations an account may answer: those to its
// username not declined. Only judges are invited (organisers are the
// instance admin's to place), so an organiser's list is empty.
func (s *Store) InvitationsFor(ctx context.Context, u *storage.User) ([]InvitationToShop, error) {
	var out []InvitationToShop
	if u.Role != storage.RoleJudge {
		return out, nil
	}
	err := s.with(ctx).Table("store_invitations").
		Select("store_invitations.*, stores.name AS store_name").
		Joins("JOIN stores ON stores.id = store_invitations.store_id").
		Where("store_invitations.username = ? AND store_invitations.declined_at IS NULL", u.Username).
		Order("store_invitations.created_at, store_invitations.id").Scan(&out).Error
	return out, wrap("list invitations of account", err)
}

// AnswerInvitation accepts (the account joins the store) or declines one
// of the account's invitations. An invitation that is not the account's,
// or already declined, is storage.ErrNotFound.
func (s *Store) AnswerInvitation(ctx context.Context, actor storage.Actor, u *storage.User, id int64, accept bool) error {
	return s.tx(ctx, func(tx *Store) error {
		var inv StoreInvitation
		err := tx.with(ctx).Where("id = ? AND username = ? AND declined_at IS NULL", id, u.Username).First(&inv).Error
		if err != nil {
			return wrap("answer invitation", err)
		}
		if u.Role != storage.RoleJudge {
			return fmt.Errorf("storage: %s is not a judge: %w", u.Username, storage.ErrNotFound)
		}
		if !accept {
			now := tx.now()
			return wrap("decline invitation", tx.with(ctx).Model(&inv).Update("declined_at", &now).Error)
		}
		sh, err := tx.ShopByID(ctx, inv.StoreID)
		if err != nil {
			return err
		}
		if err := tx.with(ctx).Delete(&inv).Error; err != nil {
			return wrap("accept invitation", err)
		}
		return tx.addShopMember(ctx, actor, sh, u)
	})
}
