package eventfile_test

import (
	"context"
	"errors"
	"strconv"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/eventfile"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// restoreFixture imports importFixture and returns the event and the file
// of it as a restore reads it: players keyed by their entry ids.
func restoreFixture(t *testing.T, st *storage.Store) (*storage.Event, *eventfile.EventImport, []storage.Entry) {
	t.Helper()
	res, err := eventfile.New(st).ImportEvent(ctx, org, importFixture(), func(id int64, gen int) string {
		return "hash-" + strconv.FormatInt(id, 10)
	})
	if err != nil {
		t.Fatal(err)
	}
	es, _ := st.Entries(ctx, res.Event.ID)
	in := importFixture()
	keys := map[string]string{}
	for i := range in.Entries {
		keys[in.Entries[i].Key] = strconv.FormatInt(es[i].ID, 10)
		in.Entries[i].Key = keys[in.Entries[i].Key]
	}
	for _, r := range in.Rounds {
		for j := range r.Matches {
			m := &r.Matches[j]
			m.P1 = keys[m.P1]
			if m.P2 != "" {
				m.P2 = keys[m.P2]
			}
		}
	}
	for i := range in.Penalties {
		in.Penalties[i].Entry = keys[in.Penalties[i].Entry]
	}
	return res.Event, in, es
}

func count(t *testing.T, st *storage.Store, table string, eventID int64) int {
	t.Helper()
	var n int
	if err := st.SQL().QueryRow("SELECT COUNT(*) FROM "+table+" WHERE event_id = $1", eventID).Scan(&n); err != nil {
		t.Fatal(err)
	}
	return n
}

// A restore keeps the entries (ids and links) of players the snapshot
// has, removes later ones, re-enters deleted ones with a new link, replaces
// everything else and keeps the audit log; it tells the live pages.
func TestRestoreEventKeepsEntriesAndReplacesTheRest(t *testing.T) {
	st := storagetest.New(t)
	ef := eventfile.New(st)
	ev, in, es := restoreFixture(t, st)
	var notices []storage.Notice
	st.OnNotice(func(n storage.Notice) { notices = append(notices, n) })
	// Since the snapshot: a late player, a second round, an announcement.
	late := &storage.Entry{EventID: ev.ID, PlayerName: "Late", TokenHash: "tok-late"}
	if err := st.CreateEntry(ctx, org, late); err != nil {
		t.Fatal(err)
	}
	if _, err := st.CreateRound(ctx, org, ev.ID, 2, storage.KindSwiss, 0, []storage.NewMatch{{P1: es[0].ID, P2: &es[1].ID}}); err != nil {
		t.Fatal(err)
	}
	if _, err := st.PostAnnouncement(ctx, org, ev.ID, "Round 2 soon"); err != nil {
		t.Fatal(err)
	}
	auditBefore := count(t, st, "audit_log", ev.ID)
	// The snapshot also names a player whose entry is gone since.
	in.Entries = append(in.Entries, eventfile.ImportedEntry{Key: "999999", Entry: storage.Entry{PlayerName: "Gone"}})
	notices = nil
	res, err := ef.RestoreEvent(ctx, org, ev.ID, 7, in, func(id int64, gen int) string { return "new-" + strconv.FormatInt(id, 10) })
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Kept) != 3 || len(res.Removed) != 1 || res.Removed[0] != "Late" || len(res.Added) != 1 || res.Added[0] != "Gone" {
		t.Fatalf("restore: %+v", res)
	}
	after, _ := st.Entries(ctx, ev.ID)
	if len(after) != 4 {
		t.Fatalf("entries after the restore: %+v", after)
	}
	for i := 0; i < 3; i++ {
		if after[i].ID != es[i].ID || after[i].TokenHash != es[i].TokenHash || after[i].Version <= es[i].Version {
			t.Errorf("entry %s: id %d hash %q version %d (was %d, %q, %d)", after[i].PlayerName, after[i].ID, after[i].TokenHash,
				after[i].Version, es[i].ID, es[i].TokenHash, es[i].Version)
		}
	}
	if gone := after[3]; gone.PlayerName != "Gone" || gone.ID == 999999 || gone.TokenHash != "new-"+strconv.FormatInt(gone.ID, 10) {
		t.Errorf("re-entered player: %+v", gone)
	}
	rs, _ := st.Rounds(ctx, ev.ID)
	if len(rs) != 1 || count(t, st, "matches", ev.ID) != 2 || count(t, st, "penalties", ev.ID) != 1 || count(t, st, "announcements", ev.ID) != 0 {
		t.Fatalf("after the restore: %d rounds, %d matches, %d penalties, %d announcements", len(rs),
			count(t, st, "matches", ev.ID), count(t, st, "penalties", ev.ID), count(t, st, "announcements", ev.ID))
	}
	if n := count(t, st, "audit_log", ev.ID); n != auditBefore+1 {
		t.Fatalf("audit rows: %d, want the %d there were and the restore's", n, auditBefore)
	}
	// On PostgreSQL notices travel through LISTEN/NOTIFY (the server's
	// snapshot test sees the announcement on a player's page).
	if storagetest.Backend() == "sqlite" {
		topics := map[string]bool{}
		for _, n := range notices {
			topics[n.Topic] = n.EventID == ev.ID
		}
		for _, want := range []string{"pairings", "results", "standings", "announcements", "entries"} {
			if !topics[want] {
				t.Errorf("no %q notice for the event after the restore: %+v", want, notices)
			}
		}
	}
}

