package backup

import "time"

// StopRestoreClock makes restores name the databases they keep as if at t,
// until the returned function puts the clock back.
func StopRestoreClock(t time.Time) (restore func()) {
	restoreNow = func() time.Time { return t }
	return func() { restoreNow = time.Now }
}
