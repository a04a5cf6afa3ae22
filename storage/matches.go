package storage

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
	"time"
)

// Match results.
const (
	ResultNone       = ""
	ResultP1         = "p1"
	ResultP2         = "p2"
	ResultDraw       = "draw"
	ResultDoubleLoss = "double-loss"
	ResultBye        = "bye"
)

// Match statuses: pending (nothing reported), reported (one player said,
// waiting for the other), disputed (they disagree: a judge decides),
// confirmed (final).
const (
	MatchPending   = "pending"
	MatchReported  = "reported"
	MatchDisputed  = "disputed"
	MatchConfirmed = "confirmed"
)

// Match is two players at a table in a round (or one player's bye).
type Match struct {
	ID               int64  `json:"id"`
	EventID          int64  `json:"event_id"`
	RoundID          int64  `json:"round_id"`
	TableNo          *int   `json:"table_no"`
	P1EntryID        int64  `json:"p1"`
	P2EntryID        *int64 `json:"p2"`
	Result           string `json:"result"`
	P1Wins           int    `json:"p1_wins"`
	P2Wins           int    `json:"p2_wins"`
	Draws            int    `json:"draws"`
	Games            string `json:"games"` // JSON list of games of a best-of-three
	Status           string `json:"status"`
	ExtensionSeconds int    `json:"extension_seconds"` // judge's time extension for this table
	// Intentional: a draw both players agreed to from their phones (issue
	// 28), not one played out.
	Intentional bool   `json:"intentional"`
	Note        string `json:"note"`
	// NoteReason is why the pairing made this match (a pair-down or a bye)
	// as facts, JSON written by the server, so a page words it in its own
	// language; Note keeps the English sentence, or the organiser's own
	// reason for a changed pairing (NoteReason then empty).
	NoteReason string    `json:"-"`
	Version    int       `json:"version"`
	UpdatedAt  time.Time `json:"updated_at"`
}

// Side returns "p1" or "p2" for a player of this match, "" otherwise.
func (m *Match) Side(entryID int64) string {
	switch {
	case m.P1EntryID == entryID:
		return ResultP1
	case m.P2EntryID != nil && *m.P2EntryID == entryID:
		return ResultP2
	}
	return ""
}

// players are the match's entries (one for a bye).
func (m *Match) players() []int64 {
	if m.P2EntryID == nil {
		return []int64{m.P1EntryID}
	}
	return []int64{m.P1EntryID, *m.P2EntryID}
}

// Report is one player's account of a match result.
type Report struct {
	ID      int64
	MatchID int64
	EntryID int64
	Result  string
	P1Wins  int
	P2Wins  int
	Draws   int
	Games   string
	// Intentional: the report proposes (or accepts) an intentional draw.
	Intentional bool
	CreatedAt   time.Time
}

// ResultInput is a reported or entered result.
type ResultInput struct {
	Result string // p1, p2, draw or double-loss
	P1Wins int
	P2Wins int
	Draws  int
	Games  string // JSON list of games (best of three), optional
	// Intentional: an intentional draw both players agree to (Result is
	// then a draw).
	Intentional bool
}

func (in ResultInput) same(r *Report) bool {
	return r.Result == in.Result && r.P1Wins == in.P1Wins && r.P2Wins == in.P2Wins && r.Draws == in.Draws && r.Games == in.Games &&
		r.Intentional == in.Intentional
}

func (in ResultInput) valid() bool {
	switch in.Result {
	case ResultP1, ResultP2, ResultDraw, ResultDoubleLoss:
	default:
		return false
	}
	if in.Intentional && (in.Result != ResultDraw || in.P1Wins+in.P2Wins > 0) {
		return false
	}
	return in.P1Wins >= 0 && in.P2Wins >= 0 && in.Draws >= 0 && in.P1Wins <= 5 && in.P2Wins <= 5 && in.Draws <= 5
}

var (
	// ErrNotInMatch: the player is not one of the match's players.
	ErrNotInMatch = errors.New("not a player of this match")
	// ErrFrozen: the round two later is paired, so this result is frozen.
	ErrFrozen = errors.New("result is frozen")
	// ErrAlreadyConfirmed: both players (or an organiser) settled the result.
	ErrAlreadyConfirmed = errors.New("result already confirmed")
	// ErrNotOpen: the round is not published, or the match is a bye.
	ErrNotOpen = errors.New("match is not open for reports")
	// ErrNotPublished: the round is still a preview; nobody plays it yet.
	ErrNotPublished = errors.New("round is not published")
	// ErrNoIntentionalDraw: the round is a top-cut round, where no
	// intentional draw is allowed, or there is no proposal to decline.
	ErrNoIntentionalDraw = errors.New("no intentional draw here")
	// ErrBadResult: the result is not one of the allowed values.
	ErrBadResult = errors.New("not a valid result")
)

