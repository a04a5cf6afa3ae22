package skill

import (
	"regexp"
	"strings"
)

var (
	leaderOrRE       = regexp.MustCompile(`^your leader or up to (\d+) of your (.+)$`)
	nameLeaderRE     = regexp.MustCompile(`^your <n(\d+)> leader or up to (\d+) (.+)$`)
	yourNameLeaderRE = regexp.MustCompile(`^your <n(\d+)> leader$`)
	bothLeaderRE     = regexp.MustCompile(`^up to 1 of your leaders or up to (\d+) battle cards?(?:―both with (.+?)―in your battle area| in your battle area―both with (.+?)―)$`)
	qtyRE            = regexp.MustCompile(`^(?:(up to) (\d+|a|an|one) |(\d+|a|an|one) |(all of |all |any number of ))`)
	nameTokRE        = regexp.MustCompile(`^<n(\d+)>`)
	traitTokRE       = regexp.MustCompile(`^«t(\d+)»`)
	withCostRE       = regexp.MustCompile(`^(?:an? (?:original )?cost|costs) of (\d+)(?: or (less|more)| to (\d+)| or (\d+))?$`)
	withComboRE      = regexp.MustCompile(`^(\d+) combo power$`)
	withPowerRE      = regexp.MustCompile(`^(\d+) power(?: or (less|more))?$`)
	origPowerRE      = regexp.MustCompile(`^an original power of (\d+)(?: power)? or (less|more)$`)
	traitsRE         = regexp.MustCompile(`^(?:includes? )?((?:«t\d+»(?:,? or |, )?)+) in (?:its|their) special traits$`)
	nameHasRE        = regexp.MustCompile(`^(?:that includes? )?((?:<n\d+>(?:,? or |, )?)+) in (?:its|their) (?:card )?names?$`)
	totalCostRE      = regexp.MustCompile(`^a total cost of (\d+) or less$`)
	totalPowerRE     = regexp.MustCompile(`^that add up to a total power of (\d+) or less$`)
	tokenListRE      = regexp.MustCompile(`<n(\d+)>|«t(\d+)»`)
	onlyTraitRE      = regexp.MustCompile(`^«t(\d+)»-only `)
	bothTraitsRE     = regexp.MustCompile(`^both «t(\d+)» and «t(\d+)» in (?:its|their) special traits$`)
)

// fixedTargets are the target phrases that name their cards outright.
var fixedTargets = map[string]Who{
	"this card":                       ThisCard,
	"this card in a battle area":      ThisCard,
	"this card in your battle area":   ThisCard,
	"this card in the battle area":    ThisCard,
	"your leader":                     YourLeader,
	"your leader card":                YourLeader,
	"this card and your leader":       ThisAndLeader,
	"your leader and this card":       ThisAndLeader,
	"this card or your leader":        YourLeaderOrThis,
	"your leader or this card":        YourLeaderOrThis,
	"that card":                       ThatCard,
	"those cards":                     ThatCard,
	"it":                              ThatCard,
	"them":                            ThatCard,
	"the revealed card":               ThatCard,
	"the chosen card":                 ThatCard,
	"your card that is in a battle":   InBattleYours,
	"your cards that are in a battle": InBattleYours,
	"your card that's in a battle":    InBattleYours,
}

var nameInBattleRE = regexp.MustCompile(`^your (<n\d+>(?: with .+?)?) that's in a battle$`)

// target reads a target phrase: "this card", "your Leader", "up to 1 of
// your opponent's Battle Cards with a cost of 3 or less", "all Battle Cards
// in your opponent's Battle Area" ...
func (ln *line) target(s string) (Target, bool) {
	s = strings.TrimSpace(s)
	t := Target{Filter: anyFilter()}
	if who, ok := fixedTargets[s]; ok {
		t.Who = who
		return t, true
	}
	if t, ok, matched := ln.leaderTarget(s); matched {
		return t, ok
	}
	if t, ok, matched := ln.eachTarget(s); matched {
		return t, ok
	}
	if t, ok, matched := ln.inBattleTarget(s); matched {
		return t, ok
	}
	// Quantity.
	if m := qtyRE.FindStringSubmatch(s); m != nil {
		switch {
		case m[1] != "":
			t.UpTo, t.N = true, atoi(m[2])
		case m[3] != "":
			t.N = atoi(m[3])
		case strings.HasPrefix(m[4], "any number"):
			t.UpTo, t.N = true, 99
		default:
			t.All = true
		}
		s = s[len(m[0]):]
	} else if strings.HasPrefix(s, "your ") || strings.HasPrefix(s, "all ") {
		t.All = true
	} else if nameTokRE.MatchString(s) {
		t.N = 1
	} else {
		return t, false
	}
	// Owner.
	switch {
	case strings.HasPrefix(s, "of your opponent's "):
		t.Who, s = Opponents, s[len("of your opponent's "):]
	case strings.HasPrefix(s, "your opponent's "):
		t.Who, s = Opponents, s[len("your opponent's "):]
	case strings.HasPrefix(s, "of your "):
		t.Who, s = Yours, s[len("of your "):]
	case strings.HasPrefix(s, "your "):
		t.Who, s = Yours, s[len("your "):]
	default:
		t.Who = AnyPlayers
	}
	if !ln.noun(&t, s) || t.Filter.Type == "Leader" {
		// Leaders are targets of their own phrases ("your Leader").
		return t, false
	}
	return t, true
}

