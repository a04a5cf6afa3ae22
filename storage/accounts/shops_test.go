package accounts_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

var ctx = context.Background()

func TestFirstAccountRunsTheFirstStore(t *testing.T) {
	st := storagetest.New(t)
	u := &storage.User{Username: "org", PasswordHash: "h", Role: storage.RoleOrganiser}
	if err := accounts.New(st).CreateFirstUser(ctx, u); err != nil {
		t.Fatal(err)
	}
	first, err := accounts.New(st).FirstShop(ctx)
	if err != nil {
		t.Fatal(err)
	}
	if !u.IsAdmin {
		t.Error("the first account is not the instance admin")
	}
	if ok, _ := accounts.New(st).IsShopMember(ctx, first.ID, u.ID); !ok {
		t.Error("the first account is not in the first store")
	}
	// Events made without naming a store belong to the first.
	e := &storage.Event{Name: "Cup", Game: "fusion-world", Format: "fw-standard", StartsOn: time.Now(), RoundMinutes: 35, TopCutBestOf: 3}
	if err := st.CreateEvent(ctx, storage.Actor{Name: "t"}, e); err != nil {
		t.Fatal(err)
	}
	if e.StoreID != first.ID {
		t.Errorf("event in store %d, want %d", e.StoreID, first.ID)
	}
}

func TestStoresAndMembers(t *testing.T) {
	st := storagetest.New(t)
	actor := storage.Actor{Name: "admin"}
	a := &accounts.Shop{Name: "Kame House Games"}
	if err := accounts.New(st).CreateShop(ctx, actor, a); err != nil {
		t.Fatal(err)
	}
	if err := accounts.New(st).CreateShop(ctx, actor, &accounts.Shop{Name: "kame house GAMES"}); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("same name in another case: %v", err)
	}
	if err := accounts.New(st).RenameShop(ctx, actor, a.ID, "main store"); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("rename to a taken name: %v", err)
	}
	if err := accounts.New(st).RenameShop(ctx, actor, a.ID, "Kame House"); err != nil {
		t.Fatal(err)
	}
	if sh, err := accounts.New(st).ShopByName(ctx, "KAME HOUSE"); err != nil || sh.ID != a.ID {
		t.Fatalf("store by name: %+v %v", sh, err)
	}
	first, _ := accounts.New(st).FirstShop(ctx)

	org := &storage.User{Username: "amy", PasswordHash: "h", Role: storage.RoleOrganiser}
	judge := &storage.User{Username: "jay", PasswordHash: "h", Role: storage.RoleJudge}
	if err := accounts.New(st).CreateUserInShop(ctx, actor, org, a.ID); err != nil {
		t.Fatal(err)
	}
	if err := accounts.New(st).CreateUserInShop(ctx, actor, judge, a.ID); err != nil {
		t.Fatal(err)
	}
	if err := accounts.New(st).CreateUserInShop(ctx, actor, &storage.User{Username: "nobody", PasswordHash: "h", Role: storage.RoleJudge}, 9999); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("account in a store that does not exist: %v", err)
	}
	if _, err := accounts.New(st).UserByUsername(ctx, "nobody"); !errors.Is(err, storage.ErrNotFound) {
		t.Fatal("the account of a refused store was kept")
	}
	if err := accounts.New(st).CreateUserInShop(ctx, actor, &storage.User{Username: "jo", PasswordHash: "h", Role: storage.RoleJudge, IsAdmin: true}, a.ID); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("a judge made instance admin: %v", err)
	}
	// Adding again is fine; the judge joins a second store.
	for range 2 {
		if err := accounts.New(st).AddShopMember(ctx, actor, first.ID, judge.ID); err != nil {
			t.Fatal(err)
		}
	}
	of, _ := accounts.New(st).ShopsOf(ctx, judge.ID)
	if len(of) != 2 {
		t.Fatalf("judge's stores: %+v", of)
	}
	byUser, _ := accounts.New(st).ShopsOfUsers(ctx, []int64{org.ID, judge.ID})
	if len(byUser[org.ID]) != 1 || len(byUser[judge.ID]) != 2 {
		t.Fatalf("stores of accounts: %+v", byUser)
	}
	in, _ := accounts.New(st).UsersInShops(ctx, []int64{a.ID})
	if len(in) != 2 || in[0].Username != "amy" || in[1].Username != "jay" {
		t.Fatalf("accounts of store A: %+v", in)
	}
	judges, _ := accounts.New(st).ShopMembersWithRole(ctx, a.ID, storage.RoleJudge)
	if len(judges) != 1 || judges[0].ID != judge.ID {
		t.Fatalf("judges of A: %+v", judges)
	}
	e := &storage.Event{Name: "Cup", Game: "fusion-world", Format: "fw-standard", StartsOn: time.Now(), RoundMinutes: 35, TopCutBestOf: 3, StoreID: a.ID}
	if err := st.CreateEvent(ctx, actor, e); err != nil {
		t.Fatal(err)
	}
	if es, _ := st.EventsOfShops(ctx, []int64{first.ID}); len(es) != 0 {
		t.Fatalf("store A's event listed for the first store: %+v", es)
	}
	if es, _ := st.EventsOfShops(ctx, []int64{a.ID, first.ID}); len(es) != 1 {
		t.Fatalf("events of both stores: %+v", es)
	}
	stats, _ := accounts.New(st).ShopStatsAll(ctx)
	var got *accounts.ShopStats
	for i := range stats {
		if stats[i].ID == a.ID {
			got = &stats[i]
		}
	}
	if got == nil || got.Organisers != 1 || got.Judges != 1 || got.Events != 1 {
		t.Fatalf("store A's counts: %+v", got)
	}
	if err := accounts.New(st).RemoveShopMember(ctx, actor, a.ID, judge.ID); err != nil {
		t.Fatal(err)
	}
	if err := accounts.New(st).RemoveShopMember(ctx, actor, a.ID, judge.ID); !errors.Is(err, storage.ErrNotFound) {
		t.Fatalf("removing twice: %v", err)
	}
	if ok, _ := accounts.New(st).IsShopMember(ctx, a.ID, judge.ID); ok {
		t.Fatal("still a member")
	}
	var audited int64
	if err := st.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM audit_log WHERE entity IN ('store', 'store-member')`).Scan(&audited); err != nil {
		t.Fatal(err)
	}
	// Store made and renamed; amy, jay, jay (second store) added; jay removed.
	if audited != 6 {
		t.Fatalf("%d store audit rows, want 6", audited)
	}
}

func TestSetAdminKeepsOneAdmin(t *testing.T) {
	st := storagetest.New(t)
	actor := storage.Actor{Name: "admin"}
	org := &storage.User{Username: "org", PasswordHash: "h", Role: storage.RoleOrganiser}
	if err := accounts.New(st).CreateFirstUser(ctx, org); err != nil {
		t.Fatal(err)
	}
	first, _ := accounts.New(st).FirstShop(ctx)
	amy := &storage.User{Username: "amy", PasswordHash: "h", Role: storage.RoleOrganiser}
	jay := &storage.User{Username: "jay", PasswordHash: "h", Role: storage.RoleJudge}
	for _, u := range []*storage.User{amy, jay} {
		if err := accounts.New(st).CreateUserInShop(ctx, actor, u, first.ID); err != nil {
			t.Fatal(err)
		}
	}
	if err := accounts.New(st).SetAdmin(ctx, actor, org.ID, false); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("the last admin stepped down: %v", err)
	}
	if err := accounts.New(st).SetAdmin(ctx, actor, jay.ID, true); !errors.Is(err, storage.ErrConflict) {
		t.Fatalf("a judge made admin: %v", err)
	}
	if err := accounts.New(st).SetAdmin(ctx, actor, amy.ID, true); err != nil {
		t.Fatal(err)
	}
	if err := accounts.New(st).SetAdmin(ctx, actor, org.ID, false); err != nil {
		t.Fatalf("one of two admins steps down: %v", err)
	}
	for name, want := range map[string]bool{"org": false, "amy": true, "jay": false} {
		if u, _ := accounts.New(st).UserByUsername(ctx, name); u.IsAdmin != want {
			t.Errorf("%s admin %v, want %v", name, u.IsAdmin, want)
		}
	}
	var audited int64
	if err := st.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM audit_log WHERE action = 'set-admin'`).Scan(&audited); err != nil {
		t.Fatal(err)
	}
	if audited != 2 {
		t.Fatalf("%d set-admin audit rows, want 2", audited)
	}
}

