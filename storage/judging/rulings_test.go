package judging_test

import (
	"encoding/json"
	"errors"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// judgeSetup makes an event with one player and a judge account.
func judgeSetup(t *testing.T) (*storage.Store, *storage.Event, *storage.Entry, storage.Actor) {
	t.Helper()
	st := storagetest.New(t)
	e := newEvent("Judged Cup")
	if err := st.CreateEvent(ctx, storage.Actor{Name: "org"}, e); err != nil {
		t.Fatal(err)
	}
	en := &storage.Entry{EventID: e.ID, PlayerName: "Ana", TokenHash: "tok-ana"}
	if err := st.CreateEntry(ctx, storage.Actor{Name: "org"}, en); err != nil {
		t.Fatal(err)
	}
	u := &storage.User{Username: "jules", PasswordHash: "x", Role: storage.RoleJudge}
	if err := accounts.New(st).CreateUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	return st, e, en, storage.Actor{UserID: u.ID, Name: "jules"}
}

func TestGameLogCreateListAndAppendWithStaleCheck(t *testing.T) {
	st, e, _, judge := judgeSetup(t)
	l := &storage.GameLog{EventID: e.ID, Title: "Table 4", Body: "[Seed \"1\"]\n"}
	if err := judging.New(st).CreateGameLog(ctx, judge, l); err != nil {
		t.Fatal(err)
	}
	if l.ID == 0 || l.GameNo != 1 || l.CreatedBy != "jules" {
		t.Fatalf("created log: %+v", l)
	}
	ls, err := judging.New(st).GameLogs(ctx, e.ID)
	if err != nil || len(ls) != 1 || ls[0].Title != "Table 4" || ls[0].Body != "" {
		t.Fatalf("list (without bodies): %+v, %v", ls, err)
	}
	if err := judging.New(st).ReplaceGameLogBody(ctx, judge, e.ID, l.ID, l.Body, l.Body+"P1 first\n", nil, map[string]any{"append": "P1 first"}); err != nil {
		t.Fatal(err)
	}
	// A second writer that read the old body loses and changes nothing.
	err = judging.New(st).ReplaceGameLogBody(ctx, judge, e.ID, l.ID, l.Body, l.Body+"P2 first\n", nil, nil)
	if !errors.Is(err, storage.ErrStale) {
		t.Fatalf("stale append: %v, want ErrStale", err)
	}
	got, err := judging.New(st).GameLogByID(ctx, e.ID, l.ID)
	if err != nil || got.Body != "[Seed \"1\"]\nP1 first\n" {
		t.Fatalf("body after appends: %q, %v", got.Body, err)
	}
	// A log is only found through its own event.
	other := newEvent("Other Cup")
	if err := st.CreateEvent(ctx, judge, other); err != nil {
		t.Fatal(err)
	}
	if _, err := judging.New(st).GameLogByID(ctx, other.ID, l.ID); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("log through another event: %v", err)
	}
	if err := judging.New(st).ReplaceGameLogBody(ctx, judge, other.ID, l.ID, got.Body, "x", nil, nil); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("update through another event: %v", err)
	}
	// A match that is not in the event is refused.
	bad := int64(999)
	if err := judging.New(st).CreateGameLog(ctx, judge, &storage.GameLog{EventID: e.ID, MatchID: &bad, Body: "x"}); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("log for a missing match: %v", err)
	}
	audit, err := st.AuditLogFor(ctx, "game_log", l.ID)
	if err != nil || len(audit) != 2 || audit[0].Action != "update" || audit[1].Action != "create" {
		t.Fatalf("audit: %+v, %v", audit, err)
	}
}

