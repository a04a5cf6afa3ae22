package server_test

import (
	"context"
	"os"
	"regexp"
	"strings"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/storage"
)

func TestPrintShots(t *testing.T) {
	dir := os.Getenv("PRINT_SHOTS")
	if dir == "" {
		t.Skip()
	}
	a := newApp(t)
	org := a.organiser()
	ctx := context.Background()
	a.store.ImportCards(ctx, pfActor, []rules.Card{{Game: rules.GameFusionWorld, Number: "FB01-001", Name: "Son Goku", Type: rules.TypeLeader, Colours: []string{"Red"}}}, nil)
	f := pfNewEvent(t, a, org, "Winter Regional", "Ann", "Bo", "Cy", "Di", "Ed", "Flo", "Gus", "Hal", "Ivy")
	for i, n := range f.order {
		e := f.entries[n]
		e.DeckLeader = []string{"FB01-001", "FB01-002", "FB01-003"}[i%3]
		e.DeckColours = []string{"Red", "Blue", "Green/Yellow"}[i%3]
		a.store.UpdateEntry(ctx, pfActor, "d", e)
	}
	ms := pfRound(t, a, f, 1, storage.KindSwiss, [][2]string{{"Ann", "Bo"}, {"Cy", "Di"}, {"Ed", "Flo"}, {"Gus", "Hal"}, {"Ivy", ""}})
	for _, m := range ms[:4] {
		pfResult(t, a, f, m, storage.ResultInput{Result: storage.ResultP1, P1Wins: 2})
	}
	ev, _ := a.store.EventByID(ctx, f.id)
	ev.TopCutSize = 4
	a.store.UpdateEvent(ctx, pfActor, ev)
	css, _ := os.ReadFile("../views/static/app.css")
	printCSS := strings.ReplaceAll(string(css), "@media print", "@media all")
	os.WriteFile(dir+"/app.css", []byte(printCSS), 0o644)
	link := regexp.MustCompile(`href="/static/[^"]+/app.css"`)
	for name, p := range map[string]string{"byname": "/print/pairings?by=name", "bytable": "/print/pairings?by=table", "slips": "/print/slips",
		"standings": "/print/standings", "bracket": "/print/bracket", "poster": "/print/registration", "meta": "/metagame", "import": "/../import"} {
		path := f.path + p
		if name == "import" {
			path = "/events/import"
		}
		r := org.get(path)
		os.WriteFile(dir+"/"+name+".html", []byte(link.ReplaceAllString(r.body, `href="app.css"`)), 0o644)
	}
}