// Two admins taking admin from each other at once: one of them stays.
func TestRacingAdminsKeepOne(t *testing.T) {
	st := storagetest.New(t)
	actor := storage.Actor{Name: "t"}
	a := &storage.User{Username: "ana", PasswordHash: "h", Role: storage.RoleOrganiser}
	if err := accounts.New(st).CreateFirstUser(ctx, a); err != nil {
		t.Fatal(err)
	}
	first, _ := accounts.New(st).FirstShop(ctx)
	b := &storage.User{Username: "ben", PasswordHash: "h", Role: storage.RoleOrganiser, IsAdmin: true}
	if err := accounts.New(st).CreateUserInShop(ctx, actor, b, first.ID); err != nil {
		t.Fatal(err)
	}
	var wg sync.WaitGroup
	errs := make([]error, 2)
	for i, id := range []int64{a.ID, b.ID} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			errs[i] = accounts.New(st).SetAdmin(ctx, actor, id, false)
		}()
	}
	wg.Wait()
	var admins int
	for _, name := range []string{"ana", "ben"} {
		if u, _ := accounts.New(st).UserByUsername(ctx, name); u.IsAdmin {
			admins++
		}
	}
	if admins != 1 || (errs[0] == nil) == (errs[1] == nil) {
		t.Fatalf("%d admins left; errors %v", admins, errs)
	}
}