var (
	eachRE     = regexp.MustCompile(`^up to 1 (.+?) and up to 1 (.+)$`)
	eachInRE   = regexp.MustCompile(` in (?:your|your opponent's) battle area$`)
	eachNameRE = regexp.MustCompile(`^<n\d+>`)
)

// eachTarget reads "up to 1 <A> with a cost of 2 or less and up to 1 <B>
// with a cost of 2 or less" and "up to 1 Battle Card with a cost of 4 or
// less and up to 1 Battle Card with a cost of 3 or less in your opponent's
// Battle Area" (zone, play and combo phrases, issue 29): one card of each
// kind (Each). Where the kinds differ only in their names it is one filter
// with both names; the Battle Area written after the second is the
// first's too. matched is false for another phrase.
func (ln *line) eachTarget(s string) (t Target, ok, matched bool) {
	m := eachRE.FindStringSubmatch(s)
	if m == nil || strings.Contains(m[2], " and up to ") {
		return t, false, false
	}
	first := m[1]
	if in := eachInRE.FindString(m[2]); in != "" {
		first += in
	}
	a, okA := ln.target("up to 1 " + first)
	b, okB := ln.target("up to 1 " + m[2])
	if !okA || !okB || a.Who != b.Who || len(a.Alts)+len(b.Alts) > 0 || a.N != 1 || b.N != 1 {
		return t, false, false
	}
	t = Target{Who: a.Who, N: 2, UpTo: true, Each: true, Filter: a.Filter}
	fa, fb := a.Filter, b.Filter
	fa.Names, fb.Names = nil, nil
	if eachNameRE.MatchString(first) && eachNameRE.MatchString(m[2]) && len(a.Filter.Names) == 1 && len(b.Filter.Names) == 1 && filterString(fa) == filterString(fb) {
		t.Filter.Names = []string{a.Filter.Names[0], b.Filter.Names[0]}
		return t, true, true
	}
	t.Alts = []Filter{b.Filter}
	return t, true, true
}

// filterString compares two filters by what they say.
func filterString(f Filter) string { return f.String() }

// leaderTarget reads the phrases of a Leader: "your Leader or up to 1 of
// your Battle Cards", "your <Cell> Leader or up to 1 <Cell> in your Battle
// Area", "your Leader with «Universe 7» in its special traits". matched
// is false for another phrase.
func (ln *line) leaderTarget(s string) (t Target, ok, matched bool) {
	t = Target{Filter: anyFilter()}
	if m := leaderOrRE.FindStringSubmatch(s); m != nil {
		t.Who, t.UpTo, t.N = LeaderOrYours, true, atoi(m[1])
		return t, ln.noun(&t, m[2]), true
	}
	if m := nameLeaderRE.FindStringSubmatch(s); m != nil {
		t.Who, t.UpTo, t.N = LeaderOrYours, true, atoi(m[2])
		if !ln.noun(&t, m[3]) || t.Who != LeaderOrYours && t.Who != Yours {
			return t, false, true
		}
		t.Who = LeaderOrYours
		return t, len(t.Filter.Names) > 0 && t.Filter.Names[0] == ln.names[atoi(m[1])], true
	}
	if m := bothLeaderRE.FindStringSubmatch(s); m != nil {
		t.Who, t.UpTo, t.N, t.Both = LeaderOrYours, true, atoi(m[1]), true
		with := m[2] + m[3]
		t.Filter.Type = "Battle"
		return t, with != "" && ln.withFilters(&t.Filter, with), true
	}
	if rest, found := strings.CutPrefix(s, "your leader with "); found {
		t.Who = YourLeader
		return t, ln.withFilters(&t.Filter, rest), true
	}
	// "your <Broly> Leader": the Leader, if it is that card.
	if m := yourNameLeaderRE.FindStringSubmatch(s); m != nil {
		t.Who, t.Filter.Names = YourLeader, []string{ln.names[atoi(m[1])]}
		return t, true, true
	}
	return t, false, false
}

