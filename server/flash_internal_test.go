package server

import (
	"testing"

	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Every flash notice is a message id (so every page says it in its
// language) with a cookie code of its own.
func TestFlashNoticesAreMessages(t *testing.T) {
	t.Parallel()
	seen := map[string]string{}
	for id, code := range web.FlashCodes() {
		if !i18n.Has(id) {
			t.Errorf("flash notice %q is not a message id", id)
		}
		if other, ok := seen[code]; ok {
			t.Errorf("flash code %q names both %s and %s", code, id, other)
		}
		seen[code] = id
	}
	if len(web.FlashCodes()) < 40 {
		t.Errorf("only %d flash notices registered", len(web.FlashCodes()))
	}
}
