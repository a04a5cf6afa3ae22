package readmodel

import (
	"context"
	"encoding/json"
	"strconv"

	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/storage"
)

// EventData is everything stored about an event's play, loaded once per
// request: entries by id, rounds in order and their matches.
type EventData struct {
	Event   *storage.Event
	Entries []storage.Entry
	ByID    map[int64]*storage.Entry
	Rounds  []storage.Round
	Matches map[int][]storage.Match // by round number
}

// Load loads an event's play from a store (the server's, or
// a transaction's for a consistent export).
func Load(ctx context.Context, st *storage.Store, ev *storage.Event) (*EventData, error) {
	entries, err := st.Entries(ctx, ev.ID)
	if err != nil {
		return nil, err
	}
	rounds, err := st.Rounds(ctx, ev.ID)
	if err != nil {
		return nil, err
	}
	matches, err := st.EventMatches(ctx, ev.ID, rounds)
	if err != nil {
		return nil, err
	}
	d := &EventData{Event: ev, Entries: entries, ByID: map[int64]*storage.Entry{}, Rounds: rounds, Matches: matches}
	for i := range entries {
		d.ByID[entries[i].ID] = &entries[i]
	}
	return d, nil
}

// Published is the event's play as the public sees it: rounds still in
// preview are dropped with their matches. d itself is left as it is.
func (d *EventData) Published() *EventData {
	out := *d
	out.Rounds = make([]storage.Round, 0, len(d.Rounds))
	out.Matches = make(map[int][]storage.Match, len(d.Matches))
	for _, r := range d.Rounds {
		if r.Status == storage.RoundPreview {
			continue
		}
		out.Rounds = append(out.Rounds, r)
		if ms, ok := d.Matches[r.Number]; ok {
			out.Matches[r.Number] = ms
		}
	}
	return &out
}

// PlayerID is how an entry is named in the pairing package and event files.
func PlayerID(entryID int64) string { return strconv.FormatInt(entryID, 10) }

// EntryIDOf is the entry of a pairing player id (PlayerID); 0 for none.
func EntryIDOf(playerID string) int64 {
	id, _ := strconv.ParseInt(playerID, 10, 64)
	return id
}

// SwissRounds returns the Swiss rounds (not the top cut), in order.
func (d *EventData) SwissRounds() []storage.Round {
	var out []storage.Round
	for _, r := range d.Rounds {
		if r.Kind == storage.KindSwiss {
			out = append(out, r)
		}
	}
	return out
}

// TopCutRounds returns the top-cut rounds, in order.
func (d *EventData) TopCutRounds() []storage.Round {
	var out []storage.Round
	for _, r := range d.Rounds {
		if r.Kind == storage.KindTopCut {
			out = append(out, r)
		}
	}
	return out
}

// PairingEvent turns stored data into the pairing package's event: every
// registered (not waitlisted) player, each Swiss round with its results, the
// top cut, the event's points, tiebreakers and seed. Matches without a result
// are left out when withPending is false (standings count only results).
func (d *EventData) PairingEvent(withPending bool) *pairing.Event {
	ev := d.Event
	pe := &pairing.Event{
		Seed:        uint64(ev.Seed),
		Points:      &pairing.Points{Win: ev.PointsWin, Draw: ev.PointsDraw, Loss: ev.PointsLoss, Bye: ev.PointsBye},
		Tiebreakers: ev.Tiebreakers,
		Players:     []pairing.Player{},
		Rounds:      []pairing.Round{},
	}
	if ev.SwissRounds != nil {
		pe.SwissRounds = *ev.SwissRounds
	}
	pe.TwoDay = d.TwoDay()
	teams := map[string][]string{}
	for _, e := range d.Entries {
		if e.Waitlisted {
			continue
		}
		// An entry stored before random keys has 0: its key is then the hash
		// of the seed and its id, as it was when it was created.
		p := pairing.Player{ID: PlayerID(e.ID), Name: e.PlayerName, EnteredRound: e.EnteredRound,
			Dropped: e.DroppedRound != nil || e.Disqualified, RandomKey: uint64(e.RandomKey)}
		if e.DroppedRound != nil {
			p.DroppedAfter = pairing.DropsAfter(*e.DroppedRound) // 0 is written: dropped before round 1
		}
		if ev.TeamEvent && e.Team != "" && pairing.SeatIndex(e.TeamSeat) >= 0 {
			p.Team, p.Seat = e.Team, e.TeamSeat // the file says who plays which seat of which team
		}
		pe.Players = append(pe.Players, p)
		for r := 1; r <= e.AwardedByes; r++ {
			pe.Byes = append(pe.Byes, pairing.AwardedBye{Player: p.ID, Round: r})
		}
		if e.Team != "" {
			teams[e.Team] = append(teams[e.Team], p.ID)
		}
	}
	for _, ids := range teams {
		for i := 0; i < len(ids); i++ {
			for j := i + 1; j < len(ids); j++ {
				pe.ForbiddenPairs = append(pe.ForbiddenPairs, [2]string{ids[i], ids[j]})
			}
		}
	}
	for _, r := range d.SwissRounds() {
		pr := pairing.Round{Number: r.Number, Matches: []pairing.Match{}}
		for _, m := range d.Matches[r.Number] {
			if m.Result == storage.ResultNone && !withPending {
				continue
			}
			pr.Matches = append(pr.Matches, pairingMatch(m))
		}
		pe.Rounds = append(pe.Rounds, pr)
	}
	if cut := d.TopCutRounds(); len(cut) > 0 {
		pe.TopCut = &pairing.TopCut{Size: d.Event.TopCutSize}
		for i, r := range cut {
			cr := pairing.CutRound{Number: i + 1}
			for _, m := range d.Matches[r.Number] {
				if m.P2EntryID == nil {
					continue
				}
				cm := pairing.CutMatch{P1: PlayerID(m.P1EntryID), P2: PlayerID(*m.P2EntryID), Games: []pairing.Game{}}
				if m.Games != "" {
					_ = json.Unmarshal([]byte(m.Games), &cm.Games)
				}
				cr.Matches = append(cr.Matches, cm)
			}
			pe.TopCut.Rounds = append(pe.TopCut.Rounds, cr)
		}
	}
	return pe
}