// inBattleTarget reads the phrases of one's cards in a battle: "your <Son
// Goku> with a cost of 7 that's in a battle", "your cards with «T» in their
// special traits that are in a battle". matched is false for another
// phrase.
func (ln *line) inBattleTarget(s string) (t Target, ok, matched bool) {
	t = Target{Filter: anyFilter(), Who: InBattleYours}
	if m := nameInBattleRE.FindStringSubmatch(s); m != nil {
		inner := Target{Filter: anyFilter(), Who: Yours}
		if !ln.noun(&inner, m[1]) {
			return t, false, true
		}
		t.Filter = inner.Filter
		return t, true, true
	}
	if !strings.HasPrefix(s, "your card") || !(strings.Contains(s, " that are in a battle") || strings.Contains(s, " that is in a battle") || strings.Contains(s, " that's in a battle")) {
		return t, false, false
	}
	inner := s
	for _, suf := range []string{" that are in a battle with your opponent's battle cards", " that is in a battle with your opponent's battle card",
		" that are in a battle", " that is in a battle", " that's in a battle"} {
		if i := strings.Index(inner, suf); i >= 0 {
			inner = inner[:i] + inner[i+len(suf):]
			break
		}
	}
	if inner == "your card" || inner == "your cards" {
		return t, true, true
	}
	if rest, found := strings.CutPrefix(inner, "your cards with "); found {
		return t, ln.withFilters(&t.Filter, rest), true
	}
	if rest, found := strings.CutPrefix(inner, "your card with "); found {
		return t, ln.withFilters(&t.Filter, rest), true
	}
	return t, false, true
}

// nounPlaces are where a noun phrase's cards are, and whose they are then.
var nounPlaces = []struct {
	suffix string
	who    Who
}{
	{" in your opponent's battle area", Opponents}, {" in your opponent's battle areas", Opponents},
	{" in your battle area", Yours}, {" from your battle area", Yours}, {" in the battle areas", AnyPlayers}, {" in the battle area", AnyPlayers},
	{" in a battle area", AnyPlayers}, {" in your leader area or battle area", Yours},
}

// nounKinds are the words of a kind of card.
var nounKinds = []struct{ word, typ string }{
	{"battle cards", "Battle"}, {"battle card", "Battle"}, {"cards", ""}, {"card", ""},
	{"extras", "Extra"}, {"extra", "Extra"}, {"[field]", "Field"}, {"leader", "Leader"},
}

// noun reads "[other] [Rest Mode] [<Name>] Battle Cards [with ...] [in your
// opponent's Battle Area]" into t.
func (ln *line) noun(t *Target, s string) bool {
	f := &t.Filter
	s = strings.TrimSpace(s)
	// Where the cards are.
	for _, w := range nounPlaces {
		if i := strings.Index(s, w.suffix); i >= 0 {
			if t.Who == AnyPlayers || t.Who == w.who || t.Who == NoTarget {
				t.Who = w.who
			}
			s = strings.TrimSpace(s[:i] + s[i+len(w.suffix):])
			break
		}
	}
	if i := strings.Index(s, " other than this card"); i >= 0 {
		f.Other = true
		s = strings.TrimSpace(s[:i] + s[i+len(" other than this card"):])
	}
	s, ok := ln.adjectives(f, s)
	if !ok {
		return false
	}
	s, alt, ok := ln.nounNames(t, s)
	if !ok || alt {
		return ok
	}
	// The kind of card.
	kind := false
	for _, n := range nounKinds {
		if strings.HasPrefix(s, n.word) && (len(s) == len(n.word) || s[len(n.word)] == ' ') {
			f.Type, s, kind = n.typ, strings.TrimSpace(s[len(n.word):]), true
			break
		}
	}
	if !kind && len(f.Names) == 0 {
		return false
	}
	return ln.nounRest(t, s)
}

