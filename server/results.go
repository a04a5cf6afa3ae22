package server

import (
	"errors"

	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/storage"
)

// eventResults are the Swiss standings, the bracket and the final placings
// of an event, computed once for a page.
type eventResults struct {
	Standings []pairing.Standing
	// Bracket is the top cut once its first round is paired, else nil.
	Bracket *pairing.Bracket
	// Placings are the final places once they start to be known: from the
	// start of the top cut, or when an event without one is finished. Nil
	// before. A place still being played for is 0.
	Placings []pairing.Placing
	PlaceOf  map[string]int // by player id; only decided places
}

// results computes the standings from the results in (withPending false),
// the bracket and the placings.
func (d *eventData) results() (*eventResults, error) {
	pe := d.pairingEvent(false)
	st, err := pairing.Standings(pe, "")
	if err != nil {
		return nil, err
	}
	r := &eventResults{Standings: st}
	if len(d.topCutRounds()) > 0 && d.Event.TopCutSize >= 2 {
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
	if r.Placings != nil {
		r.PlaceOf = make(map[string]int, len(r.Placings))
		for _, p := range r.Placings {
			if p.Place > 0 {
				r.PlaceOf[p.ID] = p.Place
			}
		}
	}
	return r, nil
}
