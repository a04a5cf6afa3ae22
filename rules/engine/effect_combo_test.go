package engine

import (
	"testing"

	"github.com/tenkaichi-org/tenkaichi/rules/engine/gamestate"
	"github.com/tenkaichi-org/tenkaichi/rules/keyword"
)

// adventureBoard is P1's Main Phase of turn 3 with the «Adventure» Leader
// Bulma SB01-045, against Vegeta FS02-01.
func adventureBoard(t *testing.T) *board {
	t.Helper()
	return newBoardWith(t, realCards(t), [2]string{"SB01-045", "FS02-01"}, [2]string{"FS01-10", "FS02-05"}).main(P1, 3)
}

func (b *board) inDrop(side Side, nums ...string) *board {
	for _, n := range nums {
		b.s.Players[side].Drop = append(b.s.Players[side].Drop, b.newCard(side, n))
	}
	return b
}

// Son Goku : Childhood SB01-053: "[When Attacking] If your Leader has
// «Adventure» in its special traits, use up to 1 Battle Card from your Drop
// in a combo." The card named goes from the Drop to the Combo Area and its
// combo power counts for the battle (Combo: combo cards add their combo
// power in the Damage Step). Son Goku : Childhood FP-049 so used fires its
// "[Auto][Your Turn] ... when you use this card in a combo from its owner's
// Drop, this card gets +10000 combo power", and Bulma/Son Goku : Childhood
// SB01-057's "If you use a card from your Drop in a combo during this turn,
// this card gains [Double Strike] for the battle" then holds.
func TestComboFromTheDropBySonGokuChildhood(t *testing.T) {
	b := adventureBoard(t).inBattle(P1, "SB01-053", false).inBattle(P1, "SB01-057", false).inDrop(P1, "FS01-10", "FP-049")
	b.do("P1 attack SB01-053 -> leader", "P1 use SB01-053 -> FP-049")
	p := b.p(P1)
	if len(p.Combo) != 1 || b.s.Cards[p.Combo[0]].Number != "FP-049" || len(p.Drop) != 1 {
		t.Fatalf("combo %v, Drop %v: want FP-049 moved from the Drop to the Combo Area: %s", b.names(p.Combo), b.names(p.Drop), b.eventText())
	}
	if p.ComboBonus != 10000 {
		t.Fatalf("FP-049 used from the Drop: combo bonus %d, want +10000: %s", p.ComboBonus, b.eventText())
	}
	b.wantEvent("uses FP-049 in a combo (combo power 5000)")
	b.do("P1 use SB01-057")
	if !b.s.HasKeyword(p.Battle[1].ID, keyword.DoubleStrike) {
		t.Fatalf("a card was used from the Drop in a combo this turn, yet SB01-057 has no [Double Strike]: %s", b.eventText())
	}
	// Attacker 30000 + combo 5000 + 10000 against Vegeta's 15000: the attack hits.
	b.do("P1 pass", "P2 pass", "damage 1")
	if len(p.Combo) != 0 || len(p.Drop) != 2 {
		t.Fatalf("after the battle the combo goes to the Drop: combo %d, Drop %d", len(p.Combo), len(p.Drop))
	}
}

// Without a card used from the Drop, SB01-057's effect does nothing, and a
// card the skill does not allow (an Extra, or one not in the Drop) is refused.
func TestNoComboFromTheDropNoDoubleStrike(t *testing.T) {
	b := adventureBoard(t).inBattle(P1, "SB01-053", false).inBattle(P1, "SB01-057", false).inDrop(P1, "FS01-10")
	b.do("P1 attack SB01-053 -> leader")
	b.bad("P1 use SB01-053 -> FS01-03", "Card skills")
	b.do("P1 use SB01-053 -> none", "P1 use SB01-057")
	if b.s.HasKeyword(b.p(P1).Battle[1].ID, keyword.DoubleStrike) || len(b.p(P1).Combo) != 0 {
		t.Fatalf("no card was used from the Drop, yet SB01-057 gained [Double Strike] or a combo was made: %s", b.eventText())
	}
	// The mark lasts for the turn only.
	b.s.Players[P1].Marks = gamestate.MarkComboFromDrop
	b.do("P1 pass", "P2 pass", "damage 1", "P1 end")
	if b.p(P1).Marks != 0 {
		t.Error("the turn's marks outlast the turn")
	}
}