// Matches lists a round's matches by table (byes last).
func (s *Store) Matches(ctx context.Context, roundID int64) ([]Match, error) {
	var ms []Match
	err := s.read(ctx).Where("round_id = ?", roundID).Order("table_no IS NULL, table_no, id").Find(&ms).Error
	return ms, wrap("list matches", err)
}

// EventMatches lists every match of an event by round number; rounds are the
// event's rounds, which the caller has already loaded.
func (s *Store) EventMatches(ctx context.Context, eventID int64, rounds []Round) (map[int][]Match, error) {
	var ms []Match
	if err := s.read(ctx).Where("event_id = ?", eventID).Order("table_no IS NULL, table_no, id").Find(&ms).Error; err != nil {
		return nil, wrap("list matches", err)
	}
	byRound := make(map[int64]int, len(rounds))
	for _, r := range rounds {
		byRound[r.ID] = r.Number
	}
	out := map[int][]Match{}
	for _, m := range ms {
		out[byRound[m.RoundID]] = append(out[byRound[m.RoundID]], m)
	}
	return out, nil
}

// MatchByID returns a match of an event.
func (s *Store) MatchByID(ctx context.Context, eventID, id int64) (*Match, error) {
	var m Match
	if err := s.read(ctx).Where("event_id = ? AND id = ?", eventID, id).First(&m).Error; err != nil {
		return nil, wrap(fmt.Sprintf("match %d", id), err)
	}
	return &m, nil
}

// Reports returns the players' reports of a match.
func (s *Store) Reports(ctx context.Context, matchID int64) ([]Report, error) {
	var rs []Report
	err := s.read(ctx).Where("match_id = ?", matchID).Order("id").Find(&rs).Error
	return rs, wrap("list reports", err)
}

// RoundReports returns the reports of every match of a round, by match id,
// each match's in the order they came.
func (s *Store) RoundReports(ctx context.Context, roundID int64) (map[int64][]Report, error) {
	var rs []Report
	err := s.read(ctx).Where("match_id IN (SELECT id FROM matches WHERE round_id = ?)", roundID).Order("id").Find(&rs).Error
	if err != nil {
		return nil, wrap("list round reports", err)
	}
	out := make(map[int64][]Report)
	for _, r := range rs {
		out[r.MatchID] = append(out[r.MatchID], r)
	}
	return out, nil
}

// frozen reports whether results of round number are frozen: the round two
// later exists.
func (s *Store) frozen(ctx context.Context, eventID int64, number int) (bool, error) {
	var n int64
	err := s.with(ctx).Model(&Round{}).Where("event_id = ? AND number >= ?", eventID, number+2).Count(&n).Error
	return n > 0, wrap("check frozen", err)
}

func (s *Store) lockMatch(ctx context.Context, eventID, matchID int64) (*Match, *Round, error) {
	var m Match
	if err := s.locking(ctx).Where("event_id = ? AND id = ?", eventID, matchID).First(&m).Error; err != nil {
		return nil, nil, wrap(fmt.Sprintf("match %d", matchID), err)
	}
	var r Round
	if err := s.with(ctx).First(&r, m.RoundID).Error; err != nil {
		return nil, nil, wrap("round of match", err)
	}
	return &m, &r, nil
}

// SetMatchResult is an organiser or judge entering or fixing a result. A
// frozen result changes only with override and a reason.
func (s *Store) SetMatchResult(ctx context.Context, actor Actor, eventID, matchID int64, in ResultInput, override bool, reason string) (*Match, error) {
	if !in.valid() {
		return nil, ErrBadResult
	}
	var m *Match
	err := s.Tx(ctx, func(tx *Store) error {
		var r *Round
		var err error
		m, r, err = tx.lockMatch(ctx, eventID, matchID)
		if err != nil {
			return err
		}
		if m.P2EntryID == nil {
			return ErrNotOpen
		}
		if r.Status == RoundPreview {
			return ErrNotPublished
		}
		if fz, err := tx.frozen(ctx, eventID, r.Number); err != nil {
			return err
		} else if fz && (!override || reason == "") {
			return ErrFrozen
		}
		before := *m
		m.Result, m.P1Wins, m.P2Wins, m.Draws, m.Games, m.Status = in.Result, in.P1Wins, in.P2Wins, in.Draws, in.Games, MatchConfirmed
		m.Intentional = in.Intentional
		if err := tx.saveMatch(ctx, m); err != nil {
			return err
		}
		after := matchAudit(m)
		if reason != "" {
			after["reason"] = reason
		}
		if err := tx.writeAudit(ctx, actor, &eventID, "set-result", "match", m.ID, matchAudit(&before), after); err != nil {
			return err
		}
		if err := tx.afterMatchSettled(ctx, actor, m, r); err != nil {
			return err
		}
		// The result settles a dispute: its judge call is done.
		if err := tx.closeMatchCalls(ctx, actor, eventID, m.ID, "result entered by staff"); err != nil {
			return err
		}
		return tx.notify(ctx, Notice{EventID: eventID, Topic: "results", Entries: m.players()})
	})
	return m, err
}

