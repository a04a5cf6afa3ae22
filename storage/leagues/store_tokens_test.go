package leagues_test

import (
	"errors"
	"strings"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/eventfile"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// A token is shown once and kept as its hash; it is found by itself and
// leads to its store only; a revoked token, a wrong one or a hash presented
// as a token finds nothing; another store cannot revoke it.
func TestStoreTokens(t *testing.T) {
	st := storagetest.New(t)
	lgs := leagues.New(st)
	here, there := firstStore(t, st), storeNamed(t, st, "There")
	token, tok, err := lgs.CreateStoreToken(ctx, org, here, " Laptop ")
	if err != nil {
		t.Fatal(err)
	}
	other, _, err := lgs.CreateStoreToken(ctx, org, there, "Their laptop")
	if err != nil {
		t.Fatal(err)
	}
	if !strings.HasPrefix(token, "tkst_") || len(token) < 40 || token == other || tok.Name != "Laptop" {
		t.Fatalf("token %q, record %+v", token, tok)
	}
	var stored string
	if err := st.SQL().QueryRowContext(ctx, `SELECT token_hash FROM store_tokens WHERE id = $1`, tok.ID).Scan(&stored); err != nil {
		t.Fatal(err)
	}
	if stored == token || stored != leagues.HashStoreToken(token) {
		t.Errorf("stored %q for token %q", stored, token)
	}
	got, err := lgs.StoreTokenByToken(ctx, token)
	if err != nil || got.ID != tok.ID || got.StoreID != here {
		t.Fatalf("lookup: %+v %v", got, err)
	}
	for _, wrong := range []string{stored, token + "x", "", strings.ToUpper(token)} {
		if _, err := lgs.StoreTokenByToken(ctx, wrong); !errors.Is(err, storage.ErrNotFound) {
			t.Errorf("token %q found something: %v", wrong, err)
		}
	}
	used := time.Date(2026, 4, 1, 9, 0, 0, 0, time.UTC)
	st.SetClock(func() time.Time { return used })
	if err := lgs.TouchStoreToken(ctx, tok.ID); err != nil {
		t.Fatal(err)
	}
	list, err := lgs.StoreTokens(ctx, here)
	if err != nil || len(list) != 1 || list[0].LastUsedAt == nil || !list[0].LastUsedAt.Equal(used) {
		t.Fatalf("tokens of the store: %+v %v", list, err)
	}
	if err := lgs.RevokeStoreToken(ctx, org, there, tok.ID); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("another store revoked the token: %v", err)
	}
	if err := lgs.RevokeStoreToken(ctx, org, here, tok.ID); err != nil {
		t.Fatal(err)
	}
	if _, err := lgs.StoreTokenByToken(ctx, token); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("a revoked token works: %v", err)
	}
	if got, err := lgs.StoreTokenByToken(ctx, other); err != nil || got.StoreID != there {
		t.Errorf("the other store's token: %+v %v", got, err)
	}
	if list, _ = lgs.StoreTokens(ctx, here); len(list) != 1 || list[0].RevokedAt == nil {
		t.Errorf("revoked token listed as %+v", list)
	}
	if _, _, err := lgs.CreateStoreToken(ctx, org, here, "  "); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("a token without a name: %v", err)
	}
	if log, _ := st.AuditLogFor(ctx, "store-token", tok.ID); len(log) != 2 || strings.Contains(log[0].AfterJSON+log[1].AfterJSON, token) {
		t.Errorf("audit: %+v", log)
	}
}

// An event's origin is made with it, kept by an import of its file, and
// finds it again in its store: a second push of the same file is found
// before anything is written, and could not be stored twice anyway.
func TestEventOrigin(t *testing.T) {
	st := storagetest.New(t)
	ef := eventfile.New(st)
	here, there := firstStore(t, st), storeNamed(t, st, "There")
	made := newEvent("Made here")
	if err := st.CreateEvent(ctx, org, made); err != nil {
		t.Fatal(err)
	}
	if !storage.ValidOrigin(made.Origin) {
		t.Fatalf("origin %q", made.Origin)
	}
	pushed := func(store int64, origin string) (*storage.Event, error) {
		in := &eventfile.EventImport{Event: *newEvent("Pushed")}
		in.Event.StoreID, in.Event.Origin = store, origin
		res, err := ef.ImportEvent(ctx, org, in, nil)
		if err != nil {
			return nil, err
		}
		return res.Event, nil
	}
	ev, err := pushed(here, "0123456789abcdef0123456789abcdef")
	if err != nil || ev.Origin != "0123456789abcdef0123456789abcdef" {
		t.Fatalf("import kept origin %q: %v", ev.Origin, err)
	}
	if found, err := st.EventByOrigin(ctx, here, ev.Origin); err != nil || found.ID != ev.ID {
		t.Errorf("found %+v, %v", found, err)
	}
	if _, err := st.EventByOrigin(ctx, there, ev.Origin); !errors.Is(err, storage.ErrNotFound) {
		t.Errorf("found in another store: %v", err)
	}
	if _, err := pushed(here, ev.Origin); !errors.Is(err, storage.ErrConflict) {
		t.Errorf("the same origin twice in a store: %v", err)
	}
	if _, err := pushed(there, ev.Origin); err != nil {
		t.Errorf("the same event in another store: %v", err)
	}
	if _, err := pushed(here, "not-an-origin"); !errors.Is(err, storage.ErrInvalid) {
		t.Errorf("a malformed origin: %v", err)
	}
	fresh, err := pushed(here, "")
	if err != nil || !storage.ValidOrigin(fresh.Origin) || fresh.Origin == ev.Origin {
		t.Errorf("an import without an origin got %q: %v", fresh.Origin, err)
	}
	if es, _ := st.EventsOfShops(ctx, []int64{here}); len(es) != 3 {
		t.Errorf("%d events in the store, want 3 (nothing of the refused imports)", len(es))
	}
}
