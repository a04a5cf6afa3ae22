package server_test

import (
	"context"
	"encoding/json"
	"net/http"
	"net/url"
	"regexp"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// Either player proposes an intentional draw from their phone; the other
// declines or accepts it from theirs. Accepted, the match is a final draw
// marked intentional on the phones, the round page, the API and the event
// file; never in the top cut, nor where the event turns them off.
func TestIntentionalDrawFromThePhones(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "2", "Ann", "Ben", "Cid", "Dee")
	ev, _ := a.store.EventByID(context.Background(), d.id)
	one := 1
	ev.SwissRounds = &one
	if err := a.store.UpdateEvent(context.Background(), storage.Actor{Name: "test"}, ev); err != nil {
		t.Fatal(err)
	}
	d.pairAndPublish(1)
	ms := d.roundMatches(1)
	p1, p2 := d.nameOf(ms[0].P1EntryID), d.nameOf(*ms[0].P2EntryID)
	phone1, phone2 := d.phone(p1), d.phone(p2)
	mustContain(t, "offered", phone1.get(d.links[p1]).body, `data-testid="propose-draw"`)

	// Proposed, then declined: the match is pending again.
	expectRedirect(t, "propose", d.report(phone1, p1, "intentional-draw"), d.links[p1])
	mustContain(t, "proposer", phone1.get(d.links[p1]).body, "You proposed an intentional draw; "+p2+" accepts or declines it")
	mustContain(t, "opponent", phone2.get(d.links[p2]).body, p1+" proposes an intentional draw", `data-testid="accept-draw"`, `data-testid="decline-draw"`)
	match := url.Values{"match": {itoa64(ms[0].ID)}}
	expectRedirect(t, "decline", phone2.post(d.links[p2], d.links[p2]+"/draw/decline", match), d.links[p2])
	if m, _ := a.store.MatchByID(context.Background(), d.id, ms[0].ID); m.Status != storage.MatchPending {
		t.Fatalf("declined: %s", m.Status)
	}
	expectStatus(t, "decline again", phone2.post(d.links[p2], d.links[p2]+"/draw/decline", match), http.StatusConflict)

	// Proposed by the other player, accepted (twice: the same answer again
	// changes nothing).
	expectRedirect(t, "propose", d.report(phone2, p2, "intentional-draw"), d.links[p2])
	home := phone1.get(d.links[p1]).body
	mustContain(t, "accept form", home, `data-testid="accept-draw"`, `name="result" value="draw"`)
	acceptForm := url.Values{"match": {itoa64(ms[0].ID)}, "result": {"draw"}, "games": {"same"}}
	expectRedirect(t, "accept", phone1.post(d.links[p1], d.links[p1]+"/report", acceptForm), d.links[p1])
	expectRedirect(t, "accept again", phone1.post(d.links[p1], d.links[p1]+"/report", acceptForm), d.links[p1])
	m, _ := a.store.MatchByID(context.Background(), d.id, ms[0].ID)
	if m.Status != storage.MatchConfirmed || m.Result != storage.ResultDraw || !m.Intentional {
		t.Fatalf("accepted: %+v", m)
	}
	mustContain(t, "phone 1", phone1.get(d.links[p1]).body, `data-testid="final-result">Intentional draw<`)
	mustContain(t, "phone 2", phone2.get(d.links[p2]).body, `data-testid="final-result">Intentional draw<`)
	mustContain(t, "round page", org.get(d.path+"/rounds/1").body, "Intentional draw")

	// The API and the event file say so.
	var pairings []map[string]any
	api := a.browser().get("/api/v1/events/" + itoa64(d.id) + "/pairings")
	if err := json.Unmarshal([]byte(api.body), &pairings); err != nil {
		t.Fatalf("api: %v\n%s", err, excerpt(api.body))
	}
	intentional := 0
	for _, p := range pairings {
		if p["intentional"] == true {
			intentional++
		}
	}
	if intentional != 1 {
		t.Fatalf("api: %d intentional draws\n%s", intentional, api.body)
	}
	data := pfExport(t, org, d.path)
	_, newID := pfImport(t, org, "event.json", data)
	r1, _ := a.store.RoundByNumber(context.Background(), newID, 1)
	back, _ := a.store.Matches(context.Background(), r1.ID)
	reps, _ := a.store.Reports(context.Background(), back[0].ID)
	if !back[0].Intentional || len(reps) != 2 || !reps[0].Intentional {
		t.Fatalf("imported: %+v %+v", back[0], reps)
	}

	// Never in the top cut.
	other := ms[1]
	q1, q2 := d.nameOf(other.P1EntryID), d.nameOf(*other.P2EntryID)
	expectRedirect(t, "report", d.report(d.phone(q1), q1, "won"), d.links[q1])
	expectRedirect(t, "confirm", d.report(d.phone(q2), q2, "lost"), d.links[q2])
	d.startCut(2)
	final := d.roundMatches(2)[0]
	f1 := d.nameOf(final.P1EntryID)
	home = d.phone(f1).get(d.links[f1]).body
	if regexp.MustCompile(`data-testid="propose-draw"`).MatchString(home) {
		t.Fatal("an intentional draw is offered in the top cut")
	}
	r := d.phone(f1).post(d.links[f1], d.links[f1]+"/report", url.Values{"match": {itoa64(final.ID)}, "result": {"intentional-draw"}})
	expectStatus(t, "top cut", r, http.StatusConflict)
	mustContain(t, "top cut", r.body, "There are no intentional draws in the top cut")
}

// An event that turns intentional draws off offers none and takes none.
func TestIntentionalDrawsOff(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Ben")
	f := eventForm("Saturday Cup")
	f.Del("intentional_draws")
	f.Set("top_cut_size", "0")
	page := org.get(d.path + "/edit")
	mustContain(t, "form", page.body, `name="intentional_draws" value="on" checked`)
	f.Set("version", regexp.MustCompile(`name="version" value="(\d+)"`).FindStringSubmatch(page.body)[1])
	expectRedirect(t, "turn off", org.post(d.path+"/edit", d.path, f), d.path)
	if ev, _ := a.store.EventByID(context.Background(), d.id); !ev.NoIntentionalDraws {
		t.Fatal("the setting was not saved")
	}
	d.pairAndPublish(1)
	home := d.phone("Ann").get(d.links["Ann"]).body
	if regexp.MustCompile(`data-testid="propose-draw"`).MatchString(home) {
		t.Fatal("an intentional draw is offered")
	}
	r := d.report(d.phone("Ann"), "Ann", "intentional-draw")
	expectStatus(t, "off", r, http.StatusConflict)
	mustContain(t, "off", r.body, "This event does not allow intentional draws")
}