// adjectives reads the words before a noun: other, Rest Mode, Active
// Mode, skill-less, «T»-only, non-<Name>, a colour.
func (ln *line) adjectives(f *Filter, s string) (string, bool) {
	for {
		switch {
		case strings.HasPrefix(s, "other "):
			f.Other, s = true, s[len("other "):]
			continue
		case strings.HasPrefix(s, "rest mode "):
			f.Rest, s = true, s[len("rest mode "):]
			continue
		case strings.HasPrefix(s, "active mode "):
			f.Active, s = true, s[len("active mode "):]
			continue
		case strings.HasPrefix(s, "skill-less "):
			f.NoSkill, s = true, s[len("skill-less "):]
			continue
		case onlyTraitRE.MatchString(s):
			// "«Android»-only Battle Cards": that is their only special trait.
			m := onlyTraitRE.FindStringSubmatch(s)
			f.Traits, f.Only = append(f.Traits, ln.traits[atoi(m[1])]), true
			s = s[len(m[0]):]
			continue
		case strings.HasPrefix(s, "non-"):
			m := nameTokRE.FindStringSubmatch(s[4:])
			if m == nil {
				return s, false
			}
			f.NotNames = append(f.NotNames, ln.names[atoi(m[1])])
			s = strings.TrimSpace(s[4+len(m[0]):])
			continue
		}
		matched := false
		for _, col := range []string{"red", "blue", "green", "yellow", "black"} {
			if strings.HasPrefix(s, col+" ") {
				f.Colour, s, matched = strings.ToUpper(col[:1])+col[1:], s[len(col)+1:], true
			}
		}
		if !matched {
			return s, true
		}
	}
}

// nounNames reads the names of a noun: "<A>", "<A> or <B>", "<A> or up
// to 1 <B>". alt is true when "<A> or up to 1 Extra" ended the phrase with
// another kind of card (ok says whether it read).
func (ln *line) nounNames(t *Target, s string) (rest string, alt, ok bool) {
	f := &t.Filter
	for {
		m := nameTokRE.FindStringSubmatch(s)
		if m == nil {
			return s, false, true
		}
		f.Names = append(f.Names, ln.names[atoi(m[1])])
		s = strings.TrimSpace(s[len(m[0]):])
		if r, found := strings.CutPrefix(s, "and up to 1 "); found {
			s, t.N, t.Each = r, t.N+1, true
		} else if r, found := strings.CutPrefix(s, "or up to 1 "); found {
			if !nameTokRE.MatchString(r) {
				return s, true, ln.altNoun(t, r)
			}
			s = r
		} else if r, found := strings.CutPrefix(s, "or "); found {
			s = r
		} else if r, found := strings.CutPrefix(s, "and "); found && nameTokRE.MatchString(r) {
			s = r
		}
	}
}

// altNoun reads another kind of card a target also takes ("... or up to 1
// Extra") into t.Alts.
func (ln *line) altNoun(t *Target, s string) bool {
	alt := Target{Filter: anyFilter(), Who: t.Who}
	if !ln.noun(&alt, s) {
		return false
	}
	t.Alts = append(append(t.Alts, alt.Filter), alt.Alts...)
	return true
}

// nounRest reads what follows a noun's kind of card: "or up to 1 ...",
// "with ...", "that ...".
func (ln *line) nounRest(t *Target, s string) bool {
	f := &t.Filter
	if s == "" {
		return true
	}
	if r, ok := strings.CutPrefix(s, "or up to 1 "); ok {
		// "a card with «A» in its special traits or up to 1 <B>".
		return ln.altNoun(t, r)
	}
	if r, ok := strings.CutPrefix(s, "with "); ok {
		if i := strings.Index(r, " or up to 1 "); i >= 0 {
			return ln.withFilters(f, r[:i]) && ln.altNoun(t, r[i+len(" or up to 1 "):])
		}
		return ln.withFilters(f, r)
	}
	if r, ok := strings.CutPrefix(s, "that "); ok {
		if m := nameHasRE.FindStringSubmatch(r); m != nil {
			f.Contains = append(f.Contains, ln.tokens(m[1])...)
			return true
		}
		if m := totalPowerRE.FindStringSubmatch(s); m != nil {
			f.Total = atoi(m[1])
			return true
		}
		for _, verb := range []string{"includes ", "include ", "have "} {
			if rr, ok := strings.CutPrefix(r, verb); ok {
				return ln.withFilters(f, rr)
			}
		}
	}
	return false
}

