package main

import (
	"context"
	"encoding/json"
	"encoding/xml"
	"math"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
)

// The ratings' event files (testdata/README.md): the two Pokémon TOM
// tournaments of testdata/tournaments as plain event files and as exports
// of the server, and an invented league night with a top cut, a draw and a
// double loss. Member numbers in the exports are the TOM player ids.
var (
	ratingsDir       = filepath.Join("..", "..", "testdata", "ratings")
	roundRockXML     = filepath.Join("..", "..", "testdata", "tournaments", "round-rock-summer-2026-06-20.xml")
	leagueNightXML   = filepath.Join("..", "..", "testdata", "tournaments", "cg-league-night-2026-07-28.xml")
	roundRockPlain   = filepath.Join(ratingsDir, "round-rock-2026-06-20.json")
	leagueNightPlain = filepath.Join(ratingsDir, "cg-league-night-2026-07-28.json")
	topCutPlain      = filepath.Join(ratingsDir, "top-cut-2026-08-04.json")
	roundRockExport  = filepath.Join(ratingsDir, "round-rock-2026-06-20.export.json")
	leagueExport     = filepath.Join(ratingsDir, "cg-league-night-2026-07-28.export.json")
	topCutExport     = filepath.Join(ratingsDir, "top-cut-2026-08-04.export.json")
)

// refRating is a player in the test's own Glicko-2, written from the
// formulas of Glickman's "Example of the Glicko-2 system" apart from
// pairing/rating: the volatility's equation is solved by bisection, not by
// the paper's Illinois iteration.
type refRating struct{ r, rd, sigma float64 }

type refGame struct {
	a, b   string // players' keys
	scoreA float64
}

func refUpdate(p refRating, opponents []refRating, scores []float64) refRating {
	const s, tau = 173.7178, 0.5
	mu, phi := (p.r-1500)/s, p.rd/s
	if len(opponents) == 0 {
		return refRating{p.r, s * math.Sqrt(phi*phi+p.sigma*p.sigma), p.sigma}
	}
	var vInv, sum float64
	for j, o := range opponents {
		muj, phij := (o.r-1500)/s, o.rd/s
		g := 1 / math.Sqrt(1+3*phij*phij/(math.Pi*math.Pi))
		e := 1 / (1 + math.Exp(-g*(mu-muj)))
		vInv += g * g * e * (1 - e)
		sum += g * (scores[j] - e)
	}
	v, a := 1/vInv, math.Log(p.sigma*p.sigma)
	delta := v * sum
	f := func(x float64) float64 {
		ex := math.Exp(x)
		return ex*(delta*delta-phi*phi-v-ex)/(2*math.Pow(phi*phi+v+ex, 2)) - (x-a)/(tau*tau)
	}
	lo, hi := a-40, a+40 // f falls from positive to negative across them
	for i := 0; i < 200; i++ {
		if mid := (lo + hi) / 2; f(mid) > 0 {
			lo = mid
		} else {
			hi = mid
		}
	}
	sigma := math.Exp(lo / 2)
	phiStar := math.Sqrt(phi*phi + sigma*sigma)
	newPhi := 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
	return refRating{s*(mu+newPhi*newPhi*sum) + 1500, s * newPhi, sigma}
}

// refSeason rates periods of games; players are the keys of each period's
// entrants, every known player rated each period.
func refSeason(periods [][]string, games [][]refGame) (map[string]refRating, map[string]int) {
	ratings, matches := map[string]refRating{}, map[string]int{}
	for i, entrants := range periods {
		for _, k := range entrants {
			if _, ok := ratings[k]; !ok {
				ratings[k] = refRating{1500, 350, 0.06}
			}
		}
		opp, sc := map[string][]refRating{}, map[string][]float64{}
		for _, g := range games[i] {
			opp[g.a], sc[g.a] = append(opp[g.a], ratings[g.b]), append(sc[g.a], g.scoreA)
			opp[g.b], sc[g.b] = append(opp[g.b], ratings[g.a]), append(sc[g.b], 1-g.scoreA)
			matches[g.a]++
			matches[g.b]++
		}
		next := map[string]refRating{}
		for k, r := range ratings {
			next[k] = refUpdate(r, opp[k], sc[k])
		}
		ratings = next
	}
	return ratings, matches
}

