package eventfile

import (
	"fmt"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
)

// ImportedDeckCheck is a deck check at a match; Penalty is the 1-based
// position of the penalty it gave in EventImport.Penalties (0 for none).
type ImportedDeckCheck struct {
	Check   judging.DeckCheck
	At      MatchRef
	Penalty int
}

// deckChecks writes the deck checks (after the penalties they name).
func (w *eventWriter) deckChecks(in *EventImport) error {
	for i, ic := range in.DeckChecks {
		what := fmt.Sprintf("deck check %d", i+1)
		c := ic.Check
		m, err := w.match(ic.At, what)
		if err != nil {
			return err
		}
		if m == nil {
			return fmt.Errorf("storage: import: %s: no match: %w", what, storage.ErrConflict)
		}
		c.ID, c.EventID, c.MatchID = 0, w.eventID, *m
		if c.PenaltyID, err = nth(w.penaltyIDs, ic.Penalty, "penalty", what); err != nil {
			return err
		}
		if c.JudgeID, err = w.account(c.JudgeName); err != nil {
			return err
		}
		if c.StartedAt.IsZero() {
			c.StartedAt = w.now
		}
		if err := w.create(&c, "deck_checks", "deck check"); err != nil {
			return err
		}
	}
	return nil
}
