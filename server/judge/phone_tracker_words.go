package judge

import (
	"github.com/tenkaichi-org/tenkaichi/rules/engine"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// The tracker's words for verbs, phases and steps, one message each (the
// message file's test finds every id used here).

// doLabel is the button of one of the player's own one-tap moves.
func doLabel(v engine.Verb) i18n.Message {
	switch v {
	case engine.VerbFirst:
		return i18n.M("TrackerDoFirst", nil)
	case engine.VerbKeep:
		return i18n.M("TrackerDoKeep", nil)
	case engine.VerbRedraw:
		return i18n.M("TrackerDoRedraw", nil)
	case engine.VerbDraw:
		return i18n.M("TrackerDoDraw", nil)
	case engine.VerbPass:
		return i18n.M("TrackerDoPass", nil)
	case engine.VerbEnd:
		return i18n.M("TrackerDoEnd", nil)
	case engine.VerbDamage:
		return i18n.M("TrackerDoDamage", nil)
	case engine.VerbKO:
		return i18n.M("TrackerDoKO", nil)
	case engine.VerbMiss:
		return i18n.M("TrackerDoMiss", nil)
	}
	return i18n.Verbatim(string(v))
}

// outcomeDetail says what a battle's outcome button records.
func outcomeDetail(v engine.Verb) i18n.Message {
	switch v {
	case engine.VerbDamage:
		return i18n.M("TrackerDamageDetail", nil)
	case engine.VerbKO:
		return i18n.M("TrackerKODetail", nil)
	case engine.VerbMiss:
		return i18n.M("TrackerMissDetail", nil)
	}
	return i18n.Message{}
}

// theyLabel is the button of a one-tap move entered for the opponent.
func theyLabel(v engine.Verb, args i18n.Args) i18n.Message {
	switch v {
	case engine.VerbKeep:
		return i18n.M("TrackerTheyKeep", args)
	case engine.VerbRedraw:
		return i18n.M("TrackerTheyRedraw", args)
	case engine.VerbDraw:
		return i18n.M("TrackerTheyDraw", args)
	case engine.VerbPass:
		return i18n.M("TrackerTheyPass", args)
	case engine.VerbEnd:
		return i18n.M("TrackerTheyEnd", args)
	case engine.VerbBlock:
		return i18n.M("TrackerTheyBlock", args)
	}
	return i18n.Verbatim(string(v))
}

// groupTitle is the heading of a group of moves that name a card.
func groupTitle(key string) i18n.Message {
	switch key {
	case "draw":
		return i18n.M("TrackerGroupDraw", nil)
	case "charge":
		return i18n.M("TrackerGroupCharge", nil)
	case "play":
		return i18n.M("TrackerGroupPlay", nil)
	case "attack":
		return i18n.M("TrackerGroupAttack", nil)
	case "block":
		return i18n.M("TrackerGroupBlock", nil)
	case "combo":
		return i18n.M("TrackerGroupCombo", nil)
	case "skill":
		return i18n.M("TrackerGroupSkill", nil)
	}
	return i18n.Verbatim(key)
}

// shownPhase is the phase the players are in: the engine leaves the Charge
// Phase only at the first Main Phase action, but once the turn player has
// drawn and charged, nothing of the Charge Phase is left to do.
func shownPhase(st *engine.State) engine.Phase {
	if p := &st.Players[st.TurnPlayer]; st.Phase == engine.PhaseCharge && p.Drew && p.Charged {
		return engine.PhaseMain
	}
	return st.Phase
}

func phaseWord(p engine.Phase) i18n.Message {
	switch p {
	case engine.PhaseCharge:
		return i18n.M("TrackerPhaseCharge", nil)
	case engine.PhaseMain:
		return i18n.M("TrackerPhaseMain", nil)
	case engine.PhaseEnd:
		return i18n.M("TrackerPhaseEnd", nil)
	}
	return i18n.Verbatim(p.String())
}

// battleStepWord names a battle's step by what happens in it.
func battleStepWord(step string) i18n.Message {
	switch step {
	case "attack":
		return i18n.M("TrackerStepAttack", nil)
	case "offense":
		return i18n.M("TrackerStepOffense", nil)
	case "defense":
		return i18n.M("TrackerStepDefense", nil)
	case "damage":
		return i18n.M("TrackerStepDamage", nil)
	}
	return i18n.Verbatim(step)
}

// violationWords words a flagged step's violation with the players' names
// where the engine names a side ("it is Ann's turn, not Ben's").
func (v *trackerViewer) violationWords(vl *engine.Violation) i18n.Message {
	named := *vl
	named.Args = v.nameSides(vl.Args)
	return violationWords(&named)
}

// nameSides is args with each side (P1, P2) replaced by its player's name,
// also inside the sentences among them.
func (v *trackerViewer) nameSides(args []any) []any {
	out := make([]any, len(args))
	for i, a := range args {
		switch a := a.(type) {
		case engine.Side:
			out[i] = a
			if a == engine.P1 || a == engine.P2 {
				out[i] = v.t.names[a]
			}
		case engine.Sentence:
			a.Args = v.nameSides(a.Args)
			out[i] = a
		default:
			out[i] = a
		}
	}
	return out
}
