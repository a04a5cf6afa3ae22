package pairing

import (
	"fmt"
	"math/rand/v2"
	"slices"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

func sp(s string) *string { return &s }

// randomEvent builds a history of random pairings and results (not made by
// our pairer, so it holds rematches, repeated byes and odd score shapes),
// with drops, late entries, forbidden pairs and awarded byes.
func randomEvent(t *rapid.T, maxPlayers int) *Event {
	n := rapid.IntRange(1, maxPlayers).Draw(t, "players")
	rounds := rapid.IntRange(0, 5).Draw(t, "rounds")
	ev := &Event{Seed: rapid.Uint64().Draw(t, "seed"), Rounds: []Round{}}
	for i := 0; i < n; i++ {
		pl := Player{ID: fmt.Sprintf("p%d", i+1)}
		if rapid.IntRange(0, 9).Draw(t, "late") == 0 {
			pl.EnteredRound = rapid.IntRange(1, rounds+1).Draw(t, "entered")
		}
		ev.Players = append(ev.Players, pl)
	}
	if rapid.Bool().Draw(t, "draws") {
		ev.Points = &Points{Win: 3, Draw: 1, Loss: 0, Bye: 3}
	}
	for r := 1; r <= rounds; r++ {
		var ids []string
		for _, p := range ev.Players {
			if max(1, p.EnteredRound) <= r {
				ids = append(ids, p.ID)
			}
		}
		perm := rapid.Permutation(ids).Draw(t, "perm")
		round := Round{Number: r, Matches: []Match{}}
		for i := 0; i+1 < len(perm); i += 2 {
			res := rapid.SampledFrom([]string{ResultP1, ResultP2, ResultP1, ResultP2, ResultDraw, ResultDoubleLoss}).Draw(t, "res")
			round.Matches = append(round.Matches, Match{Table: i/2 + 1, P1: perm[i], P2: sp(perm[i+1]), Result: res})
		}
		if len(perm)%2 == 1 {
			round.Matches = append(round.Matches, Match{P1: perm[len(perm)-1], Result: ResultBye})
		}
		ev.Rounds = append(ev.Rounds, round)
	}
	for i := range ev.Players {
		if rapid.IntRange(0, 7).Draw(t, "drop") == 0 {
			ev.Players[i].Dropped = true
		}
	}
	if n >= 2 && rapid.IntRange(0, 3).Draw(t, "forbid") == 0 {
		a := rapid.IntRange(0, n-1).Draw(t, "fa")
		b := rapid.IntRange(0, n-1).Draw(t, "fb")
		if a != b {
			ev.ForbiddenPairs = append(ev.ForbiddenPairs, [2]string{ev.Players[a].ID, ev.Players[b].ID})
		}
	}
	if rapid.IntRange(0, 4).Draw(t, "award") == 0 {
		a := rapid.IntRange(0, n-1).Draw(t, "aw")
		ev.Byes = append(ev.Byes, AwardedBye{Player: ev.Players[a].ID, Round: rounds + 1})
	}
	if err := ev.Validate(); err != nil {
		t.Fatalf("generated event invalid: %v", err)
	}
	return ev
}

// bruteCost enumerates every perfect matching of the problem and returns
// the least total cost, or false when none exists.
func bruteCost(p *problem) (int64, bool) {
	used := make([]bool, p.nv)
	best, found := int64(0), false
	var rec func(tot int64)
	rec = func(tot int64) {
		v := 0
		for v < p.nv && used[v] {
			v++
		}
		if v == p.nv {
			if !found || tot < best {
				best, found = tot, true
			}
			return
		}
		used[v] = true
		for u := v + 1; u < p.nv; u++ {
			if used[u] {
				continue
			}
			if c, ok := p.cost(v, u); ok {
				used[u] = true
				rec(tot + c)
				used[u] = false
			}
		}
		used[v] = false
	}
	rec(0)
	return best, found
}

// bruteExists reports whether some perfect matching avoids every edge that
// bad rejects.
func bruteExists(p *problem, bad func(i, j int) bool) bool {
	used := make([]bool, p.nv)
	var rec func() bool
	rec = func() bool {
		v := 0
		for v < p.nv && used[v] {
			v++
		}
		if v == p.nv {
			return true
		}
		used[v] = true
		defer func() { used[v] = false }()
		for u := v + 1; u < p.nv; u++ {
			if used[u] {
				continue
			}
			if _, ok := p.cost(v, u); ok && !bad(v, u) {
				used[u] = true
				if rec() {
					used[u] = false
					return true
				}
				used[u] = false
			}
		}
		return false
	}
	return rec()
}

func totalCost(p *problem, pr *Pairing) int64 {
	v := make(map[string]int)
	for i, id := range p.ids {
		v[id] = i
	}
	var tot int64
	for _, m := range pr.Matches {
		if m.Reason != nil && m.Reason.Kind == "awarded-bye" {
			continue
		}
		j := p.bye
		if m.P2 != nil {
			j = v[*m.P2]
		}
		c, ok := p.cost(v[m.P1], j)
		if !ok {
			panic("forbidden pair in result")
		}
		tot += c
	}
	return tot
}

// checkValid: every active player exactly once, no dropped or not-yet-entered
// player, at most one bye chosen by the pairing.
func checkValid(t interface{ Fatalf(string, ...any) }, ev *Event, pr *Pairing) {
	round := len(ev.Rounds) + 1
	awarded := map[string]bool{}
	for _, b := range ev.Byes {
		if b.Round == round {
			awarded[b.Player] = true
		}
	}
	want := map[string]bool{}
	for _, p := range ev.Players {
		if !p.Dropped && max(1, p.EnteredRound) <= round {
			want[p.ID] = true
		}
	}
	seen := map[string]bool{}
	byes := 0
	for _, m := range pr.Matches {
		ids := []string{m.P1}
		if m.P2 != nil {
			ids = append(ids, *m.P2)
		} else if !awarded[m.P1] {
			byes++
		}
		for _, id := range ids {
			if !want[id] {
				t.Fatalf("%s should not be paired in round %d", id, round)
			}
			if seen[id] {
				t.Fatalf("%s paired twice", id)
			}
			seen[id] = true
		}
	}
	if len(seen) != len(want) {
		t.Fatalf("paired %d players, want %d", len(seen), len(want))
	}
	if byes > 1 {
		t.Fatalf("%d byes", byes)
	}
}

// The fast path, the exact path and brute force agree on the optimal cost for
// every field of up to 12 players.
func TestPairingOptimalAgainstBruteForce(t *testing.T) {
	old := exactBelow
	exactBelow = 0 // push small fields through the fast path too
	defer func() { exactBelow = old }()
	rapid.Check(t, func(t *rapid.T) {
		ev := randomEvent(t, 12)
		p, err := newProblem(ev)
		if err != nil {
			if strings.Contains(err.Error(), "no active player") {
				return
			}
			t.Fatal(err)
		}
		want, ok := bruteCost(p)
		for _, exact := range []bool{true, false} {
			pr, err := PairNextRound(ev, PairOptions{Exact: exact})
			if !ok {
				if err == nil {
					t.Fatalf("exact=%v: brute force finds no pairing, pairer returned one", exact)
				}
				continue
			}
			if err != nil {
				t.Fatalf("exact=%v: %v", exact, err)
			}
			checkValid(t, ev, pr)
			if got := totalCost(p, pr); got != want {
				t.Fatalf("exact=%v: cost %d (%+v), brute force %d", exact, got, pr.Cost, want)
			}
		}
		if !ok {
			return
		}
		pr, _ := PairNextRound(ev, PairOptions{})
		// No rematch when a rematch-free pairing exists.
		rematch := func(i, j int) bool {
			return i < len(p.tal) && j < len(p.tal) && p.h.timesMet(p.tal[i].idx, p.tal[j].idx) > 0
		}
		if pr.Cost.Rematches > 0 && bruteExists(p, rematch) {
			t.Fatalf("%d rematches although a rematch-free pairing exists", pr.Cost.Rematches)
		}
		// Never a second bye while a rematch-free pairing gives it to someone new.
		secondBye := func(i, j int) bool {
			if rematch(i, j) {
				return true
			}
			if j == p.bye {
				return p.tal[i].byes > 0
			}
			return i == p.bye && p.tal[j].byes > 0
		}
		if pr.Cost.SecondByes > 0 && pr.Cost.Rematches == 0 && bruteExists(p, secondBye) {
			t.Fatalf("second bye although avoidable")
		}
	})
}

// Pairing is reproducible from the seed, and the seed matters in round 1.
func TestPairingReproducible(t *testing.T) {
	ev := &Event{Seed: 7, Rounds: []Round{}}
	for i := 0; i < 20; i++ {
		ev.Players = append(ev.Players, Player{ID: fmt.Sprintf("p%02d", i)})
	}
	a, err := PairNextRound(ev, PairOptions{})
	if err != nil {
		t.Fatal(err)
	}
	b, _ := PairNextRound(ev, PairOptions{})
	if fmt.Sprint(pairsOf(a)) != fmt.Sprint(pairsOf(b)) {
		t.Fatal("same seed, different pairings")
	}
	ev.Seed = 8
	c, _ := PairNextRound(ev, PairOptions{})
	if fmt.Sprint(pairsOf(a)) == fmt.Sprint(pairsOf(c)) {
		t.Fatal("seed has no effect on round 1")
	}
}

func pairsOf(pr *Pairing) []string {
	var out []string
	for _, m := range pr.Matches {
		if m.P2 == nil {
			out = append(out, m.P1+"-bye")
			continue
		}
		a, b := m.P1, *m.P2
		if b < a {
			a, b = b, a
		}
		out = append(out, a+"-"+b)
	}
	slices.Sort(out)
	return out
}

func result(table int, p1, p2, res string) Match {
	return Match{Table: table, P1: p1, P2: sp(p2), Result: res}
}

func players(ids ...string) []Player {
	var out []Player
	for _, id := range ids {
		out = append(out, Player{ID: id})
	}
	return out
}

// A history where pairing score groups top-down greedily forces a rematch
// (C v D), while an exact matching finds the rematch-free pairing.
func TestCraftedGreedyRematchTrap(t *testing.T) {
	ev := &Event{Seed: 1, Players: players("A", "B", "C", "D", "E", "F"), Rounds: []Round{
		{Number: 1, Matches: []Match{result(1, "A", "B", "p1"), result(2, "C", "D", "p1"), result(3, "E", "F", "p1")}},
		{Number: 2, Matches: []Match{result(1, "A", "C", "p1"), result(2, "E", "B", "p1"), result(3, "D", "F", "p1")}},
	}}
	pr, err := PairNextRound(ev, PairOptions{})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"A-E", "B-D", "C-F"}
	if got := pairsOf(pr); fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("pairs %v, want %v", got, want)
	}
	if pr.Cost.Rematches != 0 {
		t.Fatalf("rematches: %d", pr.Cost.Rematches)
	}
	// Both pair-downs are explained.
	n := 0
	for _, m := range pr.Matches {
		if m.Reason != nil && m.Reason.Kind == "pair-down" {
			n++
			if !strings.Contains(m.Reason.Text, "rematch") && !strings.Contains(m.Reason.Text, "odd") {
				t.Errorf("unhelpful reason %q", m.Reason.Text)
			}
		}
	}
	if n != 2 {
		t.Fatalf("%d pair-down reasons, want 2", n)
	}
}