// PairingProblem says why a pairing change cannot be made; the server words it.
type PairingProblem struct {
	Kind    string // one of the PairingX constants
	EntryID int64  // the player concerned
	TableNo *int   // that player's other table, when there is one
}

// Kinds of PairingProblem.
const (
	PairingSamePlayer = "same-player" // both seats hold one player
	PairingReported   = "reported"    // the player's other match already has a report
	PairingNoSeat     = "no-seat"     // an active player of the round would be left without a match
)

func (p *PairingProblem) Error() string {
	return fmt.Sprintf("storage: pairing change: %s (entry %d)", p.Kind, p.EntryID)
}

// EditPairing changes the players of a match not yet reported, with the
// reason logged. A player taken from another match of the round swaps with a
// player leaving this one, so every player still has exactly one match; a
// leaving player may go without a match only when no longer playing
// (dropped). All changed matches are audited; all or nothing.
func (s *Store) EditPairing(ctx context.Context, actor Actor, eventID, matchID, p1 int64, p2 *int64, reason string) error {
	if p2 != nil && *p2 == p1 {
		return &PairingProblem{Kind: PairingSamePlayer, EntryID: p1}
	}
	return s.Tx(ctx, func(tx *Store) error {
		m, _, err := tx.lockMatch(ctx, eventID, matchID)
		if err != nil {
			return err
		}
		if m.Status != MatchPending && m.Result != ResultBye {
			return fmt.Errorf("storage: match %d has a report; fix the result instead: %w", matchID, ErrConflict)
		}
		var round []Match
		if err := tx.locking(ctx).Where("round_id = ?", m.RoundID).Order("id").Find(&round).Error; err != nil {
			return wrap("list matches", err)
		}
		want := []int64{p1}
		if p2 != nil {
			want = append(want, *p2)
		}
		var leaving []int64
		for _, id := range matchPlayers(m) {
			if !slices.Contains(want, id) {
				leaving = append(leaving, id)
			}
		}
		// Each player coming from another match takes the seat there of one
		// who leaves this match.
		for _, id := range want {
			if slices.Contains(matchPlayers(m), id) {
				continue
			}
			if leaving, err = tx.swapSeat(ctx, actor, eventID, round, m.ID, id, leaving, reason); err != nil {
				return err
			}
		}
		if err := tx.checkUnseated(ctx, eventID, leaving); err != nil {
			return err
		}
		before := *m
		m.P1EntryID, m.P2EntryID, m.Note, m.NoteReason = p1, p2, reason, ""
		m.Result, m.Status, m.Intentional = ResultNone, MatchPending, false
		if p2 == nil {
			m.Result, m.Status = ResultBye, MatchConfirmed
		}
		if err := tx.saveEditedPairing(ctx, actor, eventID, &before, m, reason); err != nil {
			return err
		}
		if err := tx.settleRound(ctx, actor, m.RoundID); err != nil {
			return err
		}
		return tx.notify(ctx, Notice{EventID: eventID, Topic: "pairings"})
	})
}

// matchPlayers are the entries of a match: one for a bye.
func matchPlayers(x *Match) []int64 {
	if x.P2EntryID == nil {
		return []int64{x.P1EntryID}
	}
	return []int64{x.P1EntryID, *x.P2EntryID}
}

// swapSeat moves player id from their match of the round (other than
// matchID) into it, giving their seat there to the first of leaving; it
// returns the players still leaving.
func (s *Store) swapSeat(ctx context.Context, actor Actor, eventID int64, round []Match, matchID, id int64, leaving []int64, reason string) ([]int64, error) {
	for i := range round {
		other := &round[i]
		if other.ID == matchID || other.Side(id) == "" {
			continue
		}
		if other.Status != MatchPending && other.Result != ResultBye {
			return nil, &PairingProblem{Kind: PairingReported, EntryID: id, TableNo: other.TableNo}
		}
		if len(leaving) == 0 {
			return nil, &PairingProblem{Kind: PairingNoSeat, EntryID: id, TableNo: other.TableNo}
		}
		before := *other
		seat := leaving[0]
		leaving = leaving[1:]
		if other.P1EntryID == id {
			other.P1EntryID = seat
		} else {
			other.P2EntryID = &seat
		}
		other.Note, other.NoteReason = reason, ""
		return leaving, s.saveEditedPairing(ctx, actor, eventID, &before, other, reason)
	}
	return leaving, nil
}