// tomEvent reads a TOM export's entrants (every player of its standings)
// and games, keyed by TOM id, or by name with byName.
func tomEvent(t *testing.T, path string, byName bool) ([]string, []refGame, map[string]string) {
	t.Helper()
	var f struct {
		Players []struct {
			ID    string `xml:"userid,attr"`
			First string `xml:"firstname"`
			Last  string `xml:"lastname"`
		} `xml:"players>player"`
		Matches []struct {
			Outcome int `xml:"outcome,attr"`
			P1      struct {
				ID string `xml:"userid,attr"`
			} `xml:"player1"`
			P2 struct {
				ID string `xml:"userid,attr"`
			} `xml:"player2"`
		} `xml:"pods>pod>rounds>round>matches>match"`
		Standings []struct {
			ID string `xml:"id,attr"`
		} `xml:"standings>pod>player"`
	}
	data, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if err := xml.Unmarshal(data, &f); err != nil {
		t.Fatal(err)
	}
	names := map[string]string{}
	for _, p := range f.Players {
		names[p.ID] = p.First + " " + p.Last
	}
	key := func(id string) string {
		if byName {
			return names[id]
		}
		return id
	}
	var entrants []string
	for _, s := range f.Standings {
		entrants = append(entrants, key(s.ID))
	}
	var games []refGame
	for _, m := range f.Matches {
		// TOM outcomes: 1 player 1 won, 2 player 2 won, 3 a tie, 5 a bye.
		switch m.Outcome {
		case 1, 2, 3:
			games = append(games, refGame{key(m.P1.ID), key(m.P2.ID), map[int]float64{1: 1, 2: 0, 3: 0.5}[m.Outcome]})
		}
	}
	return entrants, games, names
}

// The league night with a top cut, by hand from its file: Dee and Fay have
// no member number. The double loss of round 2 is not a game.
var (
	topCutEntrants = []string{"4761859", "747520", "9000001", "Dee", "9000002", "Fay"}
	topCutGames    = []refGame{
		{"4761859", "747520", 0}, {"9000001", "Dee", 0.5}, {"9000002", "Fay", 1}, // round 1
		{"747520", "9000002", 1}, {"Dee", "Fay", 0}, // round 2
		{"747520", "9000001", 0}, {"9000002", "Dee", 1}, {"Fay", "4761859", 0}, // round 3
		{"747520", "4761859", 0}, {"9000002", "9000001", 1}, // semifinals, best of three
		{"4761859", "9000002", 1}, // final
	}
	topCutNames = map[string]string{"9000001": "Cy", "9000002": "Eve", "Dee": "Dee", "Fay": "Fay"}
)

type ratingOut struct {
	Name       string  `json:"name"`
	MemberID   string  `json:"member_id"`
	Rating     float64 `json:"rating"`
	Deviation  float64 `json:"deviation"`
	Volatility float64 `json:"volatility"`
	Matches    int     `json:"matches"`
}

func ratingsJSON(t *testing.T, files ...string) []ratingOut {
	t.Helper()
	code, out, errs := runPairingCLI("", append([]string{"ratings", "--json"}, files...)...)
	if code != 0 {
		t.Fatalf("ratings %v: exit %d: %s", files, code, errs)
	}
	var got []ratingOut
	if err := json.Unmarshal([]byte(out), &got); err != nil {
		t.Fatalf("%v\n%s", err, out)
	}
	return got
}

// checkRatings compares the command's players, by key, with the
// reference's, to the precision the JSON gives.
func checkRatings(t *testing.T, got []ratingOut, key func(ratingOut) string, want map[string]refRating, matches map[string]int) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%d players, want %d", len(got), len(want))
	}
	for i, p := range got {
		k := key(p)
		w, ok := want[k]
		switch {
		case !ok:
			t.Errorf("player %q (%s) is not expected", p.Name, k)
		case math.Abs(p.Rating-w.r) > 0.006 || math.Abs(p.Deviation-w.rd) > 0.006 || math.Abs(p.Volatility-w.sigma) > 1e-6:
			t.Errorf("%s: %.2f / %.2f / %.6f, want %.2f / %.2f / %.6f", k, p.Rating, p.Deviation, p.Volatility, w.r, w.rd, w.sigma)
		case p.Matches != matches[k]:
			t.Errorf("%s: %d matches, want %d", k, p.Matches, matches[k])
		}
		if i > 0 && got[i-1].Rating < p.Rating {
			t.Errorf("%s is listed below a lower rating", k)
		}
	}
}

// Three events rated in order from the server's exports: players are known
// by member number, whatever name each event gives them (4761859 is
// "Player7 Anon" at the first and "Player1 Anon" at the second, where
// "Player1 Anon" of the first is someone else), else by name (Dee, Fay).
// The expectation is computed from the TOM files themselves.
func TestRatingsOfExportsMatchPlayersByMemberNumber(t *testing.T) {
	rrEntrants, rrGames, rrNames := tomEvent(t, roundRockXML, false)
	lnEntrants, lnGames, lnNames := tomEvent(t, leagueNightXML, false)
	want, matches := refSeason([][]string{rrEntrants, lnEntrants, topCutEntrants}, [][]refGame{rrGames, lnGames, topCutGames})
	got := ratingsJSON(t, roundRockExport, leagueExport, topCutExport)
	checkRatings(t, got, func(p ratingOut) string {
		if p.MemberID == "" {
			return p.Name
		}
		return p.MemberID
	}, want, matches)
	// Names are the latest event's.
	for _, p := range got {
		wantName := topCutNames[p.MemberID]
		if p.MemberID == "" {
			wantName = p.Name
		} else if slices.Contains([]string{"4761859", "747520"}, p.MemberID) {
			wantName = lnNames[p.MemberID]
		} else if wantName == "" {
			wantName = lnNames[p.MemberID]
			if slices.Contains(rrEntrants, p.MemberID) {
				wantName = rrNames[p.MemberID]
			}
		}
		if p.Name != wantName {
			t.Errorf("member %s is named %q, want %q", p.MemberID, p.Name, wantName)
		}
	}
	if len(got) != 42 {
		t.Errorf("%d players: 23 + 16 with one in both, and four new at the third event make 42", len(got))
	}
}

