package storage_test

import (
	"errors"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

var org = storage.Actor{Name: "org"}

// eventWithPlayers makes an event with n players (token hashes "t1".."tn").
func eventWithPlayers(t *testing.T, st *storage.Store, n int) (*storage.Event, []storage.Entry) {
	t.Helper()
	return storagetest.EventWithPlayers(t, st, org, n)
}

func ptr[T any](v T) *T { return &v }

// roundOne pairs 1v2 at table 1, 3v4 at table 2 (when there are 4 players), published.
func roundOne(t *testing.T, st *storage.Store, e *storage.Event, es []storage.Entry) []storage.Match {
	t.Helper()
	nm := []storage.NewMatch{{TableNo: ptr(1), P1: es[0].ID, P2: ptr(es[1].ID)}}
	if len(es) >= 4 {
		nm = append(nm, storage.NewMatch{TableNo: ptr(2), P1: es[2].ID, P2: ptr(es[3].ID)})
	}
	if len(es)%2 == 1 {
		nm = append(nm, storage.NewMatch{P1: es[len(es)-1].ID})
	}
	r, err := st.CreateRound(ctx, org, e.ID, 1, storage.KindSwiss, 35*time.Minute, nm)
	if err != nil {
		t.Fatal(err)
	}
	if err := st.PublishRound(ctx, org, e.ID, 1); err != nil {
		t.Fatal(err)
	}
	ms, err := st.Matches(ctx, r.ID)
	if err != nil {
		t.Fatal(err)
	}
	return ms
}

func TestRegistrationCapAndWaitlist(t *testing.T) {
	st := storagetest.New(t)
	e := newEvent("Capped")
	e.PlayerCap = ptr(4)
	if err := st.CreateEvent(ctx, org, e); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	for i := 0; i < 6; i++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			en := storage.Entry{EventID: e.ID, PlayerName: "P", TokenHash: "h" + string(rune('a'+i))}
			if err := st.RegisterEntry(ctx, org, &en); err != nil {
				t.Error(err)
			}
		}()
	}
	wg.Wait()
	es, _ := st.Entries(ctx, e.ID)
	in, waiting := 0, 0
	for _, en := range es {
		if en.Waitlisted {
			waiting++
		} else {
			in++
		}
	}
	if in != 4 || waiting != 2 {
		t.Fatalf("cap 4 with 6 registrations: %d in, %d waitlisted", in, waiting)
	}
	if n, _ := st.CountEntries(ctx, e.ID); n != 4 {
		t.Fatalf("CountEntries = %d, want 4", n)
	}
}

