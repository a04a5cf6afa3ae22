package main

import (
	"bytes"
	"context"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/server"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/accounts"
	"github.com/tenkaichi-org/tenkaichi/storage/leagues"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// pushRig is a laptop's database with an event, and a league server (the
// real server, on a second database) with a token of its first store.
type pushRig struct {
	env      *cliEnv
	out, err *syncBuffer
	dataArgs []string
	laptop   *storage.Store
	event    *storage.Event
	league   *storage.Store
	url      string
	token    string
	storeID  int64
}

func newPushRig(t *testing.T) *pushRig {
	t.Helper()
	ctx := context.Background()
	cfg := storagetest.Config(t)
	r := &pushRig{laptop: storagetest.Open(t, cfg), league: storagetest.New(t)}
	vars := map[string]string{"DATABASE_URL": cfg.DatabaseURL}
	if cfg.DatabaseURL == "" {
		r.dataArgs = []string{"--data", filepath.Dir(cfg.SQLitePath)}
	}
	r.out, r.err = &syncBuffer{}, &syncBuffer{}
	r.env = &cliEnv{stdin: strings.NewReader(""), stdout: r.out, stderr: r.err, getenv: func(k string) string { return vars[k] }}
	r.event, _ = storagetest.EventWithPlayers(t, r.laptop, storage.ActorCommandLine, 4)

	srv := httptest.NewServer(server.New(server.Config{Store: r.league}).Handler())
	t.Cleanup(srv.Close)
	r.url = srv.URL
	shop, err := accounts.New(r.league).FirstShop(ctx)
	if err != nil {
		t.Fatal(err)
	}
	r.storeID = shop.ID
	if r.token, _, err = leagues.New(r.league).CreateStoreToken(ctx, storage.ActorCommandLine, shop.ID, "Shop laptop"); err != nil {
		t.Fatal(err)
	}
	return r
}

// push runs tenkaichi with args (the laptop's database added).
func (r *pushRig) push(args ...string) int {
	r.out, r.err = &syncBuffer{}, &syncBuffer{}
	r.env.stdout, r.env.stderr = r.out, r.err
	return run(context.Background(), r.env, append(args, r.dataArgs...))
}

// leagueEvents counts the events of the league's store.
func (r *pushRig) leagueEvents(t *testing.T) int {
	t.Helper()
	es, err := r.league.EventsOfShops(context.Background(), []int64{r.storeID})
	if err != nil {
		t.Fatal(err)
	}
	return len(es)
}

// tenkaichi push sends the laptop's event to the league server once, says
// so in the user's language, and exits 0 / 1 / 2 as documented.
func TestPushSendsTheLaptopsEventOnce(t *testing.T) {
	r := newPushRig(t)
	id := strconv.FormatInt(r.event.ID, 10)
	if code := r.push("push", "--to", r.url, "--token", r.token, "--event", id); code != 0 {
		t.Fatalf("push: %d %s", code, r.err)
	}
	created := regexp.MustCompile(`^sent: the league server added the event "Day" to the store: ` + regexp.QuoteMeta(r.url) + `/events/(\d+)\n$`).FindStringSubmatch(r.out.String())
	if created == nil {
		t.Fatalf("push said: %q", r.out)
	}
	leagueID, _ := strconv.ParseInt(created[1], 10, 64)
	entries, err := r.league.Entries(context.Background(), leagueID)
	if err != nil || len(entries) != 4 {
		t.Fatalf("the league's copy has %d players (%v), want 4", len(entries), err)
	}

	// Again, from the environment's token and with the API's path given:
	// nothing changes.
	r.env.getenv = withVar(r.env.getenv, "TENKAICHI_PUSH_TOKEN", r.token)
	if code := r.push("push", "--to", r.url+"/api/v1/push", "--event", id); code != 0 ||
		!strings.Contains(r.out.String(), `nothing to send: the store already has the event "Day" from this same file`) {
		t.Fatalf("second push: %d %q %q", code, r.out, r.err)
	}
	if n := r.leagueEvents(t); n != 1 {
		t.Fatalf("the store has %d events after two pushes, want 1", n)
	}

	// The event moved on: refused, pointing at the store's copy.
	if _, err := r.laptop.PostAnnouncement(context.Background(), storage.ActorCommandLine, r.event.ID, "Round 2 at 14:10"); err != nil {
		t.Fatal(err)
	}
	if code := r.push("push", "--to", r.url, "--event", id); code != 1 ||
		!strings.Contains(r.err.String(), "in another state than this file: nothing was changed") ||
		!strings.Contains(r.err.String(), "/events/"+created[1]) {
		t.Fatalf("push of another state: %d %q", code, r.err)
	}

	// A file that is no event file, in German: the server's words too.
	bad := filepath.Join(t.TempDir(), "bad.json")
	if err := os.WriteFile(bad, []byte(`{"players": [{"id": ""}], "rounds": []}`), 0o600); err != nil {
		t.Fatal(err)
	}
	if code := r.push("--lang", "de", "push", "--to", r.url, bad); code != 2 ||
		!strings.Contains(r.err.String(), "push: Der Liga-Server hat die Datei abgelehnt und nichts gespeichert: Die Turnierdatei") {
		t.Fatalf("push of a bad file: %d %q", code, r.err)
	}
	if n := r.leagueEvents(t); n != 1 {
		t.Fatalf("the store has %d events after refused pushes, want 1", n)
	}
}

// Wrong usage, a wrong token, no server and no such event are said, with
// their exit codes.
func TestPushRefusals(t *testing.T) {
	r := newPushRig(t)
	id := strconv.FormatInt(r.event.ID, 10)
	cases := []struct {
		args []string
		code int
		says string
	}{
		{[]string{"push", "--token", r.token, "--event", id}, 2, "--to and a token"},
		{[]string{"push", "--to", r.url, "--event", id}, 2, "--to and a token"},
		{[]string{"push", "--to", r.url, "--token", r.token, "--event", id, "file.json"}, 2, "either --event ID or one FILE"},
		{[]string{"push", "--to", "league.example.org", "--token", r.token, "--event", id}, 2, "is not an http:// or https:// address"},
		{[]string{"push", "--to", r.url, "--token", r.token, "--event", "9999"}, 2, "this computer's database has no event 9999"},
		{[]string{"push", "--to", r.url, "--token", r.token + "x", "--event", id}, 1, "the league server refused: This token is unknown or has been revoked"},
		{[]string{"push", "--to", "http://127.0.0.1:1", "--token", r.token, "--event", id}, 1, "could not be reached"},
		{[]string{"push", "--to", r.url + "/nowhere", "--token", r.token, "--event", id}, 1, "not as a Tenkaichi league server does"},
	}
	big := filepath.Join(t.TempDir(), "big.json")
	if err := os.WriteFile(big, bytes.Repeat([]byte(" "), 17<<20), 0o600); err != nil {
		t.Fatal(err)
	}
	cases = append(cases, struct {
		args []string
		code int
		says string
	}{[]string{"push", "--to", r.url, "--token", r.token, big}, 2, "larger than 16 MB"})
	for _, c := range cases {
		if code := r.push(c.args...); code != c.code || !strings.Contains(r.err.String(), c.says) {
			t.Errorf("%v: %d %q, want %d saying %q", c.args, code, r.err, c.code, c.says)
		}
	}
	if n := r.leagueEvents(t); n != 0 {
		t.Fatalf("refused pushes added %d events", n)
	}
}

// withVar is getenv with one more variable.
func withVar(getenv func(string) string, name, value string) func(string) string {
	return func(k string) string {
		if k == name {
			return value
		}
		return getenv(k)
	}
}
