package engine

import (
	"testing"
)

// longLog is the first 500 actions of a legal 685-action game (the
// autoplayer in long mode, 60- and 56-card decks).
func longLog(tb testing.TB) (*Log, CardMap) {
	cards := testCards(tb)
	setup := goldenSetup()
	setup.Seed = 3
	setup.Players[0].Deck = append(append([]string{}, fs01Deck...), "FS01-04", "FS01-04", "FS01-08", "FS01-08", "FS01-09", "FS01-09", "FS01-16", "FS01-16", "FS01-12", "FS01-12")
	setup.Players[1].Deck = append(append([]string{}, fs02Deck...), "FS02-03", "FS02-03", "FS02-13", "FS02-13", "FS02-15", "FS02-15")
	l := autoplay(tb, setup, cards, true, 500)
	if len(l.Actions) < 500 {
		tb.Fatalf("long game has only %d actions", len(l.Actions))
	}
	l.Actions = l.Actions[:500]
	return l, cards
}

func TestLongGameIsLegal(t *testing.T) {
	l, cards := longLog(t)
	r := Run(l, cards, ReplayOptions{SnapshotEvery: 50})
	if v := r.FirstViolation(); v != nil {
		t.Fatal(v)
	}
	for _, n := range []int{0, 1, 49, 50, 51, 333, 500} {
		s := NewState(l.Setup, cards)
		for _, a := range l.Actions[:n] {
			s, _, _ = Apply(s, a)
		}
		if at := r.StateAt(n); at.Hash() != s.Hash() {
			t.Errorf("StateAt(%d) differs from applying %d actions", n, n)
		}
	}
}

func BenchmarkReplay500(b *testing.B) {
	l, cards := longLog(b)
	b.ReportAllocs()
	for b.Loop() {
		r := Run(l, cards, ReplayOptions{})
		if r.FirstViolation() != nil {
			b.Fatal("violation")
		}
	}
}

func BenchmarkApply500(b *testing.B) {
	l, cards := longLog(b)
	b.ReportAllocs()
	for b.Loop() {
		s := NewState(l.Setup, cards)
		for _, a := range l.Actions {
			s, _, _ = Apply(s, a)
		}
	}
}

func BenchmarkStateAt(b *testing.B) {
	l, cards := longLog(b)
	r := Run(l, cards, ReplayOptions{SnapshotEvery: 32})
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		s := r.StateAt(i % 501)
		_ = s.Hash()
		i += 37
	}
}

func BenchmarkHash(b *testing.B) {
	l, cards := longLog(b)
	r := Run(l, cards, ReplayOptions{})
	b.ReportAllocs()
	for b.Loop() {
		_ = r.Final.Hash()
	}
}
