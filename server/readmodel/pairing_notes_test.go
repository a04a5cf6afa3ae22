package readmodel

import (
	"context"
	"testing"

	"github.com/tenkaichi-org/tenkaichi/pairing"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// A pairing's reason is kept as facts naming the player's side and worded
// in the reader's language with the name as it is now; a match without
// readable facts (paired before they were kept, or a changed pairing with
// the organiser's own reason) shows its stored note as it is.
func TestMatchNote(t *testing.T) {
	ja := i18n.WithLanguage(context.Background(), "ja")
	p2 := int64(8)
	d := &EventData{ByID: map[int64]*storage.Entry{7: {ID: 7, PlayerName: "Ann"}, 8: {ID: 8, PlayerName: "Ben"}}}
	nm := storage.NewMatch{P1: 7, P2: &p2}
	raw := NewPairingNote(&pairing.Reason{Kind: "pair-down", Player: "8", FromPoints: 6, ToPoints: 3}, nm)
	if raw == "" {
		t.Fatal("no reason kept for a pair-down of the match's second player")
	}
	m := storage.Match{P1EntryID: 7, P2EntryID: &p2, Note: "English sentence", NoteReason: raw}
	want := i18n.T(ja, "PairedDown", i18n.Args{"Name": "Ben", "From": i18n.N(ja, "PointCount", 6, nil), "To": i18n.N(ja, "PointCount", 3, nil)})
	if got := MatchReason(m, d).In(ja); got != want {
		t.Errorf("pair-down in Japanese: %q, want %q", got, want)
	}
	if got := NewPairingNote(&pairing.Reason{Kind: "bye", Player: "9"}, nm); got != "" {
		t.Errorf("a reason naming neither player is kept: %q", got)
	}
	for _, stored := range []string{"", "{", `{"kind":"teleport","side":"p1"}`, `{"kind":"bye","side":"p3"}`} {
		m := storage.Match{P1EntryID: 7, Note: "Ann hat das Freilos.", NoteReason: stored}
		if got := MatchReason(m, d).In(ja); got != m.Note {
			t.Errorf("reason %q: %q, want the stored note", stored, got)
		}
	}
}
