package skill

import (
	"regexp"
	"strconv"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/rules/keyword"
)

// Parse reads a card's skill text, one Skill per line. Lines starting with
// "・" are the options of the line before ("Choose one―") and belong to it.
// Parse never fails: a line it cannot read is a Skill with Understood false.
func Parse(text string) []Skill {
	var lines []string
	for l := range strings.SplitSeq(text, "\n") {
		t := strings.TrimSpace(l)
		if t == "" {
			continue
		}
		if strings.HasPrefix(t, "・") && len(lines) > 0 {
			lines[len(lines)-1] += t
			continue
		}
		// A line cut in two by the card list ("... you don't have to pay the"
		// / "cost.") continues the line before.
		if len(lines) > 0 && !strings.HasPrefix(t, "[") && !strings.HasPrefix(t, "(") &&
			!strings.HasSuffix(lines[len(lines)-1], ".") && !strings.HasSuffix(lines[len(lines)-1], ")") {
			lines[len(lines)-1] += " " + t
			continue
		}
		lines = append(lines, t)
	}
	out := make([]Skill, 0, len(lines))
	for _, l := range lines {
		out = append(out, parseLine(l))
	}
	return out
}

// line is one skill line in normal form: lower case, names and traits
// replaced by <nK> and «tK» (K indexes names and traits), reminder text in
// parentheses removed.
type line struct {
	names  []string
	traits []string
	// Results already worked out for a piece of the line: reading tries
	// every split of a sentence, and without these the tries would grow
	// exponentially with the commas of a long line.
	sentenceMemo map[string]memoEffects
	clausesMemo  map[string]memoEffects
	condsMemo    map[string]memoConds
}

type memoEffects struct {
	es  []Effect
	bad string
}

type memoConds struct {
	cs []Cond
	ok bool
}

// maxLineLen bounds a skill line the parser reads (the longest printed
// skill is under 500 characters), and maxSplits the separators it tries to
// split one piece of a line at: together they keep a hostile card list from
// taking long to read.
const (
	maxLineLen = 800
	maxSplits  = 12
)

var (
	nameRE          = regexp.MustCompile(`<([^<>]*)>`)
	traitRE         = regexp.MustCompile(`《([^《》]*)》`)
	reminderRE      = regexp.MustCompile(`\(([^()]*)\)`)
	spacesRE        = regexp.MustCompile(`\s+`)
	tagRE           = regexp.MustCompile(`^\[([^\]]+)\]\s*`)
	leaderBracketRE = regexp.MustCompile(`((?i:your leader is) )\[([^\]]+)\]`)
	costRE          = regexp.MustCompile(`^\((\d+|red|blue|green|yellow|black|赤|青|緑|黄|黒)\)`)
)

var colourLetter = map[string]string{
	"red": "R", "blue": "U", "green": "G", "yellow": "Y", "black": "B",
	"赤": "R", "青": "U", "緑": "G", "黄": "Y", "黒": "B",
}

// normalise puts a line in normal form and returns it with its names and traits.
func normalise(s string) (string, *line) {
	ln := &line{}
	r := strings.NewReplacer("＆lt;", "<", "oneー", "one―", "＆gt;", ">", "&lt;", "<", "&gt;", ">", "&amp;", "&",
		"’", "'", "‘", "'", "“", "\"", "”", "\"", "　", " ", "−", "-", "－", "-", "＋", "+", "―and ", "― and ")
	s = r.Replace(s)
	// "If your Leader is [Piccolo]" (FB04-066) names the Leader in brackets.
	s = leaderBracketRE.ReplaceAllString(s, "${1}<${2}>")
	s = nameRE.ReplaceAllStringFunc(s, func(m string) string {
		ln.names = append(ln.names, strings.TrimSpace(m[1:len(m)-1]))
		return "<n" + strconv.Itoa(len(ln.names)-1) + ">"
	})
	s = traitRE.ReplaceAllStringFunc(s, func(m string) string {
		inner := strings.TrimSuffix(strings.TrimPrefix(m, "《"), "》")
		ln.traits = append(ln.traits, strings.TrimSpace(inner))
		return "«t" + strconv.Itoa(len(ln.traits)-1) + "»"
	})
	s = strings.ToLower(s)
	// Reminder text in parentheses explains a keyword; costs such as (2) or
	// (Red) stay.
	for {
		t := reminderRE.ReplaceAllStringFunc(s, func(m string) string {
			if costRE.MatchString(m) {
				return m
			}
			return " "
		})
		if t == s {
			break
		}
		s = t
	}
	s = spacesRE.ReplaceAllString(s, " ")
	s = strings.ReplaceAll(s, " .", ".")
	s = strings.ReplaceAll(s, " ,", ",")
	return strings.TrimSpace(s), ln
}

