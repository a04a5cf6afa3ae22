package readmodel

import (
	"context"
	"encoding/json"

	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// PairingNote is why the pairing made a match, as facts
// (storage.Match.NoteReason): the rounds page words it in the reader's
// language with the player's name as it is now. The player is named by
// their side of the match, so the note needs no change when an event file
// gives the entries new ids.
type PairingNote struct {
	Kind string `json:"kind"` // "pair-down", "bye" or "awarded-bye" (pairing.Reason.Kind)
	Side string `json:"side"` // storage.ResultP1 or storage.ResultP2
	From int    `json:"from,omitempty"`
	To   int    `json:"to,omitempty"`
}

// NewPairingNote is the reason of a pairing for match nm, encoded for
// storage.NewMatch.NoteReason ("" if the reason names neither player).
func NewPairingNote(r *pairing.Reason, nm storage.NewMatch) string {
	id := EntryIDOf(r.Player)
	n := PairingNote{Kind: r.Kind, From: r.FromPoints, To: r.ToPoints}
	switch {
	case nm.P1 == id:
		n.Side = storage.ResultP1
	case nm.P2 != nil && *nm.P2 == id:
		n.Side = storage.ResultP2
	default:
		return ""
	}
	if n.Kind != "pair-down" {
		n.To = 0 // a bye has no opponent
	}
	b, _ := json.Marshal(n)
	return string(b)
}

// ReadPairingNote decodes a stored reason; ok is false for one this server
// cannot word (empty, unreadable, an unknown kind or side).
func ReadPairingNote(raw string) (PairingNote, bool) {
	var n PairingNote
	if raw == "" || json.Unmarshal([]byte(raw), &n) != nil {
		return n, false
	}
	switch n.Kind {
	case "pair-down", "bye", "awarded-bye", KindSeatNotPlayed:
	case KindSeatsNotPlayed:
		return n, true // neither side: both seats
	default:
		return n, false
	}
	return n, n.Side == storage.ResultP1 || n.Side == storage.ResultP2
}

// PairingNoteText words a pairing reason for the player called name, for
// a handler that still hands its view worded text.
func PairingNoteText(ctx context.Context, n PairingNote, name string) string {
	return PairingReason(n, name).In(ctx)
}

// PairingReason is a pairing reason for the player called name, as a
// fact the rounds page words (zero for an unknown kind).
func PairingReason(n PairingNote, name string) i18n.Message {
	switch n.Kind {
	case "pair-down":
		return i18n.M("PairedDown", i18n.Args{"Name": name, "From": i18n.MN("PointCount", n.From, nil), "To": i18n.MN("PointCount", n.To, nil)})
	case "awarded-bye":
		return i18n.M("StaffReasonAwardedBye", i18n.Args{"Name": name})
	case "bye":
		return i18n.M("StaffReasonBye", i18n.Args{"Name": name})
	case KindSeatNotPlayed:
		return i18n.M("TeamSeatNotPlayed", i18n.Args{"Name": name})
	case KindSeatsNotPlayed:
		return i18n.M("TeamSeatsNotPlayed", nil)
	}
	return i18n.Message{}
}

// MatchReason is a match's note for the rounds page: the pairing's reason
// (worded in the page's language), or the stored note as it is (an
// organiser's reason for a changed pairing, or a match paired before
// reasons were kept as facts, in the language used then).
func MatchReason(m storage.Match, d *EventData) i18n.Message {
	n, ok := ReadPairingNote(m.NoteReason)
	if !ok {
		return i18n.Verbatim(m.Note)
	}
	id := m.P1EntryID
	if n.Side == storage.ResultP2 {
		if m.P2EntryID == nil {
			return i18n.Verbatim(m.Note)
		}
		id = *m.P2EntryID
	}
	return PairingReason(n, d.Name(&id))
}

// Kinds of a team event's seat match that was not played (pairing.Lineup):
// one seat had no player left and lost its game (Side names it), or both
// had none (a loss for both).
const (
	KindSeatNotPlayed  = "seat-not-played"
	KindSeatsNotPlayed = "seats-not-played"
)

// SeatNotPlayedNote is the note of a seat match paired with the result
// pairing.VacantSeatResult gave it ("" for one that is played).
func SeatNotPlayedNote(result string) string {
	n := PairingNote{Kind: KindSeatNotPlayed}
	switch result {
	case storage.ResultP1:
		n.Side = storage.ResultP2
	case storage.ResultP2:
		n.Side = storage.ResultP1
	case storage.ResultDoubleLoss:
		n.Kind = KindSeatsNotPlayed
	default:
		return ""
	}
	b, _ := json.Marshal(n)
	return string(b)
}

// SeatNotPlayed says which sides of m lost their seat's game unplayed
// (their team's seat had no player left): p1, p2, both or neither.
func SeatNotPlayed(m storage.Match) (p1, p2 bool) {
	n, ok := ReadPairingNote(m.NoteReason)
	switch {
	case !ok:
		return false, false
	case n.Kind == KindSeatsNotPlayed:
		return true, true
	case n.Kind == KindSeatNotPlayed:
		return n.Side == storage.ResultP1, n.Side == storage.ResultP2
	}
	return false, false
}

// SeatsNotPlayed counts, per entry, the Swiss seat matches it lost unplayed.
func (d *EventData) SeatsNotPlayed() map[int64]int {
	if !d.Event.TeamEvent {
		return nil
	}
	out := map[int64]int{}
	for _, r := range d.SwissRounds() {
		for _, m := range d.Matches[r.Number] {
			p1, p2 := SeatNotPlayed(m)
			if p1 {
				out[m.P1EntryID]++
			}
			if p2 && m.P2EntryID != nil {
				out[*m.P2EntryID]++
			}
		}
	}
	return out
}
