package carddata_test

import (
	"context"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/carddata"
	"github.com/tenkaichi-org/tenkaichi/storage/storagetest"
)

var ctx = context.Background()

func fixture(t *testing.T, name string) string {
	t.Helper()
	p := filepath.Join("..", "..", "testdata", name)
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("test fixture %s missing: %v", name, err)
	}
	return p
}

func TestImportCardsReplacesByNumberInOneTransaction(t *testing.T) {
	st := storagetest.New(t)
	cards, err := rules.ReadCardsFile(fixture(t, "fusion-world-cards.json"))
	if err != nil {
		t.Fatal(err)
	}
	calls := 0
	if err := carddata.New(st).ImportCards(ctx, storage.Actor{Name: "test"}, cards, func(int) { calls++ }); err != nil {
		t.Fatal(err)
	}
	n, _ := carddata.New(st).CountCards(ctx, rules.GameFusionWorld)
	if n != int64(len(cards)) || n != 135 {
		t.Fatalf("stored %d cards of %d", n, len(cards))
	}
	if calls == 0 {
		t.Error("progress never reported")
	}
	pool, err := carddata.New(st).CardPool(ctx, rules.GameFusionWorld)
	if err != nil {
		t.Fatal(err)
	}
	goku, ok := pool.Card("FB01-001-p1") // a printing finds its card
	if !ok || goku.Name != "Son Goku" || goku.Type != rules.TypeLeader || goku.BackPower == nil {
		t.Fatalf("FB01-001 from the pool: %+v", goku)
	}

	// Re-import one changed card: it replaces the stored one, nothing else changes.
	changed := *goku
	changed.Name = "Son Goku (errata)"
	if err := carddata.New(st).ImportCards(ctx, storage.Actor{Name: "test"}, []rules.Card{changed}, nil); err != nil {
		t.Fatal(err)
	}
	pool, _ = carddata.New(st).CardPool(ctx, rules.GameFusionWorld)
	if c, _ := pool.Card("FB01-001"); c.Name != "Son Goku (errata)" {
		t.Fatalf("re-import did not replace: %q", c.Name)
	}
	if n2, _ := carddata.New(st).CountCards(ctx, rules.GameFusionWorld); n2 != n {
		t.Fatalf("re-import changed the count: %d -> %d", n, n2)
	}

	// A bad card late in a list: nothing of that import lands.
	bad := []rules.Card{{Game: rules.GameFusionWorld, Number: "FB99-001", Name: "New"}, {Game: rules.GameFusionWorld, Name: "No number"}}
	if err := carddata.New(st).ImportCards(ctx, storage.Actor{Name: "test"}, bad, nil); err == nil {
		t.Fatal("import with a card without number succeeded")
	}
	pool, _ = carddata.New(st).CardPool(ctx, rules.GameFusionWorld)
	if _, ok := pool.Card("FB99-001"); ok {
		t.Fatal("half of a failed import was stored")
	}
}

