package server_test

import (
	"context"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// The feature table as the organiser's laptop and a player's phone show
// it: the round page's note and tag, and the phone's line under the table.
func TestFeatureTableOnTheRoundPageAndThePhone(t *testing.T) {
	t.Parallel()
	a := newApp(t)
	org := a.organiser()
	d := newDayEvent(t, a, org, "0", "Ann", "Bo", "Cy", "Di")
	ctx := context.Background()
	ev, _ := a.store.EventByID(ctx, d.id)
	ev.FeatureTables = "2"
	if err := a.store.UpdateEvent(ctx, storage.Actor{Name: "test"}, ev); err != nil {
		t.Fatal(err)
	}
	d.pairAndPublish(1)
	at := d.matchAtTable(1, 2)
	if at == nil {
		t.Fatal("nobody at feature table 2")
	}
	desk := screen(t, 1280, 800)
	signIn(t, desk, a)
	navigate(t, desk, a.srv.URL+d.path+"/rounds/1")
	waitFor(t, desk, `[data-testid="feature-tables-note"]`)
	waitFor(t, desk, `[data-testid="feature-table"]`)
	screenshot(t, desk, "round-feature-table-1280")
	player := d.nameOf(at.P1EntryID)
	ph := phone(t)
	navigate(t, ph, a.srv.URL+d.links[player])
	waitFor(t, ph, `[data-testid="feature-table-note"]`)
	screenshot(t, ph, "phone-feature-table-390")
}
