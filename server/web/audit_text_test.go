package web

import (
	"context"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Who made a change is said in the page's language unless it is an
// account, whose username stays even if it reads like one of storage's
// own names.
func TestAuditActorText(t *testing.T) {
	ctx := i18n.WithLanguage(context.Background(), "de")
	id := int64(3)
	for _, c := range []struct {
		entry storage.AuditEntry
		want  string
	}{
		{storage.AuditEntry{Actor: storage.PlayerActor("Ann").Name}, i18n.T(ctx, "StaffAuditByPlayer", i18n.Args{"Name": "Ann"})},
		{storage.AuditEntry{Actor: storage.ActorSystem.Name}, i18n.T(ctx, "StaffAuditBySystem", nil)},
		{storage.AuditEntry{Actor: storage.ActorSelfRegistration.Name}, i18n.T(ctx, "StaffAuditBySelfRegistration", nil)},
		{storage.AuditEntry{Actor: storage.ActorAnonymous.Name}, i18n.T(ctx, "StaffAuditByAnonymous", nil)},
		{storage.AuditEntry{Actor: "system", UserID: &id}, "system"},
		{storage.AuditEntry{Actor: "orla", UserID: &id}, "orla"},
	} {
		if got := AuditActor(c.entry).In(ctx); got != c.want {
			t.Errorf("%+v: %q, want %q", c.entry, got, c.want)
		}
	}
	// A snapshot's or a game log's creator, kept as a name alone.
	for name, want := range map[string]string{
		storage.PlayerActor("Ann").Name: i18n.T(ctx, "StaffAuditByPlayer", i18n.Args{"Name": "Ann"}),
		storage.ActorSystem.Name:        i18n.T(ctx, "StaffAuditBySystem", nil),
		"orla":                          "orla",
	} {
		if got := Actor(name).In(ctx); got != want {
			t.Errorf("actorText(%q): %q, want %q", name, got, want)
		}
	}
	if de := i18n.T(ctx, "StaffAuditBySystem", nil); de == "system" {
		t.Errorf("StaffAuditBySystem is not German: %q", de)
	}
}
