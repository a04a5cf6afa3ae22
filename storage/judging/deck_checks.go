package judging

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"math"
	"slices"
	"strconv"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// Deck checks (issue 28): a judge picks tables of the round in play at
// random, or names one, checks the decks there and records the outcome. The
// time a check took is added to its match's extension.

var (
	// ErrNoRoundInPlay: no round is published and unfinished, so there is
	// no table to check.
	ErrNoRoundInPlay = errors.New("no round in play")
	// ErrTableNotOpen: the named table has no match of two players still
	// playing, or its decks were checked this round already.
	ErrTableNotOpen = errors.New("table not open for a deck check")
	// ErrCheckFinished: the deck check has its outcome already.
	ErrCheckFinished = errors.New("deck check finished")
)

// NewSeed is a fresh random seed for a pick: 16 bytes, in hex.
func NewSeed() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // crypto/rand never fails on the platforms Go runs on
	return hex.EncodeToString(b)
}

// PickTables picks n of tables from seed, so that anyone can pick again:
// each table's key is the SHA-256 of "SEED:TABLE" (the table number in
// decimal), in hex; the tables with the n smallest keys are picked, given
// in the order of their keys.
func PickTables(seed string, tables []int, n int) []int {
	type keyed struct {
		key   string
		table int
	}
	ks := make([]keyed, 0, len(tables))
	for _, t := range tables {
		sum := sha256.Sum256([]byte(seed + ":" + strconv.Itoa(t)))
		ks = append(ks, keyed{hex.EncodeToString(sum[:]), t})
	}
	slices.SortFunc(ks, func(a, b keyed) int {
		if a.key < b.key {
			return -1
		}
		return 1
	})
	picked := make([]int, 0, n)
	for _, k := range ks[:min(n, len(ks))] {
		picked = append(picked, k.table)
	}
	return picked
}

// DeckChecks lists an event's deck checks, newest first.
func (s *Store) DeckChecks(ctx context.Context, eventID int64) ([]DeckCheck, error) {
	var cs []DeckCheck
	err := s.read(ctx).Where("event_id = ?", eventID).Order("id DESC").Find(&cs).Error
	return cs, wrap("list deck checks", err)
}

// DeckChecksOldestFirst lists an event's deck checks in the order they were
// made (for the event file).
func (s *Store) DeckChecksOldestFirst(ctx context.Context, eventID int64) ([]DeckCheck, error) {
	var cs []DeckCheck
	err := s.read(ctx).Where("event_id = ?", eventID).Order("id").Find(&cs).Error
	return cs, wrap("list deck checks", err)
}

// StartDeckChecks starts checks at n tables of the round in play, picked
// from a fresh seed, or at the one table named (table > 0). The tables that
// may be picked are those whose two players have no final result and whose
// decks were not checked this round, in table order. The pick, with its
// seed and the tables it was made from, is written in the audit log.
func (s *Store) StartDeckChecks(ctx context.Context, actor storage.Actor, eventID int64, n, table int) ([]DeckCheck, error) {
	var out []DeckCheck
	err := s.tx(ctx, func(tx *Store) error {
		round, open, err := tx.checkableTables(ctx, eventID)
		if err != nil {
			return err
		}
		tables := slices.Sorted(func(yield func(int) bool) {
			for t := range open {
				if !yield(t) {
					return
				}
			}
		})
		seed, picked := "", []int{table}
		if table <= 0 {
			seed = NewSeed()
			picked = PickTables(seed, tables, n)
		} else if _, ok := open[table]; !ok {
			return ErrTableNotOpen
		}
		if len(picked) == 0 {
			return ErrTableNotOpen
		}
		out, err = tx.createChecks(ctx, actor, eventID, seed, picked, open)
		if err != nil {
			return err
		}
		after := map[string]any{"round": round.Number, "seed": seed, "count": n, "tables": tables, "picked": picked}
		if seed == "" {
			after = map[string]any{"round": round.Number, "named": table}
		}
		return tx.writeAudit(ctx, actor, &eventID, "pick", "deck-check", out[0].ID, nil, after)
	})
	return out, err
}