// phrase is a piece of normal-form text with names, traits and numbers
// replaced, for counting the phrases not understood.
func phrase(s string) string {
	s = regexp.MustCompile(`<n\d+>`).ReplaceAllString(s, "<name>")
	s = regexp.MustCompile(`«t\d+»`).ReplaceAllString(s, "«trait»")
	s = regexp.MustCompile(`\d+`).ReplaceAllString(s, "N")
	return strings.TrimSuffix(strings.TrimSpace(s), ".")
}

// readKeyword is the printed name of a keyword the reader takes (a Read
// row of rules/keyword) from its lower-case tag, "" for any other tag.
func readKeyword(tag string) string {
	name, _ := keyword.ReadTag(tag)
	return name
}

// parseLine reads one skill line: its tags, cost, the conditions and
// trigger of an [Awaken] or [Auto] skill, and its effects. A phrase it
// cannot read leaves the skill not Understood, with that phrase.
func parseLine(text string) Skill {
	sk := Skill{Text: text}
	if len(text) > maxLineLen {
		sk.Phrase = "a skill line too long to read"
		return sk
	}
	s, ln := normalise(text)
	fail := func(p string) Skill {
		sk.Understood = false
		sk.Phrase = phrase(p)
		return sk
	}
	s, bad := readTags(&sk, s)
	if bad != "" {
		return fail(bad)
	}
	if s == "" {
		sk.Understood = true
		return sk
	}
	if sk.Timing == 0 {
		// Text after keywords alone, with no timing: not a skill we know.
		return fail(s)
	}
	body, bad := ln.readCost(&sk, s)
	if bad != "" {
		return fail(bad)
	}
	if body, bad = ln.readWhen(&sk, body); bad != "" {
		return fail(bad)
	}
	effects, bad := ln.effects(body)
	if bad != "" {
		return fail(bad)
	}
	sk.Effects = effects
	if sk.Timing.Has(Permanent) {
		for i := range sk.Effects {
			e := &sk.Effects[i]
			if e.For == Instant {
				e.For = WhileHolds
			}
		}
	}
	sk.Understood = true
	return sk
}

// readTags reads the run of bracketed tags that opens line s (timings,
// limits, keywords) into sk and returns the rest, trimmed; bad is a tag it
// does not know.
func readTags(sk *Skill, s string) (rest, bad string) {
	for {
		m := tagRE.FindStringSubmatch(s)
		if m == nil {
			return strings.TrimSpace(s), ""
		}
		tag := strings.TrimSpace(m[1])
		switch {
		case tag == "your turn":
			sk.YourTurn = true
		case tag == "opponent's turn":
			sk.OpponentsTurn = true
		case tag == "once per turn":
			sk.OncePerTurn = true
		case readKeyword(tag) != "":
			sk.Keywords = append(sk.Keywords, readKeyword(tag))
		default:
			t, ok := timingTags[tag]
			if !ok {
				// "On Play/When Attacking": each part a timing.
				for part := range strings.SplitSeq(tag, "/") {
					pt, ok2 := timingTags[part]
					if !ok2 {
						return s, "[" + tag + "]"
					}
					t |= pt
				}
			}
			sk.Timing |= t
		}
		s = s[len(m[0]):]
		// "[On Play]/[When Blocking]": two timings.
		if strings.HasPrefix(s, "/[") {
			s = s[1:]
		}
	}
}

// readCost reads the cost of a skill: energy in parentheses right after
// the tags, and other parts before " : ". It returns the body after it.
func (ln *line) readCost(sk *Skill, body string) (string, string) {
	if i := strings.Index(body, " : "); i >= 0 || strings.HasPrefix(body, ": ") {
		var costText string
		if i < 0 {
			costText, body = "", body[2:]
		} else {
			costText, body = body[:i], body[i+3:]
		}
		c, bad := ln.cost(costText)
		if bad != "" {
			return body, bad
		}
		sk.Cost = c
	} else if m := costRE.FindString(body); m != "" {
		// "(1) Draw 1 card." is not printed; an energy cost always has " : ".
		return body, body
	}
	return body, ""
}