// Name returns an entry's player name, or "" for none.
func (d *EventData) Name(id *int64) string {
	if id == nil {
		return ""
	}
	if e, ok := d.ByID[*id]; ok {
		return e.PlayerName
	}
	return ""
}

// LastCompleteSwissRound is the last Swiss round that is published and has
// every result in (0 for none): standings are "after" it.
func (d *EventData) LastCompleteSwissRound() int {
	last := 0
	for _, r := range d.SwissRounds() {
		done := r.Status != storage.RoundPreview
		for _, mt := range d.Matches[r.Number] {
			if mt.Status != storage.MatchConfirmed {
				done = false
			}
		}
		if done {
			last = r.Number
		}
	}
	return last
}

// RoundName is "Round n" for Swiss rounds and "Top cut, round k" after, in
// English: the API's name of a round.
func RoundName(d *EventData, r *storage.Round) string {
	if r.Kind != storage.KindTopCut {
		if day, n := d.RoundDay(r.Number); day > 0 {
			return "Day " + strconv.Itoa(day) + ", round " + strconv.Itoa(n)
		}
		return "Round " + strconv.Itoa(r.Number)
	}
	for i, cr := range d.TopCutRounds() {
		if cr.ID == r.ID {
			return "Top cut, round " + strconv.Itoa(i+1)
		}
	}
	return "Top cut"
}

// SwissRoundWithResults is the Swiss round still being played that already
// has confirmed results (byes included), which the standings count; 0 when
// every published round is complete or none has a result yet.
func (d *EventData) SwissRoundWithResults() int {
	counting := 0
	for _, r := range d.SwissRounds() {
		if r.Status == storage.RoundPreview {
			continue
		}
		confirmed, open := false, false
		for _, mt := range d.Matches[r.Number] {
			if mt.Status == storage.MatchConfirmed {
				confirmed = true
			} else {
				open = true
			}
		}
		if confirmed && open {
			counting = r.Number
		}
	}
	return counting
}

// TwoDay is the event's day split for the pairing package, with the
// entries who advanced once day 1 is closed; nil for a one-day event.
func (d *EventData) TwoDay() *pairing.TwoDay {
	ev := d.Event
	if !ev.TwoDay() {
		return nil
	}
	td := &pairing.TwoDay{Day1Rounds: ev.Day1Rounds, Day2Rounds: ev.Day2Rounds, Cut: ev.Day2Cut}
	if ev.Day2Cut == pairing.CutBySize {
		td.Size = ev.Day2CutValue
	} else {
		td.Points = ev.Day2CutValue
	}
	for _, e := range d.Entries {
		if e.Day2 && !e.Waitlisted {
			td.Advanced = append(td.Advanced, PlayerID(e.ID))
		}
	}
	return td
}

// Day1Closed says whether the organiser closed day 1 of a two-day event.
func (d *EventData) Day1Closed() bool {
	for _, e := range d.Entries {
		if e.Day2 {
			return true
		}
	}
	return false
}

// RoundDay is the day of Swiss round n and its number within that day: 0
// and n for a one-day event.
func (d *EventData) RoundDay(n int) (day, dayRound int) {
	if !d.Event.TwoDay() {
		return 0, n
	}
	if n <= d.Event.Day1Rounds {
		return 1, n
	}
	return 2, n - d.Event.Day1Rounds
}

// pairingMatch is a stored match as the pairing package reads it.
func pairingMatch(m storage.Match) pairing.Match {
	pm := pairing.Match{P1: PlayerID(m.P1EntryID), Result: m.Result}
	if m.TableNo != nil {
		pm.Table = *m.TableNo
	}
	if m.P2EntryID != nil {
		id := PlayerID(*m.P2EntryID)
		pm.P2 = &id
	}
	return pm
}
