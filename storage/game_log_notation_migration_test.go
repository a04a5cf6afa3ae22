package storage_test

import (
	"os"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/rules/engine"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

// notationMigration is the version of migrations/*/00028_game_log_notation.sql.
const notationMigration = 28

// oldStyleLog is the feature match as logs were written before the engine
// read card skills (every effect a declared line) and before logs said
// their notation: rules/engine/testdata/feature-match-declared.log without
// its [Effects "declared"] tag. Read as this notation it is illegal (the
// Leader's draw after an attack happens twice); read as notation 1, legal.
func oldStyleLog(t *testing.T) string {
	t.Helper()
	data, err := os.ReadFile("../rules/engine/testdata/feature-match-declared.log")
	if err != nil {
		t.Fatal(err)
	}
	return regexp.MustCompile(`(?m)^\[Effects "declared"\]\n`).ReplaceAllString(string(data), "")
}

// verdict replays a stored log with the real cards: nil when it is legal.
func verdict(t *testing.T, body string) *engine.Violation {
	t.Helper()
	l, err := engine.ParseLog([]byte(body))
	if err != nil {
		t.Fatalf("%v\n%s", err, body)
	}
	cards, err := rules.ReadCardsFile("../testdata/fusion-world-cards.json")
	if err != nil {
		t.Fatal(err)
	}
	return engine.Run(l, engine.NewCardMap(cards), engine.ReplayOptions{}).FirstViolation()
}

// Logs stored before logs said their notation keep their verdicts: the
// migration tags a text log [Notation "1"] and a JSON log "notation": 1; a
// log that says its notation is left alone; down takes the tags off again.
func TestMigrationTagsStoredLogsNotationOne(t *testing.T) {
	st, err := storage.Open(ctx, storagetest.Config(t))
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	p := migrateTo(t, st, notationMigration-1)
	old := oldStyleLog(t)
	if verdict(t, old) == nil {
		t.Fatal("the old-style log is legal in this notation: the test proves nothing")
	}
	now := time.Date(2026, 11, 1, 10, 0, 0, 0, time.UTC)
	jsonLog := `{"setup": {"seed": 1, "players": [{"leader": "FS01-01"}, {"leader": "FS02-01"}]}, "actions": [{"player": "P1", "verb": "first"}]}`
	tagged := "[Notation \"2\"]\n[Seed \"1\"]\n[P1Leader \"FS01-01\"]\n[P2Leader \"FS02-01\"]\n"
	exec := func(q string, args ...any) {
		t.Helper()
		if _, err := st.SQL().ExecContext(ctx, q, args...); err != nil {
			t.Fatalf("%s: %v", q, err)
		}
	}
	exec(`INSERT INTO events (id, name, game, format, starts_on, seed, created_at, updated_at, store_id) VALUES (1, 'Cup', 'fusion-world', 'fw-standard', $1, 7, $2, $2, 1)`, day("2026-11-01"), now)
	for id, body := range []string{old, jsonLog, tagged} {
		exec(`INSERT INTO game_logs (id, event_id, game_no, title, body, created_by, created_at, updated_at) VALUES ($1, 1, 1, 't', $2, 'judge', $3, $3)`, id+1, body, now)
	}
	body := func(id int) string {
		t.Helper()
		var b string
		if err := st.SQL().QueryRowContext(ctx, `SELECT body FROM game_logs WHERE id = $1`, id).Scan(&b); err != nil {
			t.Fatal(err)
		}
		return b
	}
	if _, err := p.UpTo(ctx, notationMigration); err != nil {
		t.Fatal(err)
	}
	if got := body(1); got != "[Notation \"1\"]\n"+old {
		t.Fatalf("old text log after the migration:\n%s", got)
	}
	if v := verdict(t, body(1)); v != nil {
		t.Errorf("the old-style log lost its verdict: %v", v)
	}
	l, err := engine.ParseLog([]byte(body(2)))
	if err != nil || l.Setup.Notation != 1 || !strings.HasPrefix(body(2), `{"setup": {"notation":1,"seed": 1`) {
		t.Errorf("JSON log after the migration: %v %s", err, body(2))
	}
	if got := body(3); got != tagged {
		t.Errorf("a log that says its notation was changed:\n%s", got)
	}
	if _, err := p.DownTo(ctx, notationMigration-1); err != nil {
		t.Fatal(err)
	}
	for id, want := range []string{old, jsonLog, tagged} {
		if got := body(id + 1); got != want {
			t.Errorf("log %d after down:\n%s", id+1, got)
		}
	}
}
