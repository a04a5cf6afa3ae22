package views

import (
	"context"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// The countdown's words are kept by language and minutes left: a page in
// one language never gets another's, and a kept one is what a fresh one
// would say.
func TestClockAnnouncementsByLanguage(t *testing.T) {
	en := context.Background()
	de := i18n.WithLanguage(context.Background(), "de")
	running := Clock{State: "running", RemainingMS: 330_000} // 5.5 minutes: 5 and 1 minutes left are said
	want := map[context.Context]string{
		en: `{"0":"Time is up.","1":"1 minute left","5":"5 minutes left"}`,
		de: `{"0":"Die Zeit ist um.","1":"Noch 1 Minute","5":"Noch 5 Minuten"}`,
	}
	for range 2 { // the second time from what was kept
		for _, ctx := range []context.Context{en, de} {
			if got := clockAnnouncements(ctx, running); got != want[ctx] {
				t.Errorf("%s: %s, want %s", i18n.Lang(ctx), got, want[ctx])
			}
		}
	}
	if got := clockAnnouncements(en, Clock{State: "paused", RemainingMS: -30_000, ExtensionMS: 60_000}); got != `{"0":"Time is up.","1":"1 minute left"}` {
		t.Errorf("paused, 30 s of an extension left: %s", got)
	}
	if got := clockAnnouncements(en, Clock{State: "running", RemainingMS: -600_000}); got != `{"0":"Time is up."}` {
		t.Errorf("ten minutes over: %s", got)
	}
	// A whole round says the time four times, not at every minute.
	if got := clockAnnouncements(en, Clock{State: "running", RemainingMS: 35 * 60_000}); got != `{"0":"Time is up.","1":"1 minute left","10":"10 minutes left","5":"5 minutes left"}` {
		t.Errorf("a 35-minute round: %s", got)
	}
	if got := clockAnnouncements(en, Clock{State: "finished", RemainingMS: 90_000}); got != "" {
		t.Errorf("finished clock: %q", got)
	}
}
