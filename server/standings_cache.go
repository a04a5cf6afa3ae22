package server

import (
	"context"
	"sync"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// rankInfo is one player's place, as the phone page shows it.
type rankInfo struct {
	Rank   int
	Points int
	Record string
	Place  int    // final placing, 0 while not decided (see eventResults)
	LostIn string // the top-cut round the player was knocked out in
}

// standingsCache keeps each event's standings under the event's play version
// (storage.PlayVersion): any change to entries, rounds or matches gives a new
// version, so a cached value is never stale, on this instance or another.
type standingsCache struct {
	mu      sync.Mutex
	byEvent map[int64]cachedStandings
}

type cachedStandings struct {
	version string
	ranks   map[string]rankInfo
}

// playerRanks returns the event's standings by player id.
func (s *Server) playerRanks(ctx context.Context, ev *storage.Event) (map[string]rankInfo, error) {
	version, err := s.store.PlayVersion(ctx, ev.ID)
	if err != nil {
		return nil, err
	}
	s.ranks.mu.Lock()
	if c, ok := s.ranks.byEvent[ev.ID]; ok && c.version == version {
		s.ranks.mu.Unlock()
		return c.ranks, nil
	}
	s.ranks.mu.Unlock()
	d, err := s.loadEventData(ctx, ev)
	if err != nil {
		return nil, err
	}
	res, err := d.results()
	if err != nil {
		return nil, err
	}
	ranks := make(map[string]rankInfo, len(res.Standings))
	for i, row := range res.Standings {
		ranks[row.ID] = rankInfo{Rank: i + 1, Points: row.Points, Record: row.Record()}
	}
	for _, p := range res.Placings {
		r := ranks[p.ID]
		r.Place, r.LostIn = p.Place, p.LostIn
		ranks[p.ID] = r
	}
	s.ranks.mu.Lock()
	if s.ranks.byEvent == nil {
		s.ranks.byEvent = map[int64]cachedStandings{}
	}
	s.ranks.byEvent[ev.ID] = cachedStandings{version: version, ranks: ranks}
	s.ranks.mu.Unlock()
	return ranks, nil
}

// playerMatchData loads only what a player's page needs for the current
// match: the rounds, the latest published round's matches, and the player
// and opponent entries.
func (s *Server) playerMatchData(ctx context.Context, ev *storage.Event, en *storage.Entry) (*eventData, error) {
	rounds, err := s.store.Rounds(ctx, ev.ID)
	if err != nil {
		return nil, err
	}
	d := &eventData{Event: ev, ByID: map[int64]*storage.Entry{en.ID: en}, Rounds: rounds, Matches: map[int][]storage.Match{}}
	var latest *storage.Round
	for i := range rounds {
		if rounds[i].Status != storage.RoundPreview {
			latest = &rounds[i]
		}
	}
	if latest == nil {
		return d, nil
	}
	ms, err := s.store.Matches(ctx, latest.ID)
	if err != nil {
		return nil, err
	}
	d.Matches[latest.Number] = ms
	for _, m := range ms {
		if m.Side(en.ID) == "" || m.P2EntryID == nil {
			continue
		}
		opp := m.P1EntryID
		if opp == en.ID {
			opp = *m.P2EntryID
		}
		o, err := s.store.EntryByID(ctx, ev.ID, opp)
		if err != nil {
			return nil, err
		}
		d.ByID[o.ID] = o
	}
	return d, nil
}
