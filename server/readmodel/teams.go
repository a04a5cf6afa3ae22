package readmodel

import (
	"github.com/tenkaichi-org/tenkaichi/pairing"
)

// Team events (pairing/teams.go): a team is its players' shared entry team
// name, each player on a seat A, B or C.

// TeamSeats are the seats of a team event's players by pairing id; nil for
// an event that is not a team event.
func (d *EventData) TeamSeats() map[string]pairing.SeatOf {
	if !d.Event.TeamEvent {
		return nil
	}
	out := map[string]pairing.SeatOf{}
	for _, e := range d.Entries {
		if e.Team != "" && pairing.SeatIndex(e.TeamSeat) >= 0 && !e.Waitlisted {
			out[PlayerID(e.ID)] = pairing.SeatOf{Team: e.Team, Seat: e.TeamSeat}
		}
	}
	return out
}

// TeamPlay is the teams' event (every team match, pending ones with no
// result) and each Swiss round's team matches, positions of the seat matches
// in d.Matches[round] included.
func (d *EventData) TeamPlay() (*pairing.Event, []pairing.TeamRound) {
	return pairing.TeamEvent(d.PairingEvent(true), d.TeamSeats())
}

// TeamStandings ranks the teams by the results of their finished team
// matches, with the event's tiebreaker profile.
func (d *EventData) TeamStandings() ([]pairing.Standing, error) {
	te, _ := d.TeamPlay()
	for i := range te.Rounds {
		kept := te.Rounds[i].Matches[:0]
		for _, m := range te.Rounds[i].Matches {
			if m.Result != "" {
				kept = append(kept, m)
			}
		}
		te.Rounds[i].Matches = kept
	}
	return pairing.Standings(te, "")
}
