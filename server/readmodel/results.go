package readmodel

import (
	"errors"

	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/storage"
)

// Results are the Swiss standings, the bracket and the final placings
// of an event, computed once for a page.
type Results struct {
	Standings []pairing.Standing
	// Bracket is the top cut once its first round is paired, else nil.
	Bracket *pairing.Bracket
	// Placings are the final places once they start to be known: from the
	// start of the top cut, or when an event without one is finished. Nil
	// before. A place still being played for is 0.
	Placings []pairing.Placing
	PlaceOf  map[string]int // by player id; only decided places
	// Teams are a team event's team standings, team bracket and team
	// placings (the players' bracket and placings are then left out once
	// the team top cut starts); nil for other events.
	Teams *TeamResults
}

// TeamResults are Results for the teams of a team event, ids being team
// names.
type TeamResults struct {
	Standings []pairing.Standing
	Bracket   *pairing.Bracket
	Placings  []pairing.Placing
	PlaceOf   map[string]int
}

// Results computes the standings from the results in (withPending false),
// the bracket and the placings.
func (d *EventData) Results() (*Results, error) {
	pe := d.PairingEvent(false)
	st, err := pairing.Standings(pe, "")
	if err != nil {
		return nil, err
	}
	r := &Results{Standings: st}
	if d.Event.TeamEvent {
		if r.Teams, err = d.teamResults(); err != nil {
			return nil, err
		}
		if len(d.TopCutRounds()) > 0 {
			return r, nil // the cut is the teams': players have no bracket or place
		}
	}
	if len(d.TopCutRounds()) > 0 && d.Event.TopCutSize >= 2 {
		b, err := pairing.BuildTopCut(pe, d.Event.TopCutSize)
		var ie *pairing.InputError
		switch {
		case errors.As(err, &ie):
			// Stored rounds that no longer fit the bracket (the cut's size was
			// changed after it started): show the Swiss standings alone.
			return r, nil
		case err != nil:
			return nil, err
		}
		r.Bracket = b
		r.Placings = pairing.Placings(st, b)
	} else if d.Event.Status == storage.StatusFinished {
		r.Placings = pairing.Placings(st, nil)
	}
	r.PlaceOf = placeOf(r.Placings)
	return r, nil
}

// placeOf are the decided places by id; nil without placings.
func placeOf(placings []pairing.Placing) map[string]int {
	if placings == nil {
		return nil
	}
	out := make(map[string]int, len(placings))
	for _, p := range placings {
		if p.Place > 0 {
			out[p.ID] = p.Place
		}
	}
	return out
}

// teamResults are a team event's team standings, and once the team top
// cut has started its bracket and the teams' final placings (at the end
// of an event without a cut, the team standings' ranks).
func (d *EventData) teamResults() (*TeamResults, error) {
	st, err := d.TeamStandings()
	if err != nil {
		return nil, err
	}
	t := &TeamResults{Standings: st}
	if len(d.TopCutRounds()) > 0 && d.Event.TopCutSize >= 2 {
		b, err := d.Bracket(d.Event.TopCutSize)
		var ie *pairing.InputError
		switch {
		case errors.As(err, &ie):
			return t, nil // as for players: rounds that no longer fit the bracket
		case err != nil:
			return nil, err
		}
		t.Bracket, t.Placings = b, pairing.Placings(st, b)
	} else if d.Event.Status == storage.StatusFinished {
		t.Placings = pairing.Placings(st, nil)
	}
	t.PlaceOf = placeOf(t.Placings)
	return t, nil
}

// PointsBefore is each player's Swiss points before round r (pairings show
// the points a player brings to the table).
func PointsBefore(pe *pairing.Event, r *storage.Round) (map[string]int, error) {
	st, err := StandingsThrough(pe, r.Number-1)
	if err != nil {
		return nil, err
	}
	out := make(map[string]int, len(st))
	for _, l := range st {
		out[l.ID] = l.Points
	}
	return out, nil
}

// StandingsThrough is the Swiss standings counting rounds 1 to n only.
func StandingsThrough(pe *pairing.Event, n int) ([]pairing.Standing, error) {
	upTo := *pe
	upTo.Rounds = nil
	for _, pr := range pe.Rounds {
		if pr.Number <= n {
			upTo.Rounds = append(upTo.Rounds, pr)
		}
	}
	upTo.TopCut = nil
	return pairing.Standings(&upTo, "")
}
