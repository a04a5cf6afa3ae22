// Package stateview is the state of a game at one step as data for
// display and JSON (StateView: what a judge sees of both players), and
// its summary in English. The engine makes it (engine.View); pages say it
// in their language (views/enginetext).
package stateview

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/rules/engine/gamelog"
)

// Result is how the game ended.
type Result struct {
	Over   bool
	Winner gamelog.Side // NoSide for a draw
	Reason string
}

// StateView is a state summary for display and JSON: what a judge sees of
// both players at one step.
type StateView struct {
	Turn       int          `json:"turn"`
	TurnPlayer string       `json:"turn_player,omitempty"`
	Phase      string       `json:"phase"`
	Battle     *BattleView  `json:"battle,omitempty"`
	Result     string       `json:"result,omitempty"`
	Players    []PlayerView `json:"players"`
	// Waiting are the skills waiting for a player's choices (a use line).
	Waiting []WaitingView `json:"waiting,omitempty"`
	Hash    string        `json:"hash"`
	// Outcome is how the game ended (Over false while it goes on), for
	// words in any language; Result says it in English for the JSON.
	Outcome Result `json:"-"`
}

// WaitingView is a triggered skill waiting for its player's choices.
type WaitingView struct {
	Player string `json:"player"`
	Card   string `json:"card"`
	Skill  string `json:"skill"` // the card and timing, "FS01-02 [On Play]"
	Text   string `json:"text"`  // the skill as printed
}

// BattleView is the battle in progress.
type BattleView struct {
	Step          string `json:"step"`
	Attacker      string `json:"attacker"`
	Target        string `json:"target"`
	AttackerPower *int   `json:"attacker_power,omitempty"`
	TargetPower   *int   `json:"target_power,omitempty"`
}

// CardView is a card in play.
type CardView struct {
	Card string `json:"card"`
	// Copy is the copy number ("#2") when more than one card of the number is
	// in the player's Battle Area, or the copy is not the first.
	Copy     int  `json:"copy,omitempty"`
	Rest     bool `json:"rest,omitempty"`
	Power    *int `json:"power,omitempty"`
	Awakened bool `json:"awakened,omitempty"`
	Ki       int  `json:"ki,omitempty"`
	Under    int  `json:"under,omitempty"`
}

// Name is the card as the log names it: its number, with its copy number
// when it needs one ("FS01-07#2").
func (c CardView) Name() string {
	if c.Copy > 0 {
		return c.Card + "#" + strconv.Itoa(c.Copy)
	}
	return c.Card
}

// PlayerView is one player's side of the board. Hidden zones are counts.
type PlayerView struct {
	Player       string     `json:"player"`
	Life         int        `json:"life"`
	Hand         int        `json:"hand"`
	Deck         int        `json:"deck"`
	EnergyActive int        `json:"energy_active"`
	Energy       int        `json:"energy"`
	Markers      int        `json:"markers"`
	Drop         []string   `json:"drop"`
	Leader       CardView   `json:"leader"`
	Battle       []CardView `json:"battle"`
	Field        *CardView  `json:"field,omitempty"`
	Combo        []string   `json:"combo,omitempty"`
}

// Summary describes a state in a few English lines, for tests and logs:
// phase and battle, then for each player life, hand, deck, energy, Leader,
// Battle Area, [Field] and Drop. It says the facts of a view, which people
// read in their language (views/enginetext.Summary).
func Summary(v StateView) string {
	var b strings.Builder
	switch {
	case v.Outcome.Over && v.Outcome.Winner == gamelog.NoSide:
		fmt.Fprintf(&b, "game over: draw (%s)\n", v.Outcome.Reason)
	case v.Outcome.Over:
		fmt.Fprintf(&b, "game over: %s wins (%s)\n", v.Outcome.Winner, v.Outcome.Reason)
	case v.Phase == "setup":
		b.WriteString("setup\n")
	default:
		fmt.Fprintf(&b, "turn %d, %s, %s phase", v.Turn, v.TurnPlayer, v.Phase)
		if bv := v.Battle; bv != nil {
			fmt.Fprintf(&b, ", battle (%s step): %s attacks %s", bv.Step, bv.Attacker, bv.Target)
			if bv.AttackerPower != nil && bv.TargetPower != nil {
				fmt.Fprintf(&b, ", %d vs %d", *bv.AttackerPower, *bv.TargetPower)
			}
		}
		b.WriteString("\n")
	}
	for i := range v.Players {
		writePlayer(&b, &v.Players[i])
	}
	for _, w := range v.Waiting {
		fmt.Fprintf(&b, "  waiting: %s for %s's choices\n", w.Skill, w.Player)
	}
	return b.String()
}

// writePlayer writes a player's lines of Summary.
func writePlayer(b *strings.Builder, p *PlayerView) {
	fmt.Fprintf(b, "  %s life %d, hand %d, deck %d, energy %d/%d active", p.Player, p.Life, p.Hand, p.Deck, p.EnergyActive, p.Energy)
	if p.Markers > 0 {
		fmt.Fprintf(b, " + %d marker(s)", p.Markers)
	}
	fmt.Fprintf(b, ", drop %d\n", len(p.Drop))
	side := "front"
	if p.Leader.Awakened {
		side = "back"
	}
	fmt.Fprintf(b, "     leader %s (%s, %s%s)", p.Leader.Card, side, modeWord(p.Leader.Rest), powerWord(p.Leader.Power))
	if len(p.Battle) > 0 {
		b.WriteString("; battle:")
		for _, c := range p.Battle {
			fmt.Fprintf(b, " %s (%s%s", c.Name(), modeWord(c.Rest), powerWord(c.Power))
			if c.Ki > 0 {
				fmt.Fprintf(b, ", %d ki", c.Ki)
			}
			if c.Under > 0 {
				fmt.Fprintf(b, ", on %d", c.Under)
			}
			b.WriteString(")")
		}
	}
	if p.Field != nil {
		fmt.Fprintf(b, "; field: %s (%s)", p.Field.Card, modeWord(p.Field.Rest))
	}
	if len(p.Combo) > 0 {
		b.WriteString("; combo: " + strings.Join(p.Combo, " "))
	}
	b.WriteString("\n")
}

func modeWord(rest bool) string {
	if rest {
		return "rest"
	}
	return "active"
}

func powerWord(p *int) string {
	if p != nil {
		return fmt.Sprintf(", %d", *p)
	}
	return ""
}