// Two one-step pair-downs beat one two-step pair-down (squared gaps).
func TestCraftedSquaredGaps(t *testing.T) {
	bye := func(id string) Match { return Match{P1: id, Result: ResultBye} }
	ev := &Event{Seed: 3, Players: players("A", "B", "C", "D"), Rounds: []Round{
		{Number: 1, Matches: []Match{bye("A"), bye("B"), bye("C")}},
		{Number: 2, Matches: []Match{bye("A")}},
	}}
	// A 6, B 3, C 3, D 0: A-B + C-D costs 9+9, A-D + B-C costs 36+0.
	pr, err := PairNextRound(ev, PairOptions{})
	if err != nil {
		t.Fatal(err)
	}
	got := fmt.Sprint(pairsOf(pr))
	if got != "[A-B C-D]" && got != "[A-C B-D]" {
		t.Fatalf("pairs %s", got)
	}
	if pr.Cost.ScoreGapSquares != 18 {
		t.Fatalf("score gap squares %d, want 18", pr.Cost.ScoreGapSquares)
	}
}

// The bye goes to the lowest-ranked player without one, and is explained.
func TestCraftedByeSkipsPlayerWithBye(t *testing.T) {
	ev := &Event{Seed: 5, Players: players("A", "B", "C", "D", "E"), Rounds: []Round{
		{Number: 1, Matches: []Match{result(1, "A", "B", "p1"), result(2, "C", "D", "p1"), {P1: "E", Result: ResultBye}}},
		{Number: 2, Matches: []Match{result(1, "A", "C", "p1"), result(2, "E", "B", "p2"), {P1: "D", Result: ResultBye}}},
	}}
	// Points: A 6, B 3, C 3, D 3, E 3. E and D had byes; the lowest-ranked
	// of B and C without a bye must get it.
	st, _ := Standings(ev, "")
	pr, err := PairNextRound(ev, PairOptions{})
	if err != nil {
		t.Fatal(err)
	}
	var byeTo string
	for _, m := range pr.Matches {
		if m.P2 == nil {
			byeTo = m.P1
			if m.Reason == nil || m.Reason.Kind != "bye" {
				t.Fatalf("bye without reason")
			}
		}
	}
	lowest := ""
	for _, s := range st {
		if s.ID == "B" || s.ID == "C" {
			lowest = s.ID
		}
	}
	if byeTo != lowest {
		t.Fatalf("bye to %s, want %s (standings %v)", byeTo, lowest, st)
	}
}

