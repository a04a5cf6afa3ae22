package rating

import (
	"math"
	"testing"
)

// The worked example of Glickman's "Example of the Glicko-2 system": a
// player rated 1500 (RD 200, σ 0.06), τ 0.5, plays three opponents in one
// rating period, 1400 (RD 30), 1550 (RD 100) and 1700 (RD 300), and wins
// the first game and loses the other two.
var (
	paperPlayer    = Rating{Rating: 1500, Deviation: 200, Volatility: 0.06}
	paperOpponents = []Rating{{1400, 30, 0.06}, {1550, 100, 0.06}, {1700, 300, 0.06}}
	paperScores    = []float64{1, 0, 0}
)

const paperTau = 0.5

// round is x to the given number of decimals, as the paper prints values.
func round(x float64, decimals int) float64 {
	p := math.Pow(10, float64(decimals))
	return math.Round(x*p) / p
}

// printed checks that got, written to as many decimals as the paper
// writes want, is want.
func printed(t *testing.T, what string, got, want float64, decimals int) {
	t.Helper()
	if round(got, decimals) != want {
		t.Errorf("%s = %.*f (%v), the paper has %.*f", what, decimals, round(got, decimals), got, decimals, want)
	}
}

// Each step of the paper, fed the values the paper itself used for it,
// gives the value the paper prints, to the paper's precision. The paper
// rounds as it goes, not always alike: step 3's table has E to three
// decimals, and v and step 4's Δ are computed from that table, while the
// bracket Σ g(φj)(sj − E) it prints as −0.2720 and uses again in step 7 is
// the unrounded one (the table's values give −0.2718).
func TestPaperExampleStepByStep(t *testing.T) {
	// Step 2.
	mu, phi := toGlicko2(paperPlayer)
	printed(t, "μ", mu, 0, 4)
	printed(t, "φ", phi, 1.1513, 4)
	wantMu := []float64{-0.5756, 0.2878, 1.1513}
	wantPhi := []float64{0.1727, 0.5756, 1.7269}
	wantG := []float64{0.9955, 0.9531, 0.7242}
	wantE := []float64{0.639, 0.432, 0.303}
	var table, unrounded []game
	for j, o := range paperOpponents {
		muj, phij := toGlicko2(o)
		printed(t, "μj", muj, wantMu[j], 4)
		printed(t, "φj", phij, wantPhi[j], 4)
		// Step 3's table.
		gj, ej := g(phij), expected(mu, muj, phij)
		printed(t, "g(φj)", gj, wantG[j], 4)
		printed(t, "E(μ, μj, φj)", ej, wantE[j], 3)
		table = append(table, game{g: wantG[j], e: wantE[j], s: paperScores[j]})
		unrounded = append(unrounded, game{g: gj, e: ej, s: paperScores[j]})
	}
	// Step 3: v = 1.7785. Step 4: Δ = 1.7785 [0.9955(1 − 0.639) + …] =
	// 1.7785 (−0.2720) = −0.4834.
	v := variance(table)
	printed(t, "v", v, 1.7785, 4)
	printed(t, "Σ g(φj)(sj − E)", scoreSum(unrounded), -0.2720, 4)
	printed(t, "Δ", v*scoreSum(table), -0.4834, 4)
	// Step 5: σ' = 0.05999. The paper cuts the digits after the fifth
	// decimal (σ' is 0.0599960 from its own inputs), so σ' is 0.05999 and a
	// little: at least 0.05999 and under 0.06000.
	sigma := volatility(1.1513, 1.7785, -0.4834, 0.06, paperTau)
	if sigma < 0.05999 || sigma >= 0.06000 {
		t.Errorf("σ' = %v, the paper has 0.05999", sigma)
	}
	// Step 6: φ* = √(1.1513² + 0.05999²) = 1.152862.
	printed(t, "φ*", preRatingPeriod(1.1513, 0.05999), 1.152862, 6)
	// Step 7: φ' = 0.8722, μ' = 0 + 0.8722² × (−0.2720) = −0.2069.
	printed(t, "φ'", updatedPhi(1.152862, 1.7785), 0.8722, 4)
	printed(t, "μ'", updatedMu(0, 0.8722, -0.2720), -0.2069, 4)
	// Step 8: r' = 173.7178 × (−0.2069) + 1500 = 1464.06, RD' = 173.7178 × 0.8722 = 151.52.
	r := fromGlicko2(-0.2069, 0.8722, 0.05999)
	printed(t, "r'", r.Rating, 1464.06, 2)
	printed(t, "RD'", r.Deviation, 151.52, 2)
}

// Update, which rounds nothing, gives the paper's results to within what
// the paper's rounding moves them: the rating by less than 0.01 (it is
// 1464.0507 unrounded), the deviation 151.52 and the volatility 0.05999…
// exactly as printed, v and Δ within the 0.0005 that E's three decimals
// cost. The unrounded values (1.7790, −0.4839, 1464.0507, 151.5165,
// 0.0599960) were computed apart from this package from the paper's
// formulas.
func TestPaperExampleUnrounded(t *testing.T) {
	results := make([]Result, len(paperOpponents))
	var games []game
	mu, _ := toGlicko2(paperPlayer)
	for j, o := range paperOpponents {
		results[j] = Result{Opponent: o, Score: paperScores[j]}
		muj, phij := toGlicko2(o)
		games = append(games, game{g: g(phij), e: expected(mu, muj, phij), s: paperScores[j]})
	}
	v := variance(games)
	delta := v * scoreSum(games)
	if math.Abs(v-1.7785) > 0.0006 || round(v, 4) != 1.7790 {
		t.Errorf("v = %v: the paper has 1.7785 from rounded E; unrounded it is 1.7790", v)
	}
	if math.Abs(delta-(-0.4834)) > 0.0006 || round(delta, 4) != -0.4839 {
		t.Errorf("Δ = %v: the paper has −0.4834 from rounded E; unrounded it is −0.4839", delta)
	}

	got := Update(paperPlayer, results, paperTau)
	if math.Abs(got.Rating-1464.06) > 0.01 || round(got.Rating, 4) != 1464.0507 {
		t.Errorf("rating %v, the paper has 1464.06 (1464.0507 unrounded)", got.Rating)
	}
	printed(t, "RD'", got.Deviation, 151.52, 2)
	printed(t, "RD' unrounded", got.Deviation, 151.5165, 4)
	if got.Volatility < 0.05999 || got.Volatility >= 0.06000 || round(got.Volatility, 7) != 0.0599960 {
		t.Errorf("volatility %v, the paper has 0.05999 (0.0599960 unrounded)", got.Volatility)
	}
}

// A player without a game in a period keeps rating and volatility; the
// deviation grows by step 6 alone: √(200² + (0.06 × 173.7178)²) = 200.2714.
func TestIdlePlayer(t *testing.T) {
	got := Update(paperPlayer, nil, paperTau)
	if got.Rating != 1500 || got.Volatility != 0.06 {
		t.Errorf("idle player's rating %v, volatility %v changed", got.Rating, got.Volatility)
	}
	printed(t, "idle RD'", got.Deviation, 200.2714, 4)
}
