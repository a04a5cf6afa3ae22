package leagues

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"strings"
	"time"
	"unicode/utf8"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
)

// StoreToken lets a laptop add its events to one store of a league server
// (`tenkaichi push`): nothing else, and no other store's. The token itself
// is shown once, when made; the database keeps its SHA-256, so a copy of
// the database holds no usable token, and a token is found by its hash
// (an indexed lookup: no comparison of secrets that could leak timing).
type StoreToken struct {
	ID         int64      `json:"id"`
	StoreID    int64      `json:"store_id"`
	Name       string     `json:"name"` // what the organiser calls it ("Laptop at the shop")
	TokenHash  string     `json:"-"`
	CreatedBy  *int64     `json:"-"`
	CreatedAt  time.Time  `json:"created_at"`
	LastUsedAt *time.Time `json:"last_used_at"`
	RevokedAt  *time.Time `json:"revoked_at"`
}

// storeTokenPrefix marks Tenkaichi's store tokens, so one pasted in the
// wrong place is recognisable.
const storeTokenPrefix = "tkst_"

// HashStoreToken is the SHA-256 (hex) a token is stored and found by.
func HashStoreToken(token string) string {
	sum := sha256.Sum256([]byte(token))
	return hex.EncodeToString(sum[:])
}

// maxTokenName bounds a token's name, in characters.
const maxTokenName = 100

// CreateStoreToken makes a token for the store and returns it (the only
// time it is seen) with its record. An empty or overlong name is an
// *InvalidError.
func (s *Store) CreateStoreToken(ctx context.Context, actor storage.Actor, storeID int64, name string) (string, *StoreToken, error) {
	name = strings.TrimSpace(name)
	if n := utf8.RuneCountInString(name); n == 0 || n > maxTokenName {
		return "", nil, &storage.InvalidError{Problems: []storage.FieldProblem{{Field: "name", Key: "store-token-name", Args: []any{maxTokenName}}}}
	}
	b := make([]byte, 32)
	if _, err := rand.Read(b); err != nil {
		return "", nil, fmt.Errorf("storage: store token: %w", err)
	}
	token := storeTokenPrefix + base64.RawURLEncoding.EncodeToString(b)
	t := &StoreToken{StoreID: storeID, Name: name, TokenHash: HashStoreToken(token)}
	err := s.tx(ctx, func(tx *Store) error {
		if _, err := accounts.New(tx.st).ShopByID(ctx, storeID); err != nil {
			return err
		}
		t.CreatedAt = tx.now()
		if actor.UserID != 0 {
			t.CreatedBy = &actor.UserID
		}
		if err := tx.with(ctx).Create(t).Error; err != nil {
			return wrap("create store token", err)
		}
		return tx.writeAudit(ctx, actor, nil, "create", "store-token", t.ID, nil, map[string]any{"store_id": storeID, "name": name})
	})
	if err != nil {
		return "", nil, err
	}
	return token, t, nil
}

// StoreTokens lists a store's tokens, revoked ones too, newest first.
func (s *Store) StoreTokens(ctx context.Context, storeID int64) ([]StoreToken, error) {
	var out []StoreToken
	err := s.read(ctx).Where("store_id = ?", storeID).Order("id DESC").Find(&out).Error
	return out, wrap("store tokens", err)
}

// RevokeStoreToken stops a token of the store from working, for good
// (again changes nothing; another store's token is ErrNotFound).
func (s *Store) RevokeStoreToken(ctx context.Context, actor storage.Actor, storeID, id int64) error {
	return s.tx(ctx, func(tx *Store) error {
		var t StoreToken
		if err := tx.with(ctx).Where("id = ? AND store_id = ?", id, storeID).First(&t).Error; err != nil {
			return wrap(fmt.Sprintf("store token %d", id), err)
		}
		if t.RevokedAt != nil {
			return nil
		}
		if err := tx.with(ctx).Model(&StoreToken{}).Where("id = ?", id).Update("revoked_at", tx.now()).Error; err != nil {
			return wrap("revoke store token", err)
		}
		return tx.writeAudit(ctx, actor, nil, "revoke", "store-token", id, map[string]any{"store_id": storeID, "name": t.Name}, nil)
	})
}

// StoreTokenByToken finds the live token a request presents: ErrNotFound
// for a token that is unknown or revoked.
func (s *Store) StoreTokenByToken(ctx context.Context, token string) (*StoreToken, error) {
	var t StoreToken
	err := s.read(ctx).Where("token_hash = ? AND revoked_at IS NULL", HashStoreToken(token)).First(&t).Error
	if err != nil {
		return nil, wrap("store token", err)
	}
	return &t, nil
}

// TouchStoreToken records that the token was just used.
func (s *Store) TouchStoreToken(ctx context.Context, id int64) error {
	return wrap("touch store token", s.with(ctx).Model(&StoreToken{}).Where("id = ?", id).Update("last_used_at", s.now()).Error)
}
