package views

import (
	"context"
	"encoding/json"
	"strconv"
	"sync"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// clockWordsKey is what clockAnnouncements' words depend on.
type clockWordsKey struct {
	lang string
	left int64 // whole minutes, 0-300
}

// clockWords keeps clockAnnouncements' JSON by language and minutes left:
// every player page has it, and saying up to 35 counts in the page's
// language on every load was a quarter of the page's CPU time (a 35-minute
// round needs 36 of them a language).
var clockWords sync.Map // clockWordsKey → string

// announcedMinutes are the minutes left at which the time is said aloud:
// the moments a player acts on. Every whole minute was some 35 interruptions
// a round for a screen reader's user.
var announcedMinutes = []int64{10, 5, 1}

// clockAnnouncements are the words live.js says when a clock reaches one of
// announcedMinutes left, and at time's up ("0"), as JSON: those up to the
// time left now (a live update brings new ones).
func clockAnnouncements(ctx context.Context, c Clock) string {
	if c.State != "running" && c.State != "paused" {
		return ""
	}
	left := minutesLeft(c)
	key := clockWordsKey{lang: i18n.Lang(ctx), left: left}
	if s, ok := clockWords.Load(key); ok {
		return s.(string)
	}
	words := map[string]string{"0": i18n.T(ctx, "ClockTimeUp", nil)}
	for _, m := range announcedMinutes {
		if m <= left {
			words[strconv.FormatInt(m, 10)] = i18n.N(ctx, "ClockMinutesLeft", int(m), nil)
		}
	}
	b, _ := json.Marshal(words)
	clockWords.Store(key, string(b))
	return string(b)
}

// minutesLeft is the clock's time left in whole minutes, rounded up, 0-300.
func minutesLeft(c Clock) int64 {
	return min(max((c.RemainingMS+c.ExtensionMS+59999)/60000, 0), 300)
}
