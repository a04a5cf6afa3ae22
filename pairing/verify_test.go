package pairing

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"reflect"
	"strconv"
	"strings"
	"testing"

	"pgregory.net/rapid"
)

// melbournePaired re-pairs the day 1 of the Melbourne Regional 2024
// (testdata/tournaments: 531 real players, each dropping after the last
// round they played in the real event) with this package: nine rounds,
// each with its record when record is set. A result is the real one where
// the two met in the same real round, else the better official placing
// (the lower id) wins.
func melbournePaired(t *testing.T, record bool) *Event {
	t.Helper()
	real := loadMelbourne(t, 9)
	last := map[string]int{}
	result := map[[3]string]string{}
	for _, r := range real.Rounds {
		for _, m := range r.Matches {
			last[m.P1] = r.Number
			if m.P2 != nil {
				last[*m.P2] = r.Number
				result[[3]string{strconv.Itoa(r.Number), m.P1, *m.P2}] = m.Result
			}
		}
	}
	ev := &Event{Seed: 2024, Tiebreakers: ProfilePokemon, Rounds: []Round{}}
	for _, p := range real.Players {
		ev.Players = append(ev.Players, Player{ID: p.ID})
	}
	placing := func(id string) int { n, _ := strconv.Atoi(id); return n }
	for r := 1; r <= 9; r++ {
		for i, p := range ev.Players {
			if last[p.ID] < r {
				ev.Players[i].Dropped, ev.Players[i].DroppedAfter = true, DropsAfter(last[p.ID])
			}
		}
		pr, err := PairNextRound(ev, PairOptions{})
		if err != nil {
			t.Fatal(err)
		}
		round := Round{Number: r, Matches: []Match{}}
		if record {
			round.Pairing = pr.Record
		}
		for _, m := range pr.Matches {
			mm := Match{Table: m.Table, P1: m.P1, P2: m.P2, Result: ResultBye}
			if m.P2 != nil {
				mm.Result = result[[3]string{strconv.Itoa(r), m.P1, *m.P2}]
				switch {
				case mm.Result == "" && placing(m.P1) < placing(*m.P2):
					mm.Result = ResultP1
				case mm.Result == "":
					mm.Result = ResultP2
				}
			}
			round.Matches = append(round.Matches, mm)
		}
		ev.Rounds = append(ev.Rounds, round)
	}
	return ev
}

func verifyOf(t *testing.T, ev *Event, opts VerifyOptions) *VerifyReport {
	t.Helper()
	rep, err := Verify(context.Background(), ev, opts)
	if err != nil {
		t.Fatal(err)
	}
	return rep
}

// keys lists the problems' keys, in order.
func keys(ps []Problem) []string {
	var out []string
	for _, p := range ps {
		out = append(out, p.Key)
	}
	return out
}

// A real field whose nine rounds were made by PairNextRound verifies clean,
// through the fast path, with its drops; each round's certificate holds,
// also after the file is written and read back.
func TestVerifyRealFieldPairedByPair(t *testing.T) {
	needData(t)
	ev := melbournePaired(t, true)
	var buf bytes.Buffer
	if err := WriteEventFile(&buf, ev); err != nil {
		t.Fatal(err)
	}
	read, err := ParseEvent(buf.Bytes())
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range []*Event{ev, read} {
		rep := verifyOf(t, e, VerifyOptions{})
		if !rep.OK() || len(rep.Rounds) != 9 {
			t.Fatalf("%d rounds, problems %v", len(rep.Rounds), rep.Problems())
		}
		for _, rc := range rep.Rounds {
			if !rc.Certified {
				t.Errorf("round %d: certificate not checked", rc.Number)
			}
		}
	}
	if n := len(ev.Rounds[8].Matches); n > 200 {
		t.Errorf("round 9 has %d matches: the real drops are missing", n)
	}
	// The plain file of `pair` (no records) verifies from its seed alone.
	plain := melbournePaired(t, false)
	rep := verifyOf(t, plain, VerifyOptions{})
	if !rep.OK() {
		t.Fatalf("plain file: %v", rep.Problems())
	}
	for _, rc := range rep.Rounds {
		if rc.Certified {
			t.Errorf("round %d of a plain file certified", rc.Number)
		}
	}
}