func TestReportsAgreeDisputeAndRepeat(t *testing.T) {
	st := storagetest.New(t)
	e, es := eventWithPlayers(t, st, 5)
	ms := roundOne(t, st, e, es)
	if ms[2].Result != storage.ResultBye || ms[2].Status != storage.MatchConfirmed {
		t.Fatalf("bye match: %+v", ms[2])
	}
	win := storage.ResultInput{Result: storage.ResultP1, P1Wins: 1}

	// Table 1: A reports a win, reports it again (no change), B confirms.
	m, changed, err := st.ReportResult(ctx, e.ID, ms[0].ID, es[0].ID, win)
	if err != nil || !changed || m.Status != storage.MatchReported {
		t.Fatalf("first report: %+v changed=%v err=%v", m, changed, err)
	}
	m, changed, err = st.ReportResult(ctx, e.ID, ms[0].ID, es[0].ID, win)
	if err != nil || changed || m.Status != storage.MatchReported {
		t.Fatalf("same report again: changed=%v err=%v", changed, err)
	}
	m, _, err = st.ReportResult(ctx, e.ID, ms[0].ID, es[1].ID, win)
	if err != nil || m.Status != storage.MatchConfirmed || m.Result != storage.ResultP1 {
		t.Fatalf("confirmed: %+v %v", m, err)
	}
	if _, _, err := st.ReportResult(ctx, e.ID, ms[0].ID, es[1].ID, storage.ResultInput{Result: storage.ResultP2, P2Wins: 1}); !errors.Is(err, storage.ErrAlreadyConfirmed) {
		t.Fatalf("changing a confirmed result: %v", err)
	}

	// Table 2: C and D disagree: disputed, one judge call.
	st.ReportResult(ctx, e.ID, ms[1].ID, es[2].ID, win)
	m, _, err = st.ReportResult(ctx, e.ID, ms[1].ID, es[3].ID, storage.ResultInput{Result: storage.ResultP2, P2Wins: 1})
	if err != nil || m.Status != storage.MatchDisputed || m.Result != storage.ResultNone {
		t.Fatalf("dispute: %+v %v", m, err)
	}
	st.ReportResult(ctx, e.ID, ms[1].ID, es[3].ID, storage.ResultInput{Result: storage.ResultDraw})
	calls, _ := judging.New(st).JudgeCalls(ctx, e.ID)
	if len(calls) != 1 || calls[0].MatchID == nil || *calls[0].MatchID != ms[1].ID {
		t.Fatalf("judge calls after dispute: %+v", calls)
	}
	// The organiser settles it.
	m, err = st.SetMatchResult(ctx, org, e.ID, ms[1].ID, storage.ResultInput{Result: storage.ResultDraw}, false, "")
	if err != nil || m.Status != storage.MatchConfirmed || m.Result != storage.ResultDraw {
		t.Fatalf("organiser result: %+v %v", m, err)
	}

	// Someone else's match, and a bye, cannot be reported.
	if _, _, err := st.ReportResult(ctx, e.ID, ms[0].ID, es[2].ID, win); !errors.Is(err, storage.ErrNotInMatch) {
		t.Fatalf("report for another's match: %v", err)
	}
	if _, _, err := st.ReportResult(ctx, e.ID, ms[2].ID, es[4].ID, win); !errors.Is(err, storage.ErrNotOpen) {
		t.Fatalf("report on a bye: %v", err)
	}
	if _, _, err := st.ReportResult(ctx, e.ID, ms[0].ID, es[0].ID, storage.ResultInput{Result: "bye"}); !errors.Is(err, storage.ErrBadResult) {
		t.Fatalf("bad result value: %v", err)
	}
}

// Two players reporting different results at the same moment: whatever the
// order, the match ends disputed with both reports stored, never half-written.
func TestRacingReportsEndInOneOutcome(t *testing.T) {
	st := storagetest.New(t)
	e, es := eventWithPlayers(t, st, 2)
	for i := 0; i < 5; i++ {
		if i > 0 {
			if err := st.DeleteLatestRound(ctx, org, e.ID, 1, "again"); err != nil {
				t.Fatal(err)
			}
		}
		ms := roundOne(t, st, e, es)
		var wg sync.WaitGroup
		errs := make([]error, 2)
		for j, in := range []storage.ResultInput{{Result: storage.ResultP1, P1Wins: 1}, {Result: storage.ResultP2, P2Wins: 1}} {
			wg.Add(1)
			go func() {
				defer wg.Done()
				_, _, errs[j] = st.ReportResult(ctx, e.ID, ms[0].ID, es[j].ID, in)
			}()
		}
		wg.Wait()
		for _, err := range errs {
			if err != nil {
				t.Fatalf("racing report: %v", err)
			}
		}
		m, _ := st.MatchByID(ctx, e.ID, ms[0].ID)
		reps, _ := st.Reports(ctx, m.ID)
		if m.Status != storage.MatchDisputed || len(reps) != 2 || m.Version != 3 {
			t.Fatalf("after racing reports: status %s, %d reports, version %d", m.Status, len(reps), m.Version)
		}
	}
}

