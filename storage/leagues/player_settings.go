package leagues

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// A player's own settings: a public profile, a password, a new link.

// changePlayer writes changes to a live player with an audit row (before
// and after as given: never a password hash).
func (s *Store) changePlayer(ctx context.Context, actor storage.Actor, id int64, action string, changes func(p *storage.Player) (map[string]any, any, any)) error {
	return s.tx(ctx, func(tx *Store) error {
		p, err := tx.st.LockLivePlayer(ctx, id)
		if err != nil {
			return err
		}
		cols, before, after := changes(p)
		cols["version"], cols["updated_at"] = p.Version+1, tx.now()
		if err := tx.with(ctx).Model(&storage.Player{}).Where("id = ?", id).Updates(cols).Error; err != nil {
			return wrap("update player", err)
		}
		return tx.writeAudit(ctx, actor, nil, action, "player", id, before, after)
	})
}

// SetPlayerPublic shows (or hides) the player's profile to everyone; the
// store sees it either way.
func (s *Store) SetPlayerPublic(ctx context.Context, actor storage.Actor, id int64, public bool) error {
	return s.changePlayer(ctx, actor, id, "set-public", func(p *storage.Player) (map[string]any, any, any) {
		return map[string]any{"public": public}, map[string]any{"public": p.Public}, map[string]any{"public": public}
	})
}

// SetPlayerPassword sets the hash of the player's own password ("" clears
// it: the player then signs in by link only).
func (s *Store) SetPlayerPassword(ctx context.Context, actor storage.Actor, id int64, hash string) error {
	return s.changePlayer(ctx, actor, id, "set-password", func(p *storage.Player) (map[string]any, any, any) {
		var v *string
		if hash != "" {
			v = &hash
		}
		return map[string]any{"password_hash": v}, map[string]any{"password": p.HasPassword()}, map[string]any{"password": hash != ""}
	})
}

// NewPlayerLinkGeneration revokes the player's sign-in link: the link is
// derived from the generation, which goes up by one. It returns the new
// generation, from which the server derives the new link.
func (s *Store) NewPlayerLinkGeneration(ctx context.Context, actor storage.Actor, id int64) (int, error) {
	var gen int
	err := s.changePlayer(ctx, actor, id, "new-link", func(p *storage.Player) (map[string]any, any, any) {
		gen = p.LinkGeneration + 1
		return map[string]any{"link_generation": gen}, map[string]any{"link_generation": p.LinkGeneration}, map[string]any{"link_generation": gen}
	})
	return gen, err
}