var (
	awakenLifeRE = regexp.MustCompile(`^when your life is at (\d+) or less,? `)
	awakenWhenRE = regexp.MustCompile(`^when (.+?), `)
)

// readWhen reads what opens the body of an [Awaken] skill (the condition to
// awaken) or an [Auto] skill (its conditions and trigger), and returns the
// rest.
func (ln *line) readWhen(sk *Skill, body string) (string, string) {
	switch {
	case sk.Timing.Has(Awaken):
		// "When your life is at 4 or less, ..." is the condition to awaken.
		if m := awakenLifeRE.FindStringSubmatch(body); m != nil {
			sk.If = append(sk.If, Cond{Kind: LifeAtMost, N: atoi(m[1])})
			body = body[len(m[0]):]
		} else if m := awakenWhenRE.FindStringSubmatch(body); m != nil {
			cs, ok := ln.conds(m[1])
			if !ok {
				return body, "when " + m[1]
			}
			sk.If = append(sk.If, cs...)
			body = body[len(m[0]):]
		}
	case sk.Timing.Has(Auto):
		// "If your Leader is <Bardock>, when ...": a condition first.
		if strings.HasPrefix(body, "if ") {
			if i := strings.Index(body, ", when "); i > 0 {
				cs, ok := ln.conds(body[:i])
				if !ok {
					return body, body[:i]
				}
				sk.If = append(sk.If, cs...)
				body = body[i+2:]
			}
		}
		trig, rest, ok := ln.trigger(body)
		if !ok {
			trig, rest, ok = ln.attackTrigger(sk, body)
		}
		if !ok {
			if rest, ok := ln.cardTrigger(sk, body); ok {
				return rest, ""
			}
			return body, firstClause(body)
		}
		sk.Trigger, body = trig, rest
	}
	return body, ""
}

func firstClause(s string) string {
	if i := strings.Index(s, ", "); i > 0 {
		return s[:i]
	}
	return s
}

func atoi(s string) int {
	if s == "a" || s == "an" || s == "one" {
		return 1
	}
	n, _ := strconv.Atoi(s)
	return n
}

// cost reads the part of a line before " : ". bad is the phrase not read.
func (ln *line) cost(s string) (Cost, string) {
	var c Cost
	s = strings.TrimSpace(s)
	// Energy: (2), (Red)(1), possibly followed by ", other parts".
	for {
		m := costRE.FindStringSubmatch(s)
		if m == nil {
			break
		}
		if l, ok := colourLetter[m[1]]; ok {
			c.Colours += l
			c.Energy++
		} else {
			c.Energy += atoi(m[1])
		}
		s = strings.TrimSpace(strings.TrimPrefix(s[len(m[0]):], ","))
	}
	if s == "" {
		return c, ""
	}
	for part := range strings.SplitSeq(s, ", ") {
		part = strings.TrimSpace(part)
		e, ok := ln.costPart(part)
		if !ok {
			return c, part
		}
		c.Parts = append(c.Parts, e...)
	}
	return c, ""
}

// costPart reads one part of a cost: a clause, or two joined by " and "
// ("Discard 1 card from your hand and KO this card").
func (ln *line) costPart(s string) ([]Effect, bool) {
	if e, ok := ln.clause(s); ok {
		return e, true
	}
	for i := 0; i < len(s); {
		j := strings.Index(s[i:], " and ")
		if j < 0 {
			break
		}
		cut := i + j
		if left, ok := ln.clause(s[:cut]); ok {
			if right, ok := ln.clause(s[cut+5:]); ok {
				return append(left, right...), true
			}
		}
		i = cut + 5
	}
	return nil, false
}

// trigger reads the "When ..., " that opens an [Auto] skill.
func (ln *line) trigger(s string) (Trigger, string, bool) {
	for _, t := range triggers {
		if m := t.re.FindStringSubmatch(s); m != nil {
			return t.trig, s[len(m[0]):], true
		}
	}
	return 0, s, false
}