// The same events as plain event files have no member numbers: players are
// known by name only, so every "PlayerN Anon" of the two TOM events is
// taken for one player, as the rule says, and the plain file's top cut
// (its games, through the bracket) counts as the export's does.
func TestRatingsOfPlainFilesMatchPlayersByName(t *testing.T) {
	rrEntrants, rrGames, _ := tomEvent(t, roundRockXML, true)
	lnEntrants, lnGames, _ := tomEvent(t, leagueNightXML, true)
	want, matches := refSeason([][]string{rrEntrants, lnEntrants}, [][]refGame{rrGames, lnGames})
	got := ratingsJSON(t, roundRockPlain, leagueNightPlain)
	checkRatings(t, got, func(p ratingOut) string { return p.Name }, want, matches)

	named := func(k string) string {
		if n, ok := map[string]string{"4761859": "Player1 Anon", "747520": "Player7 Anon"}[k]; ok {
			return n
		}
		if n, ok := topCutNames[k]; ok {
			return n
		}
		return k
	}
	var byName []refGame
	for _, g := range topCutGames {
		byName = append(byName, refGame{named(g.a), named(g.b), g.scoreA})
	}
	var entrants []string
	for _, k := range topCutEntrants {
		entrants = append(entrants, named(k))
	}
	want, matches = refSeason([][]string{entrants}, [][]refGame{byName})
	checkRatings(t, ratingsJSON(t, topCutPlain), func(p ratingOut) string { return p.Name }, want, matches)
}

// The table says the same in words, best first, with member numbers; two
// files and standard input.
func TestRatingsTable(t *testing.T) {
	data, err := os.ReadFile(topCutExport)
	if err != nil {
		t.Fatal(err)
	}
	code, out, errs := runPairingCLI(string(data), "ratings", "-")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errs)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 8 || !strings.HasPrefix(lines[0], "#  Player  ") || !strings.Contains(lines[0], "Rating  Deviation  Volatility  Matches") {
		t.Fatalf("table:\n%s", out)
	}
	// Player1 Anon won the top cut: first, with four rated games.
	if f := strings.Fields(lines[1]); f[0] != "1" || strings.Join(f[1:5], " ") != "Player1 Anon (member 4761859)" || f[8] != "4" {
		t.Errorf("first line %q", lines[1])
	}
	if lines[7] != "Players: 6. Rating periods, one per event file: 1. Glicko-2 with τ 0.5." {
		t.Errorf("last line %q", lines[7])
	}
}

// What cannot be rated stops the command with exit 2, naming the file and
// what is wrong in it, and nothing is printed.
func TestRatingsRefusals(t *testing.T) {
	twoAnns := writeEvent(t, `{"players": [{"id": "a", "name": "Ann"}, {"id": "b", "name": "Ann"}], "rounds": []}`)
	badJSON := writeEvent(t, "{\"players\": [{\"id\": \"a\"}],\n \"rounds\": [{\"number\": \"one\", \"matches\": []}]}")
	badExport := writeEvent(t, "{\"players\": [{\"id\": \"a\"}], \"rounds\": [],\n \"tenkaichi\": {\"entries\": [{\"id\": \"a\", \"member_id\": 5}]}}")
	missing := filepath.Join(t.TempDir(), "missing.json")
	for _, c := range []struct {
		args []string
		want string
	}{
		{[]string{"ratings"}, "tenkaichi ratings: give one or more event files"},
		{[]string{"ratings", roundRockPlain, twoAnns}, twoAnns + `: players "a" and "b" are both named "Ann" and have no member number`},
		{[]string{"ratings", badJSON}, badJSON + `: event file is not valid: line 2: "rounds.number" should be a whole number`},
		{[]string{"ratings", badExport}, badExport + `: event file is not valid: line 2: "tenkaichi.entries.member_id" should be a string`},
		{[]string{"ratings", roundRockPlain, missing}, missing},
		{[]string{"ratings", "-", "-"}, "both read standard input"},
		{[]string{"ratings", "--jsn", roundRockPlain}, "--jsn"},
	} {
		code, out, errs := runPairingCLI("", c.args...)
		if code != 2 || !strings.Contains(errs, c.want) || (out != "" && !strings.Contains(out, "Usage")) {
			t.Errorf("%v: exit %d, stdout %q, stderr %q; want 2 and %q", c.args, code, out, errs, c.want)
		}
	}
}

// Ctrl-C between two files stops the command with 130, as every command.
func TestRatingsStopWhenTold(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	env := &cliEnv{stdin: strings.NewReader(""), stdout: &strings.Builder{}, stderr: &strings.Builder{}, getenv: func(string) string { return "" }}
	if code := run(ctx, env, []string{"ratings", roundRockPlain}); code != exitInterrupted {
		t.Errorf("exit %d after the context was cancelled, want %d", code, exitInterrupted)
	}
}