func TestResultsFreezeTwoRoundsLater(t *testing.T) {
	st := storagetest.New(t)
	e, es := eventWithPlayers(t, st, 2)
	ms := roundOne(t, st, e, es)
	for n := 2; n <= 3; n++ {
		if _, err := st.CreateRound(ctx, org, e.ID, n, storage.KindSwiss, time.Minute, []storage.NewMatch{{TableNo: ptr(1), P1: es[0].ID, P2: ptr(es[1].ID)}}); err != nil {
			t.Fatal(err)
		}
	}
	in := storage.ResultInput{Result: storage.ResultP2, P2Wins: 1}
	if _, _, err := st.ReportResult(ctx, e.ID, ms[0].ID, es[0].ID, in); !errors.Is(err, storage.ErrFrozen) {
		t.Fatalf("player report on a frozen round: %v", err)
	}
	if _, err := st.SetMatchResult(ctx, org, e.ID, ms[0].ID, in, false, ""); !errors.Is(err, storage.ErrFrozen) {
		t.Fatalf("organiser without override: %v", err)
	}
	if _, err := st.SetMatchResult(ctx, org, e.ID, ms[0].ID, in, true, ""); !errors.Is(err, storage.ErrFrozen) {
		t.Fatalf("override without a reason: %v", err)
	}
	m, err := st.SetMatchResult(ctx, org, e.ID, ms[0].ID, in, true, "slip misread")
	if err != nil || m.Result != storage.ResultP2 {
		t.Fatalf("override with reason: %+v %v", m, err)
	}
	if err := st.DeleteLatestRound(ctx, org, e.ID, 2, "x"); !errors.Is(err, storage.ErrNotLatestRound) {
		t.Fatalf("deleting an earlier round: %v", err)
	}
	if _, err := st.CreateRound(ctx, org, e.ID, 3, storage.KindSwiss, time.Minute, nil); !errors.Is(err, storage.ErrRoundExists) {
		t.Fatalf("pairing a round twice: %v", err)
	}
}

func TestRoundClock(t *testing.T) {
	st := storagetest.New(t)
	e, es := eventWithPlayers(t, st, 2)
	roundOne(t, st, e, es)
	now := time.Date(2026, 12, 12, 10, 0, 0, 0, time.UTC)
	st.SetClock(func() time.Time { return now })
	r, err := st.ChangeClock(ctx, org, e.ID, 1, storage.ClockStart, 0)
	if err != nil || r.Remaining(now) != 35*time.Minute {
		t.Fatalf("start: %v, remaining %v", err, r.Remaining(now))
	}
	now = now.Add(10 * time.Minute)
	r, _ = st.ChangeClock(ctx, org, e.ID, 1, storage.ClockPause, 0)
	if r.ClockState() != "paused" || r.Remaining(now) != 25*time.Minute {
		t.Fatalf("paused: %s %v", r.ClockState(), r.Remaining(now))
	}
	now = now.Add(time.Hour) // a long pause costs no round time
	if _, err := st.ChangeClock(ctx, org, e.ID, 1, storage.ClockPause, 0); !errors.Is(err, storage.ErrClock) {
		t.Fatalf("pausing twice: %v", err)
	}
	st.ChangeClock(ctx, org, e.ID, 1, storage.ClockResume, 0)
	r, _ = st.ChangeClock(ctx, org, e.ID, 1, storage.ClockAdd, 2*time.Minute)
	// Read back from the database, as a restarted or second instance would.
	r, _ = st.RoundByNumber(ctx, e.ID, 1)
	if got := r.Remaining(now.Add(5 * time.Minute)); got != 22*time.Minute {
		t.Fatalf("after resume and +2 min, 5 min later: %v left, want 22m", got)
	}
	log, _ := st.AuditLog(ctx, e.ID, 100)
	clockRows := 0
	for _, a := range log {
		if a.Entity == "round" && len(a.Action) > 6 && a.Action[:6] == "clock-" {
			clockRows++
		}
	}
	if clockRows != 4 {
		t.Fatalf("%d clock audit rows, want 4", clockRows)
	}
}