// withFilters reads "a cost of 3 or less and «Saiyan» in its special
// traits": filters joined by "and".
func (ln *line) withFilters(f *Filter, s string) bool {
	s = strings.TrimSpace(s)
	for _, part := range splitAnd(s) {
		part = strings.TrimSpace(part)
		switch {
		case withCostRE.MatchString(part):
			m := withCostRE.FindStringSubmatch(part)
			n := atoi(m[1])
			switch {
			case m[2] == "less":
				f.Cost = atMost(n)
			case m[2] == "more":
				f.Cost = atLeast(n)
			case m[3] != "":
				f.Cost = Range{Min: n, Max: atoi(m[3]), HasMin: true, HasMax: true}
			case m[4] != "" && atoi(m[4]) == n+1:
				// "a cost of 5 or 6": two costs next to each other.
				f.Cost = Range{Min: n, Max: n + 1, HasMin: true, HasMax: true}
			case m[4] != "":
				return false
			default:
				f.Cost = exactly(n)
			}
		case totalCostRE.MatchString(part):
			f.TotalCost = atoi(totalCostRE.FindStringSubmatch(part)[1])
		case withComboRE.MatchString(part):
			f.ComboPower = atoi(withComboRE.FindStringSubmatch(part)[1])
		case origPowerRE.MatchString(part): // battle and power phrases (issue 29)
			m := origPowerRE.FindStringSubmatch(part)
			f.OrigPower = atLeast(atoi(m[1]))
			if m[2] == "less" {
				f.OrigPower = atMost(atoi(m[1]))
			}
		case withPowerRE.MatchString(part):
			m := withPowerRE.FindStringSubmatch(part)
			n := atoi(m[1])
			switch m[2] {
			case "less":
				f.Power = atMost(n)
			case "more":
				f.Power = atLeast(n)
			default:
				f.Power = exactly(n)
			}
		case bothTraitsRE.MatchString(part):
			// Both traits: the filter holds one; the other is kept as a
			// second trait that must also be there (AllTraits).
			m := bothTraitsRE.FindStringSubmatch(part)
			f.AllTraits = append(f.AllTraits, ln.traits[atoi(m[1])], ln.traits[atoi(m[2])])
		case traitsRE.MatchString(part):
			f.Traits = append(f.Traits, ln.tokens(traitsRE.FindStringSubmatch(part)[1])...)
		case nameHasRE.MatchString(part):
			f.Contains = append(f.Contains, ln.tokens(nameHasRE.FindStringSubmatch(part)[1])...)
		default:
			return false
		}
	}
	return true
}

// splitAnd splits filters at " and " and ", " (a trait list "«A» or «B»"
// stays whole).
func splitAnd(s string) []string {
	s = strings.ReplaceAll(s, ", and ", " and ")
	if i := strings.Index(s, "both «"); i >= 0 {
		// "both «A» and «B» in its special traits" is one filter.
		if j := strings.Index(s[i:], " special traits"); j > 0 {
			both := s[i : i+j+len(" special traits")]
			rest := strings.TrimPrefix(strings.TrimSpace(s[i+len(both):]), "and ")
			var out []string
			if pre := strings.TrimSpace(strings.TrimSuffix(strings.TrimSpace(s[:i]), "and")); pre != "" {
				out = append(out, splitAnd(pre)...)
			}
			out = append(out, both)
			if rest != "" {
				out = append(out, splitAnd(rest)...)
			}
			return out
		}
	}
	var out []string
	for p := range strings.SplitSeq(s, " and ") {
		for q := range strings.SplitSeq(p, ", ") {
			if strings.HasPrefix(q, "«") && len(out) > 0 && !strings.Contains(out[len(out)-1], "special traits") && strings.HasPrefix(out[len(out)-1], "«") {
				out[len(out)-1] += ", " + q
				continue
			}
			out = append(out, q)
		}
	}
	return out
}

// tokens resolves the <nK> and «tK» in s to the names and traits.
func (ln *line) tokens(s string) []string {
	var out []string
	for _, m := range tokenListRE.FindAllStringSubmatch(s, -1) {
		if m[1] != "" {
			out = append(out, ln.names[atoi(m[1])])
		} else {
			out = append(out, ln.traits[atoi(m[2])])
		}
	}
	return out
}

// conds reads "your Leader is awakened and you have 7 or fewer cards in
// your hand" (with or without a leading "if"/"while").
func (ln *line) conds(s string) ([]Cond, bool) {
	if m, ok := ln.condsMemo[s]; ok {
		return append([]Cond(nil), m.cs...), m.ok
	}
	cs, ok := ln.condsUncached(s)
	if ln.condsMemo == nil {
		ln.condsMemo = map[string]memoConds{}
	}
	ln.condsMemo[s] = memoConds{cs: append([]Cond(nil), cs...), ok: ok}
	return cs, ok
}

func (ln *line) condsUncached(s string) ([]Cond, bool) {
	s = strings.TrimSpace(s)
	for _, p := range []string{"if ", "while ", "when "} {
		s = strings.TrimPrefix(s, p)
	}
	if c, ok := ln.cond(s); ok {
		return []Cond{c}, true
	}
	if strings.Count(s, ", ")+strings.Count(s, " and ") > maxSplits {
		return nil, false
	}
	for _, sep := range []string{", and if ", " and if ", ", and ", " and ", ", "} {
		for i := 0; i < len(s); {
			j := strings.Index(s[i:], sep)
			if j < 0 {
				break
			}
			cut := i + j
			if left, ok := ln.cond(s[:cut]); ok {
				if right, ok := ln.conds(s[cut+len(sep):]); ok {
					return append([]Cond{left}, right...), true
				}
			}
			i = cut + len(sep)
		}
	}
	return nil, false
}

