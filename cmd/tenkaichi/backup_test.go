package main

import (
	"bytes"
	"context"
	"net/http"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
)

// sqliteEnv is a command environment on a SQLite data directory of its own
// (backup and restore are SQLite's; PostgreSQL has pg_dump).
func sqliteEnv(t *testing.T, dataDir string) (*cliEnv, *syncBuffer, *syncBuffer) {
	t.Helper()
	out, errb := &syncBuffer{}, &syncBuffer{}
	return &cliEnv{stdin: strings.NewReader(""), stdout: out, stderr: errb, getenv: func(k string) string {
		if k == "TENKAICHI_DATA" {
			return dataDir
		}
		return ""
	}}, out, errb
}

// The backup command runs while the server serves; restore refuses until the
// server is stopped, then puts the backup back and keeps the replaced file.
func TestBackupAndRestoreAroundARunningServer(t *testing.T) {
	data := t.TempDir()
	env, out, errb := sqliteEnv(t, data)
	addr := freeAddr(t)
	ctx, stopServer := context.WithCancel(context.Background())
	served := make(chan int, 1)
	go func() { served <- run(ctx, env, []string{"serve", "--addr", addr}) }()
	for i := 0; ; i++ {
		res, err := http.Get("http://" + addr + "/healthz")
		if err == nil {
			res.Body.Close()
			break
		}
		if i == 200 {
			stopServer()
			t.Fatalf("server did not start: %v\n%s", err, errb)
		}
		time.Sleep(50 * time.Millisecond)
	}

	// An organiser account exists before the backup, another one after it.
	env.stdin = strings.NewReader("a long password 1\n")
	if code := run(context.Background(), env, []string{"user", "add", "--username", "before"}); code != 0 {
		t.Fatalf("user add: %d %s", code, errb)
	}
	backup := filepath.Join(t.TempDir(), "tenkaichi-backup.db")
	if code := run(context.Background(), env, []string{"backup", backup}); code != 0 {
		t.Fatalf("backup while serving: exit %d: %s", code, errb)
	}
	if !strings.Contains(out.String(), "backed up "+filepath.Join(data, "tenkaichi.db")+" to "+backup) {
		t.Errorf("backup output: %s", out)
	}
	env.stdin = strings.NewReader("a long password 2\n")
	if code := run(context.Background(), env, []string{"user", "add", "--username", "after"}); code != 0 {
		t.Fatalf("user add: %d %s", code, errb)
	}

	code := run(context.Background(), env, []string{"restore", backup})
	if code != 1 || !strings.Contains(errb.String(), "is in use by another Tenkaichi process") || !strings.Contains(errb.String(), "Nothing was changed.") {
		t.Fatalf("restore while serving: exit %d: %s", code, errb)
	}
	stopServer()
	if code := <-served; code != 0 {
		t.Fatalf("serve exit %d", code)
	}

	out2, errb2 := &syncBuffer{}, &syncBuffer{}
	env.stdout, env.stderr = out2, errb2
	if code := run(context.Background(), env, []string{"restore", backup}); code != 0 {
		t.Fatalf("restore: exit %d: %s", code, errb2)
	}
	if !strings.Contains(out2.String(), "the database it replaced is kept as "+filepath.Join(data, "tenkaichi.db.before-restore-")) {
		t.Errorf("restore output: %s", out2)
	}
	st, err := storage.Open(context.Background(), storage.Config{SQLitePath: filepath.Join(data, "tenkaichi.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := accounts.New(st).UserByUsername(context.Background(), "before"); err != nil {
		t.Errorf("the account made before the backup: %v", err)
	}
	if _, err := accounts.New(st).UserByUsername(context.Background(), "after"); err == nil {
		t.Errorf("the account made after the backup is still there: the database was not restored")
	}
}

// backup - writes to standard output and restore - reads standard input.
func TestBackupToStdoutRestoreFromStdin(t *testing.T) {
	from, to := t.TempDir(), t.TempDir()
	env, _, errb := sqliteEnv(t, from)
	env.stdin = strings.NewReader("a long password 1\n")
	if code := run(context.Background(), env, []string{"user", "add", "--username", "ann"}); code != 0 {
		t.Fatalf("user add: %d %s", code, errb)
	}
	var dump bytes.Buffer
	env.stdout = &dump
	if code := run(context.Background(), env, []string{"backup", "-"}); code != 0 {
		t.Fatalf("backup -: %d %s", code, errb)
	}
	if left, _ := filepath.Glob(filepath.Join(from, "backup-*")); len(left) != 0 {
		t.Errorf("backup - left %v", left)
	}
	env2, out2, errb2 := sqliteEnv(t, to)
	env2.stdin = &dump
	if code := run(context.Background(), env2, []string{"restore", "-"}); code != 0 {
		t.Fatalf("restore -: %d %s", code, errb2)
	}
	if !strings.Contains(out2.String(), "restored standard input into "+filepath.Join(to, "tenkaichi.db")) || strings.Contains(out2.String(), "kept as") {
		t.Errorf("restore - output: %s", out2)
	}
	st, err := storage.Open(context.Background(), storage.Config{SQLitePath: filepath.Join(to, "tenkaichi.db")})
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	if _, err := accounts.New(st).UserByUsername(context.Background(), "ann"); err != nil {
		t.Errorf("restored from standard input: %v", err)
	}
}

func TestBackupAndRestoreSayWhatIsWrong(t *testing.T) {
	data := t.TempDir()
	env, _, errb := sqliteEnv(t, data)
	// No database: nothing is created.
	if code := run(context.Background(), env, []string{"backup", filepath.Join(t.TempDir(), "b.db")}); code != 1 || !strings.Contains(errb.String(), "there is no database at") {
		t.Errorf("backup without a database: %d %s", code, errb)
	}
	if _, err := os.Stat(filepath.Join(data, "tenkaichi.db")); err == nil {
		t.Errorf("backup created a database")
	}
	// Not a backup: exit 2, nothing replaced.
	env.stdin = &endlessInput{fill: 0}
	if code := run(context.Background(), env, []string{"restore", "-"}); code != 2 || !strings.Contains(errb.String(), "not a usable Tenkaichi backup: the file is not a SQLite database") {
		t.Errorf("restore from zeros: %d %s", code, errb)
	}
	// PostgreSQL: pg_dump, said clearly, exit 2, nothing touched.
	for _, cmd := range []string{"backup", "restore"} {
		var errs bytes.Buffer
		pg := &cliEnv{stdin: strings.NewReader(""), stdout: &bytes.Buffer{}, stderr: &errs, getenv: func(k string) string {
			if k == "DATABASE_URL" {
				return "postgres://nobody@127.0.0.1:1/none"
			}
			return ""
		}}
		code := run(context.Background(), pg, []string{cmd, filepath.Join(t.TempDir(), "x")})
		if code != 2 || !strings.Contains(errs.String(), "DATABASE_URL is set, so Tenkaichi uses PostgreSQL") || !strings.Contains(errs.String(), "pg_dump --format=custom") {
			t.Errorf("%s with DATABASE_URL: %d %s", cmd, code, errs.String())
		}
	}
}

// A backup holds every store: restore puts the stores, their members and
// which store each event belongs to back as they were at the backup.
func TestRestoreBringsStoresBack(t *testing.T) {
	data := t.TempDir()
	env, _, errb := sqliteEnv(t, data)
	ctx := context.Background()
	cmd := func(stdin string, args ...string) {
		t.Helper()
		env.stdin = strings.NewReader(stdin)
		if code := run(ctx, env, args); code != 0 {
			t.Fatalf("%v: exit %d: %s", args, code, errb)
		}
	}
	const pw = "a long enough password\n"
	cmd(pw, "user", "add", "--username", "org")
	cmd("", "store", "add", "--name", "Capsule Corp")
	cmd(pw, "user", "add", "--username", "kim", "--role", "judge", "--store", "Capsule Corp")
	dbPath := filepath.Join(data, "tenkaichi.db")
	open := func() *storage.Store {
		t.Helper()
		st, err := storage.Open(ctx, storage.Config{SQLitePath: dbPath})
		if err != nil {
			t.Fatal(err)
		}
		return st
	}
	st := open()
	capsule, err := accounts.New(st).ShopByName(ctx, "Capsule Corp")
	if err != nil {
		t.Fatal(err)
	}
	ev := &storage.Event{Name: "Capsule Cup", Game: "fusion-world", Format: "fw-standard", StoreID: capsule.ID,
		StartsOn: time.Date(2026, 12, 19, 0, 0, 0, 0, time.UTC), RoundMinutes: 35, TopCutBestOf: 3}
	if err := st.CreateEvent(ctx, storage.Actor{Name: "test"}, ev); err != nil {
		t.Fatal(err)
	}
	st.Close()
	backup := filepath.Join(t.TempDir(), "stores.db")
	cmd("", "backup", backup)

	// After the backup: kim leaves Capsule Corp, a third store and its event come.
	st = open()
	kim, _ := accounts.New(st).UserByUsername(ctx, "kim")
	if err := accounts.New(st).RemoveShopMember(ctx, storage.Actor{Name: "test"}, capsule.ID, kim.ID); err != nil {
		t.Fatal(err)
	}
	later := &accounts.Shop{Name: "Later store"}
	if err := accounts.New(st).CreateShop(ctx, storage.Actor{Name: "test"}, later); err != nil {
		t.Fatal(err)
	}
	st.Close()

	cmd("", "restore", backup)
	st = open()
	defer st.Close()
	shops, err := accounts.New(st).Shops(ctx)
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, sh := range shops {
		names = append(names, sh.Name)
	}
	if strings.Join(names, ",") != "Capsule Corp,Main store" {
		t.Fatalf("stores after the restore: %q, want Capsule Corp and Main store", names)
	}
	if got, err := st.EventByID(ctx, ev.ID); err != nil || got.StoreID != capsule.ID {
		t.Fatalf("Capsule Cup after the restore: %+v %v, want store %d", got, err, capsule.ID)
	}
	if ok, _ := accounts.New(st).IsShopMember(ctx, capsule.ID, kim.ID); !ok {
		t.Fatal("kim is not in Capsule Corp after the restore")
	}
	first, _ := accounts.New(st).FirstShop(ctx)
	org, _ := accounts.New(st).UserByUsername(ctx, "org")
	if ok, _ := accounts.New(st).IsShopMember(ctx, first.ID, org.ID); !ok || !org.IsAdmin || first.Name != "Main store" {
		t.Fatalf("org after the restore: admin %v, in %s %v", org.IsAdmin, first.Name, ok)
	}
}
