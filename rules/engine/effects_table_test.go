package engine

import (
	"testing"

	"github.com/tenkaichi-org/tenkaichi/rules/skill"
)

// declaredKinds are the effect kinds the engine reads but leaves to the
// players (docs/engine-rules.md, "read, not applied"): they have no row in
// effectKinds.
var declaredKinds = map[skill.Kind]bool{
	skill.Text: true,
}

// Every kind of effect the skill reader makes is applied by a row of the
// table, or is one the players declare.
func TestEveryEffectKindHasARowOrIsDeclared(t *testing.T) {
	for k := skill.Draw; k < skill.KindCount; k++ {
		if (effectKinds[k] == nil) != declaredKinds[k] {
			t.Errorf("%s: row %v, declared %v", k, effectKinds[k] != nil, declaredKinds[k])
		}
		if effectKinds[k] == nil && Applies(&skill.Skill{Understood: true, Effects: []skill.Effect{{Kind: k}}}) {
			t.Errorf("%s: a kind without a row is said to be applied", k)
		}
	}
}

// An effect's events carry the message id of their sentence, and its
// English.
func TestEffectEventsCarryTheirMessageID(t *testing.T) {
	b := realBoard(t).main(P2, 2)
	b.do("P2 attack leader -> leader") // FS02-01's [When Attacking] draws 1
	for _, ev := range b.last {
		if ev.Rule == "[When Attacking]" {
			m := effectKinds[skill.Draw].(drawEffect).one
			if ev.ID != m.ID || ev.Format != m.Format || ev.ID == "" {
				t.Errorf("the draw's event: id %q format %q, want %q %q", ev.ID, ev.Format, m.ID, m.Format)
			}
			return
		}
	}
	t.Fatalf("no [When Attacking] draw: %v", b.last)
}
