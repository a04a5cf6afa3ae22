package engine

import "testing"

// Piccolo FB04-066: "[When KO'd] If your Leader is [Piccolo], add the top
// card of your deck to your energy." The bracketed name is the Leader's
// name: with the Piccolo Leader FB03-053 the KO charges 1, with Son Goku
// FS01-01 it does nothing. FS02-09 (25000 on its turn) KOs it (20000) in
// battle (Damage Step: the attacker's higher power KOs a Battle Card).
func TestPiccoloChargesOnlyWithThePiccoloLeader(t *testing.T) {
	for _, c := range []struct {
		leader string
		gain   int
	}{{"FB03-053", 1}, {"FS01-01", 0}} {
		b := newBoardWith(t, realCards(t), [2]string{c.leader, "FS02-01"}, [2]string{"FS01-10", "FS02-05"}).main(P2, 4)
		b.inBattle(P1, "FB04-066", true).inBattle(P2, "FS02-09", false)
		energy := len(b.p(P1).Energy)
		b.do("P2 attack FS02-09 -> P1:FB04-066", "P2 pass", "P1 pass", "ko")
		if got := len(b.p(P1).Energy) - energy; got != c.gain {
			t.Errorf("Leader %s: Piccolo's [When KO'd] added %d energy, want %d: %s", c.leader, got, c.gain, b.eventText())
		}
	}
}

// Bulma (Mini) : DA FS07-06: "[On Play] Look at 2 cards from the top of
// your deck and add 1 card to your hand. Then, place the rest at the
// bottom of its owner's deck." The use line names the card added; it must
// add one.
func TestBulmaMiniAddsOneOfTwo(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FS07-06").energy(P1, "FS07-06", 2)
	hand, deck := len(b.p(P1).Hand), len(b.p(P1).Deck)
	b.do("P1 play FS07-06")
	b.bad("P1 use FS07-06 -> none", "Card skills")
	b.do("P1 use FS07-06 -> FS01-10")
	if len(b.p(P1).Hand) != hand || len(b.p(P1).Deck) != deck-1 {
		t.Fatalf("hand %d (want %d), deck %d (want %d): %s", len(b.p(P1).Hand), hand, len(b.p(P1).Deck), deck-1, b.eventText())
	}
}

// Super Uub FB04-106: "[Activate Main][Once per turn] If your opponent
// doesn't have an energy marker, choose up to 1 of your opponent's Battle
// Cards with a cost of 5 or less and KO it. Then, your opponent places 1
// energy marker." The marker goes to the opponent.
func TestSuperUubGivesTheOpponentAMarker(t *testing.T) {
	b := realBoard(t).main(P1, 3).inBattle(P1, "FB04-106", false).inBattle(P2, "FS02-05", false)
	b.p(P2).Markers = 0
	b.do("P1 use FB04-106 -> P2:FS02-05")
	if len(b.p(P2).Battle) != 0 || b.p(P2).Markers != 1 || b.p(P1).Markers != 0 {
		t.Fatalf("P2's Battle Area %d (want 0), P2's markers %d (want 1), P1's %d (want 0): %s",
			len(b.p(P2).Battle), b.p(P2).Markers, b.p(P1).Markers, b.eventText())
	}
}

// Awakening to Super Saiyan Rosé FB02-067: "[Activate Main] Choose all
// cards with «Earthling» in their special traits in the Battle Areas and
// return them to their owners' hands. Then, if you returned 3 or more
// cards, draw 2 cards." Three Earthlings (Tien Shinhan FS01-10, two Son
// Goten FS02-05) returned draw 2; two do not.
func TestRoseDrawsAfterReturningThree(t *testing.T) {
	for _, c := range []struct {
		opponents int
		draw      int
	}{{2, 2}, {1, 0}} {
		b := realBoard(t).main(P1, 3).hand(P1, "FB02-067").energy(P1, "FB02-067", 3).inBattle(P1, "FS01-10", false)
		for range c.opponents {
			b.inBattle(P2, "FS02-05", false)
		}
		hand := len(b.p(P1).Hand)
		b.do("P1 play FB02-067")
		// -1 played, +1 Tien Shinhan returned, + the draw.
		if got := len(b.p(P1).Hand); got != hand+c.draw || len(b.p(P2).Battle) != 0 {
			t.Errorf("%d returned: hand %d, want %d: %s", c.opponents+1, got, hand+c.draw, b.eventText())
		}
	}
}