var triggers = []struct {
	re   *regexp.Regexp
	trig Trigger
}{
	{regexp.MustCompile(`^when you use this card in a combo from your hand, `), ComboFromHand},
	{regexp.MustCompile(`^when this card is used in a combo from (?:the|your) battle area, `), ComboFromBattle},
	{regexp.MustCompile(`^when (?:this card is used|you use this card) in a combo from (?:your|its owner's) drop, `), ComboFromDrop},
	{regexp.MustCompile(`^when (?:you use a card|your card is used) in a combo while this card is in a battle, `), ComboWhileInBattle},
	{regexp.MustCompile(`^when a card is used in a combo from your battle area while this card is in a battle, `), ComboFromBattleInBattle},
	{regexp.MustCompile(`^when this card ko's an opponent's battle card in battle, `), KOsInBattle},
	{regexp.MustCompile(`^when you take damage, `), TakeDamage},
	{regexp.MustCompile(`^when your opponent plays a battle card, `), OpponentPlays},
	{regexp.MustCompile(`^when this card attacks, `), ThisAttacks},
	{regexp.MustCompile(`^when this card's attack deals damage, `), AttackDealsDamage},
	{regexp.MustCompile(`^when your leader attacks, `), LeaderAttacks},
	{regexp.MustCompile(`^when this card is ko'd, `), ThisKOd},
	{regexp.MustCompile(`^when this card is played, `), ThisPlayed},
	// zone, play and combo triggers (issue 29)
	{regexp.MustCompile(`^when an opponent's battle card is returned to their hand by one of your skills, `), OppReturnedToHand},
	{regexp.MustCompile(`^when this card is switched to active mode by a skill, `), ActivatedBySkill},
	{regexp.MustCompile(`^when a battle card is played from your drop, `), PlayedFromDrop},
}

var yourCardPlayedRE = regexp.MustCompile(`^when your (.+?) is played, `)

// cardTrigger reads a trigger on one of the player's cards that fits
// ("When your <Babidi> or your Battle Card with «Wicked Soul» in its
// special traits is played, "): each card kind after "your" is a filter.
func (ln *line) cardTrigger(sk *Skill, s string) (string, bool) {
	m := yourCardPlayedRE.FindStringSubmatch(s)
	if m == nil {
		return s, false
	}
	t := Target{Who: Yours}
	for i, part := range strings.Split(m[1], " or your ") {
		pt, ok := ln.target("up to 1 " + part)
		if !ok || pt.Who != AnyPlayers || len(pt.Alts) > 0 || pt.Filter.Type == "Leader" {
			return s, false
		}
		if i == 0 {
			t.Filter = pt.Filter
		} else {
			t.Alts = append(t.Alts, pt.Filter)
		}
	}
	sk.Trigger, sk.TriggerCards = YourCardPlayed, t
	return s[len(m[0]):], true
}

// effects reads the effects of a skill: sentences, each possibly opening
// with "Then," and conditions, holding one or more effect clauses.
func (ln *line) effects(s string) ([]Effect, string) {
	s = strings.TrimSpace(s)
	// "Choose one―・A.・B." lists options.
	if i := strings.Index(s, "choose one―"); i >= 0 {
		before, opts := s[:i], s[i+len("choose one―"):]
		var out []Effect
		if strings.TrimSpace(before) != "" {
			b := strings.TrimSuffix(strings.TrimSpace(before), "then,")
			then := b != strings.TrimSpace(before)
			e, bad := ln.effects(b)
			if bad != "" {
				return nil, bad
			}
			out = e
			_ = then
		}
		ch := Effect{Kind: Choose, Then: len(out) > 0}
		for o := range strings.SplitSeq(opts, "・") {
			if strings.TrimSpace(o) == "" {
				continue
			}
			e, bad := ln.effects(o)
			if bad != "" {
				return nil, bad
			}
			ch.Options = append(ch.Options, e)
		}
		if len(ch.Options) < 2 {
			return nil, "choose one―"
		}
		return append(out, ch), ""
	}
	var out []Effect
	for _, sent := range sentences(s) {
		es, bad := ln.sentence(sent)
		if bad != "" {
			return nil, bad
		}
		// "Place the rest at the bottom of your deck in a random order."
		// finishes the search before it.
		if len(es) > 0 && es[0].Kind == restPlacement {
			if len(out) == 0 {
				return nil, sent
			}
			last := &out[len(out)-1]
			if last.Kind != Search && last.Kind != ComboUse && last.Kind != Reorder && !(last.Kind == Play && last.From == Deck) {
				return nil, sent
			}
			if es[0].Place == "top or bottom" && last.Kind != ComboUse {
				// Only a combo from the deck reads "top or bottom" (FS05-01).
				return nil, sent
			}
			last.Place = es[0].Place
			es = es[1:]
		}
		for _, e := range es {
			if e.Kind == restPlacement {
				return nil, sent
			}
			if e.Detail == Instead && (len(out) == 0 || out[len(out)-1].Kind != Power) {
				return nil, sent
			}
		}
		out = append(out, es...)
	}
	return out, ""
}