// checkUnseated refuses to leave a player without a match unless they no
// longer play (dropped).
func (s *Store) checkUnseated(ctx context.Context, eventID int64, leaving []int64) error {
	for _, id := range leaving {
		en, err := s.EntryByID(ctx, eventID, id)
		if err != nil {
			return err
		}
		if en.Active() {
			return &PairingProblem{Kind: PairingNoSeat, EntryID: id}
		}
	}
	return nil
}

// saveEditedPairing saves a match whose players changed, audited with the
// reason.
func (s *Store) saveEditedPairing(ctx context.Context, actor Actor, eventID int64, before, m *Match, reason string) error {
	if err := s.saveMatch(ctx, m); err != nil {
		return err
	}
	after := matchAudit(m)
	after["reason"] = reason
	return s.writeAudit(ctx, actor, &eventID, "edit-pairing", "match", m.ID, matchAudit(before), after)
}

// ExtendMatch gives one table extra time (a judge's extension).
func (s *Store) ExtendMatch(ctx context.Context, actor Actor, eventID, matchID int64, extra time.Duration) error {
	return s.Tx(ctx, func(tx *Store) error {
		m, _, err := tx.lockMatch(ctx, eventID, matchID)
		if err != nil {
			return err
		}
		before := m.ExtensionSeconds
		m.ExtensionSeconds += int(extra.Seconds())
		if m.ExtensionSeconds < 0 {
			m.ExtensionSeconds = 0
		}
		if err := tx.saveMatch(ctx, m); err != nil {
			return err
		}
		if err := tx.writeAudit(ctx, actor, &eventID, "extend", "match", m.ID, map[string]any{"extension_seconds": before}, map[string]any{"extension_seconds": m.ExtensionSeconds}); err != nil {
			return err
		}
		return tx.notify(ctx, Notice{EventID: eventID, Topic: "clock"})
	})
}

func (s *Store) saveMatch(ctx context.Context, m *Match) error {
	m.Version++
	m.UpdatedAt = s.now()
	err := s.execHot(s.with(ctx), saveMatchSQL, append(matchSetArgs(m, 1), m.ID)...)
	return wrap("save match", err)
}

// matchSetArgs are the values of matchSet for m, with room for extra more.
func matchSetArgs(m *Match, extra int) []any {
	cols := matchColumns(m)
	args := make([]any, 0, len(cols)+extra)
	for _, name := range matchColumnNames() {
		args = append(args, cols[name])
	}
	return args
}

// matchColumnNames are matchColumns' names in the order of matchSet.
var matchColumnNames = sync.OnceValue(func() []string { return slices.Sorted(maps.Keys(matchColumns(&Match{}))) })

// matchSet is the SET list that writes matchColumns, in matchColumnNames'
// order ("draws = ?, extension_seconds = ?, …").
func matchSet() string {
	set := make([]string, 0, len(matchColumnNames()))
	for _, name := range matchColumnNames() {
		set = append(set, name+" = ?")
	}
	return strings.Join(set, ", ")
}

// saveMatchSQL is saveMatch's statement (a match is saved at every report).
var saveMatchSQL = newHotSQL(func(Dialect) string { return `UPDATE matches SET ` + matchSet() + ` WHERE id = ?` })

// matchColumns are the columns saveMatch writes.
func matchColumns(m *Match) map[string]any {
	return map[string]any{
		"p1_entry_id": m.P1EntryID, "p2_entry_id": m.P2EntryID, "result": m.Result, "p1_wins": m.P1Wins,
		"p2_wins": m.P2Wins, "draws": m.Draws, "games": m.Games, "status": m.Status,
		"extension_seconds": m.ExtensionSeconds, "intentional": m.Intentional, "note": m.Note, "note_reason": m.NoteReason, "version": m.Version, "updated_at": m.UpdatedAt,
	}
}

func matchAudit(m *Match) map[string]any {
	return map[string]any{"table": m.TableNo, "p1": m.P1EntryID, "p2": m.P2EntryID, "result": m.Result,
		"p1_wins": m.P1Wins, "p2_wins": m.P2Wins, "draws": m.Draws, "status": m.Status, "intentional": m.Intentional}
}
