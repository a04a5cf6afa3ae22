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

// Bracket is the top cut of size (0: the event's) as far as it is played:
// the teams' for a team event (team names as ids), else the players'.
func (d *EventData) Bracket(size int) (*pairing.Bracket, error) {
	if d.Event.TeamEvent {
		return pairing.BuildTeamTopCut(d.PairingEvent(false), d.TeamSeats(), size)
	}
	return pairing.BuildTopCut(d.PairingEvent(false), size)
}

// BracketName is the name of a bracket's id: a team's name is its id, a
// player's is their entry's name; "" for none.
func (d *EventData) BracketName(id *string) string {
	if id == nil {
		return ""
	}
	if d.Event.TeamEvent {
		return *id
	}
	eid := EntryIDOf(*id)
	return d.Name(&eid)
}

// TeamCutPlay is the team matches of each top-cut round of a team event,
// by the stored round's number; nil for other events.
func (d *EventData) TeamCutPlay() []pairing.TeamRound {
	seats := d.TeamSeats()
	if seats == nil {
		return nil
	}
	var out []pairing.TeamRound
	for _, r := range d.TopCutRounds() {
		pr := pairing.Round{Number: r.Number}
		for _, m := range d.Matches[r.Number] {
			pr.Matches = append(pr.Matches, pairingMatch(m))
		}
		out = append(out, pairing.TeamCutRound(pr, seats))
	}
	return out
}

// TeamRounds is each round's team matches, Swiss rounds then the top
// cut's (TeamPlay's and TeamCutPlay's).
func (d *EventData) TeamRounds() []pairing.TeamRound {
	_, rounds := d.TeamPlay()
	return append(rounds, d.TeamCutPlay()...)
}

// TeamStandingsThrough is the team standings counting Swiss rounds 1 to n
// only (StandingsThrough for teams).
func (d *EventData) TeamStandingsThrough(n int) ([]pairing.Standing, error) {
	te, _ := d.TeamPlay()
	kept := te.Rounds[:0]
	for _, r := range te.Rounds {
		if r.Number > n {
			continue
		}
		ms := r.Matches[:0]
		for _, m := range r.Matches {
			if m.Result != "" {
				ms = append(ms, m)
			}
		}
		r.Matches = ms
		kept = append(kept, r)
	}
	te.Rounds = kept
	return pairing.Standings(te, "")
}
