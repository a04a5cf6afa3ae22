package views

import "github.com/tenkaichi-org/tenkaichi/views/i18n"

// SnapshotsPage lists an event's snapshots for its organiser, newest first.
type SnapshotsPage struct {
	Nav         EventNav
	List        []SnapshotRow
	StoredTotal i18n.Message // what all of them take in the database, "1.2 MB"
}

// SnapshotRow is one snapshot.
type SnapshotRow struct {
	ID     int64
	Label  i18n.Message // "Round 4 published"
	When   string
	By     i18n.Message
	Size   i18n.Message // the event file's size
	Stored i18n.Message // what the database holds (compressed)
}

// RestorePage asks before a restore, saying what it keeps and what it
// discards.
type RestorePage struct {
	Nav      EventNav
	Snapshot SnapshotRow
	// RoundsNow and RoundsThen describe the latest round now and in the
	// snapshot ("Round 5 (published)"; "" for none).
	RoundsNow     i18n.Message
	RoundsThen    i18n.Message
	RoundsRemoved []i18n.Message // rounds paired after the snapshot
	ResultsUndone int            // matches whose result or report differs from the snapshot's
	Removed       []string       // players registered after the snapshot
	Added         []string       // players of the snapshot deleted since: they come back with a new link
	Kept          int            // players who keep their entry and link
	MissingJudges []string       // judges of the snapshot with no judge account here now
	Problem       i18n.Message
}