// Mai : Future FB01-062: "[Auto][Once per turn] If you have 7 or fewer
// cards in your hand, when an opponent's Battle Card is returned to their
// hand by one of your skills, draw 1 card." Vegito FB05-040's [On Play]
// returns Son Goten FS02-05: Mai draws 1.
func TestMaiDrawsWhenAnOpponentsCardIsReturned(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB05-040").energy(P1, "FB05-040", 4).inBattle(P1, "FB01-062", false).inBattle(P2, "FS02-05", false)
	hand := len(b.p(P1).Hand)
	b.do("P1 play FB05-040", "P1 use FB05-040 -> P2:FS02-05")
	if len(b.p(P2).Battle) != 0 || len(b.p(P1).Hand) != hand {
		t.Fatalf("P2's Battle Area %d (want 0), P1's hand %d (want %d: one played, one drawn): %s",
			len(b.p(P2).Battle), len(b.p(P1).Hand), hand, b.eventText())
	}
}

// Frieza FB02-128: "[Auto][Your Turn][Once per turn] When this card is
// switched to Active Mode by a skill, choose up to 1 of your opponent's
// Rest Mode Battle Cards with a cost of 4 or less and it can't switch to
// Active Mode during your opponent's next turn." Body Change FB01-137
// rests Tien Shinhan (its cost) and switches Frieza to Active Mode; Son
// Goten stays rested in P2's Charge Phase (CR 7-2-7 readies the others).
func TestFriezaActivatedByASkill(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB01-137").energy(P1, "FB02-128", 1)
	b.inBattle(P1, "FB02-128", true).inBattle(P1, "FS01-10", false).inBattle(P2, "FS02-05", true)
	b.do("P1 play FB01-137", "P1 use FB01-137 -> FS01-10 FB02-128")
	if b.p(P1).Battle[0].Rest || len(b.s.Pending) != 1 {
		t.Fatalf("Frieza rested %v, %d skills waiting (want its trigger): %s", b.p(P1).Battle[0].Rest, len(b.s.Pending), b.eventText())
	}
	b.do("P1 use FB02-128 -> P2:FS02-05", "P1 end")
	if !b.p(P2).Battle[0].Rest {
		t.Fatalf("Son Goten switched to Active Mode in P2's Charge Phase: %s", b.eventText())
	}
}

// Son Gohan : Adolescence FB04-037: "[Auto][Once per turn] When a Battle
// Card is played from your Drop, choose up to 1 of your opponent's Battle
// Cards and reduce its cost by 1 for the turn." Zamasu : Fused FB02-044,
// KO'd in battle, plays itself from the Drop ("[When KO'd] Play this card
// from your Drop in Rest Mode"): Gohan's skill lowers Trunks FS02-09's cost.
func TestGohanWhenACardIsPlayedFromTheDrop(t *testing.T) {
	b := realBoard(t).main(P2, 4).inBattle(P2, "FS02-09", false).inBattle(P1, "FB04-037", false).inBattle(P1, "FB02-044", true)
	b.do("P2 attack FS02-09 -> P1:FB02-044", "P2 pass", "P1 pass", "ko", "P1 use FB02-044")
	if len(b.p(P1).Battle) != 2 || !b.p(P1).Battle[1].Rest {
		t.Fatalf("Zamasu should be back in Rest Mode: %s", b.eventText())
	}
	b.do("P1 use FB04-037 -> P2:FS02-09")
	if got := b.s.CostChange(b.p(P2).Battle[0].ID); got != -1 {
		t.Fatalf("Trunks' cost changed by %d, want -1: %s", got, b.eventText())
	}
}