// restPlacement is the kind of the sentence "Place the rest at ..." while it
// is read; it is folded into the search before it.
const restPlacement Kind = 250

// sentences splits text at sentence ends ("." followed by a space or the end).
func sentences(s string) []string {
	var out []string
	for s != "" {
		i := strings.Index(s, ". ")
		if i < 0 {
			out = append(out, strings.TrimSuffix(strings.TrimSpace(s), "."))
			break
		}
		out = append(out, strings.TrimSpace(s[:i]))
		s = strings.TrimSpace(s[i+2:])
	}
	return out
}

// sentence reads one sentence: "Then," and "If ...," prefixes and clauses
// joined by ", then" or ", and".
func (ln *line) sentence(s string) ([]Effect, string) {
	if m, ok := ln.sentenceMemo[s]; ok {
		return cloneEffects(m.es), m.bad
	}
	es, bad := ln.sentenceUncached(s)
	if ln.sentenceMemo == nil {
		ln.sentenceMemo = map[string]memoEffects{}
	}
	ln.sentenceMemo[s] = memoEffects{es: cloneEffects(es), bad: bad}
	return es, bad
}

// cloneEffects copies a list of effects so a memoised result is not
// changed by the caller (which sets Then and adds conditions).
func cloneEffects(es []Effect) []Effect {
	if es == nil {
		return nil
	}
	out := make([]Effect, len(es))
	for i, e := range es {
		e.If = append([]Cond(nil), e.If...)
		out[i] = e
	}
	return out
}

func (ln *line) sentenceUncached(s string) ([]Effect, string) {
	then := false
	if t, ok := strings.CutPrefix(s, "then, "); ok {
		then, s = true, t
	}
	for _, when := range []string{"turn", "battle"} {
		// "At the end of the turn, draw 1 card.": it happens then.
		if rest, ok := strings.CutPrefix(s, "at the end of the "+when+", "); ok {
			es, bad := ln.clauses(rest)
			if bad != "" {
				return nil, bad
			}
			return []Effect{{Kind: Delayed, Detail: when, Options: [][]Effect{es}, Then: then}}, ""
		}
	}
	var conds []Cond
	if (strings.HasPrefix(s, "if ") || strings.HasPrefix(s, "while ")) && strings.Count(s, ", ") <= maxSplits {
		// The condition ends at some ", ": try each, leftmost first.
		found := false
		for i := 0; i < len(s); {
			j := strings.Index(s[i:], ", ")
			if j < 0 {
				break
			}
			cut := i + j
			if cs, ok := ln.conds(s[:cut]); ok {
				if es, bad := ln.clauses(s[cut+2:]); bad == "" {
					conds, found = cs, true
					for k := range es {
						es[k].If = append(append([]Cond(nil), conds...), es[k].If...)
					}
					if len(es) > 0 {
						es[0].Then = then
					}
					return es, ""
				}
			}
			i = cut + 2
		}
		if !found {
			head := firstClause(s)
			if _, ok := ln.conds(head); !ok || len(head)+2 > len(s) {
				return nil, head
			}
			// The condition was read but not what follows.
			_, bad := ln.clauses(s[len(head)+2:])
			if bad == "" {
				bad = s
			}
			return nil, bad
		}
	}
	es, bad := ln.clauses(s)
	if bad != "" {
		return nil, bad
	}
	if len(es) > 0 {
		es[0].Then = then
	}
	return es, ""
}

