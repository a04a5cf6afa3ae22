package storage_test

import (
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// A round is complete the moment its last match is final, by whatever path
// (both players' reports, staff entry, a penalty); the clock stops where it
// was, refuses to run again, and a match opened again reopens the round.
func TestRoundCompleteWhenEveryMatchIsFinal(t *testing.T) {
	st := storagetest.New(t)
	e, es := eventWithPlayers(t, st, 5) // two tables and a bye
	ms := roundOne(t, st, e, es)
	now := time.Date(2026, 12, 12, 10, 0, 0, 0, time.UTC)
	st.SetClock(func() time.Time { return now })
	if _, err := st.ChangeClock(ctx, org, e.ID, 1, storage.ClockStart, 0); err != nil {
		t.Fatal(err)
	}
	status := func() *storage.Round {
		t.Helper()
		r, err := st.RoundByNumber(ctx, e.ID, 1)
		if err != nil {
			t.Fatal(err)
		}
		return r
	}
	// Table 1 by the players' reports: the round is not complete yet.
	now = now.Add(20 * time.Minute)
	st.ReportResult(ctx, e.ID, ms[0].ID, es[0].ID, storage.ResultInput{Result: storage.ResultP1, P1Wins: 1})
	if _, _, err := st.ReportResult(ctx, e.ID, ms[0].ID, es[1].ID, storage.ResultInput{Result: storage.ResultP1, P1Wins: 1}); err != nil {
		t.Fatal(err)
	}
	if r := status(); r.Status != storage.RoundPublished || r.ClockState() != "running" {
		t.Fatalf("one table of two final: round %s, clock %s", r.Status, r.ClockState())
	}
	// Table 2 by a penalty (a match loss): every match is final now.
	now = now.Add(5 * time.Minute)
	p := &judging.RulingPenalty{EventID: e.ID, EntryID: es[2].ID, Kind: "match-loss", Infraction: "Marked cards"}
	if err := judging.New(st).GivePenalty(ctx, org, p, 0); err != nil {
		t.Fatal(err)
	}
	r := status()
	if r.Status != storage.RoundFinished || r.ClockState() != storage.ClockFinished || r.FinishedAt == nil {
		t.Fatalf("every match final: round %s, clock %s, finished at %v", r.Status, r.ClockState(), r.FinishedAt)
	}
	// The clock stopped with 10 minutes left and stays there.
	if got := r.Remaining(now.Add(time.Hour)); got != 10*time.Minute {
		t.Fatalf("remaining on a complete round an hour later = %v, want 10m", got)
	}
	for _, a := range []storage.ClockAction{storage.ClockStart, storage.ClockPause, storage.ClockResume, storage.ClockAdd} {
		if _, err := st.ChangeClock(ctx, org, e.ID, 1, a, time.Minute); !errors.Is(err, storage.ErrClock) {
			t.Errorf("%s on a complete round: %v, want ErrClock", a, err)
		}
	}
	log, err := st.AuditLogFor(ctx, "round", r.ID)
	if err != nil {
		t.Fatal(err)
	}
	found := false
	for _, a := range log {
		if a.Action == "complete" {
			found = true
		}
	}
	if !found {
		t.Fatal("no audit row for the round's completion")
	}
	// The bye goes to a pairing change (the player joins table 2 is not
	// possible: it is final; so the organiser seats the bye player against a
	// late arrival): the round has an open match again and is in play.
	late := storage.Entry{EventID: e.ID, PlayerName: "Late", TokenHash: "late"}
	if err := st.RegisterEntry(ctx, org, &late); err != nil {
		t.Fatal(err)
	}
	if err := st.EditPairing(ctx, org, e.ID, ms[2].ID, es[4].ID, &late.ID, "late arrival"); err != nil {
		t.Fatal(err)
	}
	if r := status(); r.Status != storage.RoundPublished || r.FinishedAt != nil {
		t.Fatalf("a match open again: round %s, finished at %v", r.Status, r.FinishedAt)
	}
	// Staff enter that result: complete again.
	if _, err := st.SetMatchResult(ctx, org, e.ID, ms[2].ID, storage.ResultInput{Result: storage.ResultP2, P2Wins: 1}, false, ""); err != nil {
		t.Fatal(err)
	}
	if r := status(); r.Status != storage.RoundFinished {
		t.Fatalf("after the staff entry: round %s", r.Status)
	}
}

// The last two results of a round committing at the same time still
// complete it: the round row is locked before the open matches are counted.
func TestRacingLastResultsCompleteTheRound(t *testing.T) {
	for try := 0; try < 5; try++ {
		st := storagetest.New(t)
		e, es := eventWithPlayers(t, st, 16)
		var nm []storage.NewMatch
		for i := 0; i < 16; i += 2 {
			nm = append(nm, storage.NewMatch{TableNo: ptr(i/2 + 1), P1: es[i].ID, P2: ptr(es[i+1].ID)})
		}
		r, err := st.CreateRound(ctx, org, e.ID, 1, storage.KindSwiss, 35*time.Minute, nm)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.PublishRound(ctx, org, e.ID, 1); err != nil {
			t.Fatal(err)
		}
		ms, _ := st.Matches(ctx, r.ID)
		start := make(chan struct{})
		var wg sync.WaitGroup
		for i, m := range ms {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				in := storage.ResultInput{Result: storage.ResultP1, P1Wins: 1}
				if _, err := st.SetMatchResult(ctx, org, e.ID, m.ID, in, false, ""); err != nil {
					t.Errorf("table %d: %v", i+1, err)
				}
			}()
		}
		close(start)
		wg.Wait()
		r, err = st.RoundByNumber(ctx, e.ID, 1)
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != storage.RoundFinished {
			t.Fatalf("try %d: all results in at once, round %s", try, r.Status)
		}
	}
}