// Forbidden pairs are respected; an awarded bye takes the player out.
func TestForbiddenAndAwarded(t *testing.T) {
	ev := &Event{Seed: 9, Players: players("A", "B", "C", "D", "E"), Rounds: []Round{},
		ForbiddenPairs: [][2]string{{"A", "B"}, {"A", "C"}}, Byes: []AwardedBye{{Player: "E", Round: 1}}}
	for seed := uint64(0); seed < 30; seed++ {
		ev.Seed = seed
		pr, err := PairNextRound(ev, PairOptions{})
		if err != nil {
			t.Fatal(err)
		}
		got := fmt.Sprint(pairsOf(pr))
		if got != "[A-D B-C E-bye]" {
			t.Fatalf("seed %d: %s", seed, got)
		}
	}
	ev.ForbiddenPairs = append(ev.ForbiddenPairs, [2]string{"A", "D"})
	if _, err := PairNextRound(ev, PairOptions{}); err == nil || !strings.Contains(err.Error(), "forbidden") {
		t.Fatalf("want a no-pairing error, got %v", err)
	}
}

// A whole simulated event: no rematch ever (the field is large enough) and
// no second bye.
func TestSimulatedEventNoRematches(t *testing.T) {
	for _, n := range []int{7, 33, 101, 250} {
		ev := simulate(t, n, 7, uint64(n))
		byes := map[string]int{}
		met := map[string]bool{}
		for _, r := range ev.Rounds {
			for _, m := range r.Matches {
				if m.P2 == nil {
					byes[m.P1]++
					if byes[m.P1] > 1 {
						t.Fatalf("n=%d round %d: second bye for %s", n, r.Number, m.P1)
					}
					continue
				}
				k := min(m.P1, *m.P2) + "|" + max(m.P1, *m.P2)
				if met[k] {
					t.Fatalf("n=%d round %d: rematch %s", n, r.Number, k)
				}
				met[k] = true
			}
		}
	}
}

