package server_test

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/carddata"
	"github.com/tenkaichi-org/tenkaichi/views/gamewords"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Counts are written as the page's language writes numbers: 1,200 cards
// in the pool and 1,200 players of an event are "1.200" on a German page,
// "1 200" on a French one and "1,200" on a Japanese one, on the card pool,
// the events list and the event page, in a plural message (the event's
// card pool) as in a table.
func TestCountsInThePagesLanguage(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	const n = 1200
	cards := make([]rules.Card, n)
	for i := range cards {
		cards[i] = rules.Card{Game: rules.GameFusionWorld, Number: fmt.Sprintf("ZZ01-%04d", i+1), Name: fmt.Sprintf("Card %d", i+1), Type: rules.TypeBattle}
	}
	if err := carddata.New(a.store).ImportCards(context.Background(), storage.Actor{Name: "test"}, cards, nil); err != nil {
		t.Fatal(err)
	}
	// An event of 1,200 players, imported in one go from a plain event file.
	type player struct {
		ID   string `json:"id"`
		Name string `json:"name"`
	}
	file := map[string]any{"seed": 1, "points": map[string]int{"win": 3, "draw": 1, "loss": 0, "bye": 3}, "tiebreakers": "bandai", "rounds": []any{}}
	players := make([]player, n)
	for i := range players {
		players[i] = player{ID: "P" + strconv.Itoa(i+1), Name: "Player " + strconv.Itoa(i+1)}
	}
	file["players"] = players
	data, err := json.Marshal(file)
	if err != nil {
		t.Fatal(err)
	}
	event, _ := pfImport(t, org, "Big Cup.json", data)
	for _, lang := range []string{"de", "fr", "ja"} {
		ctx := i18n.WithLanguage(context.Background(), lang)
		count := html.EscapeString(i18n.Int(ctx, n))
		if count == strconv.Itoa(n) {
			t.Fatalf("%s writes %d as %q", lang, n, count)
		}
		org.get("/language?" + url.Values{"lang": {lang}, "back": {"/"}}.Encode())
		pool := org.get("/cards").body
		mustContain(t, lang+" card pool", pool, `<td class="num">`+count+`</td>`)
		events := org.get("/events").body
		mustContain(t, lang+" events", events, `<td class="num">`+count+`</td>`)
		page := org.get(event).body
		mustContain(t, lang+" event page", page, "<dd>"+count+"</dd>",
			`<dd data-testid="event-card-pool">`+html.EscapeString(i18n.N(ctx, "EventCardPool", n, i18n.Args{"Game": gamewords.ShortName(ctx, rules.GameFusionWorld)}))+"</dd>")
		for what, body := range map[string]string{"card pool": pool, "events": events, "event page": page} {
			if strings.Contains(body, ">1200<") || strings.Contains(body, ">1200 ") {
				t.Errorf("%s %s: a count written without the language's grouping", lang, what)
			}
		}
	}
}
