package main

import (
	"context"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
)

// user add puts every account in a store: the first one runs the first
// store (as the set-up page makes it), later ones join the only store or
// the one --store names.
func TestUserAddAssignsAStore(t *testing.T) {
	env, _, _, dataArgs := testEnv(t, "")
	var out, errb *syncBuffer
	cmd := func(stdin string, args ...string) int {
		t.Helper()
		out, errb = &syncBuffer{}, &syncBuffer{}
		env.stdin, env.stdout, env.stderr = strings.NewReader(stdin), out, errb
		return run(context.Background(), env, append(args, dataArgs...))
	}
	const pw = "a long enough password\n"
	if code := cmd(pw, "user", "add", "--username", "org"); code != 0 {
		t.Fatalf("first account: %d %s", code, errb)
	}
	if !strings.Contains(out.String(), `created instance admin organiser account "org" in store "Main store"`) {
		t.Fatalf("first account: %s", out)
	}
	if code := cmd(pw, "user", "add", "--username", "jules", "--role", "judge"); code != 0 || !strings.Contains(out.String(), `created judge account "jules" in store "Main store"`) {
		t.Fatalf("second account, one store: %d %s %s", code, out, errb)
	}
	if code := cmd("", "store", "add", "--name", "Capsule Corp"); code != 0 || !strings.Contains(out.String(), `created store "Capsule Corp"`) {
		t.Fatalf("store add: %d %s %s", code, out, errb)
	}
	if code := cmd("", "store", "add", "--name", "capsule corp"); code != 1 || !strings.Contains(errb.String(), "already named") {
		t.Fatalf("same name again: %d %s", code, errb)
	}
	if code := cmd("", "store", "add"); code != 2 {
		t.Fatalf("store add without a name: %d", code)
	}
	if code := cmd(pw, "user", "add", "--username", "kim", "--role", "judge"); code != 1 ||
		!strings.Contains(errb.String(), `several stores: name the account's store with --store (one of "Capsule Corp", "Main store")`) {
		t.Fatalf("no store among several: %d %s", code, errb)
	}
	if code := cmd(pw, "user", "add", "--username", "kim", "--store", "Nowhere"); code != 1 ||
		!strings.Contains(errb.String(), `no store is named "Nowhere"`) {
		t.Fatalf("unknown store: %d %s", code, errb)
	}
	if code := cmd(pw, "user", "add", "--username", "kim", "--role", "judge", "--admin"); code != 2 {
		t.Fatalf("judge made admin: %d", code)
	}
	if code := cmd(pw, "user", "add", "--username", "cora", "--store", "CAPSULE CORP", "--admin"); code != 0 ||
		!strings.Contains(out.String(), `created instance admin organiser account "cora" in store "Capsule Corp"`) {
		t.Fatalf("admin in the second store: %d %s %s", code, out, errb)
	}
	if code := cmd("", "store", "list"); code != 0 {
		t.Fatalf("store list: %d %s", code, errb)
	}
	for _, line := range []string{"Capsule Corp\t1 organiser\t0 judges\t0 events", "Main store\t1 organiser\t1 judge\t0 events"} {
		if !strings.Contains(out.String(), line) {
			t.Errorf("store list lacks %q:\n%s", line, out)
		}
	}
	var db dbFlags
	if len(dataArgs) == 2 {
		db.dataDir = dataArgs[1]
	}
	st, err := openStore(context.Background(), env, db, nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	for name, want := range map[string]bool{"org": true, "jules": false, "cora": true} {
		u, err := accounts.New(st).UserByUsername(context.Background(), name)
		if err != nil || u.IsAdmin != want {
			t.Errorf("%s: %+v %v, want admin %v", name, u, err, want)
		}
	}
	if _, err := accounts.New(st).UserByUsername(context.Background(), "kim"); err == nil {
		t.Error("a refused account was created")
	}
}