type condRule struct {
	re    *regexp.Regexp
	build func(ln *line, m []string) (Cond, bool)
}

func crule(pattern string, build func(ln *line, m []string) (Cond, bool)) condRule {
	return condRule{re: regexp.MustCompile("^" + clauseTokens.Replace(pattern) + "$"), build: build}
}

func cn(kind CondKind, set func(c *Cond, m []string)) func(ln *line, m []string) (Cond, bool) {
	return func(ln *line, m []string) (Cond, bool) {
		c := Cond{Kind: kind}
		if set != nil {
			set(&c, m)
		}
		return c, true
	}
}

func lessMore(m string, less, more CondKind) CondKind {
	if m == "less" || m == "fewer" {
		return less
	}
	return more
}

var condRules = []condRule{
	crule(`your leader is awakened`, cn(LeaderAwakened, nil)),
	crule(`your leader is not awakened`, cn(LeaderAwakened, func(c *Cond, m []string) { c.Not = true })),
	crule(`your leader is ((?:<n\d+>(?:,? or )?)+)`, func(ln *line, m []string) (Cond, bool) {
		c := Cond{Kind: LeaderIs, Card: anyFilter()}
		c.Card.Names = ln.tokens(m[1])
		return c, true
	}),
	crule(`your leader has ((?:«t\d+»(?:,? or )?)+) in its special traits`, func(ln *line, m []string) (Cond, bool) {
		c := Cond{Kind: LeaderIs, Card: anyFilter()}
		c.Card.Traits = ln.tokens(m[1])
		return c, true
	}),
	crule(`your leader is an? «t(\d+)»(?:-only)? card`, func(ln *line, m []string) (Cond, bool) {
		// "an «Android»-only card": that is its only special trait.
		c := Cond{Kind: LeaderIs, Card: anyFilter()}
		c.Card.Traits, c.Card.Only = []string{ln.traits[atoi(m[1])]}, m[0] != strings.Replace(m[0], "-only", "", 1)
		return c, true
	}),
	crule(`your leader has ((?:<n\d+>(?:,? or )?)+) in its card name`, func(ln *line, m []string) (Cond, bool) {
		c := Cond{Kind: LeaderIs, Card: anyFilter()}
		c.Card.Contains = ln.tokens(m[1])
		return c, true
	}),
	crule(`you have (\d+) or (fewer|more) cards in your hand`, cn(0, func(c *Cond, m []string) { c.N, c.Kind = atoi(m[1]), lessMore(m[2], HandAtMost, HandAtLeast) })),
	crule(`your opponent has (\d+) or (fewer|more) cards in their hand`, cn(0, func(c *Cond, m []string) {
		c.N, c.Kind = atoi(m[1]), lessMore(m[2], OppHandAtMost, OppHandAtLeast)
	})),
	crule(`your life is at (\d+) or (less|more)`, cn(0, func(c *Cond, m []string) { c.N, c.Kind = atoi(m[1]), lessMore(m[2], LifeAtMost, LifeAtLeast) })),
	crule(`your life is at (\d+)`, cn(LifeIs, func(c *Cond, m []string) { c.N = atoi(m[1]) })),
	crule(`your opponent's life is at (\d+) or (less|more)`, cn(0, func(c *Cond, m []string) {
		c.N, c.Kind = atoi(m[1]), lessMore(m[2], OppLifeAtMost, OppLifeAtLeast)
	})),
	crule(`you have (\d+) or more cards in your drop`, cn(DropAtLeast, func(c *Cond, m []string) { c.N = atoi(m[1]) })),
	crule(`you have (\d+) or more energy`, cn(EnergyAtLeast, func(c *Cond, m []string) { c.N = atoi(m[1]) })),
	crule(`you have less energy than your opponent`, cn(EnergyLess, nil)),
	crule(`you have an energy marker`, cn(HasMarker, nil)),
	crule(`you don't have an energy marker`, cn(HasMarker, func(c *Cond, m []string) { c.Not = true })),
	crule(`you have (?:a|an|1 or more) cards? in your combo area`, cn(ComboAtLeast, func(c *Cond, m []string) { c.N = 1 })),
	crule(`you have (\d+) or more cards in your combo area`, cn(ComboAtLeast, func(c *Cond, m []string) { c.N = atoi(m[1]) })),
	crule(`this card is in a battle`, cn(InBattle, nil)),
	crule(`attacking a battle card`, cn(AttackingBattle, nil)),
	crule(`an opponent's battle card is ko'd in battle during this turn`, cn(OppKOdInBattle, nil)),
	// battle phrases (issue 29): "if attacking a Battle Card with a cost of 4 or more".
	crule(`attacking a battle card with (.+)`, func(ln *line, m []string) (Cond, bool) {
		c := Cond{Kind: AttackingBattle, Card: Filter{Type: "Battle"}}
		return c, ln.withFilters(&c.Card, m[1])
	}),
	crule(`you removed an energy marker (?:to use this card|for this skill)`, cn(PaidWithMarker, nil)),
	crule(`you have (\d+) energy`, cn(EnergyIs, func(c *Cond, m []string) { c.N = atoi(m[1]) })),
	crule(`this card (?:in a battle area )?is in rest mode`, cn(ThisRest, nil)),
	crule(`you have less than (\d+) (.+?) in your drop`, func(ln *line, m []string) (Cond, bool) {
		c, ok := ln.haveCond(m[1] + " or more " + m[2])
		c.Kind, c.Not = HaveInDrop, true
		return c, ok
	}),
	crule(`you have no battle cards`, cn(Have, func(c *Cond, m []string) { c.Not, c.N, c.Card = true, 1, anyFilter(); c.Card.Type = "Battle" })),
	crule(`you have (.+?) in your drop`, func(ln *line, m []string) (Cond, bool) {
		c, ok := ln.haveCond(m[1])
		c.Kind = HaveInDrop
		return c, ok
	}),
	crule(`you have a total of (\d+) or more (.+?) among your leader and battle cards(?: in your battle area)?`, func(ln *line, m []string) (Cond, bool) {
		c, ok := ln.haveCond(m[2])
		c.N, c.WithLeader = atoi(m[1]), true
		return c, ok
	}),
	crule(`your opponent has an energy marker`, cn(OppHasMarker, nil)),
	crule(`you or your opponent has an energy marker`, cn(AnyMarker, nil)),
	crule(`there is an? ((?:<n\d+>(?:,? or )?)+) in a leader area or battle area`, func(ln *line, m []string) (Cond, bool) {
		c := Cond{Kind: InPlayAnywhere, Card: anyFilter()}
		c.Card.Names = ln.tokens(m[1])
		return c, true
	}),
	crule(`you use an extra with an original cost of (\d+) or more during this turn`, cn(ExtraUsedAtLeast, func(c *Cond, m []string) { c.N = atoi(m[1]) })),
	crule(`you placed a card from your energy into its owner's drop during this turn`, cn(DroppedEnergy, nil)),
	// zone, play and combo conditions (issue 29)
	crule(`you use a card from your drop in a combo during this turn`, cn(ComboFromDropUsed, nil)),
	crule(`your energy marker is removed from the game during this turn`, cn(MarkerRemoved, nil)),
	crule(`you returned (\d+) or more cards`, cn(ReturnedAtLeast, func(c *Cond, m []string) { c.N = atoi(m[1]) })),
	crule(`your leader has <n(\d+)> in its card name or if you have a card with <n(\d+)> in its card name in your battle area`, func(ln *line, m []string) (Cond, bool) {
		// Among the Leader and the Battle Area (SB01-030): one name both times.
		c := Cond{Kind: Have, N: 1, Card: anyFilter(), WithLeader: true}
		c.Card.Contains = []string{ln.names[atoi(m[1])]}
		return c, ln.names[atoi(m[1])] == ln.names[atoi(m[2])]
	}),
	crule(`you have (.+?) in your battle area or drop`, func(ln *line, m []string) (Cond, bool) {
		c, ok := ln.haveCond(m[1])
		c.Kind = HaveInAreaOrDrop
		return c, ok && !c.Not && !c.All
	}),
	crule(`the revealed card's cost is less than or equal to your energy`, cn(ThatCostAtMostEnergy, nil)),
	crule(`this card was played by a skill`, cn(PlayedBySkill, nil)),
	crule(`you have (\d+) cards in your deck`, cn(DeckIs, func(c *Cond, m []string) { c.N = atoi(m[1]) })),
	crule(`the chosen card is a battle card`, cn(ThatCardIs, func(c *Cond, m []string) { c.Card = anyFilter(); c.Card.Type = "Battle" })),
	crule(`that card has a cost of (\d+) or (less|more)`, cn(ThatCardIs, func(c *Cond, m []string) {
		c.Card = anyFilter()
		c.Card.Cost = atMost(atoi(m[1]))
		if m[2] == "more" {
			c.Card.Cost = atLeast(atoi(m[1]))
		}
	})),
	crule(`the revealed card's cost is (\d+)`, cn(ThatCardIs, func(c *Cond, m []string) { c.Card = anyFilter(); c.Card.Cost = exactly(atoi(m[1])) })),
	crule(`the revealed card has ((?:«t\d+»(?:,? or )?)+) in its special traits`, func(ln *line, m []string) (Cond, bool) {
		c := Cond{Kind: ThatCardIs, Card: anyFilter()}
		c.Card.Traits = ln.tokens(m[1])
		return c, true
	}),
	crule(`this card (?:in a battle area )?has (\d+) power or more`, cn(ThisPowerAtLeast, func(c *Cond, m []string) { c.N = atoi(m[1]) })),
	crule(`your opponent doesn't have an energy marker`, cn(OppHasMarker, func(c *Cond, m []string) { c.Not = true })),
	crule(`you have (\d+) or less energy`, cn(EnergyAtMost, func(c *Cond, m []string) { c.N = atoi(m[1]) })),
	crule(`you have (\d+) or more active mode energy`, cn(ActiveEnergyAtLeast, func(c *Cond, m []string) { c.N = atoi(m[1]) })),
	crule(`your opponent has (.+)`, func(ln *line, m []string) (Cond, bool) {
		c, ok := ln.haveCond(m[1])
		c.Kind = OppHave
		return c, ok && c.Card.Type != ""
	}),
	crule(`there are (\d+) or more (.+) in your opponent's battle area`, func(ln *line, m []string) (Cond, bool) {
		c, ok := ln.haveCond(m[1] + " or more " + m[2])
		c.Kind = OppHave
		return c, ok
	}),
	crule(`your leader includes ((?:«t\d+»(?:,? or )?)+) in its special traits`, func(ln *line, m []string) (Cond, bool) {
		c := Cond{Kind: LeaderIs, Card: anyFilter()}
		c.Card.Traits = ln.tokens(m[1])
		return c, true
	}),
	crule(`you have ((?:<n\d+>(?: and | or |, )?)+) in your energy area`, func(ln *line, m []string) (Cond, bool) {
		c := Cond{Kind: HaveInEnergy, Card: anyFilter(), All: true}
		c.Card.Names = ln.tokens(m[1])
		return c, true
	}),
	crule(`(?:you have|there is) (.+?)(?: in your battle area)?`, func(ln *line, m []string) (Cond, bool) {
		return ln.haveCond(m[1])
	}),
	crule(`you don't have (.+?)(?: in your battle area)?`, func(ln *line, m []string) (Cond, bool) {
		c, ok := ln.haveCond(m[1])
		c.Not = true
		return c, ok
	}),
}