// chooseThenMore reads "choose up to 1 …, switch it to Rest Mode, and it
// can't …": the choice with its first effect, then the rest, which works
// on the card chosen ("it").
func (ln *line) chooseThenMore(s string) ([]Effect, bool) {
	if !strings.HasPrefix(s, "choose ") {
		return nil, false
	}
	i := strings.Index(s, ", ")
	if i < 0 {
		return nil, false
	}
	rest := s[i+2:]
	j := strings.Index(rest, ", and ")
	if j < 0 {
		return nil, false
	}
	left, ok := ln.clause(s[:i] + " and " + rest[:j])
	if !ok {
		return nil, false
	}
	right, bad := ln.sentence(rest[j+len(", and "):])
	if bad != "" {
		return nil, false
	}
	return append(left, right...), true
}

// clauses reads effect clauses joined by ", then " or ", and " / " and ".
func (ln *line) clauses(s string) ([]Effect, string) {
	if m, ok := ln.clausesMemo[s]; ok {
		return cloneEffects(m.es), m.bad
	}
	es, bad := ln.clausesUncached(s)
	if ln.clausesMemo == nil {
		ln.clausesMemo = map[string]memoEffects{}
	}
	ln.clausesMemo[s] = memoEffects{es: cloneEffects(es), bad: bad}
	return es, bad
}

func (ln *line) clausesUncached(s string) ([]Effect, string) {
	s = strings.TrimSpace(s)
	// battle and protection phrases (issue 29): "Until the end of your
	// opponent's next turn, this card can't be KO'd and gets +30000 power".
	if rest, ok := strings.CutPrefix(s, untilPrefix); ok {
		return ln.lastingClauses(rest)
	}
	if e, ok := ln.clause(s); ok {
		return e, ""
	}
	// "choose up to 1 …, and switch it to Rest Mode": one clause.
	if strings.Count(s, ", and ") == 1 && strings.HasPrefix(s, "choose ") {
		if e, ok := ln.clause(strings.Replace(s, ", and ", " and ", 1)); ok {
			return e, ""
		}
	}
	if strings.Count(s, ", ")+strings.Count(s, " and ") > maxSplits {
		return nil, firstClause(s)
	}
	if es, ok := ln.chooseThenMore(s); ok {
		return es, ""
	}
	for _, sep := range []string{", then ", " and then ", ", and ", ", ", " and "} {
		for i := 0; i < len(s); {
			j := strings.Index(s[i:], sep)
			if j < 0 {
				break
			}
			cut := i + j
			if left, ok := ln.clause(s[:cut]); ok {
				if right, bad := ln.sentence(s[cut+len(sep):]); bad == "" {
					if sep == ", then " || sep == " and then " {
						if len(right) > 0 {
							right[0].Then = true
						}
					}
					return append(left, right...), ""
				}
			}
			i = cut + len(sep)
		}
	}
	return nil, firstClause(s)
}

// untilPrefix opens clauses that all last until the end of the opponent's
// next turn.
const untilPrefix = "until the end of your opponent's next turn, "

// lastingClauses reads clauses after untilPrefix: each must be a change
// that lasts (power, a keyword, a limit, a protection) and has no duration
// of its own.
func (ln *line) lastingClauses(s string) ([]Effect, string) {
	es, bad := ln.clauses(s)
	if bad != "" {
		return nil, bad
	}
	for k := range es {
		switch es[k].Kind {
		case Power, Gain, CantAttack, CantBeKOd:
		default:
			return nil, untilPrefix + s
		}
		if es[k].For != Instant {
			return nil, untilPrefix + s
		}
		es[k].For = UntilNextTurn
	}
	return es, ""
}

// battle phrases (issue 29): attacksRE is the trigger "When your Battle
// Card with 25000 power or more attacks" or "When an opponent's Battle
// Card with a cost of 3 attacks".
var attacksRE = regexp.MustCompile(`^when (your|an opponent's) battle card with (.+?) attacks, `)

// attackTrigger reads attacksRE into a trigger and an AttackerIs condition
// of sk that says which attacking card it waits for.
func (ln *line) attackTrigger(sk *Skill, s string) (Trigger, string, bool) {
	m := attacksRE.FindStringSubmatch(s)
	if m == nil {
		return 0, s, false
	}
	f := Filter{Type: "Battle"}
	if !ln.withFilters(&f, m[2]) {
		return 0, s, false
	}
	trig := YourBattleCardAttacks
	if m[1] != "your" {
		trig = OppBattleCardAttacks
	}
	sk.If = append(sk.If, Cond{Kind: AttackerIs, Card: f})
	return trig, s[len(m[0]):], true
}