// Babidi's Spaceship FB03-101: "[Auto][Your Turn][Once per turn] When
// your <Babidi> or your Battle Card with «Wicked Soul» in its special
// traits is played, choose up to 1 of your opponent's Rest Mode Battle
// Cards with a cost of 4 or less and it can't switch to Active Mode during
// your opponent's next turn." Tien Shinhan played does nothing; Dabura
// FB06-080 («Wicked Soul») does.
func TestBabidisSpaceshipWhenAWickedSoulIsPlayed(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB03-101", "FS01-10", "FB06-080").energy(P1, "FB03-101", 4).energy(P1, "FS01-10", 1).inBattle(P2, "FS02-05", true)
	b.do("P1 play FB03-101", "P1 play FS01-10")
	if len(b.s.Pending) != 0 {
		t.Fatalf("Tien Shinhan is no Wicked Soul, yet a skill waits: %s", b.eventText())
	}
	b.do("P1 play FB06-080")
	if len(b.s.Pending) != 1 {
		t.Fatalf("Dabura played: %d skills waiting, want the Spaceship's: %s", len(b.s.Pending), b.eventText())
	}
	b.do("P1 use FB03-101 -> P2:FS02-05", "P1 end")
	if !b.p(P2).Battle[0].Rest {
		t.Fatalf("Son Goten switched to Active Mode in P2's Charge Phase: %s", b.eventText())
	}
}

// Meta-Cooler FB01-131: "[Permanent] You can include as many copies of
// this card in your deck as you like." Its own text wins over the deck's
// limit of 4 copies (CR 6-1-4-2; CR 0-2-2: card text over the rules); a
// fifth copy of another card is still too many.
func TestMetaCoolerAnyNumberOfCopies(t *testing.T) {
	cards := realCards(t)
	deck := repeat("FB01-131", 50)
	for _, v := range CheckDeck("FB01-105", deck, cards) {
		t.Errorf("50 Meta-Cooler: %s", v.Message())
	}
	deck = append(repeat("FB01-131", 45), repeat("FB01-122", 5)...)
	if vs := CheckDeck("FB01-105", deck, cards); len(vs) != 1 || vs[0].Rule != "CR 6-1-4-2" {
		t.Errorf("five Dore FB01-122: %v, want one CR 6-1-4-2", vs)
	}
}

// Vegito FB04-130: "[Permanent] Having 0 cards in your deck does not cause
// you to lose the game, and if you have 0 cards in your deck, this card
// gets +10000 power." With Vegito in play an empty deck loses nothing (CR
// 0-1-3-2 otherwise), and Vegito has 50000 power; without him it loses.
func TestVegitoKeepsAPlayerWithoutDeck(t *testing.T) {
	b := realBoard(t).main(P1, 3).inBattle(P1, "FB04-130", false).deck(P1, 0)
	b.do("P1 attack FB04-130 -> leader")
	if b.s.Result.Over || b.power(P1, 0) != 50000 {
		t.Fatalf("game over %v (want not), Vegito's power %d (want 50000): %s", b.s.Result.Over, b.power(P1, 0), b.eventText())
	}
	b = realBoard(t).main(P1, 3).inBattle(P1, "FS01-10", false).deck(P1, 0)
	b.do("P1 attack FS01-10 -> leader")
	if !b.s.Result.Over || b.s.Result.Winner != P2 {
		t.Fatalf("an empty deck without Vegito should lose (CR 0-1-3-2): %+v", b.s.Result)
	}
}

