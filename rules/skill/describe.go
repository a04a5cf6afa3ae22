package skill

import (
	"strconv"
	"strings"
)

// String writes the skill in a compact structured form, for tests, the
// coverage report and debugging: timing, limits, conditions, cost, effects.
// For example "[On Play] if hand<=7: draw 1".
func (s *Skill) String() string {
	if !s.Understood {
		return "not understood: " + s.Phrase
	}
	var b strings.Builder
	b.WriteString(s.Timing.String())
	for _, k := range s.Keywords {
		b.WriteString("[" + k + "]")
	}
	if s.YourTurn {
		b.WriteString("[Your Turn]")
	}
	if s.OpponentsTurn {
		b.WriteString("[Opponent's Turn]")
	}
	if s.OncePerTurn {
		b.WriteString("[Once per turn]")
	}
	if s.Trigger != TriggerNone {
		b.WriteString(" when " + triggerNames[s.Trigger])
		if s.Trigger == YourCardPlayed {
			b.WriteString(" (" + TargetPhrase(s.TriggerCards).String() + ")")
		}
	}
	if len(s.If) > 0 {
		b.WriteString(" if " + condsString(s.If))
	}
	if c := s.Cost.String(); c != "" {
		b.WriteString(" cost " + c + " :")
	}
	if len(s.Effects) > 0 {
		b.WriteString(" " + effectsString(s.Effects))
	}
	return strings.TrimSpace(b.String())
}

var triggerNames = [...]string{"", "combo from hand", "combo from battle area", "combo from drop",
	"combo while in battle", "KOs in battle", "take damage", "opponent plays", "this attacks", "other",
	"attack deals damage", "leader attacks", "this KO'd", "this played", "combo from battle area while in battle",
	"your battle card attacks", "opponent's battle card attacks",
	// zone, play and combo triggers (issue 29)
	"opponent's Battle Card returned to hand by your skill", "this switched to Active by a skill",
	"Battle Card played from your Drop", "your card played"}

// String writes a cost: "2 energy (R), rest(this card), discard 1".
func (c Cost) String() string {
	var parts []string
	if c.Energy > 0 {
		e := strconv.Itoa(c.Energy) + " energy"
		if c.Colours != "" {
			e += " (" + c.Colours + ")"
		}
		parts = append(parts, e)
	}
	for _, p := range c.Parts {
		parts = append(parts, p.String())
	}
	return strings.Join(parts, ", ")
}

func effectsString(es []Effect) string {
	var b strings.Builder
	for i := range es {
		if i > 0 {
			if es[i].Then {
				b.WriteString("; then ")
			} else {
				b.WriteString("; ")
			}
		}
		b.WriteString(es[i].String())
	}
	return b.String()
}

// String writes one effect: "if hand<=7: power(up to 1 opponent's Battle) -5000 turn".
func (e Effect) String() string {
	var b strings.Builder
	if len(e.If) > 0 {
		b.WriteString("if " + condsString(e.If) + ": ")
	}
	b.WriteString(e.Kind.String())
	if e.Target.Who != NoTarget {
		b.WriteString("(" + e.Target.String() + ")")
	}
	if e.N > 0 {
		if e.Target.UpTo && e.Target.Who == NoTarget {
			b.WriteString(" up to")
		}
		b.WriteString(" " + strconv.Itoa(e.N))
	}
	if e.Amount != 0 {
		b.WriteString(" " + strconv.FormatInt(int64(e.Amount), 10))
		if e.Amount > 0 {
			s := b.String()
			b.Reset()
			b.WriteString(s[:len(s)-len(strconv.Itoa(e.Amount))] + "+" + strconv.Itoa(e.Amount))
		}
	}
	if e.Keyword != "" {
		b.WriteString(" [" + e.Keyword + "]")
	}
	b.WriteString(fromWords[e.From])
	if e.Rest {
		b.WriteString(" in rest")
	}
	b.WriteString(forWords[e.For])
	if e.Place != "" {
		b.WriteString(", rest to " + e.Place)
	}
	if e.Detail != "" {
		b.WriteString(" (" + e.Detail + ")")
	}
	if e.Each != nil {
		b.WriteString(" for each " + condsString([]Cond{*e.Each}))
	}
	for i, o := range e.Options {
		b.WriteString(" | option " + strconv.Itoa(i+1) + ": " + effectsString(o))
	}
	return b.String()
}

// fromWords and forWords write where an effect takes cards from and how
// long it lasts.
var (
	fromWords = map[Zone]string{Hand: " from hand", Drop: " from drop", Deck: " from deck", Energy: " from energy", Battle: " from battle area"}
	forWords  = map[Duration]string{ForBattle: " battle", ForTurn: " turn", WhileHolds: " while", UntilNextTurn: " until next turn"}
)

var whoNames = [...]string{"", "this card", "your leader", "this card and your leader", "your leader or", "your",
	"opponent's", "any", "your cards in battle", "that card", "from zone", "in hand", "this card or your leader", "in energy"}

