// Package cardexplain says what the rules engine reads from a card's skill
// text (rules/skill): timing, trigger, condition, cost, each effect, and
// what it does not read or carry out. `tenkaichi cards explain` prints it;
// the card page (/rules/cards/NUMBER) shows it to judges and players. The
// card text stays as the card list gives it; the labels and the engine's
// reading are sentences of the message catalogue.
package cardexplain

import (
	"context"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/rules/engine"
	"github.com/tenkaichi-org/tenkaichi/rules/skill"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Card is what the engine reads from one card, worded in a language.
type Card struct {
	// NoSkills says why there is nothing to read ("" when there is): a
	// card known only by number, name, colour and type, or one without
	// text.
	NoSkills  string
	TextKnown bool
	Sides     []Side
}

// Side is one side of a card: Title is "" for a card with one side.
type Side struct {
	Title  string
	Skills []Skill
}

// Skill is one skill line: Text as printed, Lines what the engine reads
// from it, in order.
type Skill struct {
	Heading    string // "skill 1: [On Play] Draw 1 card."
	Text       string
	Understood bool
	Lines      []Line
}

// Line is one thing the engine reads; Level 1 belongs to the skill, 2 to
// the effect above it. Missing marks what the engine does not read or
// carry out.
type Line struct {
	Level   int
	Text    string
	Missing bool
}

// Explain says what the engine reads from c in ctx's language.
func Explain(ctx context.Context, c *rules.Card) Card {
	out := Card{TextKnown: c.Text != "" || c.BackText != "" || c.Cost != nil || c.Power != nil || c.ComboPower != nil}
	if c.Text == "" && c.BackText == "" {
		// As `cards coverage` counts: a card with stats but no text has no
		// skills; one with neither is known only by name.
		out.NoSkills = i18n.T(ctx, "CliExplainNoSkills", nil)
		if !out.TextKnown {
			out.NoSkills = i18n.T(ctx, "CliExplainNoText", nil)
		}
		return out
	}
	pc := skill.ParseCard(c.Text, c.BackText)
	for _, side := range []struct {
		title  string
		skills []skill.Skill
	}{{i18n.T(ctx, "CliExplainFront", nil), pc.Front}, {i18n.T(ctx, "CliExplainBack", nil), pc.Back}} {
		if len(side.skills) == 0 {
			continue
		}
		s := Side{}
		if c.BackText != "" {
			s.Title = side.title
		}
		for i := range side.skills {
			s.Skills = append(s.Skills, explainLine(ctx, i+1, &side.skills[i]))
		}
		out.Sides = append(out.Sides, s)
	}
	return out
}

// explainLine says one skill line as the engine reads it.
func explainLine(ctx context.Context, n int, sk *skill.Skill) Skill {
	out := Skill{Heading: i18n.T(ctx, "CliExplainSkill", i18n.Args{"N": n, "Text": sk.Text}), Text: sk.Text, Understood: sk.Understood}
	add := func(level int, text string, missing bool) {
		out.Lines = append(out.Lines, Line{Level: level, Text: text, Missing: missing})
	}
	if !sk.Understood {
		add(1, i18n.T(ctx, "CliExplainUnread", i18n.Args{"Phrase": sk.Phrase}), true)
		return out
	}
	if t := timingText(sk); t != "" {
		add(1, i18n.T(ctx, "CliExplainTiming", i18n.Args{"Timing": t}), false)
	}
	if tr := skillTriggerText(ctx, sk); tr != "" {
		add(1, i18n.T(ctx, "CliExplainTrigger", i18n.Args{"Trigger": tr}), false)
	}
	if len(sk.Keywords) > 0 {
		add(1, i18n.T(ctx, "CliExplainKeywords", i18n.Args{"Keywords": "[" + strings.Join(sk.Keywords, "] [") + "]"}), false)
	}
	if len(sk.If) > 0 {
		add(1, i18n.T(ctx, "CliExplainCondition", i18n.Args{"Condition": condsText(ctx, sk.If)}), false)
	}
	if cost := costText(ctx, sk); cost != "" {
		add(1, i18n.T(ctx, "CliExplainCost", i18n.Args{"Cost": cost}), false)
	}
	for i := range sk.Effects {
		ef := &sk.Effects[i]
		a := i18n.Args{"N": i + 1, "Effect": effectText(ctx, ef)}
		if ef.Then {
			add(1, i18n.T(ctx, "CliExplainEffectThen", a), false)
		} else {
			add(1, i18n.T(ctx, "CliExplainEffect", a), false)
		}
		if !effectApplied(sk.Timing, ef) {
			add(2, i18n.T(ctx, "CliExplainNotApplied", nil), true)
		}
	}
	if len(sk.Effects) == 0 && sk.Timing != 0 {
		add(1, i18n.T(ctx, "CliExplainNoEffects", nil), false)
	}
	return out
}

// timingText is the skill's timing and limits as printed ("[Activate
// Main][Once per turn]"); card text keeps its brackets in every language.
func timingText(sk *skill.Skill) string {
	t := sk.Timing.String()
	if sk.YourTurn {
		t += "[Your Turn]"
	}
	if sk.OpponentsTurn {
		t += "[Opponent's Turn]"
	}
	if sk.OncePerTurn {
		t += "[Once per turn]"
	}
	return t
}

// costText is what using the skill costs: energy, then the other parts as
// effects; "" for none.
func costText(ctx context.Context, sk *skill.Skill) string {
	var parts []string
	if e := sk.Cost.Energy; e > 0 {
		if sk.Cost.Colours != "" {
			parts = append(parts, i18n.N(ctx, "CliExplainEnergyColours", e, i18n.Args{"Colours": sk.Cost.Colours}))
		} else {
			parts = append(parts, i18n.N(ctx, "CliExplainEnergy", e, nil))
		}
	}
	for i := range sk.Cost.Parts {
		part := effectText(ctx, &sk.Cost.Parts[i])
		if !effectApplied(sk.Timing, &sk.Cost.Parts[i]) {
			part = i18n.T(ctx, "CliExplainCostNotPaid", i18n.Args{"Part": part})
		}
		parts = append(parts, part)
	}
	return strings.Join(parts, "; ")
}

// effectApplied reports whether the engine carries out ef in a skill of
// timing t (engine.Applies, asked of a skill of that one effect).
func effectApplied(t skill.Timing, ef *skill.Effect) bool {
	return engine.Applies(&skill.Skill{Understood: true, Timing: t, Effects: []skill.Effect{*ef}})
}
