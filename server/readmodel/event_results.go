package readmodel

import (
	"context"
	"errors"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
)

// FreshEventResults brings the stored final results (event_results) of the
// finished events among eventIDs up to date: those never computed or
// computed before a later change (a corrected result, a restored snapshot,
// a merge) are computed from the standings and placings and stored at the
// play version they were read at. Events not finished are left alone.
// Seasons and profiles call it before they add results up.
func FreshEventResults(ctx context.Context, st *storage.Store, eventIDs []int64) error {
	lgs := leagues.New(st)
	stale, err := lgs.StaleEventResults(ctx, eventIDs)
	if err != nil {
		return err
	}
	for _, id := range stale {
		if err := refreshEventResults(ctx, st, lgs, id); err != nil {
			return err
		}
	}
	return nil
}

// refreshEventResults computes one event's results from one consistent
// read of its play and stores them under the play version of that read.
func refreshEventResults(ctx context.Context, st *storage.Store, lgs *leagues.Store, eventID int64) error {
	var version int64
	var rows []leagues.EventResult
	finished := false
	err := st.ReadConsistent(ctx, func(tx *storage.Store) error {
		ev, err := tx.EventByID(ctx, eventID)
		if err != nil {
			return err
		}
		if finished = ev.Status == storage.StatusFinished; !finished {
			return nil
		}
		if version, err = tx.PlayVersion(ctx, eventID); err != nil {
			return err
		}
		d, err := Load(ctx, tx, ev)
		if err != nil {
			return err
		}
		rows, err = d.FinalResults()
		return err
	})
	if errors.Is(err, storage.ErrNotFound) || (err == nil && !finished) {
		return nil // deleted meanwhile, or not finished: nothing to store
	}
	if err != nil {
		return err
	}
	return lgs.ReplaceEventResults(ctx, eventID, version, rows)
}

// FinalResults is one row per player of the event (waitlisted entries are
// not players): the final place (0 while undecided), the Swiss rank and
// match points, and the player's record over every match with a result,
// top cut included, byes apart.
func (d *EventData) FinalResults() ([]leagues.EventResult, error) {
	res, err := d.Results()
	if err != nil {
		return nil, err
	}
	records := d.records()
	rows := make([]leagues.EventResult, 0, len(res.Standings))
	for _, s := range res.Standings {
		id := EntryIDOf(s.ID)
		r := records[id]
		r.EntryID, r.Place, r.SwissRank, r.MatchPoints = id, res.PlaceOf[s.ID], s.Rank, s.Points
		rows = append(rows, r)
	}
	return rows, nil
}

// records counts each entry's matches won, lost, drawn and byes, from
// every match with a result (a double loss is a loss for both).
func (d *EventData) records() map[int64]leagues.EventResult {
	out := map[int64]leagues.EventResult{}
	for _, r := range d.Rounds {
		for _, m := range d.Matches[r.Number] {
			p1 := out[m.P1EntryID]
			if m.P2EntryID == nil {
				if m.Result == storage.ResultBye {
					p1.Byes++
				}
				out[m.P1EntryID] = p1
				continue
			}
			p2 := out[*m.P2EntryID]
			switch m.Result {
			case storage.ResultP1:
				p1.Wins++
				p2.Losses++
			case storage.ResultP2:
				p1.Losses++
				p2.Wins++
			case storage.ResultDraw:
				p1.Draws++
				p2.Draws++
			case storage.ResultDoubleLoss:
				p1.Losses++
				p2.Losses++
			}
			out[m.P1EntryID], out[*m.P2EntryID] = p1, p2
		}
	}
	return out
}
