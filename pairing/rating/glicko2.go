// Package rating rates players with the Glicko-2 system of Mark Glickman,
// exactly as his paper "Example of the Glicko-2 system" (glicko.net,
// November 2013) sets it out in steps 1 to 8; the functions below say
// which step they are. It is pure Go: it knows event files (pairing) but
// no storage or web code, so the command line, the server and the tests
// share one implementation. docs/ratings.md says what it is for and what
// counts as a game.
package rating

import "math"

// scale converts between the Glicko scale players see (1500, 350) and the
// Glicko-2 scale the steps compute on (step 2).
const scale = 173.7178

// epsilon is the convergence tolerance of the volatility's iteration
// (step 5), the paper's value.
const epsilon = 0.000001

// Rating is a player's strength on the Glicko scale: the rating r, its
// deviation RD (how uncertain r is; about 95% of the time the player's
// true strength is within two deviations) and the volatility σ (how
// erratic the player's results are).
type Rating struct {
	Rating     float64
	Deviation  float64
	Volatility float64
}

// Start is every new player's rating, the values Glickman suggests (step 1).
var Start = Rating{Rating: 1500, Deviation: 350, Volatility: 0.06}

// Tau is the system constant τ that limits how fast the volatility changes;
// Glickman suggests values from 0.3 to 1.2, and 0.5 is his example's.
const Tau = 0.5

// Result is one game of a rating period from the rated player's side: the
// opponent's rating at the start of the period and the score (1 a win,
// 0.5 a draw, 0 a loss).
type Result struct {
	Opponent Rating
	Score    float64
}

// Update is the rating after one rating period in which the player had the
// results given (steps 2 to 8); tau, the system constant, is positive. A
// player without results keeps rating and volatility, and the deviation
// grows (step 6 alone), as the paper says.
func Update(r Rating, results []Result, tau float64) Rating {
	mu, phi := toGlicko2(r)
	if len(results) == 0 {
		// Only the deviation changes: the rating is kept as it was rather
		// than converted there and back.
		r.Deviation = scale * preRatingPeriod(phi, r.Volatility)
		return r
	}
	games := make([]game, len(results))
	for i, res := range results {
		muj, phij := toGlicko2(res.Opponent)
		games[i] = game{g: g(phij), e: expected(mu, muj, phij), s: res.Score}
	}
	v := variance(games)
	sum := scoreSum(games)
	sigma := volatility(phi, v, v*sum, r.Volatility, tau)
	newPhi := updatedPhi(preRatingPeriod(phi, sigma), v)
	return fromGlicko2(updatedMu(mu, newPhi, sum), newPhi, sigma)
}

// toGlicko2 is step 2: μ = (r − 1500) / 173.7178, φ = RD / 173.7178.
func toGlicko2(r Rating) (mu, phi float64) {
	return (r.Rating - 1500) / scale, r.Deviation / scale
}

// fromGlicko2 is step 8: r' = 173.7178 μ' + 1500, RD' = 173.7178 φ'.
func fromGlicko2(mu, phi, sigma float64) Rating {
	return Rating{Rating: scale*mu + 1500, Deviation: scale * phi, Volatility: sigma}
}

// game is one game of step 3 from the rated player's side: g(φj), E(μ, μj,
// φj) and the score sj.
type game struct{ g, e, s float64 }

// g is step 3's g(φ) = 1 / √(1 + 3φ²/π²).
func g(phi float64) float64 {
	return 1 / math.Sqrt(1+3*phi*phi/(math.Pi*math.Pi))
}

// expected is step 3's E(μ, μj, φj) = 1 / (1 + exp(−g(φj)(μ − μj))), the
// score the player is expected to make against that opponent.
func expected(mu, muj, phij float64) float64 {
	return 1 / (1 + math.Exp(-g(phij)*(mu-muj)))
}

// variance is step 3's v = [Σ g(φj)² E (1 − E)]⁻¹, the estimated variance
// of the rating from the game outcomes alone.
func variance(games []game) float64 {
	sum := 0.0
	for _, x := range games {
		sum += x.g * x.g * x.e * (1 - x.e)
	}
	return 1 / sum
}

// scoreSum is Σ g(φj)(sj − E) of steps 4 and 7: how much better (or worse)
// the player did than expected. Step 4's Δ is v times it.
func scoreSum(games []game) float64 {
	sum := 0.0
	for _, x := range games {
		sum += x.g * (x.s - x.e)
	}
	return sum
}

// volatility is step 5: the new volatility σ', the root of
// f(x) = eˣ(Δ² − φ² − v − eˣ) / (2(φ² + v + eˣ)²) − (x − a)/τ², a = ln σ²,
// found by the Illinois algorithm as the paper writes it.
func volatility(phi, v, delta, sigma, tau float64) float64 {
	a := math.Log(sigma * sigma)
	f := func(x float64) float64 {
		ex := math.Exp(x)
		d := phi*phi + v + ex
		return ex*(delta*delta-phi*phi-v-ex)/(2*d*d) - (x-a)/(tau*tau)
	}
	A := a
	var B float64
	if delta*delta > phi*phi+v {
		B = math.Log(delta*delta - phi*phi - v)
	} else {
		k := 1.0
		for f(a-k*tau) < 0 {
			k++
		}
		B = a - k*tau
	}
	fA, fB := f(A), f(B)
	for math.Abs(B-A) > epsilon {
		C := A + (A-B)*fA/(fB-fA)
		fC := f(C)
		if fC*fB <= 0 {
			A, fA = B, fB
		} else {
			fA /= 2
		}
		B, fB = C, fC
	}
	return math.Exp(A / 2)
}

// preRatingPeriod is step 6: φ* = √(φ² + σ'²), the deviation grown by a
// period's worth of volatility.
func preRatingPeriod(phi, sigma float64) float64 {
	return math.Sqrt(phi*phi + sigma*sigma)
}

// updatedPhi is step 7's φ' = 1 / √(1/φ*² + 1/v).
func updatedPhi(phiStar, v float64) float64 {
	return 1 / math.Sqrt(1/(phiStar*phiStar)+1/v)
}

// updatedMu is step 7's μ' = μ + φ'² Σ g(φj)(sj − E).
func updatedMu(mu, newPhi, sum float64) float64 {
	return mu + newPhi*newPhi*sum
}