// RecordRound gives, for a round paired earlier, the record PairNextRound
// gave when it paired it; a round whose earlier results are missing, or
// that the file does not have, has none.
func TestRecordRoundIsThePairingsRecord(t *testing.T) {
	needData(t)
	ev := melbournePaired(t, true)
	for _, r := range ev.Rounds {
		rec, err := RecordRound(context.Background(), ev, r.Number, PairOptions{})
		if err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(rec, r.Pairing) {
			t.Fatalf("round %d: RecordRound differs from the record of pairing time", r.Number)
		}
	}
	if _, err := RecordRound(context.Background(), ev, 10, PairOptions{}); !errors.Is(err, ErrNoSuchRound) {
		t.Errorf("round 10: %v", err)
	}
	ev.Rounds[2].Matches[5].Result = ""
	var ie *InputError
	if _, err := RecordRound(context.Background(), ev, 4, PairOptions{}); !errors.As(err, &ie) || ie.Key != "no-result" || ie.Round != 3 || ie.Match != 6 {
		t.Errorf("a result missing: %v", err)
	}
}

// pointsBefore is each player's points before round k.
func pointsBefore(t *testing.T, ev *Event, k int) map[string]int {
	t.Helper()
	cp := *ev
	cp.Rounds = ev.Rounds[:k-1]
	st, err := Standings(&cp, "")
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]int{}
	for _, s := range st {
		out[s.ID] = s.Points
	}
	return out
}

func metBefore(ev *Event, k int, a, b string) bool { return lastMet(ev, k, a, b) > 0 }

// Two players swapped between tables of one score group: as good a
// pairing, but not the one the seed gives, and the message says both.
func TestVerifySwappedPlayersAreNotTheSeededChoice(t *testing.T) {
	needData(t)
	const k = 4
	ev := melbournePaired(t, false)
	pts := pointsBefore(t, ev, k)
	var t1, t2 Match
	found := false
	for _, a := range ev.Rounds[k-1].Matches {
		for _, b := range ev.Rounds[k-1].Matches {
			if found || a.P2 == nil || b.P2 == nil || a.Table >= b.Table {
				continue
			}
			same := pts[a.P1] == pts[*a.P2] && pts[b.P1] == pts[a.P1] && pts[*b.P2] == pts[a.P1]
			if same && !metBefore(ev, k, a.P1, *b.P2) && !metBefore(ev, k, b.P1, *a.P2) {
				t1, t2, found = a, b, true
			}
		}
	}
	if !found {
		t.Fatal("no two tables of one score group")
	}
	swap(ev, k, t1.Table, t2.Table)
	rep := verifyOf(t, ev, VerifyOptions{Round: k})
	ps := rep.Problems()
	if len(ps) != 1 || ps[0].Key != "not-seeded" {
		t.Fatalf("problems %v", ps)
	}
	want := "round 4: the seed gives " + t1.P1 + " v " + *t1.P2 + ", " + t2.P1 + " v " + *t2.P2 +
		"; the file has " + t1.P1 + " v " + *t2.P2 + ", " + t2.P1 + " v " + *t1.P2 + " (equally good, but not the seeded choice)"
	if ps[0].Error() != want {
		t.Errorf("got  %s\nwant %s", ps[0].Error(), want)
	}
}

// swap exchanges the second players of two tables of round k.
func swap(ev *Event, k, t1, t2 int) {
	ms := ev.Rounds[k-1].Matches
	var a, b *Match
	for i := range ms {
		switch ms[i].Table {
		case t1:
			a = &ms[i]
		case t2:
			b = &ms[i]
		}
	}
	a.P2, b.P2 = b.P2, a.P2
}

// The bye given to a player ranked above the one who should sit out.
func TestVerifyByeToTheWrongPlayer(t *testing.T) {
	needData(t)
	const k = 3
	ev := melbournePaired(t, true)
	ms := ev.Rounds[k-1].Matches
	bye := -1
	for i, m := range ms {
		if m.P2 == nil {
			bye = i
		}
	}
	if bye < 0 {
		t.Fatal("round 3 has no bye")
	}
	b := ms[bye].P1
	top := -1
	for i, m := range ms {
		if m.P2 != nil && firstBye(ev, k, m.P1) == 0 && !metBefore(ev, k, b, *m.P2) {
			top = i
			break
		}
	}
	a := ms[top].P1
	ms[top].P1, ms[bye].P1 = b, a
	ps := verifyOf(t, ev, VerifyOptions{Round: k}).Problems()
	if got := strings.Join(keys(ps), " "); !strings.HasPrefix(got, "bye-rank") || !strings.Contains(got, "weight") {
		t.Fatalf("problems %v", ps)
	}
	if !strings.HasPrefix(ps[0].Error(), "round 3, match "+strconv.Itoa(bye+1)+": the bye goes to "+a+" (ranked ") ||
		!strings.Contains(ps[0].Msg, "while "+b+" (ranked") {
		t.Errorf("got %s", ps[0].Error())
	}
}

