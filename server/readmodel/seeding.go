package readmodel

import (
	"cmp"
	"context"
	"slices"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
)

// RatingSeedOrder is the order round 1 is seeded in when the event seeds
// by rating (pairing.Event.SeedOrder): its players (not waitlisted) by
// their rating in the event's game, the highest first, ratings recomputed
// first when stale; players without a rating are left out (the pairing
// puts them last, in the seeded random order).
func RatingSeedOrder(ctx context.Context, st *storage.Store, d *EventData) ([]string, error) {
	lgs := leagues.New(st)
	game := d.Event.Game
	stale, err := lgs.RatingsStale(ctx, game)
	if err != nil {
		return nil, err
	}
	if stale {
		if _, err := lgs.RecomputeRatings(ctx, game); err != nil {
			return nil, err
		}
	}
	var playerIDs []int64
	for _, e := range d.Entries {
		if !e.Waitlisted && e.PlayerID != nil {
			playerIDs = append(playerIDs, *e.PlayerID)
		}
	}
	ratings, err := lgs.RatingsOf(ctx, game, playerIDs)
	if err != nil {
		return nil, err
	}
	type seeded struct {
		id     string
		rating float64
	}
	var rated []seeded
	for _, e := range d.Entries {
		if e.Waitlisted || e.PlayerID == nil {
			continue
		}
		if r, ok := ratings[*e.PlayerID]; ok {
			rated = append(rated, seeded{PlayerID(e.ID), r.Rating})
		}
	}
	// Highest first; equal ratings keep the entries' order.
	slices.SortStableFunc(rated, func(a, b seeded) int { return cmp.Compare(b.rating, a.rating) })
	out := make([]string, len(rated))
	for i, s := range rated {
		out[i] = s.id
	}
	return out, nil
}
