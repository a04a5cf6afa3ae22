package pairing

import (
	"context"
	"errors"
	"fmt"
	"strings"
)

// VerifyOptions chooses what Verify checks.
type VerifyOptions struct {
	// Round checks only that Swiss round; 0 checks every Swiss round and
	// the top cut.
	Round int
	// Exact says rounds without a record were paired with
	// PairOptions.Exact (tenkaichi pair --exact); a record says it itself.
	Exact bool
}

// VerifyReport is what Verify found, round by round.
type VerifyReport struct {
	Rounds []RoundCheck
	// TopCut is nil when the top cut was not checked: the file has none,
	// or one Swiss round was asked for.
	TopCut *TopCutCheck
}

// RoundCheck is the verdict on one Swiss round: it holds when Problems is
// empty. Certified says the round carried a certificate and it held.
type RoundCheck struct {
	Number    int
	Certified bool
	Problems  []Problem
}

// TopCutCheck is the verdict on the top cut: its Rounds rounds follow the
// bracket the Swiss standings give when Problems is empty.
type TopCutCheck struct {
	Rounds   int
	Problems []Problem
}

// OK reports whether every round checked holds.
func (r *VerifyReport) OK() bool { return len(r.Problems()) == 0 }

// Problems lists every problem found, in round order.
func (r *VerifyReport) Problems() []Problem {
	var out []Problem
	for _, rc := range r.Rounds {
		out = append(out, rc.Problems...)
	}
	if r.TopCut != nil {
		out = append(out, r.TopCut.Problems...)
	}
	return out
}

// ErrNoSuchRound is Verify's answer to a round the file does not have.
var ErrNoSuchRound = errors.New("no such round")

// Problem is one thing verify finds wrong, located in a Swiss round (Round)
// or a top-cut round (CutRound), at a match (its 1-based position and its
// table, 0 when none) or in the round as a whole. Key is the
// VerifyMessages entry Msg was built from and Args its values, so the
// command line can say it in its language.
type Problem struct {
	Round    int
	CutRound int
	Match    int
	Table    int
	Key      string
	Args     []any
	Msg      string
}

func (p Problem) Error() string {
	var at string
	switch {
	case p.CutRound > 0 && p.Match > 0:
		at = fmt.Sprintf("top cut round %d, match %d", p.CutRound, p.Match)
	case p.CutRound > 0:
		at = fmt.Sprintf("top cut round %d", p.CutRound)
	case p.Table > 0:
		at = fmt.Sprintf("round %d, table %d", p.Round, p.Table)
	case p.Match > 0:
		at = fmt.Sprintf("round %d, match %d", p.Round, p.Match)
	default:
		at = fmt.Sprintf("round %d", p.Round)
	}
	return at + ": " + p.Msg
}

// MatchPair names a pairing by its players; P2 "" is a bye.
type MatchPair struct{ P1, P2 string }

func (m MatchPair) String() string {
	if m.P2 == "" {
		return m.P1 + " (bye)"
	}
	return m.P1 + " v " + m.P2
}

// PairList is several pairings, said one after the other, and how many
// more were left out to keep a message short.
type PairList struct {
	Pairs []MatchPair
	More  int
}

// listedPairs is the most pairings a PairList says.
const listedPairs = 6

func (l *PairList) add(m MatchPair) {
	if len(l.Pairs) < listedPairs {
		l.Pairs = append(l.Pairs, m)
	} else {
		l.More++
	}
}

func (l PairList) String() string {
	parts := make([]string, len(l.Pairs))
	for i, m := range l.Pairs {
		parts[i] = m.String()
	}
	if l.More > 0 {
		return fmt.Sprintf("%s and %d more", strings.Join(parts, ", "), l.More)
	}
	return strings.Join(parts, ", ")
}