// A rematch where a pairing without one exists is named with the round of
// the first meeting; the record's certificate does not prove it either.
func TestVerifyAvoidableRematch(t *testing.T) {
	needData(t)
	const k = 5
	ev := melbournePaired(t, true)
	var t1, t2 Match
	found := false
	for _, a := range ev.Rounds[k-1].Matches {
		for _, b := range ev.Rounds[k-1].Matches {
			if !found && a.P2 != nil && b.P2 != nil && a.Table < b.Table &&
				metBefore(ev, k, *a.P2, b.P1) && !metBefore(ev, k, a.P1, *b.P2) {
				t1, t2, found = a, b, true
			}
		}
	}
	if !found {
		t.Fatal("no two tables to swap into a rematch")
	}
	// a.P1 v b.P2 and b.P1 v a.P2, the second a rematch.
	swap(ev, k, t1.Table, t2.Table)
	ps := verifyOf(t, ev, VerifyOptions{Round: k}).Problems()
	want := "round 5, table " + strconv.Itoa(t2.Table) + ": " + t2.P1 + " v " + *t1.P2 + " is a rematch of round " +
		strconv.Itoa(lastMet(ev, k, t2.P1, *t1.P2)) + " while a pairing without rematch exists"
	if len(ps) == 0 || ps[0].Error() != want {
		t.Fatalf("got %v\nwant %s", ps, want)
	}
	got := strings.Join(keys(ps), " ")
	if !strings.Contains(got, "weight") || !strings.Contains(got, "cert-not-tight") {
		t.Errorf("problems %v", ps)
	}
}

// Another seed gives another round 1. Without random keys the seed also
// draws the last tiebreaker, so the bye (to the lowest-ranked player) moves
// too; with keys (as the server exports them) only the pairs change. The
// record names the seed it was paired with.
func TestVerifyOtherSeed(t *testing.T) {
	needData(t)
	for _, record := range []bool{false, true} {
		for _, withKeys := range []bool{false, true} {
			ev := melbournePaired(t, record)
			if withKeys {
				for i := range ev.Players {
					ev.Players[i].RandomKey = ev.TiebreakKey(ev.Players[i])
				}
			}
			ev.Seed++
			ps := verifyOf(t, ev, VerifyOptions{Round: 1}).Problems()
			got := keys(ps)
			first := map[bool]string{false: "bye-rank", true: "not-seeded"}[withKeys]
			if len(got) == 0 || got[0] != first || record != strings.Contains(strings.Join(got, " "), "record-seed") {
				t.Errorf("record %v, keys %v: %v", record, withKeys, ps)
			}
		}
	}
}