// Gine : BR FB03-107: "[Activate Battle] Switch this card to Rest Mode :
// Reveal the top card of your deck and use up to 1 Battle Card with
// «Saiyan» in its special traits in a combo. Place the rest at the top of
// its owner's deck." A Saiyan on top goes to the Combo Area; a card that is
// not one stays on top.
func TestGineUsesTheDecksTopCardInACombo(t *testing.T) {
	b := realBoard(t).main(P1, 3).inBattle(P1, "FB03-107", false).inBattle(P1, "FS01-10", false)
	p := b.p(P1)
	goku := b.newCard(P1, "FP-049") // Son Goku : Childhood, «Saiyan»
	p.Deck = append([]CardID{goku}, p.Deck...)
	deck := len(p.Deck)
	b.do("P1 attack FS01-10 -> leader", "P1 use FB03-107 -> FP-049")
	if len(p.Combo) != 1 || p.Combo[0] != goku || len(p.Deck) != deck-1 || !p.Battle[0].Rest {
		t.Fatalf("combo %v, deck %d (want %d), Gine rested %v: %s", b.names(p.Combo), len(p.Deck), deck-1, p.Battle[0].Rest, b.eventText())
	}
	// Tien Shinhan FS01-10 («Earthling») on top is not one: it stays there.
	b = realBoard(t).main(P1, 3).inBattle(P1, "FB03-107", false).inBattle(P1, "FS01-10", false)
	p = b.p(P1)
	top := p.Deck[0]
	b.do("P1 attack FS01-10 -> leader")
	b.bad("P1 use FB03-107 -> FS01-10", "Card skills")
	b.do("P1 use FB03-107 -> none")
	if len(p.Combo) != 0 || p.Deck[0] != top {
		t.Fatalf("combo %v, top %s: want no combo and Tien Shinhan still on top: %s", b.names(p.Combo), b.s.Name(p.Deck[0]), b.eventText())
	}
}

// Son Goku : GT FB03-140: "[End of Your Turn] If your energy marker is
// removed from the game during this turn, draw 1 card." A marker paid for a
// card is removed from the game (CR 5-3-1), and the card draws at the end
// of that turn only.
func TestSonGokuGTDrawsAfterAMarkerWasRemoved(t *testing.T) {
	b := realBoard(t).main(P2, 4).inBattle(P2, "FB03-140", false).energy(P2, "FS02-05", 2).hand(P2, "FS02-09")
	b.p(P2).Markers = 1
	hand := len(b.p(P2).Hand)
	b.do("P2 play FS02-09 pay FS02-05 marker", "P2 use FS02-09 -> none", "P2 end")
	if len(b.p(P2).Hand) != hand {
		t.Fatalf("a marker was removed this turn: hand %d, want %d (one played, one drawn): %s", len(b.p(P2).Hand), hand, b.eventText())
	}
	b = realBoard(t).main(P2, 4).inBattle(P2, "FB03-140", false)
	hand = len(b.p(P2).Hand)
	b.do("P2 end")
	if len(b.p(P2).Hand) != hand {
		t.Fatalf("no marker was removed: hand %d, want %d: %s", len(b.p(P2).Hand), hand, b.eventText())
	}
}

// Great Ape Baby FB04-104: "[When Attacking] Choose up to 1 Battle Card
// with a cost of 3 or less and place it into its owner's Combo Area." The
// opponent's Son Goten FS02-05 goes to the opponent's Combo Area (its
// combo power then counts for the opponent, Combo), and to the Drop when
// the battle ends (Battle end).
func TestGreatApeBabyPlacesACardInItsOwnersComboArea(t *testing.T) {
	b := realBoard(t).main(P1, 3).inBattle(P1, "FB04-104", false).inBattle(P2, "FS02-05", false)
	b.do("P1 attack FB04-104 -> leader", "P1 use FB04-104 -> P2:FS02-05")
	if len(b.p(P2).Battle) != 0 || len(b.p(P2).Combo) != 1 || len(b.p(P1).Combo) != 0 {
		t.Fatalf("P2's Battle Area %d (want 0), P2's Combo Area %d (want 1), P1's %d (want 0): %s",
			len(b.p(P2).Battle), len(b.p(P2).Combo), len(b.p(P1).Combo), b.eventText())
	}
	b.do("P1 pass", "P2 pass", "damage 1")
	if len(b.p(P2).Combo) != 0 || len(b.p(P2).Drop) != 1 {
		t.Fatalf("after the battle Son Goten should be in P2's Drop: combo %d, Drop %d", len(b.p(P2).Combo), len(b.p(P2).Drop))
	}
}