// simulate runs an event with our pairer and random results, each round
// with its record.
func simulate(t testing.TB, n, rounds int, seed uint64) *Event {
	r := rand.New(rand.NewPCG(seed, 99))
	ev := &Event{Seed: seed, Rounds: []Round{}}
	for i := 0; i < n; i++ {
		ev.Players = append(ev.Players, Player{ID: fmt.Sprintf("p%05d", i+1)})
	}
	for k := 0; k < rounds; k++ {
		pr, err := PairNextRound(ev, PairOptions{})
		if err != nil {
			t.Fatalf("round %d: %v", k+1, err)
		}
		round := pr.Round(func() string {
			switch x := r.IntN(20); {
			case x < 9:
				return ResultP1
			case x < 18:
				return ResultP2
			default:
				return ResultDraw
			}
		})
		round.Pairing = pr.Record // so the event also serves verify's tests
		ev.Rounds = append(ev.Rounds, round)
	}
	return ev
}

// On fields too big for brute force, the fast path must match the exact
// path's cost (the LP certificate makes them equal; this checks the code).
func TestFastEqualsExactMediumFields(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		n := rapid.IntRange(20, 160).Draw(t, "players")
		rounds := rapid.IntRange(1, 7).Draw(t, "rounds")
		seed := rapid.Uint64().Draw(t, "seed")
		r := rand.New(rand.NewPCG(seed, 3))
		ev := &Event{Seed: seed, Rounds: []Round{}}
		for i := 0; i < n; i++ {
			ev.Players = append(ev.Players, Player{ID: fmt.Sprintf("p%03d", i)})
		}
		ourPairer := rapid.Bool().Draw(t, "ours")
		for k := 1; k <= rounds; k++ {
			var round Round
			if ourPairer {
				pr, err := PairNextRound(ev, PairOptions{})
				if err != nil {
					t.Fatal(err)
				}
				round = pr.Round(func() string { return []string{ResultP1, ResultP2, ResultDraw}[r.IntN(3)] })
			} else {
				// Random history: rematches and odd score shapes.
				perm := r.Perm(n)
				round = Round{Number: k, Matches: []Match{}}
				for i := 0; i+1 < n; i += 2 {
					round.Matches = append(round.Matches, result(i/2+1, ev.Players[perm[i]].ID, ev.Players[perm[i+1]].ID,
						[]string{ResultP1, ResultP2, ResultDraw}[r.IntN(3)]))
				}
				if n%2 == 1 {
					round.Matches = append(round.Matches, Match{P1: ev.Players[perm[n-1]].ID, Result: ResultBye})
				}
			}
			ev.Rounds = append(ev.Rounds, round)
		}
		for i := range ev.Players {
			if r.IntN(10) == 0 {
				ev.Players[i].Dropped = true
			}
		}
		for k := rapid.IntRange(0, 6).Draw(t, "forbidden"); k > 0; k-- {
			a, b := r.IntN(n), r.IntN(n)
			if a != b {
				ev.ForbiddenPairs = append(ev.ForbiddenPairs, [2]string{ev.Players[a].ID, ev.Players[b].ID})
			}
		}
		if rapid.Bool().Draw(t, "awarded") {
			ev.Byes = append(ev.Byes, AwardedBye{Player: ev.Players[r.IntN(n)].ID, Round: rounds + 1})
		}
		fast, err := PairNextRound(ev, PairOptions{})
		if err != nil {
			t.Fatal(err)
		}
		exact, err := PairNextRound(ev, PairOptions{Exact: true})
		if err != nil {
			t.Fatal(err)
		}
		checkValid(t, ev, fast)
		if fast.Cost != exact.Cost {
			t.Fatalf("fast %+v, exact %+v", fast.Cost, exact.Cost)
		}
	})
}

