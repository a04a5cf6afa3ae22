package transfer

import (
	"context"
	"strconv"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/eventfile"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// The event's deck checks in the event file (issue 28): each names its
// match by round and position, and the penalty it gave by its place in the
// file's penalties.
type exportDeckCheck struct {
	Round            int        `json:"round"`
	Match            int        `json:"match"`
	Seed             string     `json:"seed,omitempty"` // "" when the judge named the table
	Judge            string     `json:"judge"`
	StartedAt        time.Time  `json:"started_at"`
	FinishedAt       *time.Time `json:"finished_at"`
	Outcome          string     `json:"outcome"` // "" while it ran, "ok" or "problem"
	Penalty          int        `json:"penalty,omitempty"`
	ExtensionSeconds int        `json:"extension_seconds"`
	Note             string     `json:"note,omitempty"`
}

// exportDeckChecks fills ext.DeckChecks, oldest first.
func exportDeckChecks(ctx context.Context, st *storage.Store, eventID int64, ext *exportExt, where matchPlaces, penaltyAt map[int64]int) error {
	checks, err := judging.New(st).DeckChecksOldestFirst(ctx, eventID)
	if err != nil {
		return err
	}
	ext.DeckChecks = []exportDeckCheck{}
	for _, c := range checks {
		at := where[c.MatchID]
		ed := exportDeckCheck{Round: at.Round, Match: at.Match, Seed: c.Seed, Judge: c.JudgeName, StartedAt: c.StartedAt,
			FinishedAt: c.FinishedAt, Outcome: c.Outcome, ExtensionSeconds: c.ExtensionSeconds, Note: c.Note}
		if c.PenaltyID != nil {
			ed.Penalty = penaltyAt[*c.PenaltyID]
		}
		ext.DeckChecks = append(ext.DeckChecks, ed)
	}
	return nil
}

// importDeckChecks checks the file's deck checks and adds them to in.
func importDeckChecks(ext *exportExt, in *eventfile.EventImport) error {
	for i, c := range ext.DeckChecks {
		check := i + 1
		at := eventfile.MatchRef{Round: c.Round, Match: c.Match}
		if !in.HasMatch(at) {
			return importProblemOf("StaffImportDeckCheckMatch", i18n.Args{"Check": check, "Match": c.Match, "Round": c.Round})
		}
		if c.Penalty < 0 || c.Penalty > len(ext.Penalties) {
			return importProblemOf("StaffImportDeckCheckPenalty", i18n.Args{"Check": check, "Penalty": c.Penalty, "Penalties": len(ext.Penalties)})
		}
		switch {
		case c.Outcome == "" && c.FinishedAt == nil && c.Penalty == 0,
			c.Outcome == judging.DeckCheckOK && c.FinishedAt != nil && c.Penalty == 0,
			c.Outcome == judging.DeckCheckProblem && c.FinishedAt != nil:
		default:
			return importProblemOf("StaffImportDeckCheckOutcome", i18n.Args{"Check": check, "Outcome": strconv.Quote(c.Outcome)})
		}
		in.DeckChecks = append(in.DeckChecks, eventfile.ImportedDeckCheck{At: at, Penalty: c.Penalty,
			Check: judging.DeckCheck{Seed: c.Seed, JudgeName: c.Judge, StartedAt: c.StartedAt, FinishedAt: c.FinishedAt,
				Outcome: c.Outcome, ExtensionSeconds: max(c.ExtensionSeconds, 0), Note: c.Note}})
	}
	return nil
}