func TestNoticesOnlyAfterCommit(t *testing.T) {
	if storagetest.Backend() != "sqlite" {
		t.Skip("on PostgreSQL notices travel through LISTEN/NOTIFY; the server's live tests cover that")
	}
	st := storagetest.New(t)
	var got []storage.Notice
	st.OnNotice(func(n storage.Notice) { got = append(got, n) })
	e, es := eventWithPlayers(t, st, 2)
	roundOne(t, st, e, es)
	if len(got) != 1 || got[0].Topic != "pairings" || got[0].EventID != e.ID {
		t.Fatalf("notices after publishing: %+v", got)
	}
	// A failing change sends nothing.
	got = nil
	if _, _, err := st.ReportResult(ctx, e.ID, 999, es[0].ID, storage.ResultInput{Result: storage.ResultP1}); err == nil {
		t.Fatal("report on unknown match succeeded")
	}
	if len(got) != 0 {
		t.Fatalf("notices from a failed change: %+v", got)
	}
}

func TestEditPairingAndExtension(t *testing.T) {
	st := storagetest.New(t)
	e, es := eventWithPlayers(t, st, 4)
	ms := roundOne(t, st, e, es)
	if err := st.EditPairing(ctx, org, e.ID, ms[0].ID, es[0].ID, ptr(es[2].ID), "same household"); err != nil {
		t.Fatal(err)
	}
	if err := st.EditPairing(ctx, org, e.ID, ms[1].ID, es[1].ID, ptr(es[3].ID), "same household"); err != nil {
		t.Fatal(err)
	}
	m, _ := st.MatchByID(ctx, e.ID, ms[0].ID)
	if *m.P2EntryID != es[2].ID || m.Note != "same household" {
		t.Fatalf("edited pairing: %+v", m)
	}
	st.ReportResult(ctx, e.ID, ms[0].ID, es[0].ID, storage.ResultInput{Result: storage.ResultP1, P1Wins: 1})
	if err := st.EditPairing(ctx, org, e.ID, ms[0].ID, es[0].ID, ptr(es[1].ID), "oops"); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("editing a reported match: %v", err)
	}
	if err := st.ExtendMatch(ctx, org, e.ID, ms[1].ID, 3*time.Minute); err != nil {
		t.Fatal(err)
	}
	m, _ = st.MatchByID(ctx, e.ID, ms[1].ID)
	if m.ExtensionSeconds != 180 {
		t.Fatalf("extension = %d s", m.ExtensionSeconds)
	}
}

// A penalty given with a ruling applies: a match loss gives the match to the
// opponent; a disqualification drops the player.
func TestRulingPenaltiesApply(t *testing.T) {
	st := storagetest.New(t)
	e, es := eventWithPlayers(t, st, 4)
	ms := roundOne(t, st, e, es)
	judge := storage.Actor{Name: "judge"}
	r := &judging.Ruling{EventID: e.ID, MatchID: &ms[0].ID, Note: "Marked sleeves"}
	if err := judging.New(st).CreateRuling(ctx, judge, r, &judging.RulingPenalty{EntryID: es[0].ID, Kind: "match-loss", Infraction: "Marked cards"}); err != nil {
		t.Fatal(err)
	}
	m, _ := st.MatchByID(ctx, e.ID, ms[0].ID)
	if m.Status != storage.MatchConfirmed || m.Result != storage.ResultP2 {
		t.Fatalf("match loss through a ruling: %+v", m)
	}
	p := &judging.RulingPenalty{EventID: e.ID, EntryID: es[2].ID, Kind: "disqualification", Infraction: "Cheating"}
	if err := judging.New(st).GivePenalty(ctx, judge, p, 0); err != nil {
		t.Fatal(err)
	}
	en, _ := st.EntryByID(ctx, e.ID, es[2].ID)
	m, _ = st.MatchByID(ctx, e.ID, ms[1].ID)
	if !en.Disqualified || en.DroppedRound == nil || m.Result != storage.ResultP2 {
		t.Fatalf("disqualification: entry %+v, match %+v", en, m)
	}
	ps, _ := judging.New(st).Penalties(ctx, e.ID)
	if len(ps) != 2 {
		t.Fatalf("%d penalties stored", len(ps))
	}
}

