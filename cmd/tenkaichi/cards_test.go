package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/rules"
)

func TestCardsAndBanlistImport(t *testing.T) {
	env, out, errb, dataArgs := testEnv(t, "")
	cardsFile := filepath.Join("..", "..", "testdata", "fusion-world-cards.json")
	if code := run(context.Background(), env, append([]string{"cards", "import", cardsFile}, dataArgs...)); code != 0 {
		t.Fatalf("cards import exited %d: %s", code, errb.String())
	}
	if !strings.Contains(out.String(), "fusion-world cards") {
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
	if !strings.Contains(out.String(), "masters ban list") {
		t.Fatalf("output: %s", out.String())
	}

	st, err := openStore(context.Background(), env, dbFlagsFrom(dataArgs), nil)
	if err != nil {
		t.Fatal(err)
	}
	defer st.Close()
	n, _ := st.CountCards(context.Background(), rules.GameFusionWorld)
	if n != 135 { // every record of the fixture
		t.Fatalf("%d cards stored", n)
	}
	pool, _ := st.CardPool(context.Background(), rules.GameFusionWorld)
	if c, ok := pool.Card("FB01-001"); !ok || c.Name != "Son Goku" {
		t.Fatalf("bad import changed FB01-001: %+v", c)
	}
	vs, _ := st.BanListVersions(context.Background())
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
