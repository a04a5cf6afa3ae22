package cardexplain

import (
	"context"
	"encoding/json"
	"io"
	"strconv"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/rules/engine"
	"github.com/tenkaichi-org/tenkaichi/rules/skill"
	"github.com/tenkaichi-org/tenkaichi/views/enginetext"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// effectText says one effect in ctx's language: its kind, then its values
// as labelled parts ("power (cards: up to 1 of your opponent's Battle
// Cards, change: -5000, for the turn)"), so every language keeps its own
// word order.
func effectText(ctx context.Context, ef *skill.Effect) string {
	kind := enginetext.EffectKind(ctx, ef.Kind)
	values := effectValues(ctx, ef)
	if len(values) == 0 {
		return kind
	}
	return i18n.T(ctx, "CliExplainEffectValues", i18n.Args{"Kind": kind, "Values": strings.Join(values, ", ")})
}

// effectValues are the labelled values of an effect, in the order of
// skill.Effect's String.
func effectValues(ctx context.Context, ef *skill.Effect) []string {
	var out []string
	add := func(value string) { out = append(out, value) }
	if len(ef.If) > 0 {
		add(i18n.T(ctx, "CliExplainIf", i18n.Args{"Condition": condsText(ctx, ef.If)}))
	}
	if ef.Target.Who != skill.NoTarget {
		add(i18n.T(ctx, "CliExplainTarget", i18n.Args{"Target": enginetext.Target(ctx, ef.Target)}))
	}
	switch {
	case ef.N > 0 && ef.Target.UpTo && ef.Target.Who == skill.NoTarget:
		add(i18n.T(ctx, "CliExplainUpTo", i18n.Args{"N": ef.N}))
	case ef.N > 0 && ef.Target.Who != skill.CardsInHand: // the target says its count
		add(i18n.T(ctx, "CliExplainCount", i18n.Args{"N": ef.N}))
	}
	if ef.Amount != 0 {
		add(i18n.T(ctx, "CliExplainAmount", i18n.Args{"Amount": signed(ef.Amount)}))
	}
	if ef.Each != nil {
		add(forEachText(ctx, ef.Each))
	}
	if ef.Keyword != "" {
		add(i18n.T(ctx, "CliExplainKeyword", i18n.Args{"Keyword": "[" + ef.Keyword + "]"}))
	}
	if z, ok := skillZones[ef.From]; ok {
		add(i18n.T(ctx, "CliExplainFrom", i18n.Args{"Zone": enginetext.Zone(ctx, z)}))
	}
	if ef.Rest {
		add(i18n.T(ctx, "CliExplainInRest", nil))
	}
	if d := durationText(ctx, ef.For); d != "" {
		add(d)
	}
	if p := placeText(ctx, ef.Place); p != "" {
		add(p)
	}
	if ef.Detail != "" {
		add(i18n.T(ctx, "CliExplainDetail", i18n.Args{"Detail": ef.Detail}))
	}
	for i, o := range ef.Options {
		var parts []string
		for k := range o {
			parts = append(parts, effectText(ctx, &o[k]))
		}
		add(i18n.T(ctx, "CliExplainOption", i18n.Args{"N": i + 1, "Effects": strings.Join(parts, "; ")}))
	}
	return out
}

func signed(n int) string {
	if n > 0 {
		return "+" + strconv.Itoa(n)
	}
	return strconv.Itoa(n)
}

// skillZones are the zones of the notation the skill's zones are, so the
// engine's own zone words say them.
var skillZones = map[skill.Zone]engine.Zone{
	skill.Hand: engine.ZoneHand, skill.Drop: engine.ZoneDrop, skill.Deck: engine.ZoneDeck,
	skill.Life: engine.ZoneLife, skill.Energy: engine.ZoneEnergy, skill.Battle: engine.ZoneBattle,
}

// durationText says how long a change lasts; "" for an instant effect.
func durationText(ctx context.Context, d skill.Duration) string {
	switch d {
	case skill.ForBattle:
		return i18n.T(ctx, "CliExplainForBattle", nil)
	case skill.ForTurn:
		return i18n.T(ctx, "CliExplainForTurn", nil)
	case skill.WhileHolds:
		return i18n.T(ctx, "CliExplainWhileHolds", nil)
	case skill.UntilNextTurn:
		return i18n.T(ctx, "CliExplainUntilNextTurn", nil)
	}
	return ""
}

// placeText says where the cards looked at and not taken go.
func placeText(ctx context.Context, place string) string {
	switch place {
	case "bottom":
		return i18n.T(ctx, "CliExplainPlaceBottom", nil)
	case "top":
		return i18n.T(ctx, "CliExplainPlaceTop", nil)
	case "top or bottom":
		return i18n.T(ctx, "CliExplainPlaceTopOrBottom", nil)
	case "drop":
		return i18n.T(ctx, "CliExplainPlaceDrop", nil)
	}
	return ""
}

// JSON is the --json output of `cards explain`, in English as `replay --json`;
// other tools script against its shape (docs/engine-rules.md).
type JSON struct {
	Number string `json:"number"`
	// TextKnown is false for a card the list knows only by number, name,
	// colour and type (as `cards coverage` counts them).
	Name      string             `json:"name"`
	TextKnown bool               `json:"text_known"`
	Front     []explainSkillJSON `json:"front"`
	Back      []explainSkillJSON `json:"back,omitempty"`
}

type explainSkillJSON struct {
	Text       string `json:"text"`
	Understood bool   `json:"understood"`
	// Unread is the first phrase the engine does not read, for a skill it
	// does not understand.
	Unread string `json:"unread,omitempty"`
	// Applied: the engine carries out every part of the skill.
	Applied       bool                `json:"applied"`
	Timing        string              `json:"timing,omitempty"`
	Keywords      []string            `json:"keywords,omitempty"`
	YourTurn      bool                `json:"your_turn,omitempty"`
	OpponentsTurn bool                `json:"opponents_turn,omitempty"`
	OncePerTurn   bool                `json:"once_per_turn,omitempty"`
	Trigger       string              `json:"trigger,omitempty"`
	Condition     string              `json:"condition,omitempty"`
	Energy        int                 `json:"energy,omitempty"`
	Colours       string              `json:"colours,omitempty"`
	Cost          []explainEffectJSON `json:"cost,omitempty"`
	Effects       []explainEffectJSON `json:"effects,omitempty"`
}

type explainEffectJSON struct {
	Kind string `json:"kind"`
	// Text is the effect in the compact form of rules/skill.
	Text      string                `json:"text"`
	Applied   bool                  `json:"applied"`
	Then      bool                  `json:"then,omitempty"`
	Condition string                `json:"condition,omitempty"`
	Target    string                `json:"target,omitempty"`
	N         int                   `json:"n,omitempty"`
	UpTo      bool                  `json:"up_to,omitempty"`
	Amount    int                   `json:"amount,omitempty"`
	Duration  string                `json:"duration,omitempty"`
	Keyword   string                `json:"keyword,omitempty"`
	From      string                `json:"from,omitempty"`
	Rest      bool                  `json:"rest,omitempty"`
	Place     string                `json:"place,omitempty"`
	Detail    string                `json:"detail,omitempty"`
	Options   [][]explainEffectJSON `json:"options,omitempty"`
}

var durationNames = map[skill.Duration]string{skill.ForBattle: "battle", skill.ForTurn: "turn",
	skill.WhileHolds: "while", skill.UntilNextTurn: "until next turn"}

// WriteJSON writes what the engine reads from c as `cards explain --json`
// does, in English.
func WriteJSON(w io.Writer, c *rules.Card) error {
	out := JSON{Number: c.Number, Name: c.Name, TextKnown: c.Text != "" || c.BackText != "" || c.Cost != nil || c.Power != nil || c.ComboPower != nil, Front: []explainSkillJSON{}}
	pc := skill.ParseCard(c.Text, c.BackText)
	for i := range pc.Front {
		out.Front = append(out.Front, explainSkill(&pc.Front[i]))
	}
	for i := range pc.Back {
		out.Back = append(out.Back, explainSkill(&pc.Back[i]))
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}

func explainSkill(sk *skill.Skill) explainSkillJSON {
	js := explainSkillJSON{Text: sk.Text, Understood: sk.Understood, Applied: engine.Applies(sk)}
	if !sk.Understood {
		js.Unread = sk.Phrase
		return js
	}
	js.Timing, js.Keywords = sk.Timing.String(), sk.Keywords
	js.YourTurn, js.OpponentsTurn, js.OncePerTurn = sk.YourTurn, sk.OpponentsTurn, sk.OncePerTurn
	if sk.Trigger != skill.TriggerNone {
		js.Trigger = sk.Trigger.String()
	}
	js.Condition = skill.CondsString(sk.If)
	js.Energy, js.Colours = sk.Cost.Energy, sk.Cost.Colours
	js.Cost = explainEffects(sk.Timing, sk.Cost.Parts)
	js.Effects = explainEffects(sk.Timing, sk.Effects)
	return js
}

func explainEffects(t skill.Timing, es []skill.Effect) []explainEffectJSON {
	var out []explainEffectJSON
	for i := range es {
		ef := &es[i]
		je := explainEffectJSON{Kind: ef.Kind.String(), Text: ef.String(), Applied: effectApplied(t, ef), Then: ef.Then,
			Condition: skill.CondsString(ef.If), N: ef.N, UpTo: ef.Target.UpTo, Amount: ef.Amount,
			Duration: durationNames[ef.For], Keyword: ef.Keyword, Rest: ef.Rest, Place: ef.Place, Detail: ef.Detail}
		if ef.Target.Who != skill.NoTarget {
			je.Target = ef.Target.Phrase()
		}
		if z, ok := skillZones[ef.From]; ok {
			je.From = string(z)
		}
		for _, o := range ef.Options {
			je.Options = append(je.Options, explainEffects(t, o))
		}
		out = append(out, je)
	}
	return out
}

// forEachText says what a power change "for each" counts (issue 29).
func forEachText(ctx context.Context, k *skill.Cond) string {
	t := skill.Target{Who: skill.Yours, All: true, Filter: k.Card}
	if k.Kind == skill.OppHave {
		t.Who = skill.Opponents
	}
	cards := enginetext.Target(ctx, t)
	if k.WithLeader {
		return i18n.T(ctx, "CliExplainForEachWithLeader", i18n.Args{"Cards": cards})
	}
	return i18n.T(ctx, "CliExplainForEach", i18n.Args{"Cards": cards})
}