// String writes a target: "up to 1 opponent's Battle cost<=3".
func (t Target) String() string {
	var parts []string
	switch {
	case t.All:
		parts = append(parts, "all")
	case t.UpTo:
		parts = append(parts, "up to "+strconv.Itoa(t.N))
	case t.N > 0:
		parts = append(parts, strconv.Itoa(t.N))
	}
	parts = append(parts, whoNames[t.Who])
	if f := t.Filter.String(); f != "" {
		parts = append(parts, f)
	}
	for _, a := range t.Alts {
		parts = append(parts, "or "+a.String())
	}
	return strings.Join(parts, " ")
}

// String writes a filter: "Battle <Son Goku> «Saiyan» cost<=3 rest".
func (f Filter) String() string {
	var parts []string
	if f.Colour != "" {
		parts = append(parts, f.Colour)
	}
	if f.Type != "" {
		parts = append(parts, f.Type)
	}
	if f.Other {
		parts = append(parts, "other")
	}
	if f.NoSkill {
		parts = append(parts, "skill-less")
	}
	for _, n := range f.Names {
		parts = append(parts, "<"+n+">")
	}
	for _, n := range f.NotNames {
		parts = append(parts, "non-<"+n+">")
	}
	for _, n := range f.Contains {
		parts = append(parts, "name~<"+n+">")
	}
	for _, n := range f.Traits {
		parts = append(parts, "«"+n+"»")
	}
	if f.Only {
		parts = append(parts, "only")
	}
	for _, n := range f.AllTraits {
		parts = append(parts, "&«"+n+"»")
	}
	parts = appendRange(parts, "cost", f.Cost)
	parts = appendRange(parts, "power", f.Power)
	parts = appendRange(parts, "original power", f.OrigPower)
	if f.ComboPower > 0 {
		parts = append(parts, "combo="+strconv.Itoa(f.ComboPower))
	}
	if f.TotalCost > 0 {
		parts = append(parts, "total cost<="+strconv.Itoa(f.TotalCost))
	}
	if f.Total > 0 {
		parts = append(parts, "total power<="+strconv.Itoa(f.Total))
	}
	if f.Rest {
		parts = append(parts, "rest")
	}
	if f.Active {
		parts = append(parts, "active")
	}
	return strings.Join(parts, " ")
}

// appendRange writes a range of a number: "cost<=3", "power=5000..7000".
func appendRange(parts []string, name string, r Range) []string {
	switch {
	case r.HasMin && r.HasMax && r.Min == r.Max:
		return append(parts, name+"="+strconv.Itoa(r.Min))
	case r.HasMin && r.HasMax:
		return append(parts, name+"="+strconv.Itoa(r.Min)+".."+strconv.Itoa(r.Max))
	case r.HasMin:
		return append(parts, name+">="+strconv.Itoa(r.Min))
	case r.HasMax:
		return append(parts, name+"<="+strconv.Itoa(r.Max))
	}
	return parts
}

var condNames = [...]string{"", "leader awakened", "leader is", "hand<=", "hand>=", "opponent hand>=",
	"opponent hand<=", "life<=", "life>=", "life=", "opponent life<=", "opponent life>=", "drop>=",
	"energy>=", "less energy than opponent", "energy marker", "have", "have in energy", "combo>=",
	"in battle", "this rest", "other", "paid with marker", "attacking a battle card", "energy=", "have in drop",
	"opponent energy marker", "energy<=", "active energy>=", "opponent has", "in battle with a battle card",
	"any energy marker", "this power>=", "in any leader or battle area", "that card is", "extra used this turn cost>=", "energy to Drop this turn",
	"attacker is", "opponent's battle card KO'd in battle this turn",
	"battle between battle cards",
	// zone, play and combo conditions (issue 29)
	"combo from Drop this turn", "energy marker removed this turn", "returned>=", "deck=", "have in battle area or drop", "that card's cost<=energy", "played by a skill"}

func condsString(cs []Cond) string {
	var parts []string
	for _, c := range cs {
		s := ""
		if c.Not {
			s = "not "
		}
		name := "?"
		if int(c.Kind) < len(condNames) {
			name = condNames[c.Kind]
		}
		s += name
		switch c.Kind {
		case HandAtMost, HandAtLeast, OppHandAtLeast, OppHandAtMost, LifeAtMost, LifeAtLeast, LifeIs,
			OppLifeAtMost, OppLifeAtLeast, DropAtLeast, EnergyAtLeast, ComboAtLeast, EnergyIs, EnergyAtMost, ActiveEnergyAtLeast,
			ThisPowerAtLeast, ExtraUsedAtLeast, ReturnedAtLeast, DeckIs:
			s += strconv.Itoa(c.N)
		case Have, HaveInDrop, OppHave, InPlayAnywhere, HaveInAreaOrDrop:
			if c.WithLeader {
				s += " (leader too)"
			}
			if c.N > 1 {
				s += " " + strconv.Itoa(c.N)
			}
			s += " " + c.Card.String()
		case LeaderIs, HaveInEnergy, ThatCardIs, AttackerIs:
			s += " " + c.Card.String()
		}
		if c.All {
			s += " (all)"
		}
		parts = append(parts, s)
	}
	return strings.Join(parts, " and ")
}

