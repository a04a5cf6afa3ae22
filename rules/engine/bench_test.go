package engine

import (
	"testing"
)

// longLog is the first 500 actions of a legal 685-action game (the
// autoplayer in long mode, 60- and 56-card decks), with the test cards whose
// skills the engine does not read: every effect is declared.
func longLog(tb testing.TB) (*Log, CardMap) {
	return longLogWith(tb, testCards(tb))
}

func longLogWith(tb testing.TB, cards CardMap) (*Log, CardMap) {
	return longLogN(tb, cards, 500)
}

// realGame is a whole game with the real cards, played by the autoplayer in
// long mode: 419 actions (the real cards' draws and life cards end a game
// sooner than 500 actions, so this game is as long as one gets).
func realGame(tb testing.TB) (*Log, CardMap) {
	return longLogN(tb, realCards(tb), 0)
}

// longLogN is the long game's first n actions (0: all of them, and the
// game must be over).
func longLogN(tb testing.TB, cards CardMap, n int) (*Log, CardMap) {
	setup := goldenSetup()
	setup.Seed = 3
	setup.Players[0].Deck = append(append([]string{}, fs01Deck...), "FS01-04", "FS01-04", "FS01-08", "FS01-08", "FS01-09", "FS01-09", "FS01-16", "FS01-16", "FS01-12", "FS01-12")
	setup.Players[1].Deck = append(append([]string{}, fs02Deck...), "FS02-03", "FS02-03", "FS02-13", "FS02-13", "FS02-15", "FS02-15")
	if n == 0 {
		setup.Seed = 1
		return autoplay(tb, setup, cards, true, 2000), cards
	}
	l := autoplay(tb, setup, cards, true, n)
	if len(l.Actions) < n {
		tb.Fatalf("long game has only %d actions", len(l.Actions))
	}
	l.Actions = l.Actions[:n]
	return l, cards
}

func TestLongGameIsLegal(t *testing.T) {
	for _, game := range []func(testing.TB) (*Log, CardMap){longLog, realGame} {
		longGameIsLegal(t, game)
	}
}

func longGameIsLegal(t *testing.T, game func(testing.TB) (*Log, CardMap)) {
	l, cards := game(t)
	r := Run(l, cards, ReplayOptions{SnapshotEvery: 50})
	if v := r.FirstViolation(); v != nil {
		t.Fatal(v)
	}
	for _, n := range []int{0, 1, 49, 50, 51, 333, 500} {
		n = min(n, len(l.Actions))
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

// BenchmarkReplayRealCards replays a whole game whose cards' skills the
// engine reads and applies; actions/op says how long the game is.
func BenchmarkReplayRealCards(b *testing.B) {
	l, cards := realGame(b)
	b.ReportAllocs()
	for b.Loop() {
		r := Run(l, cards, ReplayOptions{})
		if r.FirstViolation() != nil {
			b.Fatal("violation")
		}
	}
	b.ReportMetric(float64(len(l.Actions)), "actions/op")
}

// BenchmarkApplyOne is one action applied to a copy of the state, as a
// server does when a player enters an action: the state after 250 actions
// of the real-card game, then its next action.
func BenchmarkApplyOne(b *testing.B) {
	l, cards := realGame(b)
	r := Run(l, cards, ReplayOptions{})
	s := r.StateAt(250)
	a := l.Actions[250]
	b.ReportAllocs()
	for b.Loop() {
		if _, _, v := Apply(s, a); v != nil {
			b.Fatal(v)
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
