package web

import (
	"strconv"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/storage"
)

// The entries, rounds and matches a URL names, and the entry's link,
// which the staff pages and the phone both need.

// SetEntryToken stores the hash of the entry's current link token. The token
// depends on the entry id, known only after the insert.
func (k *Kit) SetEntryToken(c echo.Context, en *storage.Entry) error {
	key, err := k.LinkKey(c.Request().Context())
	if err != nil {
		return err
	}
	en.TokenHash = HashToken(PlayerToken(key, en.ID, en.TokenGeneration))
	return k.Store.SetEntryTokenHash(c.Request().Context(), en.ID, en.TokenGeneration, en.TokenHash)
}

// RoundsPlayed is the number of the latest published round (what a player
// dropping now has played).
func (k *Kit) RoundsPlayed(c echo.Context, e *storage.Event) (int, error) {
	rounds, err := k.Store.Rounds(c.Request().Context(), e.ID)
	if err != nil {
		return 0, err
	}
	n := 0
	for _, r := range rounds {
		if r.Status != storage.RoundPreview {
			n = r.Number
		}
	}
	return n, nil
}

// MatchParam is the event's match the URL names (:match), or 404.
func (k *Kit) MatchParam(c echo.Context, e *storage.Event) (*storage.Match, error) {
	id, err := strconv.ParseInt(c.Param("match"), 10, 64)
	if err != nil {
		return nil, NotFound()
	}
	return k.Store.MatchByID(c.Request().Context(), e.ID, id)
}

// RoundOfMatch is the round a match of the event is in, or 404.
func (k *Kit) RoundOfMatch(c echo.Context, e *storage.Event, mt *storage.Match) (*storage.Round, error) {
	rounds, err := k.Store.Rounds(c.Request().Context(), e.ID)
	if err != nil {
		return nil, err
	}
	for i := range rounds {
		if rounds[i].ID == mt.RoundID {
			return &rounds[i], nil
		}
	}
	return nil, NotFound()
}