// VerifyMessages holds, by key, the English of every problem verify
// reports: one format string each with indexed verbs. A value may be a
// MatchPair, a PairList or an error (the pairing tools' refusal).
var VerifyMessages = map[string]string{
	"earlier-unreported":    "match %[2]d of round %[1]d has no result yet, so this round's pairing cannot be recomputed",
	"dropped-plays":         "%[1]s plays in this round but dropped after round %[2]d",
	"dropped-before-plays":  "%[1]s plays in this round but dropped before round 1",
	"missing-listed":        "%[1]s is not in this round, although the file says they played until round %[2]d",
	"missing-not-dropped":   "%[1]s played in round %[2]d and has not dropped, but is not in this round",
	"awarded-bye-missing":   "%[1]s has a bye awarded for this round but is not in it",
	"cannot-pair":           "the pairing cannot be recomputed: %[1]v",
	"own-certificate":       "the recomputed optimum's certificate does not hold (%[1]s); please report this as a bug",
	"forbidden":             "%[1]s is a forbidden pair",
	"bye-count":             "byes the pairing gave: %[1]d, where %[2]d players to pair need %[3]d",
	"rematch-avoidable":     "%[1]s is a rematch of round %[2]d while a pairing without rematch exists",
	"rematch-too-many":      "%[1]s is a rematch of round %[2]d; the round has %[3]d rematches where %[4]d would do",
	"second-bye-avoidable":  "%[1]s gets a second bye (the first was in round %[2]d) while a pairing without one exists",
	"bye-rank":              "the bye goes to %[1]s (ranked %[2]d of %[3]d) while %[4]s (ranked %[5]d) could take it",
	"score-gaps":            "the squared point differences of the pairs add up to %[1]d where %[2]d is possible",
	"repeat-pair-downs":     "players paired down again: %[1]d, where %[2]d would do",
	"weight":                "the pairing weighs %[1]d, the optimum is %[2]d",
	"heavier":               "the pairing weighs %[1]d, more than the computed optimum %[2]d; please report this as a bug",
	"not-seeded":            "the seed gives %[1]s; the file has %[2]s (equally good, but not the seeded choice)",
	"record-algorithm":      "the round was paired by %[1]s, which this verify does not know (it knows %[2]s); check it with the Tenkaichi that paired it",
	"record-round":          "the round's record is for round %[1]d",
	"record-seed":           "the round was paired with seed %[1]d; the file's seed is %[2]d",
	"record-tiebreakers":    "the round was paired with the %[1]s tiebreakers; the file has %[2]s",
	"record-players":        "the round was paired with %[1]d players; the file's round has %[2]d to pair",
	"record-standings":      "the round was paired from standings with %[2]s at rank %[1]d (points %[3]d, byes %[4]d, paired down %[5]d); the file's earlier rounds put %[6]s there (points %[7]d, byes %[8]d, paired down %[9]d)",
	"record-awarded":        "the awarded byes the round was paired with differ from the file's",
	"record-units":          "the recorded weight units differ from those the file gives",
	"record-weight":         "the record says the pairing weighs %[1]d; the optimum from the file is %[2]d",
	"cert-players":          "the certificate names %[1]s, who is not among the round's players to pair",
	"cert-duals":            "the certificate has %[1]d vertex duals for %[2]d players",
	"cert-bye-dual":         "the certificate must have a bye dual exactly when the number of players is odd",
	"cert-range":            "the certificate has a value beyond ±2^60",
	"cert-member":           "blossom %[1]d of the certificate names vertex %[2]d, which the round does not have or another blossom names",
	"cert-blossom-size":     "blossom %[1]d of the certificate holds %[2]d vertices; a blossom holds an odd number, 3 or more",
	"cert-blossom-negative": "blossom %[1]d of the certificate has a negative dual (%[2]d)",
	"cert-infeasible":       "the certificate does not bound %[1]s: its slack is %[2]d (pairs like it: %[3]d)",
	"cert-not-tight":        "%[1]s is not tight under the certificate (slack %[2]d; pairs like it: %[3]d), so it does not prove this pairing optimal",
	"cert-not-full":         "blossom %[1]d of the certificate has dual %[2]d but holds %[3]d of the round's pairs, not %[4]d",
	"not-advanced":          "%[1]s plays in this day-2 round but did not advance to day 2",
	"day2-cut":              "the file's players who advanced to day 2 are not the cut its day-1 rounds give: %[1]s differs",
	"record-eligible":       "the round's record names %[1]d players eligible for day 2, not the %[2]d the file says advanced",
	"team-no-seat":          "%[1]s plays in this team round but has no team and seat",
	"team-seat-mismatch":    "%[1]s (seat %[2]s of %[3]s) plays %[4]s (seat %[5]s of %[6]s); a team match pairs seat with seat of two teams",
	"team-seat-missing":     "the team match of %[1]s has no match at seat %[2]s",
	"team-seat-dropped":     "%[1]s sits at seat %[2]s of %[3]s after dropping, while %[4]s holds that seat",
	"team-seat-vacant":      "seat %[2]s of %[3]s had no player left (%[1]s had dropped), so its game is lost; the file has the result %[4]s",
	"team-vacant-before":    "seat %[2]s of %[3]s had no player left (%[1]s had dropped before round 1), so its game is lost; the file has the result %[4]s",
	"cut-cannot":            "the bracket cannot be built: %[1]v",
	"cut-extra-round":       "the bracket the Swiss standings give has only %[1]d rounds",
	"cut-not-in-bracket":    "%[1]s is not a match of the bracket the Swiss standings give; this round's matches are %[2]s",
}

// problemAt makes the problem key with its values.
func problemAt(round, match, table int, key string, args ...any) Problem {
	return Problem{Round: round, Match: match, Table: table, Key: key, Args: args, Msg: fmt.Sprintf(VerifyMessages[key], args...)}
}

// Verify re-checks the Swiss rounds of an event file (and its top cut):
// each round is paired again from the file's seed and earlier rounds, and
// must be that pairing; a recorded certificate must prove it optimal under
// the weights the file gives. See docs/pairing.md, "Verifying a pairing".
// It fails only when ctx is done or opts.Round is not a round of the file.
func Verify(ctx context.Context, ev *Event, opts VerifyOptions) (*VerifyReport, error) {
	if opts.Round < 0 || opts.Round > len(ev.Rounds) {
		return nil, ErrNoSuchRound
	}
	if seats := SeatsOf(ev); seats != nil {
		return verifyTeams(ctx, ev, seats, opts)
	}
	rep := &VerifyReport{}
	in := rosters(ev)
	for n := 1; n <= len(ev.Rounds); n++ {
		if opts.Round != 0 && n != opts.Round {
			continue
		}
		rc, err := verifyRound(ctx, ev, in, n, opts)
		if err != nil {
			return nil, err
		}
		rep.Rounds = append(rep.Rounds, rc)
	}
	if opts.Round == 0 && ev.TopCut != nil && len(ev.TopCut.Rounds) > 0 {
		rep.TopCut = verifyTopCut(ev)
	}
	return rep, nil
}
