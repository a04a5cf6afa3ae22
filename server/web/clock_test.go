package web

import (
	"testing"
	"time"
)

func TestClockText(t *testing.T) {
	for _, c := range []struct {
		d    time.Duration
		want string
	}{
		{35 * time.Minute, "35:00"}, {34*time.Minute + 12*time.Second, "34:12"}, {61 * time.Second, "1:01"},
		{1500 * time.Millisecond, "0:02"}, {time.Millisecond, "0:01"}, {0, "0:00"}, {-5 * time.Second, "0:00"},
		{75 * time.Minute, "75:00"},
	} {
		if got := ClockText(c.d); got != c.want {
			t.Errorf("clockText(%v) = %q, want %q", c.d, got, c.want)
		}
	}
}