// The play version changes with every change the event's pages show, and
// only then; another event's changes leave it alone.
func TestPlayVersionChangesWithPlay(t *testing.T) {
	st := storagetest.New(t)
	e, es := eventWithPlayers(t, st, 2)
	other := newEvent("other")
	if err := st.CreateEvent(ctx, org, other); err != nil {
		t.Fatal(err)
	}
	version := func() int64 {
		t.Helper()
		v, err := st.PlayVersion(ctx, e.ID)
		if err != nil {
			t.Fatal(err)
		}
		return v
	}
	v := version()
	if version() != v {
		t.Fatal("play version changed with no change")
	}
	changed := func(what string) {
		t.Helper()
		if now := version(); now <= v {
			t.Fatalf("%s did not change the play version (%d, was %d)", what, now, v)
		} else {
			v = now
		}
	}
	ms := roundOne(t, st, e, es)
	changed("pairing a round")
	if _, _, err := st.ReportResult(ctx, e.ID, ms[0].ID, es[0].ID, storage.ResultInput{Result: storage.ResultP1, P1Wins: 1}); err != nil {
		t.Fatal(err)
	}
	changed("a report")
	en, _ := st.EntryByID(ctx, e.ID, es[1].ID)
	en.CheckedIn = true
	if err := st.UpdateEntry(ctx, org, "checkin", en); err != nil {
		t.Fatal(err)
	}
	changed("an entry change")
	if _, err := st.ChangeClock(ctx, org, e.ID, 1, storage.ClockStart, 0); err != nil {
		t.Fatal(err)
	}
	changed("starting the clock")
	ann, err := st.PostAnnouncement(ctx, org, e.ID, "Lunch at noon")
	if err != nil {
		t.Fatal(err)
	}
	changed("an announcement")
	if err := st.RemoveAnnouncement(ctx, org, e.ID, ann.ID); err != nil {
		t.Fatal(err)
	}
	changed("removing an announcement")
	if _, err := judging.New(st).OpenJudgeCall(ctx, e.ID, &es[0].ID, &ms[0].ID, "help"); err != nil {
		t.Fatal(err)
	}
	changed("a judge call")
	// Another event's change is not this one's.
	if _, err := st.PostAnnouncement(ctx, org, other.ID, "Other event"); err != nil {
		t.Fatal(err)
	}
	if version() != v {
		t.Fatal("another event's announcement changed the play version")
	}
	link, err := st.PlayerLinkByTokenHash(ctx, es[0].TokenHash)
	if err != nil {
		t.Fatal(err)
	}
	if link.EntryID != es[0].ID || link.EventID != e.ID || link.PlayVersion != v {
		t.Fatalf("player link %+v, want entry %d of event %d at version %d", link, es[0].ID, e.ID, v)
	}
	if _, err := st.PlayerLinkByTokenHash(ctx, "no such hash"); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("wrong link: %v, want ErrNotFound", err)
	}
}

func TestEntryCounts(t *testing.T) {
	st := storagetest.New(t)
	e1, _ := eventWithPlayers(t, st, 3)
	e2 := newEvent("second")
	if err := st.CreateEvent(ctx, org, e2); err != nil {
		t.Fatal(err)
	}
	for _, en := range []storage.Entry{
		{EventID: e2.ID, PlayerName: "P", TokenHash: "p2"},
		{EventID: e2.ID, PlayerName: "W", TokenHash: "w2", Waitlisted: true},
	} {
		if err := st.CreateEntry(ctx, org, &en); err != nil {
			t.Fatal(err)
		}
	}
	e3 := newEvent("empty")
	st.CreateEvent(ctx, org, e3)
	got, err := st.EntryCounts(ctx, []int64{e1.ID, e2.ID, e3.ID})
	if err != nil || got[e1.ID] != 3 || got[e2.ID] != 1 || got[e3.ID] != 0 {
		t.Fatalf("EntryCounts = %v, %v", got, err)
	}
}

