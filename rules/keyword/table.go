package keyword

// The names the code refers to.
const (
	Awaken       = "Awaken"
	Blocker      = "Blocker"
	Critical     = "Critical"
	DoubleStrike = "Double Strike"
	TripleStrike = "Triple Strike"
	Evolve       = "Evolve"
	FusionEvolve = "Fusion Evolve"
	Field        = "Field"
	SuperCombo   = "Super Combo"
	DragonBall   = "Dragon Ball"
)

// All is every bracketed word the product knows. The rows with a Rule are
// the rule index's entries for card words, in this order; the order of the
// Gained rows gives each its bit in the engine's state (so a new Gained
// keyword goes after the others).
//
// What the engine does beyond the fields:
//   - [Blocker]: the defender's block (engine: applier.block);
//   - [Critical]: the life cards an attack takes go to the Drop (applier.outcome);
//   - [Evolve], [Fusion Evolve]: the evolve action needs it (applier.evolve);
//   - [Field]: an Extra that stays in the Battle Area (applier.play);
//   - [Awaken]: the awaken action needs it (applier.awaken);
//   - [Super Combo], [Dragon Ball]: deck limits of 4 and 7 (engine.CheckDeck,
//     and the formats' rules in rules/format_leader.go);
//   - [Ki]: the ki action (applier.ki).
var All = []Keyword{
	{Name: "Activate Battle", Kind: Timing,
		Rule: &Rule{Title: "[Activate Battle] skills", Enforced: true,
			Explanation: "Skills marked [Activate Battle] (or [Activate Main/Battle]), Extra Cards from hand included, are used during a battle: by the attacker in the Offense Step before passing, by the defender in the Defense Step. A used Extra goes to the Drop.",
			Terms:       []string{"activate battle", "extra card", "kamehameha", "battle", "timing"}}},
	{Name: Awaken, Kind: Ability, Listed: true,
		Rule: &Rule{Enforced: true,
			Explanation: "A Leader skill: once its condition is met, the Leader flips to its back side, usually stronger. It is used like an [Activate Main/Battle] skill: in its player's Main Phase outside battles, or during a battle by the attacker in the Offense Step before passing or by the defender in the Defense Step (so also in the opponent's turn). The mode stays as it was. The engine checks the conditions it reads ('life at N or less') and applies what the skill does before the flip (draw 1 card).",
			Terms:       []string{"awaken", "flip", "leader", "back side"}}},
	{Name: Blocker, Kind: Ability, Listed: true, Read: true, Gained: true,
		Rule: &Rule{Enforced: true,
			Explanation: "When the opponent attacks, the defender may switch an Active card with [Blocker] to Rest Mode to make it the new target. Only one Blocker per battle, and only right after the attack, before any combo.",
			Terms:       []string{"blocker", "block", "redirect"}}},
	{Name: Critical, Kind: Ability, Listed: true, Read: true, Gained: true,
		Rule: &Rule{Enforced: true,
			Explanation: "Life cards this card's attack takes go to the Drop instead of to the opponent's hand.",
			Terms:       []string{"critical", "life", "drop"}}},
	{Name: DoubleStrike, Kind: Ability, Listed: true, Read: true, Gained: true, Strike: 2,
		Rule: &Rule{Enforced: true,
			Explanation: "A successful attack by this card on a Leader deals 2 damage instead of 1.",
			Terms:       []string{"double strike", "damage", "two"}}},
	{Name: TripleStrike, Kind: Ability, Listed: true, Read: true, Gained: true, Strike: 3,
		Rule: &Rule{Enforced: true,
			Explanation: "A successful attack by this card on a Leader deals 3 damage instead of 1.",
			Terms:       []string{"triple strike", "damage", "three"}}},
	{Name: Evolve, Kind: Ability, Listed: true, Read: true,
		Rule: &Rule{Enforced: true,
			Explanation: "Pay the skill's cost to play this card from hand on top of one of your Battle Cards. It keeps that card's mode and power changes; the card beneath stays under it and goes to the Drop with it. The engine checks the keyword and the cost as declared; which card may be evolved is recorded.",
			Terms:       []string{"evolve", "evolution", "stack"}}},
	{Name: FusionEvolve, Kind: Ability, Read: true,
		Rule: &Rule{Enforced: true,
			Explanation: "Like [Evolve], but on top of two of your Battle Cards at once; both go under the new card. This is how fusions enter play.",
			Terms:       []string{"fusion evolve", "fusion", "evolve", "gogeta", "vegito"}}},
	{Name: Field, Kind: Ability, Listed: true, Read: true,
		Rule: &Rule{Enforced: true,
			Explanation: "An Extra Card that stays in your Battle Area after use. When you place another [Field], the old one goes to the Drop. A [Field] is not a Battle Card: it cannot attack, be attacked or be KO'd.",
			Terms:       []string{"field", "stadium", "extra"}}},
	{Name: "Ki", Kind: Marker,
		Rule: &Rule{Enforced: true,
			Explanation: "An energy marker that a skill places under a Battle Card. It cannot pay costs, and it is lost when that card leaves play.",
			Terms:       []string{"ki", "marker", "energy marker"}}},
	{Name: SuperCombo, Kind: Ability, Listed: true, Read: true,
		Rule: &Rule{Enforced: true,
			Explanation: "A deck may hold at most 4 cards with [Super Combo] in total.",
			Terms:       []string{"super combo", "deck building", "limit"}}},
	{Name: DragonBall, Kind: Ability, Listed: true, Read: true,
		Rule: &Rule{Enforced: true,
			Explanation: "A deck may hold at most 7 cards with [Dragon Ball] in total, even of the same number.",
			Terms:       []string{"dragon ball", "deck building", "limit", "seven"}}},
	{Name: "On Play", Kind: Timing,
		Rule: &Rule{Enforced: true,
			Explanation: "A skill that happens by itself when the card is played, from hand or by another skill. The engine applies what it needs no choice for (draw 1, this card gets +5000 power); a skill with a choice (up to 1 of your opponent's Battle Cards) waits for its player's use line.",
			Terms:       []string{"on play", "enters", "trigger", "when played"}}},
	{Name: "When Attacking", Kind: Timing,
		Rule: &Rule{Enforced: true,
			Explanation: "A skill that happens by itself when the card attacks, before blocks and combos. A Leader's '[When Attacking] Draw 1 card' is drawn by the engine; it is not written in the log.",
			Terms:       []string{"when attacking", "attack trigger", "leader draw"}}},
	{Name: "When Blocking", Kind: Timing,
		Rule: &Rule{Enforced: true,
			Explanation: "A skill that happens by itself when the card blocks with [Blocker].",
			Terms:       []string{"when blocking", "block trigger"}}},
	{Name: "When KO'd", Kind: Timing,
		Rule: &Rule{Enforced: true,
			Explanation: "A skill that happens by itself when the card is KO'd, in battle or by a skill. A card that goes to the Drop at 0 power, or is placed there by a skill, is not KO'd.",
			Terms:       []string{"when ko'd", "ko trigger", "dies", "destroyed"}}},
	{Name: "Auto", Kind: Timing,
		Rule: &Rule{Enforced: true,
			Explanation: "A skill that happens by itself when what its text says happens, for example 'When you use this card in a combo from your hand, this card gets +10000 combo power'. The engine reads the common triggers (combos, KOs in battle, damage taken, attacks, the opponent playing a Battle Card).",
			Terms:       []string{"auto", "trigger", "combo power", "when you use this card in a combo"}}},
	{Name: "Permanent", Kind: Timing,
		Rule: &Rule{Title: "[Permanent], [Your Turn], [Opponent's Turn]", Enforced: true,
			Explanation: "Always-on skills, or skills on only in one player's turn. The engine applies the power changes, keywords ('gains [Blocker]') and 'can't attack' of the [Permanent] skills it reads while their conditions hold, and its own cost reductions when a card is played; it does not apply other [Permanent] effects, which the replay flags.",
			Terms:       []string{"permanent", "your turn", "opponent's turn", "continuous", "static", "while"}}},
	{Name: "Once per turn", Kind: Limit,
		Rule: &Rule{Enforced: true,
			Explanation: "A skill marked [Once per turn] can be used, or happen, once in each turn.",
			Terms:       []string{"once per turn", "limit", "per turn"}}},
	{Name: "End of Your Turn", Kind: Timing,
		Rule: &Rule{Enforced: true,
			Explanation: "A skill that happens at the end of its player's turn, before effects for the turn end. The engine applies those that need no choice; one with a choice is flagged, and its effects are declared.",
			Terms:       []string{"end of your turn", "end phase", "end of turn trigger"}}},
	{Name: "Barrier", Kind: Ability, Listed: true, Read: true, Gained: true},
	{Name: "Quadruple Strike", Kind: Ability, Listed: true},
	{Name: "Victory Strike", Kind: Ability, Listed: true},
	{Name: "Dual Attack", Kind: Ability, Listed: true},
	{Name: "Triple Attack", Kind: Ability, Listed: true},
	{Name: "EX-Evolve", Kind: Ability, Listed: true},
	{Name: "Xeno-Evolve", Kind: Ability, Listed: true},
	{Name: "Wish", Kind: Ability, Listed: true},
	{Name: "Indestructible", Kind: Ability, Listed: true},
	{Name: "Revenge", Kind: Ability, Listed: true},
	{Name: "Unique", Kind: Ability, Listed: true},
	{Name: "Z-Stack", Kind: Ability, Listed: true},
	{Name: "Energy-Exhaust", Kind: Ability, Listed: true},
	{Name: "Over Realm", Kind: Ability, Listed: true},
	{Name: "Dark Over Realm", Kind: Ability, Listed: true},
	{Name: "Deflect", Kind: Ability, Listed: true},
	{Name: "Ultimate", Kind: Ability, Listed: true},
	{Name: "Union", Kind: Ability, Listed: true},
	{Name: "Union-Fusion", Kind: Ability, Listed: true},
	{Name: "Union-Potara", Kind: Ability, Listed: true},
	{Name: "Union-Absorb", Kind: Ability, Listed: true},
	{Name: "Servant", Kind: Ability, Listed: true},
	{Name: "Rejuvenate", Kind: Ability, Listed: true},
	{Name: "Overlord", Kind: Ability, Listed: true},
	{Name: "Successor", Kind: Ability, Listed: true},
	{Name: "Offering", Kind: Ability, Listed: true},
	{Name: "Swap", Kind: Ability, Listed: true},
	{Name: "Revive", Kind: Ability, Listed: true},
	{Name: "Surge", Kind: Ability, Listed: true},
	{Name: "Aegis", Kind: Ability, Listed: true},
	{Name: "Invoker", Kind: Ability, Listed: true},
	{Name: "Wormhole", Kind: Ability, Listed: true},
}