func TestRulingWithPenaltyIsOneAuditedTransaction(t *testing.T) {
	st, e, en, judge := judgeSetup(t)
	l := &storage.GameLog{EventID: e.ID, Body: "x"}
	if err := judging.New(st).CreateGameLog(ctx, judge, l); err != nil {
		t.Fatal(err)
	}
	step := 12
	r := &judging.Ruling{EventID: e.ID, GameLogID: &l.ID, Step: &step, Rule: "CR 8-1-1", Note: "Attacked an Active Battle Card; rewound."}
	p := &judging.RulingPenalty{EntryID: en.ID, Kind: "warning", Infraction: "Game rule violation"}
	if err := judging.New(st).CreateRuling(ctx, judge, r, p); err != nil {
		t.Fatal(err)
	}
	if r.PenaltyID == nil || *r.PenaltyID != p.ID || r.JudgeName != "jules" || r.JudgeID == nil || *r.JudgeID != judge.UserID {
		t.Fatalf("ruling: %+v", r)
	}
	if p.Note != r.Note || p.EventID != e.ID || p.JudgeName != "jules" {
		t.Fatalf("penalty: %+v", p)
	}
	plain := &judging.Ruling{EventID: e.ID, Rule: "[Blocker]", Note: "Blocker explained."}
	if err := judging.New(st).CreateRuling(ctx, judge, plain, nil); err != nil {
		t.Fatal(err)
	}
	rs, err := judging.New(st).Rulings(ctx, e.ID)
	if err != nil || len(rs) != 2 {
		t.Fatalf("rulings: %+v, %v", rs, err)
	}
	if rs[0].ID != plain.ID || rs[0].Penalty != nil || rs[1].Penalty == nil || rs[1].Penalty.Kind != "warning" {
		t.Fatalf("rulings newest first with penalties: %+v", rs)
	}
	forLog, err := judging.New(st).RulingsForLog(ctx, e.ID, l.ID)
	if err != nil || len(forLog) != 1 || forLog[0].ID != r.ID || *forLog[0].Step != 12 {
		t.Fatalf("rulings for the log: %+v, %v", forLog, err)
	}
	audit, err := st.AuditLogFor(ctx, "ruling", r.ID)
	if err != nil || len(audit) != 1 || audit[0].Actor != "jules" {
		t.Fatalf("ruling audit: %+v, %v", audit, err)
	}
	var after judging.Ruling
	if err := json.Unmarshal([]byte(audit[0].AfterJSON), &after); err != nil || after.Penalty == nil || after.Penalty.Kind != "warning" {
		t.Fatalf("ruling audit JSON: %s", audit[0].AfterJSON)
	}
	if pa, err := st.AuditLogFor(ctx, "penalty", p.ID); err != nil || len(pa) != 1 {
		t.Fatalf("penalty audit: %+v, %v", pa, err)
	}

	// A penalty for a player of another event rolls the whole ruling back.
	other := newEvent("Other Cup")
	if err := st.CreateEvent(ctx, judge, other); err != nil {
		t.Fatal(err)
	}
	stranger := &storage.Entry{EventID: other.ID, PlayerName: "Zed", TokenHash: "tok-zed"}
	if err := st.CreateEntry(ctx, judge, stranger); err != nil {
		t.Fatal(err)
	}
	err = judging.New(st).CreateRuling(ctx, judge, &judging.Ruling{EventID: e.ID, Note: "n"}, &judging.RulingPenalty{EntryID: stranger.ID, Kind: "caution", Infraction: "x"})
	if !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("penalty for another event's player: %v", err)
	}
	err = judging.New(st).CreateRuling(ctx, judge, &judging.Ruling{EventID: e.ID, Note: "n"}, &judging.RulingPenalty{EntryID: en.ID, Kind: "detention", Infraction: "x"})
	if !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("unknown penalty kind: %v", err)
	}
	if rs, _ := judging.New(st).Rulings(ctx, e.ID); len(rs) != 2 {
		t.Fatalf("refused rulings were stored: %d rulings", len(rs))
	}
	// A log of another event cannot carry the ruling.
	ol := &storage.GameLog{EventID: other.ID, Body: "x"}
	if err := judging.New(st).CreateGameLog(ctx, judge, ol); err != nil {
		t.Fatal(err)
	}
	if err := judging.New(st).CreateRuling(ctx, judge, &judging.Ruling{EventID: e.ID, GameLogID: &ol.ID, Note: "n"}, nil); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("ruling on another event's log: %v", err)
	}
}
