package web

import (
	"context"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
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

// auditCallRE finds the change log rows storage writes with a literal
// action and entity, and the event they belong to.
var auditCallRE = regexp.MustCompile(`[wW]riteAudit\(ctx, [^,]+, ([^,]+), "([a-z0-9-]+)", "([a-z_-]+)"`)

// Every change storage writes to an event's change log is named on the
// page in words, not shown as its codes: a new action needs its message.
func TestEveryEventChangeHasItsWords(t *testing.T) {
	found := 0
	err := filepath.WalkDir(filepath.Join("..", "..", "storage"), func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".go") || strings.HasSuffix(path, "_test.go") {
			return err
		}
		src, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		for _, m := range auditCallRE.FindAllStringSubmatch(string(src), -1) {
			event, action, entity := m[1], m[2], m[3]
			// Rows without an event are not on an event's page; a deleted
			// event's log goes with it.
			if event == "nil" || action+" "+entity == "delete event" {
				continue
			}
			found++
			if AuditChange(action, entity).ID == "" {
				t.Errorf("%s: the change %q %q has no message in AuditChange", path, action, entity)
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < 30 {
		t.Errorf("found %d event changes in storage; the pattern no longer matches its calls", found)
	}
}
