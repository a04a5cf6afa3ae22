package views

import (
	"bytes"
	"context"
	"strconv"
	"sync"

	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// CountdownMarkup is CountdownTime rendered. Every player of a round shows
// the same clock, and from one millisecond to the next its markup changes
// only in the remaining milliseconds: the markup around that number is
// rendered once per second shown (and language), and the number written
// into it on each call.
func CountdownMarkup(ctx context.Context, c Clock) ([]byte, error) {
	// Besides the number, the markup shows of the remaining time only its
	// text and the minutes left (the announcements' words).
	key := countdownKey{c: c, minutes: minutesLeft(c), lang: i18n.Lang(ctx)}
	key.c.RemainingMS = 0
	ms := strconv.AppendInt(nil, c.RemainingMS, 10)
	if p, ok := countdowns.get(key); ok {
		out := make([]byte, 0, len(p.before)+len(ms)+len(p.after))
		return append(append(append(out, p.before...), ms...), p.after...), nil
	}
	var b bytes.Buffer
	if err := CountdownTime(c).Render(ctx, &b); err != nil {
		return nil, err
	}
	page := b.Bytes()
	attr := append(append([]byte(`data-remaining-ms="`), ms...), '"')
	if bytes.Count(page, attr) == 1 {
		at := bytes.Index(page, attr) + len(attr) - 1 - len(ms)
		countdowns.put(key, countdownPart{before: bytes.Clone(page[:at]), after: bytes.Clone(page[at+len(ms):])})
	}
	return page, nil
}

// countdownKey is what a countdown's markup shows but its milliseconds
// (c.RemainingMS is left 0).
type countdownKey struct {
	c       Clock
	minutes int64
	lang    string
}

// countdownPart is a countdown's markup before and after its milliseconds.
type countdownPart struct{ before, after []byte }

// countdownParts keeps the markup of the clocks shown lately. Each second
// adds a key per clock and language shown; when full the map starts again.
type countdownParts struct {
	mu    sync.Mutex
	parts map[countdownKey]countdownPart
}

const maxCountdownParts = 256

var countdowns countdownParts

func (p *countdownParts) get(k countdownKey) (countdownPart, bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	v, ok := p.parts[k]
	return v, ok
}

func (p *countdownParts) put(k countdownKey, v countdownPart) {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.parts == nil || len(p.parts) >= maxCountdownParts {
		p.parts = map[countdownKey]countdownPart{}
	}
	p.parts[k] = v
}