// TargetPhrase is a target as a sentence of the rules engine names it: %s
// prints its English Phrase, and a page says it in its language from the
// target's fields (views/enginetext), not from the English.
type TargetPhrase Target

func (p TargetPhrase) String() string { return Target(p).Phrase() }

// Phrase describes a target in plain English for messages, e.g. "up to 1
// of your opponent's Battle Cards with a cost of 3 or less".
func (t Target) Phrase() string {
	switch t.Who {
	case ThisCard:
		return "this card"
	case YourLeader:
		if f := t.Filter.phrase(false); f != "" && f != "card" {
			return "your Leader (" + f + ")"
		}
		return "your Leader"
	case ThisAndLeader:
		return "this card and your Leader"
	case YourLeaderOrThis:
		return "this card or your Leader"
	case InBattleYours:
		return "your cards in the battle"
	case ThatCard:
		return "the card chosen before"
	case LeaderOrYours:
		return "your Leader or up to " + strconv.Itoa(t.N) + " of your " + t.Filter.phrase(true)
	case CardsInHand:
		return strconv.Itoa(t.N) + " " + t.Filter.phrase(t.N != 1) + " from your hand"
	}
	var b strings.Builder
	switch {
	case t.All:
		b.WriteString("all ")
	case t.UpTo:
		b.WriteString("up to " + strconv.Itoa(t.N) + " ")
	case t.N > 0:
		b.WriteString(strconv.Itoa(t.N) + " ")
	}
	plural := t.All || t.N != 1
	switch t.Who {
	case Yours:
		b.WriteString("of your ")
	case Opponents:
		b.WriteString("of your opponent's ")
	}
	b.WriteString(t.Filter.phrase(plural || t.Who == Yours || t.Who == Opponents))
	for _, a := range t.Alts {
		b.WriteString(" or " + a.phrase(false))
	}
	return b.String()
}

func (f Filter) phrase(plural bool) string {
	var b strings.Builder
	if f.Rest {
		b.WriteString("Rest Mode ")
	}
	if f.Other {
		b.WriteString("other ")
	}
	if f.Colour != "" {
		b.WriteString(f.Colour + " ")
	}
	for i, n := range f.Names {
		if i > 0 {
			b.WriteString(" or ")
		}
		b.WriteString("<" + n + ">")
	}
	if len(f.Names) > 0 {
		b.WriteString(" ")
	}
	noun := map[string][2]string{"Battle": {"Battle Card", "Battle Cards"}, "Extra": {"Extra", "Extras"},
		"Field": {"[Field]", "[Field]s"}, "Leader": {"Leader", "Leaders"}, "": {"card", "cards"}}[f.Type]
	if plural {
		b.WriteString(noun[1])
	} else {
		b.WriteString(noun[0])
	}
	var with []string
	if f.Cost.Set() {
		with = append(with, "a cost "+rangePhrase(f.Cost))
	}
	if f.Power.Set() {
		with = append(with, "power "+rangePhrase(f.Power))
	}
	if f.OrigPower.Set() {
		with = append(with, "an original power "+rangePhrase(f.OrigPower))
	}
	if len(f.Traits) > 0 {
		with = append(with, "«"+strings.Join(f.Traits, "» or «")+"» in its special traits")
	}
	if len(f.Contains) > 0 {
		with = append(with, "<"+strings.Join(f.Contains, "> or <")+"> in its name")
	}
	if len(with) > 0 {
		b.WriteString(" with " + strings.Join(with, " and "))
	}
	for _, n := range f.NotNames {
		b.WriteString(", not <" + n + ">")
	}
	return b.String()
}

func rangePhrase(r Range) string {
	switch {
	case r.HasMin && r.HasMax && r.Min == r.Max:
		return "of " + strconv.Itoa(r.Min)
	case r.HasMin && r.HasMax:
		return "of " + strconv.Itoa(r.Min) + " to " + strconv.Itoa(r.Max)
	case r.HasMin:
		return "of " + strconv.Itoa(r.Min) + " or more"
	}
	return "of " + strconv.Itoa(r.Max) + " or less"
}

// String names a trigger in the compact form of Skill.String ("combo from
// hand"); "" for TriggerNone.
func (t Trigger) String() string {
	if int(t) < len(triggerNames) {
		return triggerNames[t]
	}
	return "?"
}

// CondsString writes conditions in the compact form of Skill.String
// ("life<=4 and leader awakened"), for `tenkaichi cards explain`.
func CondsString(cs []Cond) string { return condsString(cs) }