func TestSearchCards(t *testing.T) {
	st := storagetest.New(t)
	cards, err := rules.ReadCardsFile(fixture(t, "fusion-world-cards.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := carddata.New(st).ImportCards(ctx, storage.Actor{Name: "test"}, cards, nil); err != nil {
		t.Fatal(err)
	}
	found, err := carddata.New(st).SearchCards(ctx, rules.GameFusionWorld, "krillin earthling", 50)
	if err != nil {
		t.Fatal(err)
	}
	has := false
	for _, c := range found {
		if c.Number == "FB01-008" {
			has = true
		}
	}
	if !has {
		t.Fatalf("search for 'krillin earthling' missed FB01-008 Krillin; got %d cards", len(found))
	}
	none, _ := carddata.New(st).SearchCards(ctx, rules.GameFusionWorld, "100%_sure", 10)
	if len(none) != 0 {
		t.Fatalf("LIKE wildcards not escaped: %d matches", len(none))
	}
	// The Japanese name is stored (its own column and the card's data) and
	// found.
	jp, err := carddata.New(st).SearchCards(ctx, rules.GameFusionWorld, "ヴァドス", 10)
	if err != nil {
		t.Fatal(err)
	}
	if len(jp) != 1 || jp[0].Number != "FB01-003" || jp[0].NameJP != "ヴァドス" {
		t.Fatalf("search for ヴァドス: %+v", jp)
	}
	var col string
	if err := st.SQL().QueryRowContext(ctx, "SELECT name_jp FROM cards WHERE game = 'fusion-world' AND number = 'FB01-003'").Scan(&col); err != nil || col != "ヴァドス" {
		t.Fatalf("name_jp column: %q, %v", col, err)
	}
}

func TestBanListVersionsStoredAndInForce(t *testing.T) {
	st := storagetest.New(t)
	versions, err := rules.ReadBanListsFile(fixture(t, "masters-banlist-2026-06.json"))
	if err != nil {
		t.Fatal(err)
	}
	for _, v := range versions {
		if err := carddata.New(st).SaveBanListVersion(ctx, storage.Actor{Name: "test"}, v); err != nil {
			t.Fatal(err)
		}
		// Saving again replaces rather than duplicates.
		if err := carddata.New(st).SaveBanListVersion(ctx, storage.Actor{Name: "test"}, v); err != nil {
			t.Fatal(err)
		}
	}
	stored, err := carddata.New(st).BanListVersions(ctx)
	if err != nil || len(stored) != len(versions) {
		t.Fatalf("stored %d versions of %d: %v", len(stored), len(versions), err)
	}
	lists, err := carddata.New(st).BanLists(ctx)
	if err != nil {
		t.Fatal(err)
	}
	day := time.Date(2026, 7, 1, 0, 0, 0, 0, time.UTC)
	if v := lists.InForce(rules.GameMasters, day); v == nil || v.Name != versions[0].Name {
		t.Fatalf("Masters list in force on 2026-07-01: %+v", v)
	}
	if v := lists.InForce(rules.GameFusionWorld, day); v == nil || v.Name != "March 2026" {
		t.Fatalf("built-in Fusion World list missing: %+v", v)
	}
	bad := versions[0]
	bad.Effective = "not a date"
	if err := carddata.New(st).SaveBanListVersion(ctx, storage.Actor{Name: "test"}, bad); err == nil {
		t.Fatal("a version with a bad date was stored")
	}
	if _, err := carddata.New(st).BanLists(ctx); err != nil {
		t.Fatalf("ban lists unreadable after a refused save: %v", err)
	}
}

// A card's own copy limit (CR 0-2-2: card text wins) is stored with the card
// in its copy_limit column, and a card stored before that column existed
// (NULL) has its limit read from its text when loaded, the wrong deck_limit
// of the old import included.
func TestCardCopyLimitIsStored(t *testing.T) {
	st := storagetest.New(t)
	cards, err := rules.ReadCardsFile(fixture(t, "masters-cards.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := carddata.New(st).ImportCards(ctx, storage.Actor{Name: "test"}, cards, nil); err != nil {
		t.Fatal(err)
	}
	want := map[string]int{"BT13-149": 7, "EB1-06": rules.CopyLimitAny, "BT2-107": rules.CopyLimitAny, "BT5-117": 0}
	check := func(when string) {
		t.Helper()
		pool, err := carddata.New(st).CardPool(ctx, rules.GameMasters)
		if err != nil {
			t.Fatal(err)
		}
		for number, limit := range want {
			if c, ok := pool.Card(number); !ok || c.CopyLimit != limit {
				t.Errorf("%s: %s copy limit %d, want %d", when, number, c.CopyLimit, limit)
			}
		}
	}
	check("imported")
	var stored int
	if err := st.SQL().QueryRowContext(ctx, "SELECT copy_limit FROM cards WHERE number = 'BT13-149'").Scan(&stored); err != nil || stored != 7 {
		t.Errorf("copy_limit column of BT13-149: %d (%v), want 7", stored, err)
	}

	// As an import before the column left it: no limit in the data, the
	// file's deck_limit under Extra (BT13-149 has no other Extra), the column NULL.
	res, err := st.SQL().ExecContext(ctx, `UPDATE cards SET copy_limit = NULL,
		data = REPLACE(REPLACE(data, ',"copy_limit":7}', ',"extra":{"deck_limit":"4"}}'), ',"copy_limit":-1', '')
		WHERE game = 'masters' AND number IN ('BT13-149', 'EB1-06', 'BT2-107')`)
	if err != nil {
		t.Fatal(err)
	}
	var legacy int
	if err := st.SQL().QueryRowContext(ctx, `SELECT COUNT(*) FROM cards WHERE number IN ('BT13-149', 'EB1-06', 'BT2-107') AND (data LIKE '%"deck_limit":"4"%' OR data LIKE '%copy_limit%')`).Scan(&legacy); err != nil || legacy != 1 {
		t.Fatalf("the old rows are not as an old import left them: %d (%v)", legacy, err)
	}
	if n, _ := res.RowsAffected(); n != 3 {
		t.Fatalf("updated %d rows", n)
	}
	check("stored before the column")
}

func TestGameLogCardsLoadsOnlyTheNamedCards(t *testing.T) {
	st := storagetest.New(t)
	cards := []rules.Card{
		{Game: rules.GameFusionWorld, Number: "FB01-001", Name: "Son Goku", Type: rules.TypeLeader, Printings: []string{"FB01-001-p1"}},
		{Game: rules.GameFusionWorld, Number: "FB01-002", Name: "Vados", Type: rules.TypeBattle},
		{Game: rules.GameFusionWorld, Number: "FB01-003", Name: "Cabba", Type: rules.TypeBattle},
		{Game: rules.GameMasters, Number: "FB01-002", Name: "Not Fusion World", Type: rules.TypeBattle},
	}
	if err := carddata.New(st).ImportCards(ctx, storage.Actor{Name: "t"}, cards, nil); err != nil {
		t.Fatal(err)
	}
	got, err := carddata.New(st).GameLogCards(ctx, rules.GameFusionWorld, []string{"fb01-001-p1", "FB01-002", "FB01-002", "FB99-999", "", "?"})
	if err != nil {
		t.Fatal(err)
	}
	names := map[string]string{}
	for _, c := range got {
		names[c.Number] = c.Name
	}
	if len(got) != 2 || names["FB01-001"] != "Son Goku" || names["FB01-002"] != "Vados" {
		t.Fatalf("cards: %+v", got)
	}
	if none, err := carddata.New(st).GameLogCards(ctx, rules.GameFusionWorld, nil); err != nil || len(none) != 0 {
		t.Fatalf("no numbers: %v, %v", none, err)
	}
}