// A tampered certificate is refused, whatever is tampered with; units
// claimed by the record do not change the check, which recomputes them.
func TestVerifyRefusesATamperedCertificate(t *testing.T) {
	needData(t)
	k := 0 // a round with a bye, so its certificate has a bye dual
	for _, r := range melbournePaired(t, true).Rounds {
		if k == 0 && r.Pairing.Certificate.ByeDual != nil && len(r.Pairing.Certificate.Blossoms) > 0 {
			k = r.Number
		}
	}
	if k == 0 {
		t.Fatal("no round with a bye and a blossom")
	}
	cases := []struct {
		name   string
		tamper func(r *RoundRecord)
		want   string
	}{
		{"a vertex dual lowered", func(r *RoundRecord) { r.Certificate.Duals[3]-- }, "cert-"},
		{"a vertex dual raised", func(r *RoundRecord) { r.Certificate.Duals[3] += 2 }, "cert-not-tight"},
		{"the bye dual", func(r *RoundRecord) { *r.Certificate.ByeDual += 10 }, "cert-not-tight"},
		{"a blossom's dual raised", func(r *RoundRecord) { r.Certificate.Blossoms[0].Dual++ }, "cert-"},
		{"a blossom added", func(r *RoundRecord) {
			r.Certificate.Blossoms = append(r.Certificate.Blossoms, BlossomDual{Vertices: []int{0, 1, 2}, Dual: 5})
		}, "cert-"},
		{"a negative blossom", func(r *RoundRecord) {
			r.Certificate.Blossoms = append(r.Certificate.Blossoms, BlossomDual{Vertices: []int{0, 1, 2}, Dual: -5})
		}, "cert-blossom-negative"},
		{"a dual missing", func(r *RoundRecord) { r.Certificate.Duals = r.Certificate.Duals[1:] }, "cert-duals"},
		{"a huge dual", func(r *RoundRecord) { r.Certificate.Duals[0] = 1 << 62 }, "cert-range"},
		{"the standings", func(r *RoundRecord) { r.Standings[0].Points += 3 }, "record-standings"},
		{"the algorithm", func(r *RoundRecord) { r.Algorithm = "tenkaichi-swiss/0" }, "record-algorithm"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			ev := melbournePaired(t, true)
			c.tamper(ev.Rounds[k-1].Pairing)
			rep := verifyOf(t, ev, VerifyOptions{Round: k})
			if rep.OK() || rep.Rounds[0].Certified {
				t.Fatalf("accepted: %v", rep.Problems())
			}
			if got := strings.Join(keys(rep.Problems()), " "); !strings.Contains(got, c.want) {
				t.Errorf("problems %v, want %s", rep.Problems(), c.want)
			}
		})
	}
	ev := melbournePaired(t, true)
	ev.Rounds[k-1].Pairing.Units.Top *= 2
	rep := verifyOf(t, ev, VerifyOptions{Round: k})
	if got := keys(rep.Problems()); len(got) != 1 || got[0] != "record-units" {
		t.Errorf("claimed units: %v", rep.Problems())
	}
}

// Who is in a round: a player left out while still playing, one playing
// after their drop, a forbidden pair, two byes, an earlier round without
// its results. Each is said first (leaving players out changes the field,
// so the seeded pairing of the others changes too).
func TestVerifyRoundContents(t *testing.T) {
	needData(t)
	check := func(name string, k int, change func(ev *Event), want ...string) {
		t.Helper()
		ev := melbournePaired(t, false)
		change(ev)
		// The wanted problems first; a changed field is then paired anew.
		if got := keys(verifyOf(t, ev, VerifyOptions{Round: k}).Problems()); !strings.HasPrefix(strings.Join(got, " "), strings.Join(want, " ")) {
			t.Errorf("%s: problems %v, want %v", name, verifyOf(t, ev, VerifyOptions{Round: k}).Problems(), want)
		}
	}
	check("a table left out", 9, func(ev *Event) {
		ev.Rounds[8].Matches = ev.Rounds[8].Matches[1:]
	}, "missing-not-dropped", "missing-not-dropped")
	check("plays after dropping", 7, func(ev *Event) {
		m := ev.Rounds[6].Matches[0]
		for i := range ev.Players {
			if ev.Players[i].ID == m.P1 {
				ev.Players[i].Dropped, ev.Players[i].DroppedAfter = true, DropsAfter(5)
			}
		}
	}, "dropped-plays")
	check("a forbidden pair", 2, func(ev *Event) {
		m := ev.Rounds[1].Matches[2]
		ev.ForbiddenPairs = append(ev.ForbiddenPairs, [2]string{m.P1, *m.P2})
	}, "forbidden")
	check("two byes", 8, func(ev *Event) {
		ms := ev.Rounds[7].Matches
		ms = append(ms, Match{P1: *ms[0].P2, Result: ResultBye})
		ms[0].P2, ms[0].Result = nil, ResultBye
		ev.Rounds[7].Matches = ms
	}, "bye-count")
	check("an earlier result missing", 3, func(ev *Event) {
		ev.Rounds[1].Matches[4].Result = ""
	}, "earlier-unreported")
}

// The top cut must follow the bracket of the Swiss standings.
func TestVerifyTopCut(t *testing.T) {
	needData(t)
	ev := buildRoundRockPaired(t)
	if rep := verifyOf(t, ev, VerifyOptions{}); !rep.OK() || rep.TopCut == nil {
		t.Fatalf("%v", rep.Problems())
	}
	m := &ev.TopCut.Rounds[0].Matches[0]
	other := ev.TopCut.Rounds[0].Matches[1]
	m.P2 = other.P2 // seed 1 v seed 3 instead of seed 4
	rep := verifyOf(t, ev, VerifyOptions{})
	ps := rep.Problems()
	if len(ps) == 0 || ps[0].Key != "cut-not-in-bracket" || ps[0].CutRound != 1 || ps[0].Match != 1 ||
		!strings.HasPrefix(ps[0].Error(), "top cut round 1, match 1: "+m.P1+" v "+m.P2+" is not a match of the bracket") {
		t.Fatalf("problems %v", ps)
	}
	if rep := verifyOf(t, ev, VerifyOptions{Round: 2}); rep.TopCut != nil || !rep.OK() {
		t.Errorf("--round 2 checked the top cut: %v", rep.Problems())
	}
}