// Late entries are paired from their first round on, with the losses of the
// rounds they missed; dropped players are never paired.
func TestLateEntryAndDrop(t *testing.T) {
	ev := &Event{Seed: 2, Players: []Player{{ID: "A"}, {ID: "B"}, {ID: "C", Dropped: true}, {ID: "D"}, {ID: "L", EnteredRound: 3}},
		Rounds: []Round{{Number: 1, Matches: []Match{result(1, "A", "B", "p1"), result(2, "C", "D", "p1")}}}}
	pr, err := PairNextRound(ev, PairOptions{})
	if err != nil {
		t.Fatal(err)
	}
	checkValid(t, ev, pr)
	for _, m := range pr.Matches {
		if m.P1 == "L" || (m.P2 != nil && *m.P2 == "L") {
			t.Fatalf("late player paired in round 2: %v", pairsOf(pr))
		}
	}
	ev.Rounds = append(ev.Rounds, pr.Round(func() string { return ResultP1 }))
	pr, err = PairNextRound(ev, PairOptions{})
	if err != nil {
		t.Fatal(err)
	}
	checkValid(t, ev, pr)
	found := false
	for _, m := range pr.Matches {
		if m.P1 == "L" || (m.P2 != nil && *m.P2 == "L") {
			found = true
		}
	}
	if !found {
		t.Fatalf("late player not paired in round 3: %v", pairsOf(pr))
	}
}

// Pair-down history: the player with more points before the round is the
// one paired down; equal points is no pair-down.
func TestPairDownHistory(t *testing.T) {
	ev := &Event{Players: players("A", "B", "C", "D"), Rounds: []Round{
		{Number: 1, Matches: []Match{result(1, "A", "B", "p1"), result(2, "C", "D", "draw")}},
		{Number: 2, Matches: []Match{result(1, "A", "C", "p2"), result(2, "B", "D", "p1")}},
	}}
	h := newHistory(ev)
	got := map[string]int{}
	for _, t := range h.players {
		got[t.id] = t.pairedDown
	}
	// Round 2: A (3) v C (1): A paired down; B (0) v D (1): D paired down.
	if got["A"] != 1 || got["D"] != 1 || got["B"] != 0 || got["C"] != 0 {
		t.Fatalf("pairedDown %v", got)
	}
}

// A player who had a bye (awarded or not) does not get a second one while
// someone else can take it, even the leader.
func TestNoSecondByeEvenForLeader(t *testing.T) {
	ev := &Event{Seed: 3, Players: players("A", "B", "C"), Rounds: []Round{
		{Number: 1, Matches: []Match{result(1, "A", "B", "p1"), {P1: "C", Result: ResultBye}}},
		{Number: 2, Matches: []Match{result(1, "A", "C", "p1"), {P1: "B", Result: ResultBye}}},
	}, Byes: []AwardedBye{{Player: "C", Round: 1}}}
	// A 6 (no bye), B 3 (bye), C 3 (awarded bye). B v C is fresh, so the
	// bye must go to A.
	pr, err := PairNextRound(ev, PairOptions{})
	if err != nil {
		t.Fatal(err)
	}
	if got := fmt.Sprint(pairsOf(pr)); got != "[A-bye B-C]" {
		t.Fatalf("pairs %s", got)
	}
	if pr.Cost.SecondByes != 0 {
		t.Fatalf("cost %+v", pr.Cost)
	}
}
