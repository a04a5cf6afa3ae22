package main

import (
	"context"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/storage/carddata"
)

func TestCardsAndBanlistImport(t *testing.T) {
	env, out, errb, dataArgs := testEnv(t, "")
	cardsFile := filepath.Join("..", "..", "testdata", "fusion-world-cards.json")
	if code := run(context.Background(), env, append([]string{"cards", "import", cardsFile}, dataArgs...)); code != 0 {
		t.Fatalf("cards import exited %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "stored 135 Fusion World cards") {
		t.Fatalf("output: %s", out.String())
	}

	// A broken file: exit 2, the record is named, nothing changes.
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte(`[{"number":"FB01-001","name":"A","type":"Leader","colors":["Red"]},{"number":"FB01-002","name":"B","type":"Battle","colors":["Red"],"cost":"many"}]`), 0o644)
	errb2 := errb.String()
	if code := run(context.Background(), env, append([]string{"cards", "import", bad}, dataArgs...)); code != 2 {
		t.Fatalf("bad card file exited %d", code)
	}
	if msg := strings.TrimPrefix(errb.String(), errb2); !strings.Contains(msg, "FB01-002") {
		t.Errorf("error does not name the record: %s", msg)
	}

	banFile := filepath.Join("..", "..", "testdata", "masters-banlist-2026-06.json")
	if code := run(context.Background(), env, append([]string{"banlist", "import", banFile}, dataArgs...)); code != 0 {
		t.Fatalf("banlist import exited %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "stored Masters ban list") {
		t.Fatalf("output: %s", out.String())
	}

	st, err := openStore(context.Background(), env, dbFlagsFrom(dataArgs), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	n, _ := carddata.New(st).CountCards(context.Background(), rules.GameFusionWorld)
	if n != 135 { // every record of the fixture
		t.Fatalf("%d cards stored", n)
	}
	pool, _ := carddata.New(st).CardPool(context.Background(), rules.GameFusionWorld)
	if c, ok := pool.Card("FB01-001"); !ok || c.Name != "Son Goku" {
		t.Fatalf("bad import changed FB01-001: %+v", c)
	}
	vs, _ := carddata.New(st).BanListVersions(context.Background())
	if len(vs) == 0 {
		t.Fatal("no ban list stored")
	}
}

func dbFlagsFrom(dataArgs []string) dbFlags {
	if len(dataArgs) == 2 {
		return dbFlags{dataDir: dataArgs[1]}
	}
	return dbFlags{}
}

// After 'cards import' and 'banlist import', deck check needs no --cards:
// the stored pool and ban lists apply.
func TestDeckCheckUsesStoredPool(t *testing.T) {
	env, out, errb, dataArgs := testEnv(t, "")
	fixtures := filepath.Join("..", "..", "testdata")
	if code := run(context.Background(), env, append([]string{"cards", "import", filepath.Join(fixtures, "fusion-world-cards.json")}, dataArgs...)); code != 0 {
		t.Fatalf("cards import: %s", errb.String())
	}
	deck := filepath.Join(fixtures, "decklists", "fs01-starter-son-goku.txt")
	args := append([]string{"deck", "check", "--format", "fw-standard", "--date", "2026-06-01", "--json", deck}, dataArgs...)
	if code := run(context.Background(), env, args); code != 0 {
		t.Fatalf("FS01 with the stored pool exited %d: %s %s", code, out.String(), errb.String())
	}
	if !strings.Contains(out.String(), `"legal": true`) || !strings.Contains(out.String(), `"banlist": "March 2026"`) {
		t.Fatalf("output: %s", out.String())
	}
	// No Masters cards are stored: the error says how to fix that.
	args = append([]string{"deck", "check", "--format", "masters-standard", "--date", "2026-06-01", deck}, dataArgs...)
	if code := run(context.Background(), env, args); code != 2 || !strings.Contains(errb.String(), "cards import") {
		t.Fatalf("masters without cards: exit %d: %s", code, errb.String())
	}
}

// deck check, from a card file and from the stored pool (SQLite or
// PostgreSQL), applies a card's own copy limit read from its text (CR 0-2-2,
// Masters CR 6-1-5-1), the Z-Deck rule (Masters CR 6-1-4) and Masters ban
// entries from their own dates; Score DBZ allies and the "Leader:" hint.
func TestDeckCheckCardTextZDeckAndBanDatesFromTheDatabase(t *testing.T) {
	env, out, errb, dataArgs := testEnv(t, "")
	ctx := context.Background()
	for _, f := range []string{mastersCards, filepath.Join("..", "..", "rules", "testdata", "masters-z-cards.csv"),
		filepath.Join("..", "..", "rules", "testdata", "score-dbz-cards.csv")} {
		if code := run(ctx, env, append([]string{"cards", "import", f}, dataArgs...)); code != 0 {
			t.Fatalf("cards import %s exited %d: %s", f, code, errb.String())
		}
	}
	if code := run(ctx, env, append([]string{"banlist", "import", mastersBans}, dataArgs...)); code != 0 {
		t.Fatalf("banlist import exited %d: %s", code, errb.String())
	}
	base := "Leader:\n1 BT1-001\nMain deck:\n4 BT1-004\n4 BT1-006\n4 BT1-007\n4 BT1-008\n4 BT1-009\n4 BT1-010\n4 BT1-011\n4 BT1-012\n4 BT1-013\n4 BT1-014\n4 BT1-015\n4 BT1-016\n2 BT1-017\n"
	score := "Main personality:\n1 SDBZ-001\n1 SDBZ-002\n1 SDBZ-003\n1 SDBZ-004\n1 SDBZ-005\nLife deck:\n4 SDBZ-030\n"
	for i := 101; i <= 115; i++ {
		score += "3 SDBZ-" + strconv.Itoa(i) + "\n"
	}
	tests := []struct {
		format, date, deck string
		code               int
		want               string
	}{
		{"masters-standard", "2026-07-10", strings.Replace(base, "4 BT1-004\n", "", 1) + "7 BT13-149\n7 EB1-06\n", 0, "Masters Standard: legal"},
		{"masters-standard", "2026-07-10", base + "8 BT13-149\n", 1, "BT13-149 Yearning for the Dark Dragon Balls is limited to 7 per deck; the deck has 8"},
		{"masters-standard", "2026-06-01", base + "1 BT10-044\n", 1, "BT10-044 SS Trunks, God-Sealing Technique is banned (ban list in force on 1 June 2026"},
		{"masters-standard", "2026-07-10", base + "Z-Deck:\n4 ZT1-002\n1 BT1-018\n", 1, "BT1-018 Confident Botamo is a Battle card; the Z-Deck holds only Z-cards"},
		{"masters-standard", "2026-07-10", base + "1 FB01-001\n", 1, "FB01-001 is a Fusion World card, not Masters"},
		{"masters-standard", "2026-07-10", strings.Replace(base, "1 BT1-001", "1 SD13-01", 1), 1, "BT1-014 Saiyan Cabba cannot be in this deck: its Leader SD13-01 Frieza says"},
		{"score-dbz", "2026-06-01", score + "1 SDBZ-022\n", 1, "The ally Krillin is not a whole set"},
		{"score-dbz", "2026-06-01", strings.Replace(score, "Main personality:", "Leader:", 1), 1, `instead of "Leader:"`},
	}
	for _, tt := range tests {
		before := len(out.String())
		args := append([]string{"deck", "check", "--format", tt.format, "--date", tt.date, writeDeck(t, tt.deck)}, dataArgs...)
		code := run(ctx, env, args)
		got := out.String()[before:]
		if code != tt.code || !strings.Contains(got, tt.want) {
			t.Errorf("%s on %s: exit %d, want %d and %q:\n%s%s", tt.format, tt.date, code, tt.code, tt.want, got, errb.String())
		}
	}
}

// After 'cards import', 'cards coverage' reads the stored pool; the file and
// the store give the same figures.
func TestCardsCoverageOfStoredPool(t *testing.T) {
	env, out, errb, dataArgs := testEnv(t, "")
	cardsFile := filepath.Join("..", "..", "testdata", "fusion-world-cards.json")
	if code := run(context.Background(), env, append([]string{"cards", "import", cardsFile}, dataArgs...)); code != 0 {
		t.Fatalf("cards import: %s", errb.String())
	}
	before := len(out.String())
	if code := run(context.Background(), env, append([]string{"cards", "coverage"}, dataArgs...)); code != 0 {
		t.Fatalf("cards coverage exited %d: %s", code, errb.String())
	}
	stored := out.String()[before:]
	before = len(out.String())
	if code := run(context.Background(), env, []string{"cards", "coverage", cardsFile}); code != 0 {
		t.Fatalf("cards coverage FILE: %s", errb.String())
	}
	if file := out.String()[before:]; stored != file || !strings.Contains(stored, "Fusion World cards: 135") {
		t.Errorf("stored pool:\n%s\nfile:\n%s", stored, file)
	}
}
