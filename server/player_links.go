package server

import (
	"context"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"strconv"
	"sync"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// Players have no account: each entry has a secret link /p/{token}. The
// token is an HMAC of the entry's id and link generation under a key kept in
// the database, so every instance derives the same link, the organiser can
// show it again (to print or re-scan), and a new generation revokes it. The
// entry row stores only the token's SHA-256 for lookup.

const linkKeyName = "player-links"

type linkKeys struct {
	mu  sync.Mutex
	key []byte
}

func (s *Server) linkKey(ctx context.Context) ([]byte, error) {
	s.links.mu.Lock()
	defer s.links.mu.Unlock()
	if s.links.key == nil {
		key, err := s.store.Secret(ctx, linkKeyName)
		if err != nil {
			return nil, err
		}
		s.links.key = key
	}
	return s.links.key, nil
}

// playerToken is the secret of an entry's phone link.
func playerToken(key []byte, entryID int64, generation int) string {
	mac := hmac.New(sha256.New, key)
	mac.Write([]byte("entry:" + strconv.FormatInt(entryID, 10) + ":" + strconv.Itoa(generation)))
	return base64.RawURLEncoding.EncodeToString(mac.Sum(nil))
}

// playerPath is the path of an entry's phone page.
func (s *Server) playerPath(ctx context.Context, e *storage.Entry) (string, error) {
	key, err := s.linkKey(ctx)
	if err != nil {
		return "", err
	}
	return "/p/" + playerToken(key, e.ID, e.TokenGeneration), nil
}
