package web

import (
	"strconv"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views"
)

// ClockView renders a round's clock for a table with its extension. The
// remaining time is the round's own; live.js adds the extension, as the
// server text does.
func ClockView(eventID int64, r *storage.Round, extension time.Duration, now time.Time) views.Clock {
	rem := r.Remaining(now)
	shown := rem
	if r.ClockState() != "not-started" {
		shown += extension
	}
	return views.Clock{EventID: eventID, Round: r.Number, State: r.ClockState(), RemainingMS: rem.Milliseconds(),
		ExtensionMS: extension.Milliseconds(), Text: ClockText(shown)}
}

// ClockText is a countdown as pages print it (m:ss, minutes unbounded),
// rounded up like live.js, so "0:00" means time is up.
func ClockText(remaining time.Duration) string {
	ms := remaining.Milliseconds()
	if ms < 0 {
		ms = 0
	}
	secs := (ms + 999) / 1000
	sec := secs % 60
	out := strconv.FormatInt(secs/60, 10) + ":"
	if sec < 10 {
		out += "0"
	}
	return out + strconv.FormatInt(sec, 10)
}