// Players' confirmations complete the round after their commit, without the
// round lock (completeIfDone): the last tables confirming at the same time
// still complete it, exactly once.
func TestRacingLastConfirmationsCompleteTheRound(t *testing.T) {
	for try := 0; try < 5; try++ {
		st := storagetest.New(t)
		e, es := eventWithPlayers(t, st, 16)
		var nm []storage.NewMatch
		for i := 0; i < 16; i += 2 {
			nm = append(nm, storage.NewMatch{TableNo: ptr(i/2 + 1), P1: es[i].ID, P2: ptr(es[i+1].ID)})
		}
		r, err := st.CreateRound(ctx, org, e.ID, 1, storage.KindSwiss, 35*time.Minute, nm)
		if err != nil {
			t.Fatal(err)
		}
		if err := st.PublishRound(ctx, org, e.ID, 1); err != nil {
			t.Fatal(err)
		}
		ms, _ := st.Matches(ctx, r.ID)
		in := storage.ResultInput{Result: storage.ResultP1, P1Wins: 1}
		for _, m := range ms {
			if _, _, err := st.ReportResult(ctx, e.ID, m.ID, m.P1EntryID, in); err != nil {
				t.Fatal(err)
			}
		}
		start := make(chan struct{})
		var wg sync.WaitGroup
		for i, m := range ms {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				if _, _, err := st.ReportResult(ctx, e.ID, m.ID, *m.P2EntryID, in); err != nil {
					t.Errorf("table %d: %v", i+1, err)
				}
			}()
		}
		close(start)
		wg.Wait()
		r, err = st.RoundByNumber(ctx, e.ID, 1)
		if err != nil {
			t.Fatal(err)
		}
		if r.Status != storage.RoundFinished {
			t.Fatalf("try %d: every table confirmed at once, round %s", try, r.Status)
		}
		if n := completions(t, st, r.ID); n != 1 {
			t.Fatalf("try %d: the round was completed %d times, want once", try, n)
		}
	}
}

// A crash between a last confirmation's commit and its round check leaves a
// round in play with every result in; sending the confirmation again, or the
// server's start (CompleteDoneRounds), completes it.
func TestRoundLeftOpenByACrashIsCompleted(t *testing.T) {
	st := storagetest.New(t)
	e, es := eventWithPlayers(t, st, 4)
	ms := roundOne(t, st, e, es)
	in := storage.ResultInput{Result: storage.ResultP1, P1Wins: 1}
	for _, m := range ms {
		for _, who := range []int64{m.P1EntryID, *m.P2EntryID} {
			if _, _, err := st.ReportResult(ctx, e.ID, m.ID, who, in); err != nil {
				t.Fatal(err)
			}
		}
	}
	r, err := st.RoundByNumber(ctx, e.ID, 1)
	if err != nil {
		t.Fatal(err)
	}
	if r.Status != storage.RoundFinished || completions(t, st, r.ID) != 1 {
		t.Fatalf("every table confirmed: round %s, %d completions", r.Status, completions(t, st, r.ID))
	}

	// The confirmation sent again.
	if err := storage.LeaveRoundOpen(st, r.ID); err != nil {
		t.Fatal(err)
	}
	if _, changed, err := st.ReportResult(ctx, e.ID, ms[0].ID, *ms[0].P2EntryID, in); err != nil || changed {
		t.Fatalf("the same confirmation again: changed %v, %v", changed, err)
	}
	if r, _ = st.RoundByNumber(ctx, e.ID, 1); r.Status != storage.RoundFinished {
		t.Fatalf("after the confirmation again: round %s", r.Status)
	}

	// The server's start.
	if err := storage.LeaveRoundOpen(st, r.ID); err != nil {
		t.Fatal(err)
	}
	if n, err := st.CompleteDoneRounds(ctx); err != nil || n != 1 {
		t.Fatalf("CompleteDoneRounds = %d, %v; want 1 round", n, err)
	}
	if r, _ = st.RoundByNumber(ctx, e.ID, 1); r.Status != storage.RoundFinished || r.FinishedAt == nil {
		t.Fatalf("after CompleteDoneRounds: round %s, finished at %v", r.Status, r.FinishedAt)
	}
	if n, err := st.CompleteDoneRounds(ctx); err != nil || n != 0 {
		t.Fatalf("CompleteDoneRounds again = %d, %v; want none", n, err)
	}
	if n := completions(t, st, r.ID); n != 3 {
		t.Fatalf("%d completions in the audit log, want 3 (first, again, at start)", n)
	}
}

// completions counts the round's completions in the audit log.
func completions(t *testing.T, st *storage.Store, roundID int64) int {
	t.Helper()
	log, err := st.AuditLogFor(ctx, "round", roundID)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, a := range log {
		if a.Action == "complete" {
			n++
		}
	}
	return n
}