// Dabura SB01-030: "[Permanent] If your Leader has <Babidi> in its card
// name or if you have a card with <Babidi> in its card name in your Battle
// Area, reduce the cost of this card in your hand by 2." With Babidi
// SB01-031 in play it costs 2; without, 2 energy do not pay its 4 (CR
// 5-3-1).
func TestDaburaCostsLessWithBabidi(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "SB01-030").energy(P1, "SB01-030", 2)
	b.bad("P1 play SB01-030", "CR 5-3-1")
	b.inBattle(P1, "SB01-031", false)
	b.do("P1 play SB01-030")
	if len(b.p(P1).Battle) != 2 {
		t.Fatalf("Dabura not played for 2: %s", b.eventText())
	}
}

// Great Ape Son Goku SB01-017: "[Permanent][Your Turn] If your Leader has
// «World Tournament» in its special traits and you have an Extra with a
// cost of 2 or more in your Battle Area or Drop, reduce the cost of this
// card in your hand by 2." With Son Goku : Childhood FB06-025 and
// Awakening to Super Saiyan Rosé FB02-067 (cost 3) in the Drop it costs 2.
func TestGreatApeGokuCostsLessWithAnExtraInTheDrop(t *testing.T) {
	b := newBoardWith(t, realCards(t), [2]string{"FB06-025", "FS02-01"}, [2]string{"FS01-10", "FS02-05"}).main(P1, 3)
	b.hand(P1, "SB01-017").energy(P1, "SB01-017", 2)
	b.bad("P1 play SB01-017", "CR 5-3-1")
	b.inDrop(P1, "FB02-067")
	b.do("P1 play SB01-017")
	if len(b.p(P1).Battle) != 1 {
		t.Fatalf("Great Ape Son Goku not played for 2: %s", b.eventText())
	}
}

// Golden Frieza FB02-140: "[Permanent] Your opponent's Battle Cards with a
// cost of 5 or more are played in Rest Mode." Shin FS01-05 (cost 7) enters
// rested; Tien Shinhan FS01-10 (cost 1) stays Active.
func TestGoldenFriezaRestsCostlyPlays(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FS01-05", "FS01-10").energy(P1, "FS01-05", 8).inBattle(P2, "FB02-140", false)
	b.do("P1 play FS01-05")
	b.wantEvent("P1:FS01-05 is played in Rest Mode")
	b.do("P1 play FS01-10")
	if !b.p(P1).Battle[0].Rest || b.p(P1).Battle[1].Rest {
		t.Fatalf("Shin rested %v (want true), Tien Shinhan rested %v (want false): %s", b.p(P1).Battle[0].Rest, b.p(P1).Battle[1].Rest, Summary(&b.s))
	}
}

// Gogeta FB06-097: "[Permanent] Your opponent's cards can't be switched to
// Active Mode by skills." Body Change FB01-137 cannot wake Frieza up while
// the opponent has Gogeta; its cost (resting Tien Shinhan) is still paid.
func TestGogetaStopsActivationBySkills(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB01-137").energy(P1, "FB02-128", 1).inBattle(P2, "FB06-097", false)
	b.inBattle(P1, "FB02-128", true).inBattle(P1, "FS01-10", false)
	b.do("P1 play FB01-137", "P1 use FB01-137 -> FS01-10 FB02-128")
	if !b.p(P1).Battle[0].Rest || !b.p(P1).Battle[1].Rest || len(b.s.Pending) != 0 {
		t.Fatalf("Frieza rested %v (want true), Tien Shinhan rested %v (want true), waiting %d (want 0): %s",
			b.p(P1).Battle[0].Rest, b.p(P1).Battle[1].Rest, len(b.s.Pending), b.eventText())
	}
	b.wantEvent("can't be switched to Active Mode by skills")
}

