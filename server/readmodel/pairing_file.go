package readmodel

import (
	"context"
	"encoding/json"
	"fmt"

	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/storage"
)

// AttachPairingRecords puts each Swiss round's stored pairing record (what
// its pairing was computed from, and its optimality certificate) into pe as
// rounds[].pairing, which tenkaichi verify checks. Rounds without one are
// left as they are: verify then checks them from the seed and the earlier
// rounds alone.
func AttachPairingRecords(ctx context.Context, st *storage.Store, eventID int64, pe *pairing.Event) error {
	records, err := st.PairingRecords(ctx, eventID)
	if err != nil || len(records) == 0 {
		return err
	}
	for i, r := range pe.Rounds {
		text, ok := records[r.Number]
		if !ok {
			continue
		}
		var rec pairing.RoundRecord
		if err := json.Unmarshal([]byte(text), &rec); err != nil {
			return fmt.Errorf("readmodel: round %d's pairing record: %w", r.Number, err)
		}
		pe.Rounds[i].Pairing = &rec
		if r.Number == 1 && len(rec.SeedOrder) > 0 {
			pe.SeedOrder = rec.SeedOrder // round 1 was seeded (by rating): verify pairs it so
		}
	}
	return nil
}

// PublicPairingFile is the event file anyone may download to check the
// event's pairings with tenkaichi verify: the players (names, as the
// public pages show them, and their last tiebreakers), the published Swiss
// rounds with their results and pairing records, and the top cut. Nothing
// else: no decklists, member numbers, notes, reports or penalties, and no
// round still in preview.
func (d *EventData) PublicPairingFile(ctx context.Context, st *storage.Store) (*pairing.Event, error) {
	pe := d.Published().PairingEvent(true)
	for i, p := range pe.Players {
		pe.Players[i].RandomKey = pe.TiebreakKey(p)
	}
	return pe, AttachPairingRecords(ctx, st, d.Event.ID, pe)
}