// checkableTables are the tables of the round in play open for a deck
// check, with their match ids.
func (s *Store) checkableTables(ctx context.Context, eventID int64) (*storage.Round, map[int]int64, error) {
	var r storage.Round
	err := s.with(ctx).Where("event_id = ? AND status = ?", eventID, storage.RoundPublished).Order("number DESC").Limit(1).Find(&r).Error
	if err != nil {
		return nil, nil, wrap("round in play", err)
	}
	if r.ID == 0 {
		return nil, nil, ErrNoRoundInPlay
	}
	var ms []storage.Match
	err = s.with(ctx).Where("round_id = ? AND p2_entry_id IS NOT NULL AND table_no IS NOT NULL AND status <> ?", r.ID, storage.MatchConfirmed).
		Where("id NOT IN (SELECT match_id FROM deck_checks WHERE event_id = ?)", eventID).Find(&ms).Error
	if err != nil {
		return nil, nil, wrap("tables to check", err)
	}
	open := make(map[int]int64, len(ms))
	for _, m := range ms {
		open[*m.TableNo] = m.ID
	}
	return &r, open, nil
}

func (s *Store) createChecks(ctx context.Context, actor storage.Actor, eventID int64, seed string, tables []int, open map[int]int64) ([]DeckCheck, error) {
	out := make([]DeckCheck, 0, len(tables))
	for _, t := range tables {
		c := DeckCheck{EventID: eventID, MatchID: open[t], Seed: seed, JudgeName: actor.Name, StartedAt: s.now()}
		if actor.UserID != 0 {
			id := actor.UserID
			c.JudgeID = &id
		}
		if err := s.with(ctx).Create(&c).Error; err != nil {
			return nil, wrap("create deck check", err)
		}
		out = append(out, c)
	}
	return out, nil
}

// FinishDeckCheck records a check's outcome and adds the time it took,
// rounded up to a whole minute, to its match's extension; a problem may
// come with a penalty (given as GivePenalty gives it, for the match's
// player it names), linked to the check. One transaction.
func (s *Store) FinishDeckCheck(ctx context.Context, actor storage.Actor, eventID, checkID int64, outcome, note string, penalty *RulingPenalty, bestOf int) (*DeckCheck, error) {
	if outcome != DeckCheckOK && outcome != DeckCheckProblem || (penalty != nil && outcome != DeckCheckProblem) {
		return nil, fmt.Errorf("storage: deck check outcome %q: %w", outcome, storage.ErrBadResult)
	}
	var c DeckCheck
	err := s.tx(ctx, func(tx *Store) error {
		if err := tx.locking(ctx).Where("event_id = ? AND id = ?", eventID, checkID).First(&c).Error; err != nil {
			return wrap(fmt.Sprintf("deck check %d", checkID), err)
		}
		if c.FinishedAt != nil {
			return ErrCheckFinished
		}
		before := c
		now := tx.now()
		took := max(now.Sub(c.StartedAt), time.Second)
		c.FinishedAt, c.Outcome, c.Note = &now, outcome, note
		c.ExtensionSeconds = int(math.Ceil(took.Minutes())) * 60
		if err := tx.st.ExtendMatch(ctx, actor, eventID, c.MatchID, time.Duration(c.ExtensionSeconds)*time.Second); err != nil {
			return err
		}
		if penalty != nil {
			m, err := tx.st.MatchByID(ctx, eventID, c.MatchID)
			if err != nil {
				return err
			}
			if m.Side(penalty.EntryID) == "" {
				return storage.ErrNotInMatch
			}
			penalty.EventID, penalty.MatchID = eventID, &c.MatchID
			if err := tx.GivePenalty(ctx, actor, penalty, bestOf); err != nil {
				return err
			}
			c.PenaltyID = &penalty.ID
		}
		if err := tx.with(ctx).Save(&c).Error; err != nil {
			return wrap("finish deck check", err)
		}
		return tx.writeAudit(ctx, actor, &eventID, "finish", "deck-check", c.ID, before, c)
	})
	if err != nil {
		return nil, err
	}
	return &c, nil
}