// Twisted Morality FS10-18: "[Activate Main] Place 1 of your energy into
// its owner's Drop : If your Leader is <Giblet>, choose up to 1 Battle Card
// with a cost of 4 or less and up to 1 Battle Card with a cost of 3 or less
// in your opponent's Battle Area and KO them." One card of each kind: two
// Vegito FB05-040 (cost 4) are refused, Vegito and Son Goten FS02-05 (cost
// 1) are KO'd.
func TestTwistedMoralityKOsOneOfEachKind(t *testing.T) {
	b := newBoardWith(t, realCards(t), [2]string{"FS10-01", "FS02-01"}, [2]string{"FS01-10", "FS02-05"}).main(P1, 3)
	b.hand(P1, "FS10-18").energy(P1, "FS10-18", 4).inBattle(P2, "FB05-040", false).inBattle(P2, "FB05-040", false).inBattle(P2, "FS02-05", false)
	b.do("P1 play FS10-18")
	b.bad("P1 use FS10-18 -> P2:FB05-040 P2:FB05-040#2", "Card skills")
	b.do("P1 use FS10-18 -> P2:FB05-040 P2:FS02-05")
	if len(b.p(P2).Battle) != 1 || len(b.p(P2).Drop) != 2 {
		t.Fatalf("P2's Battle Area %d (want 1), Drop %d (want 2): %s", len(b.p(P2).Battle), len(b.p(P2).Drop), b.eventText())
	}
}

// Vegito FB05-041: "[Activate Main] Place this card in a Battle Area at the
// bottom of its owner's deck : If you have 20 or more cards in your Drop,
// add up to 1 <Son Goku> with a cost of 3 or less and up to 1 <Vegeta> with
// a cost of 3 or less from your Drop to your hand." Two Son Goku are
// refused; Son Goku FP-027 and Vegeta FS01-14 are added.
func TestVegitoAddsOneSonGokuAndOneVegeta(t *testing.T) {
	b := realBoard(t).main(P1, 3).inBattle(P1, "FB05-041", false).inDrop(P1, repeat("FS01-10", 18)...).inDrop(P1, "FP-027", "FP-027", "FS01-14")
	hand := len(b.p(P1).Hand)
	b.bad("P1 use FB05-041 -> FP-027 FP-027#2", "Card skills")
	b.do("P1 use FB05-041 -> FP-027 FS01-14")
	if len(b.p(P1).Hand) != hand+2 || len(b.p(P1).Battle) != 0 {
		t.Fatalf("hand %d (want %d), Battle Area %d (want 0): %s", len(b.p(P1).Hand), hand+2, len(b.p(P1).Battle), b.eventText())
	}
}

// Spy Robot FB02-081: "[Activate Main][Once per turn] Choose 3 cards from
// your opponent's hand and reveal them." The use line names three cards of
// the opponent's hand; fewer is a choice missing (Card skills). They stay
// in the hand.
func TestSpyRobotRevealsThreeCards(t *testing.T) {
	b := realBoard(t).main(P1, 3).inBattle(P1, "FB02-081", false)
	hand := len(b.p(P2).Hand)
	b.bad("P1 use FB02-081 -> P2:FS02-05", "Card skills")
	b.do("P1 use FB02-081 -> P2:FS02-05 P2:FS02-05#2 P2:FS02-05#3")
	b.wantEvent("reveals FS02-05, FS02-05, FS02-05 from their hand")
	if len(b.p(P2).Hand) != hand {
		t.Fatalf("the revealed cards left the hand: %d, want %d", len(b.p(P2).Hand), hand)
	}
}

// Scouter FB03-076: "[Activate Main] Choose 1 card from your opponent's
// hand and reveal it. If the revealed card's cost is less than or equal to
// your energy, add the top card of your deck to your energy in Rest Mode."
// With 2 energy, Son Goten FS02-05 (cost 1) charges 1; Gogeta FB06-097
// (cost 6) does not.
func TestScouterChargesAfterACheapCard(t *testing.T) {
	for _, c := range []struct {
		card string
		gain int
	}{{"P2:FS02-05", 1}, {"P2:FB06-097", 0}} {
		b := realBoard(t).main(P1, 3).hand(P1, "FB03-076").energy(P1, "FB03-076", 2).hand(P2, "FB06-097")
		b.do("P1 play FB03-076", "P1 use FB03-076 -> "+c.card)
		if got := len(b.p(P1).Energy) - 2; got != c.gain {
			t.Errorf("%s revealed: %d energy added, want %d: %s", c.card, got, c.gain, b.eventText())
		}
	}
}

