package server_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/storage/carddata"
)

// mastersDeck is a 50-card deck of real BT1 cards under the Champa leader
// (the same as rules' mastersBase).
func mastersDeck() string {
	var b strings.Builder
	b.WriteString("Leader:\n1 BT1-001 Champa\nMain deck:\n")
	for _, n := range []string{"BT1-004", "BT1-006", "BT1-007", "BT1-008", "BT1-009", "BT1-010", "BT1-011", "BT1-012", "BT1-013", "BT1-014", "BT1-015", "BT1-016"} {
		fmt.Fprintf(&b, "4 %s\n", n)
	}
	b.WriteString("2 BT1-017\n")
	return b.String()
}

func rulesFixture(t *testing.T, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("..", "rules", "testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// importMastersAndDBZ loads, through the organiser's pages, the real Masters
// cards and June 2026 list, the invented Z-cards and the Score DBZ cards.
func importMastersAndDBZ(t *testing.T, a *app, org *browser) {
	t.Helper()
	for name, data := range map[string][]byte{
		"masters-cards.json":      fixture(t, "masters-cards.json"),
		"masters-z-cards.csv":     rulesFixture(t, "masters-z-cards.csv"),
		"score-dbz-cards.csv":     rulesFixture(t, "score-dbz-cards.csv"),
		"fusion-world-cards.json": fixture(t, "fusion-world-cards.json"),
	} {
		expectRedirect(t, "import "+name, org.upload("/cards", "/cards/import", "file", name, data), "/cards")
	}
	expectRedirect(t, "save ban list", org.post("/cards", "/banlists", url.Values{"banlist": {string(fixture(t, "masters-banlist-2026-06.json"))}}), "/cards")
	pool, err := carddata.New(a.store).CardPool(context.Background(), rules.GameMasters)
	if err != nil {
		t.Fatal(err)
	}
	if c, ok := pool.Card("BT13-149"); !ok || c.CopyLimit != 7 {
		t.Fatalf("stored BT13-149: %+v", c)
	}
}

// The organiser's deck check tool applies issue 10's rules: card text copy
// limits (CR 0-2-2 / Masters CR 6-1-5-1), the Z-Deck (Masters CR 6-1-4),
// ban-list entries from their own dates, the other-game hint, and the Score
// DBZ allies and "Leader:" hint.
func TestDeckCheckPageAppliesCardTextZDeckBanDatesAndDBZRules(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	importMastersAndDBZ(t, a, org)
	base := mastersDeck()
	score := "Main personality:\n1 SDBZ-001\n1 SDBZ-002\n1 SDBZ-003\n1 SDBZ-004\n1 SDBZ-005\nLife deck:\n4 SDBZ-030\n"
	for i := 101; i <= 115; i++ {
		score += fmt.Sprintf("3 SDBZ-%d\n", i)
	}
	tests := []struct {
		name, format, date, deck string
		want                     []string // "" legal
	}{
		{"seven of a card that allows seven", "masters-standard", "2026-07-10", base + "7 BT13-149\n", nil},
		{"eight of it", "masters-standard", "2026-07-10", base + "8 BT13-149\n",
			[]string{"BT13-149 Yearning for the Dark Dragon Balls is limited to 7 per deck; the deck has 8", "Masters CR 6-1-5-1"}},
		{"any number despite deck_limit 4", "masters-standard", "2026-07-10", base + "10 EB1-06\n", nil},
		{"banned from January 1, 2023, checked on 2026-06-01", "masters-standard", "2026-06-01", base + "1 BT10-044\n",
			[]string{"BT10-044 SS Trunks, God-Sealing Technique is banned (ban list in force on 1 June 2026: Masters list of June 19, 2026)"}},
		{"a Z-Deck of Z-cards", "masters-standard", "2026-07-10", base + "Z-Deck:\n4 ZT1-003\n1 ZT1-001\n", nil},
		{"a Battle card in the Z-Deck", "masters-standard", "2026-07-10", base + "Z-Deck:\n1 BT1-018\n",
			[]string{"BT1-018 Confident Botamo is a Battle card; the Z-Deck holds only Z-cards", "Masters CR 6-1-4"}},
		{"a Leader's own deck text", "masters-standard", "2026-07-10", strings.Replace(base, "1 BT1-001 Champa", "1 SD13-01", 1),
			[]string{`BT1-013 Raging Cabba cannot be in this deck: its Leader SD13-01 Frieza says "You can't include 《Saiyan》 cards in your deck."`}},
		{"a Fusion World card", "masters-standard", "2026-07-10", base + "1 FB01-001 Son Goku\n",
			[]string{"FB01-001 Son Goku is a Fusion World card, not Masters"}},
		{"FP-030 in Fusion World", "fw-standard", "2026-06-01",
			strings.Replace(string(fixture(t, "decklists/fs01-starter-son-goku.txt")), "1 FS01-01 Son Goku", "1 FP-030", 1),
			[]string{"FP-030 The Strongest Fighters can only be used in specified events, so it is not legal in Fusion World Standard"}},
		{"a lone level-2 ally", "score-dbz", "2026-06-01", score + "1 SDBZ-022\n",
			[]string{"The ally Krillin is not a whole set: it has no level 1 card"}},
		{"Leader: in a DBZ list", "score-dbz", "2026-06-01", strings.Replace(score, "Main personality:", "Leader:", 1),
			[]string{`list its levels under "Main Personality:" instead of "Leader:"`}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := org.post("/decks/check", "/decks/check", url.Values{"format": {tt.format}, "date": {tt.date}, "deck": {tt.deck}})
			expectStatus(t, tt.name, r, http.StatusOK)
			text := pfText(r.body)
			if tt.want == nil {
				if !strings.Contains(text, "This deck is legal.") {
					t.Fatalf("not legal:\n%s", excerpt(r.body))
				}
				return
			}
			if !strings.Contains(text, "This deck is not legal") {
				t.Fatalf("legal:\n%s", excerpt(r.body))
			}
			for _, w := range tt.want {
				if !strings.Contains(text, w) {
					t.Errorf("page lacks %q:\n%s", w, text)
				}
			}
		})
	}
}

// A player pasting a list on their phone gets the same verdicts: a card's
// own copy limit (CR 0-2-2: FB01-131 Meta-Cooler, as many as you like) and
// FP-030 "only in specified events". Events run Fusion World only, so the
// Masters and DBZ rules are reached on the web through the deck check page.
func TestPlayerPastesADeckWithCardTextRules(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	importCards(t, a)
	d := newDayEvent(t, a, org, "0", "Ann")
	ann := d.phone("Ann")
	link := d.links["Ann"]
	var fs04 strings.Builder
	fs04.WriteString("Leader:\n1 FS04-01 Frieza\nMain deck:\n")
	for i := 2; i <= 11; i++ {
		fmt.Fprintf(&fs04, "4 FS04-%02d\n", i)
	}
	// Saving redirects to the player's page (post/redirect/get), which shows the check.
	expectRedirect(t, "save", ann.post(link, link+"/deck", url.Values{"deck": {fs04.String() + "12 FB01-131 Meta-Cooler\n"}}), link)
	r := ann.get(link)
	if !strings.Contains(pfText(r.body), "This deck is legal.") {
		t.Fatalf("twelve Meta-Cooler not legal:\n%s", excerpt(r.body))
	}
	expectRedirect(t, "save", ann.post(link, link+"/deck", url.Values{"deck": {strings.Replace(fs04.String(), "1 FS04-01 Frieza", "1 FP-030", 1) + "10 FB01-131\n"}}), link)
	r = ann.get(link)
	if text := pfText(r.body); !strings.Contains(text, "FP-030 The Strongest Fighters can only be used in specified events, so it is not legal in Fusion World Standard") {
		t.Fatalf("FP-030 accepted:\n%s", text)
	}
	en, _ := a.store.EntryByID(context.Background(), d.id, d.ids["Ann"])
	if en.DeckStatus != "illegal" || !strings.Contains(en.DeckProblems, `"card":"FP-030","rule":"CR 0-2-2"`) {
		t.Fatalf("stored: %s %s", en.DeckStatus, en.DeckProblems)
	}
}