// Every pairing PairNextRound makes, on either path, verifies with its
// record, whatever the history (rematches, byes, drops, late entries,
// forbidden pairs, awarded byes).
func TestVerifyAcceptsEveryPairing(t *testing.T) {
	old := exactBelow
	exactBelow = 0
	defer func() { exactBelow = old }()
	rapid.Check(t, func(t *rapid.T) {
		ev := randomEvent(t, 14)
		for _, exact := range []bool{false, true} {
			pr, err := PairNextRound(ev, PairOptions{Exact: exact})
			if err != nil {
				return // no active player, or forbidden pairs leave no pairing
			}
			cp := *ev
			round := pr.Round(func() string { return ResultP1 })
			round.Pairing = pr.Record
			cp.Rounds = append(append([]Round{}, ev.Rounds...), round)
			data, err := json.Marshal(&cp)
			if err != nil {
				t.Fatal(err)
			}
			read, err := ParseEvent(data)
			if err != nil {
				t.Fatalf("%v\n%s", err, data)
			}
			rep, err := Verify(context.Background(), read, VerifyOptions{Round: len(cp.Rounds)})
			if err != nil {
				t.Fatal(err)
			}
			if !rep.OK() || !rep.Rounds[0].Certified {
				t.Fatalf("exact=%v: %v", exact, rep.Problems())
			}
		}
	})
}

// The certificate check is sound and complete: the optimum's duals prove
// a perfect matching optimal exactly when brute force finds none better,
// and no forged certificate proves a worse one optimal.
func TestCertificateProvesExactlyTheOptimalMatchings(t *testing.T) {
	rapid.Check(t, func(t *rapid.T) {
		ev := randomEvent(t, 10)
		p, err := newProblem(ev)
		if err != nil {
			return
		}
		mate, err := p.solveExact(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		best, ok := bruteCost(p)
		if !ok {
			return
		}
		c := p.certificateOf(p.final)
		// A random perfect matching: vertices in a drawn order, paired off.
		order := rapid.Permutation(func() []int {
			vs := make([]int, p.nv)
			for i := range vs {
				vs[i] = i
			}
			return vs
		}()).Draw(t, "order")
		var pairs []vertexPair
		var cost int64
		for i := 0; i+1 < len(order); i += 2 {
			x, allowed := p.cost(order[i], order[i+1])
			if !allowed {
				return
			}
			cost += x
			pairs = append(pairs, vertexPair{v1: order[i], v2: order[i+1]})
		}
		for _, m := range [][]vertexPair{p.matePairs(mate), pairs} {
			_, w := p.priced(m)
			f, err := p.checkCertificate(context.Background(), &c, p.vertexByIndex(), m)
			if err != nil {
				t.Fatal(err)
			}
			optimal := int64(len(m))*p.top-w == best
			if optimal != (len(f) == 0) {
				t.Fatalf("optimal %v (cost %d, best %d) but findings %v", optimal, int64(len(m))*p.top-w, best, f)
			}
		}
		// A forged certificate that makes the drawn matching tight (each
		// vertex dual the weight of its pair) is refused unless the
		// matching is optimal: only feasibility over all pairs stops it.
		forged := DualCertificate{Duals: make([]int64, len(p.tal)), Blossoms: []BlossomDual{}}
		for _, vp := range pairs {
			x, _ := p.cost(vp.v1, vp.v2)
			for _, v := range []int{vp.v1, vp.v2} {
				if v == p.bye {
					y := p.top - x
					forged.ByeDual = &y
				} else {
					forged.Duals[p.rank[v]] = p.top - x
				}
			}
		}
		f, err := p.checkCertificate(context.Background(), &forged, p.vertexByIndex(), pairs)
		if err != nil {
			t.Fatal(err)
		}
		if len(f) == 0 && cost != best {
			t.Fatalf("a forged certificate proves a matching of cost %d optimal; the optimum costs %d", cost, best)
		}
	})
}