// A restore that fails half-way changes nothing.
func TestRestoreEventIsAllOrNothing(t *testing.T) {
	st := storagetest.New(t)
	ef := eventfile.New(st)
	ev, in, es := restoreFixture(t, st)
	late := &storage.Entry{EventID: ev.ID, PlayerName: "Late", TokenHash: "tok-late"}
	if err := st.CreateEntry(ctx, org, late); err != nil {
		t.Fatal(err)
	}
	tables := []string{"entries", "rounds", "matches", "penalties", "audit_log"}
	before := map[string]int{}
	for _, table := range tables {
		before[table] = count(t, st, table, ev.ID)
	}
	// Everything is written up to the last penalty, which names nobody.
	in.Penalties = append(in.Penalties, eventfile.ImportedPenalty{Entry: "nobody", Penalty: judging.RulingPenalty{Kind: "caution", Infraction: "x"}})
	if _, err := ef.RestoreEvent(ctx, org, ev.ID, 1, in, nil); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("restore with an unknown player: %v", err)
	}
	for _, table := range tables {
		if n := count(t, st, table, ev.ID); n != before[table] {
			t.Errorf("%s: %d rows after a failed restore, %d before", table, n, before[table])
		}
	}
	after, _ := st.Entries(ctx, ev.ID)
	if len(after) != 4 || after[0].Version != es[0].Version {
		t.Fatalf("entries after a failed restore: %+v", after)
	}
}

// Snapshots are stored compressed, read back whole, listed newest first
// and only through their own event; a milestone is delivered only after
// its transaction commits.
func TestSnapshotsStoreAndMilestones(t *testing.T) {
	st := storagetest.New(t)
	ef := eventfile.New(st)
	ev, _, es := restoreFixture(t, st)
	var got []storage.Milestone
	st.OnMilestone(func(_ context.Context, m storage.Milestone) { got = append(got, m) })
	file := []byte(`{"players": [], "rounds": [], "tenkaichi": {"note": "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"}}`)
	snap := &eventfile.Snapshot{EventID: ev.ID, Reason: storage.SnapshotManual}
	if err := ef.SaveSnapshot(ctx, org, snap, file); err != nil {
		t.Fatal(err)
	}
	if snap.SizeBytes != int64(len(file)) || snap.StoredBytes == 0 || snap.StoredBytes >= snap.SizeBytes+40 {
		t.Fatalf("sizes: %d, %d stored", snap.SizeBytes, snap.StoredBytes)
	}
	other := newEvent("Other")
	if err := st.CreateEvent(ctx, org, other); err != nil {
		t.Fatal(err)
	}
	if _, _, err := ef.SnapshotFile(ctx, other.ID, snap.ID); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("another event's snapshot: %v", err)
	}
	back, data, err := ef.SnapshotFile(ctx, ev.ID, snap.ID)
	if err != nil || string(data) != string(file) || back.Reason != storage.SnapshotManual || back.CreatedBy != "org" {
		t.Fatalf("read back: %+v %q %v", back, data, err)
	}

	// Publishing a round is a milestone; a failed transaction delivers none.
	if _, err := st.CreateRound(ctx, org, ev.ID, 2, storage.KindSwiss, 0, []storage.NewMatch{{P1: es[0].ID, P2: &es[1].ID}}); err != nil {
		t.Fatal(err)
	}
	boom := errors.New("boom")
	err = st.Tx(ctx, func(tx *storage.Store) error {
		if err := tx.PublishRound(ctx, org, ev.ID, 2); err != nil {
			return err
		}
		return boom
	})
	if !errors.Is(err, boom) || len(got) != 0 {
		t.Fatalf("rolled-back publish: %v, milestones %+v", err, got)
	}
	if err := st.PublishRound(ctx, org, ev.ID, 2); err != nil {
		t.Fatal(err)
	}
	if len(got) != 1 || got[0].Reason != storage.SnapshotPublish || got[0].Round != 2 || got[0].EventID != ev.ID {
		t.Fatalf("milestones after publishing: %+v", got)
	}
	list, _ := ef.Snapshots(ctx, ev.ID)
	if len(list) != 1 || list[0].Body != nil {
		t.Fatalf("list: %+v", list)
	}
}