func TestDropNotCheckedInBeforeRoundOne(t *testing.T) {
	st := storagetest.New(t)
	e, es := eventWithPlayers(t, st, 5)
	// A and C check in; E is dropped already; B and D are absent.
	for _, i := range []int{0, 2} {
		es[i].CheckedIn = true
		if err := st.UpdateEntry(ctx, org, "checkin", &es[i]); err != nil {
			t.Fatal(err)
		}
	}
	if err := st.DropEntry(ctx, org, e.ID, es[4].ID, 0); err != nil {
		t.Fatal(err)
	}
	names, err := st.DropNotCheckedIn(ctx, org, e.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(names) != 2 || names[0] != "Player B" || names[1] != "Player D" {
		t.Fatalf("dropped %v, want Player B and Player D", names)
	}
	after, _ := st.Entries(ctx, e.ID)
	for _, en := range after {
		if want := !en.CheckedIn; (en.DroppedRound != nil) != want || (en.DroppedRound != nil && *en.DroppedRound != 0) {
			t.Errorf("%s: checked in %v, dropped after round %v", en.PlayerName, en.CheckedIn, en.DroppedRound)
		}
	}
	audit, err := st.AuditLog(ctx, e.ID, 100)
	if err != nil {
		t.Fatal(err)
	}
	drops := 0
	for _, a := range audit {
		if a.Action == "drop-not-checked-in" {
			drops++
		}
	}
	if drops != 2 {
		t.Fatalf("%d audited drops, want 2", drops)
	}
	// Once round 1 is paired it refuses and changes nothing.
	late := storage.Entry{EventID: e.ID, PlayerName: "Late", TokenHash: "late"}
	if err := st.RegisterEntry(ctx, org, &late); err != nil {
		t.Fatal(err)
	}
	if _, err := st.CreateRound(ctx, org, e.ID, 1, storage.KindSwiss, 35*time.Minute, []storage.NewMatch{{TableNo: ptr(1), P1: es[0].ID, P2: ptr(es[2].ID)}}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.DropNotCheckedIn(ctx, org, e.ID); !errors.Is(err, storage.ErrRoundsStarted) {
		t.Fatalf("after pairing: %v, want ErrRoundsStarted", err)
	}
	if en, _ := st.EntryByID(ctx, e.ID, late.ID); en.DroppedRound != nil {
		t.Fatal("a refused call dropped a player")
	}
}

// A player taken from another table swaps with the one leaving, so every
// player keeps exactly one match; impossible changes are refused whole.
func TestEditPairingSwapsAndRefuses(t *testing.T) {
	st := storagetest.New(t)
	e, es := eventWithPlayers(t, st, 4)
	ms := roundOne(t, st, e, es) // A v B at 1, C v D at 2
	A, B, C, D := es[0].ID, es[1].ID, es[2].ID, es[3].ID
	var pp *storage.PairingProblem
	if err := st.EditPairing(ctx, org, e.ID, ms[0].ID, A, ptr(A), "typo"); !errors.As(err, &pp) || pp.Kind != storage.PairingSamePlayer {
		t.Fatalf("A v A: %v", err)
	}
	// Table 1 becomes A v C: B takes C's seat at table 2.
	if err := st.EditPairing(ctx, org, e.ID, ms[0].ID, A, ptr(C), "same household"); err != nil {
		t.Fatal(err)
	}
	t1, _ := st.MatchByID(ctx, e.ID, ms[0].ID)
	t2, _ := st.MatchByID(ctx, e.ID, ms[1].ID)
	if t1.P1EntryID != A || *t1.P2EntryID != C || t2.P1EntryID != B || *t2.P2EntryID != D {
		t.Fatalf("after the swap: table 1 %d v %d, table 2 %d v %d", t1.P1EntryID, *t1.P2EntryID, t2.P1EntryID, *t2.P2EntryID)
	}
	if log, _ := st.AuditLogFor(ctx, "match", ms[1].ID); len(log) == 0 || log[0].Action != "edit-pairing" {
		t.Fatalf("the other table's change is not audited: %+v", log)
	}
	// Making table 1 a bye for A would leave C, still playing, without a match.
	if err := st.EditPairing(ctx, org, e.ID, ms[0].ID, A, nil, "bye"); !errors.As(err, &pp) || pp.Kind != storage.PairingNoSeat || pp.EntryID != C {
		t.Fatalf("A alone: %v", err)
	}
	// Once table 2 has a report, its players cannot be taken.
	if _, _, err := st.ReportResult(ctx, e.ID, ms[1].ID, B, storage.ResultInput{Result: storage.ResultP1, P1Wins: 1}); err != nil {
		t.Fatal(err)
	}
	if err := st.EditPairing(ctx, org, e.ID, ms[0].ID, A, ptr(D), "swap"); !errors.As(err, &pp) || pp.Kind != storage.PairingReported || pp.EntryID != D {
		t.Fatalf("taking D from a reported match: %v", err)
	}
	t1, _ = st.MatchByID(ctx, e.ID, ms[0].ID)
	t2, _ = st.MatchByID(ctx, e.ID, ms[1].ID)
	if *t1.P2EntryID != C || t2.P1EntryID != B {
		t.Fatal("a refused change wrote something")
	}
}

func TestNoResultsOnAPreviewRound(t *testing.T) {
	st := storagetest.New(t)
	e, es := eventWithPlayers(t, st, 2)
	r, err := st.CreateRound(ctx, org, e.ID, 1, storage.KindSwiss, 35*time.Minute, []storage.NewMatch{{TableNo: ptr(1), P1: es[0].ID, P2: ptr(es[1].ID)}})
	if err != nil {
		t.Fatal(err)
	}
	ms, _ := st.Matches(ctx, r.ID)
	if _, err := st.SetMatchResult(ctx, org, e.ID, ms[0].ID, storage.ResultInput{Result: storage.ResultP1, P1Wins: 1}, false, ""); !errors.Is(err, storage.ErrNotPublished) {
		t.Fatalf("result on a preview: %v", err)
	}
	if _, _, err := st.ReportResult(ctx, e.ID, ms[0].ID, es[0].ID, storage.ResultInput{Result: storage.ResultP1, P1Wins: 1}); !errors.Is(err, storage.ErrNotOpen) {
		t.Fatalf("report on a preview: %v", err)
	}
	if err := st.PublishRound(ctx, org, e.ID, 1); err != nil {
		t.Fatal(err)
	}
	if _, err := st.SetMatchResult(ctx, org, e.ID, ms[0].ID, storage.ResultInput{Result: storage.ResultP1, P1Wins: 1}, false, ""); err != nil {
		t.Fatalf("result once published: %v", err)
	}
}

// A report starts from one query: the link's entry, its event and the match.
// Each comes back as the single-table reads return it; a match of another
// event is none, and a wrong link is ErrNotFound.
func TestPlayerMatchReadsEntryEventAndMatchAtOnce(t *testing.T) {
	st := storagetest.New(t)
	e, es := eventWithPlayers(t, st, 2)
	ms := roundOne(t, st, e, es)
	other := newEvent("Other")
	other.Status = storage.StatusRunning
	if err := st.CreateEvent(ctx, org, other); err != nil {
		t.Fatal(err)
	}
	var others []storage.Entry
	for _, name := range []string{"Other A", "Other B"} {
		en := storage.Entry{EventID: other.ID, PlayerName: name, TokenHash: "other " + name}
		if err := st.RegisterEntry(ctx, org, &en); err != nil {
			t.Fatal(err)
		}
		others = append(others, en)
	}
	otherMatches := roundOne(t, st, other, others)

	en, ev, m, err := st.PlayerMatch(ctx, es[1].TokenHash, ms[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	wantEntry, _ := st.EntryByID(ctx, e.ID, es[1].ID)
	wantEvent, _ := st.EventByID(ctx, e.ID)
	wantMatch, _ := st.MatchByID(ctx, e.ID, ms[0].ID)
	if !reflect.DeepEqual(en, wantEntry) {
		t.Errorf("entry:\n got %+v\nwant %+v", en, wantEntry)
	}
	if !reflect.DeepEqual(ev, wantEvent) {
		t.Errorf("event:\n got %+v\nwant %+v", ev, wantEvent)
	}
	if !reflect.DeepEqual(m, wantMatch) {
		t.Errorf("match:\n got %+v\nwant %+v", m, wantMatch)
	}

	en, ev, m, err = st.PlayerMatch(ctx, es[0].TokenHash, otherMatches[0].ID)
	if err != nil || en == nil || en.ID != es[0].ID || ev == nil || ev.ID != e.ID || m != nil {
		t.Errorf("another event's match: entry %v, event %v, match %v, err %v; want the player's entry and event, no match", en, ev, m, err)
	}
	if _, _, _, err := st.PlayerMatch(ctx, "no such link", ms[0].ID); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("wrong link: %v, want ErrNotFound", err)
	}
}

// A report's three writes (the report, its match, the audit row) land
// together: a player who changes their report keeps one report row with the
// new result, the stored match is the one ReportResult returned, and each
// change has its audit row with the match before and after.
func TestChangedReportKeepsOneRowAndItsAudit(t *testing.T) {
	st := storagetest.New(t)
	e, es := eventWithPlayers(t, st, 2)
	ms := roundOne(t, st, e, es)
	win := storage.ResultInput{Result: storage.ResultP1, P1Wins: 1}
	draw := storage.ResultInput{Result: storage.ResultDraw, Draws: 1, Games: `[{"winner":"draw"}]`}
	for i, in := range []storage.ResultInput{win, draw} {
		m, changed, err := st.ReportResult(ctx, e.ID, ms[0].ID, es[0].ID, in)
		if err != nil || !changed {
			t.Fatalf("report %d: changed %v, err %v", i+1, changed, err)
		}
		stored, err := st.MatchByID(ctx, e.ID, ms[0].ID)
		if err != nil {
			t.Fatal(err)
		}
		if stored.Version != m.Version || stored.Status != storage.MatchReported || m.UpdatedAt.Sub(stored.UpdatedAt).Abs() >= time.Microsecond { // PostgreSQL keeps microseconds
			t.Errorf("report %d: stored match %+v, returned %+v", i+1, stored, m)
		}
	}
	reps, err := st.Reports(ctx, ms[0].ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(reps) != 1 || reps[0].EntryID != es[0].ID || reps[0].Result != storage.ResultDraw || reps[0].Draws != 1 || reps[0].P1Wins != 0 || reps[0].Games != draw.Games {
		t.Fatalf("reports after a changed report: %+v", reps)
	}
	log, err := st.AuditLog(ctx, e.ID, 100)
	if err != nil {
		t.Fatal(err)
	}
	var reports []storage.AuditEntry
	for _, a := range log {
		if a.Action == "report" {
			reports = append(reports, a)
		}
	}
	if len(reports) != 2 {
		t.Fatalf("audit rows of reports: %+v", reports)
	}
	newest := reports[0] // newest first
	if newest.Actor != "player "+es[0].PlayerName || newest.Entity != "match" || newest.EntityID != ms[0].ID || newest.EventID == nil || *newest.EventID != e.ID ||
		!strings.Contains(newest.BeforeJSON, `"status":"reported"`) || !strings.Contains(newest.AfterJSON, `"status":"reported"`) {
		t.Errorf("audit row of the changed report: %+v", newest)
	}
	if first := reports[1]; !strings.Contains(first.BeforeJSON, `"status":"pending"`) || !strings.Contains(first.AfterJSON, `"status":"reported"`) {
		t.Errorf("audit row of the first report: %+v", first)
	}
}