// haveCond reads what "you have ..." asks for: "a <Goku Black> Battle
// Card", "<Android 17> and <Android 18>", "2 or more Battle Cards with
// «Saiyan» in their special traits", "no <Zamasu> Battle Cards".
func (ln *line) haveCond(s string) (Cond, bool) {
	c := Cond{Kind: Have, N: 1, Card: anyFilter()}
	s = strings.TrimSpace(strings.TrimSuffix(s, " in your battle area"))
	switch {
	case strings.HasPrefix(s, "no "):
		c.Not, s = true, s[3:]
	case strings.HasPrefix(s, "a "), strings.HasPrefix(s, "an "):
		s = s[strings.IndexByte(s, ' ')+1:]
	default:
		if m := regexp.MustCompile(`^(\d+) or more `).FindStringSubmatch(s); m != nil {
			c.N, s = atoi(m[1]), s[len(m[0]):]
		}
	}
	// "<A> and <B>": both.
	if m := regexp.MustCompile(`^<n(\d+)> and <n(\d+)>$`).FindStringSubmatch(s); m != nil {
		c.Card.Names = []string{ln.names[atoi(m[1])], ln.names[atoi(m[2])]}
		c.All = true
		return c, true
	}
	t := Target{Filter: anyFilter(), Who: Yours}
	if !ln.noun(&t, s) {
		return c, false
	}
	if t.Who != Yours && t.Who != AnyPlayers {
		return c, false
	}
	f := t.Filter
	// What a condition cannot check on a card stays unread.
	if f.Total > 0 || f.TotalCost > 0 || f.Type == "Leader" {
		return c, false
	}
	c.Card = f
	return c, true
}

func (ln *line) cond(s string) (Cond, bool) {
	s = strings.TrimSpace(s)
	for _, r := range condRules {
		if m := r.re.FindStringSubmatch(s); m != nil {
			if c, ok := r.build(ln, m); ok {
				return c, true
			}
		}
	}
	return Cond{}, false
}