// Master Roshi FB03-056: "[On Play] Return 1 Extra from your energy to your
// hand : Add the top card of your deck to your energy in Rest Mode." The
// cost names an Extra of the energy (Tien Shinhan FS01-10 is none); it goes
// to the hand and the deck's top card to the energy.
func TestMasterRoshiReturnsAnExtraFromEnergy(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB03-056").energy(P1, "FB03-056", 1).energy(P1, "FS01-10", 1).energy(P1, "FB02-067", 1)
	hand := len(b.p(P1).Hand)
	b.do("P1 play FB03-056")
	b.bad("P1 use FB03-056 -> FS01-10", "Card skills")
	b.do("P1 use FB03-056 -> FB02-067")
	p := b.p(P1)
	if len(p.Hand) != hand || len(p.Energy) != 3 || b.s.Cards[p.Hand[len(p.Hand)-1]].Number != "FB02-067" || !p.Energy[2].Rest {
		t.Fatalf("hand %d (want %d, with FB02-067), energy %d (want 3, the new one rested): %s", len(p.Hand), hand, len(p.Energy), Summary(&b.s))
	}
}

// Cell FB02-082: "[Activate Main][Once per turn] Place 1 card with
// «Earthling» in its special traits from your energy into your Drop : This
// card gets +15000 power for the turn." The cost names an Earthling of the
// energy (Awakening to Super Saiyan Rosé FB02-067 is none).
func TestCellPlacesAnEarthlingFromEnergy(t *testing.T) {
	b := realBoard(t).main(P1, 3).inBattle(P1, "FB02-082", false).energy(P1, "FB02-067", 1).energy(P1, "FS01-10", 1)
	power := b.power(P1, 0)
	b.bad("P1 use FB02-082 -> FB02-067", "Card skills")
	b.do("P1 use FB02-082 -> FS01-10")
	p := b.p(P1)
	if b.power(P1, 0) != power+15000 || len(p.Energy) != 1 || len(p.Drop) != 1 || !p.EnergyDropped {
		t.Fatalf("power %d (want %d), energy %d (want 1), Drop %d (want 1): %s", b.power(P1, 0), power+15000, len(p.Energy), len(p.Drop), b.eventText())
	}
}

// Nam FB06-033: "[On Play] Add up to 1 card from your life to your hand.
// Then, if this card was played by a skill, draw 1 card." Played from the
// hand it draws nothing; played by FB06-044's "Play up to
// 1 Battle Card with a cost of 3 or less and «World Tournament» ... from
// your hand" it draws 1.
func TestNamDrawsWhenPlayedByASkill(t *testing.T) {
	b := realBoard(t).main(P1, 3).hand(P1, "FB06-033").energy(P1, "FB06-033", 3)
	hand := len(b.p(P1).Hand)
	b.do("P1 play FB06-033", "P1 use FB06-033 -> none")
	if len(b.p(P1).Hand) != hand-1 {
		t.Fatalf("played from the hand: hand %d, want %d (no draw): %s", len(b.p(P1).Hand), hand-1, b.eventText())
	}
	b = realBoard(t).main(P1, 3).hand(P1, "FB06-044", "FB06-033").energy(P1, "FB06-033", 2).inBattle(P1, "FS02-05", false)
	hand = len(b.p(P1).Hand)
	b.do("P1 play FB06-044", "P1 use FB06-044 -> FS02-05 FB06-033", "P1 use FB06-033 -> none")
	// -2 played, +1 Son Goten returned by the cost, +1 drawn.
	if len(b.p(P1).Hand) != hand || len(b.p(P1).Battle) != 1 {
		t.Fatalf("played by a skill: hand %d (want %d), Battle Area %d (want Nam only): %s", len(b.p(P1).Hand), hand, len(b.p(P1).Battle), b.eventText())
	}
}
