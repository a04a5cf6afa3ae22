// Package skill reads the skill text of Fusion World cards into structured
// skills: when a skill is used (its timing), what it costs, under which
// conditions it works and what it does (its effects, with their targets).
//
// It is pure: Parse turns text into values and knows nothing of a game. The
// rules engine (rules/engine) applies the effects; Coverage says how much of
// a card pool the parser understands, and which phrases it does not.
package skill

import "strings"

// Timing is a set of the bracketed timings that open a skill line.
type Timing uint16

const (
	OnPlay         Timing = 1 << iota // [On Play]
	WhenAttacking                     // [When Attacking]
	WhenBlocking                      // [When Blocking]
	WhenKOd                           // [When KO'd]
	ActivateMain                      // [Activate Main]
	ActivateBattle                    // [Activate Battle]
	Auto                              // [Auto]: a trigger written in the text
	Permanent                         // [Permanent]: always on while its conditions hold
	Awaken                            // [Awaken]: the Leader flips
	EndOfYourTurn                     // [End of Your Turn]
)

// Has reports whether t includes u.
func (t Timing) Has(u Timing) bool { return t&u != 0 }

var timingTags = map[string]Timing{
	"on play": OnPlay, "when attacking": WhenAttacking, "when blocking": WhenBlocking,
	"when ko'd": WhenKOd, "activate main": ActivateMain, "activate battle": ActivateBattle,
	"activate main/battle": ActivateMain | ActivateBattle, "auto": Auto, "permanent": Permanent,
	"awaken": Awaken, "end of your turn": EndOfYourTurn,
}

// String names the timings as printed, e.g. "[On Play]" or "[Activate Main/Battle]".
func (t Timing) String() string {
	if t == ActivateMain|ActivateBattle {
		return "[Activate Main/Battle]"
	}
	var parts []string
	for _, x := range []struct {
		t    Timing
		name string
	}{{OnPlay, "On Play"}, {WhenAttacking, "When Attacking"}, {WhenBlocking, "When Blocking"},
		{WhenKOd, "When KO'd"}, {ActivateMain, "Activate Main"}, {ActivateBattle, "Activate Battle"},
		{Auto, "Auto"}, {Permanent, "Permanent"}, {Awaken, "Awaken"}, {EndOfYourTurn, "End of Your Turn"}} {
		if t.Has(x.t) {
			parts = append(parts, x.name)
		}
	}
	if len(parts) == 0 {
		return ""
	}
	return "[" + strings.Join(parts, "/") + "]"
}

// Skill is one line of a card's skill text.
type Skill struct {
	Text     string   // the line as printed
	Timing   Timing   // zero for a keyword or reminder line
	Keywords []string // keywords that open the line: the card's own ([Blocker], [Critical] ...)
	// YourTurn and OpponentsTurn limit the skill to one player's turns.
	YourTurn, OpponentsTurn bool
	OncePerTurn             bool
	// Trigger is the event an [Auto] skill waits for ("when you use this card
	// in a combo from your hand"); TriggerNone for other timings.
	Trigger Trigger
	// TriggerCards are the cards whose event fires a YourCardPlayed
	// trigger (Filter, or one of Alts).
	TriggerCards Target
	// If holds the conditions of the whole skill: an [Awaken]'s "When your
	// life is at 4 or less", or a trigger's "if ..." before its effects.
	If      []Cond
	Cost    Cost
	Effects []Effect
	// Understood is true when every phrase of the line was read. Otherwise
	// Phrase is the first phrase that was not, in a normal form (names,
	// traits and numbers replaced) so equal phrases of different cards count
	// together.
	Understood bool
	Phrase     string
}

// Activated reports whether the skill is used by choice ([Activate Main] or
// [Activate Battle]).
func (s *Skill) Activated() bool { return s.Timing.Has(ActivateMain | ActivateBattle) }

// Trigger is what an [Auto] skill waits for.
type Trigger uint8

const (
	TriggerNone        Trigger = iota
	ComboFromHand              // "When you use this card in a combo from your hand"
	ComboFromBattle            // "When this card is used in a combo from the Battle Area"
	ComboFromDrop              // "When this card is used in a combo from your Drop"
	ComboWhileInBattle         // "When you use a card in a combo while this card is in a battle"
	KOsInBattle                // "When this card KO's an opponent's Battle Card in battle"
	TakeDamage                 // "When you take damage"
	OpponentPlays              // "When your opponent plays a Battle Card"
	ThisAttacks                // "When this card attacks"
	OtherTrigger               // a trigger the parser read only as text
	AttackDealsDamage          // "When this card's attack deals damage"
	LeaderAttacks              // "When your Leader attacks"
	ThisKOd                    // "When this card is KO'd"
	ThisPlayed                 // "When this card is played"
	// ComboFromBattleInBattle: "When a card is used in a combo from your
	// Battle Area while this card is in a battle".
	ComboFromBattleInBattle
	// battle phrases (issue 29): a Battle Card of yours or of your
	// opponent's attacks; the skill's AttackerIs condition says which.
	YourBattleCardAttacks // "When your Battle Card with 25000 power or more attacks"
	OppBattleCardAttacks  // "When an opponent's Battle Card with a cost of 3 attacks"
	// zone, play and combo triggers (issue 29)
	OppReturnedToHand // "When an opponent's Battle Card is returned to their hand by one of your skills"
	ActivatedBySkill  // "When this card is switched to Active Mode by a skill"
	PlayedFromDrop    // "When a Battle Card is played from your Drop"
	YourCardPlayed    // "When your <Babidi> or your Battle Card with «Wicked Soul» ... is played": TriggerCards
	TriggerCount      // number of triggers (for tables)
)

// Cost is what using a skill costs: energy (Energy, of which Colours must be
// of the given colours, as colour letters R U G Y B) and other parts, each an
// effect the player performs (switch this card to Rest Mode, discard a card).
type Cost struct {
	Energy  int
	Colours string
	Parts   []Effect
}

// Kind is what an effect does.
type Kind uint8

const (
	Draw             Kind = iota + 1 // draw N cards
	Power                            // Target gets Amount power For a time
	ComboPower                       // this card gets Amount combo power (in the Combo Area)
	KO                               // KO Target
	Rest                             // switch Target to Rest Mode
	Activate                         // switch Target to Active Mode
	ToHand                           // return Target to its owner's hand
	ToDeckBottom                     // place Target at the bottom of its owner's deck
	ToDeckTop                        // place Target on top of its owner's deck
	ToDrop                           // place Target in its owner's Drop (not a KO)
	ToEnergy                         // add Target to its owner's energy (Rest: in Rest Mode)
	Play                             // play Target From a zone (Rest: in Rest Mode)
	AddToHand                        // add Target From a zone (Drop, energy) to the hand
	Search                           // look at N from the top of the deck, add up to Target.N matching cards to the hand; the rest to Place
	LifeToHand                       // add N (Target.UpTo: up to N) cards from life to hand
	LifeToDrop                       // place N cards from life in the Drop
	LifeToEnergy                     // add N cards from life to the energy
	AddLife                          // add the top N cards of the deck to the life
	Charge                           // add the top N cards of the deck to the energy (Rest: in Rest Mode)
	Mill                             // place the top N cards of the deck in the Drop
	Discard                          // discard N cards from the hand (Target for which)
	OpponentDiscards                 // the opponent discards N cards from their hand
	EnergyActive                     // switch up to N of one's energy to Active Mode
	EnergyRest                       // switch N of one's energy to Rest Mode (a cost)
	EnergyToDrop                     // place N of one's energy cards in the Drop (a cost)
	PlaceMarker                      // place N energy markers
	RemoveMarker                     // remove N energy markers (a cost)
	Damage                           // deal N damage to the opponent
	Flip                             // flip this Leader over ([Awaken])
	Gain                             // Target gains Keyword For a time
	CantAttack                       // Target can't attack (For a time)
	CantBeKOd                        // Target can't be KO'd (Detail says by what)
	CantActivate                     // Target can't switch to Active Mode (during the opponent's next turn)
	CostChange                       // the cost of Target changes by Amount (For a time; in hand)
	CantPlay                         // the player can't play Target For a time
	Reorder                          // look at N from the top of the deck and put them back in any order (top or bottom)
	ComboUse                         // use Target in a combo (from the deck top, hand or Drop)
	Choose                           // choose one of Options
	NextCost                         // during this turn, the next time you use Target, its cost changes by Amount (Detail "free": no cost; a colour letter: one orb of that colour)
	Text                             // unused: every effect read has its own kind
	Reveal                           // reveal the top card of the deck, which stays there: "the revealed card" of the conditions after it
	Delayed                          // "at the end of the turn (battle), ...": Options[0] happen then (Detail "turn" or "battle")
	// zone, play and combo kinds (issue 29)
	DeckRule   // a rule about the deck ([Permanent]): Detail "any copies" (deck building) or "no deck-out"
	PlayedRest // Target (the opponent's Battle Cards that fit) are played in Rest Mode ([Permanent])
	ToCombo    // place Target (in play) into its owner's Combo Area
	RevealHand // choose Target (N cards) from the opponent's hand and reveal them: "the revealed card" after it
	KindCount  // number of kinds (for tables)
)

var kindNames = [...]string{"", "draw", "power", "combo power", "KO", "rest", "activate", "return to hand",
	"to deck bottom", "to deck top", "to Drop", "to energy", "play", "add to hand", "search", "life to hand",
	"life to Drop", "life to energy", "add life", "charge", "mill", "discard", "opponent discards",
	"energy to Active", "rest energy", "energy to Drop", "place marker", "remove marker", "damage", "flip",
	"gain keyword", "can't attack", "can't be KO'd", "can't switch to Active", "cost change", "can't play",
	"reorder", "combo from elsewhere", "choose one", "next cost", "other rule", "reveal", "at the end",
	"deck rule", "played in Rest Mode", "to Combo Area",
	"reveal from the opponent's hand"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "?"
}

// Duration is how long a change lasts.
type Duration uint8

const (
	Instant       Duration = iota // no duration: the effect happens once
	ForBattle                     // "for the battle"
	ForTurn                       // "for the turn" / "during this turn"
	WhileHolds                    // continuous, while the skill's conditions hold ([Permanent])
	UntilNextTurn                 // "until the end of your opponent's next turn" and the like
)

// Zone is an area of the play mat an effect reads from.
type Zone uint8

const (
	NoZone Zone = iota
	Hand
	Drop
	Deck
	Life
	Energy
	Battle
)

// Effect is one thing a skill does.
type Effect struct {
	Kind Kind
	// If holds the conditions this effect (and the ones after it in the same
	// sentence) needs: "If you have 7 or fewer cards in your hand, draw 1".
	If []Cond
	// Then marks an effect that follows the one before it ("Then, ...").
	Then   bool
	Target Target
	N      int // cards drawn, looked at, placed; damage
	Amount int // power or cost change
	For    Duration
	// Keyword is the keyword gained (Gain).
	Keyword string
	From    Zone // where a played or added card comes from
	Rest    bool // played or added in Rest Mode
	// Place is where the cards looked at and not taken go (Search, Reorder):
	// "bottom" (random order), "top" (any order) or "top or bottom".
	Place   string
	Options [][]Effect // Choose: the options, one effect list each
	// Each multiplies Amount by how many cards fit it, counted as a Have
	// (your Battle Area; WithLeader: and your Leader) or OppHave (the
	// opponent's Battle Cards) condition counts them: "+5000 power for the
	// turn for each of your opponent's Battle Cards".
	Each   *Cond
	Detail string // what a Text effect or a restriction says, normalised
}

// Mandatory reports whether the effect needs no choice from the player: no
// "up to", no card to pick.
func (e *Effect) Mandatory() bool {
	switch e.Kind {
	case Draw, AddLife, Charge, Mill, PlaceMarker, Flip, ComboPower, Reveal, Delayed:
		return true
	case LifeToHand, LifeToDrop, LifeToEnergy:
		return !e.Target.UpTo
	case Power, Gain, KO, Rest, Activate, ToHand, ToDeckBottom, ToDrop, CantAttack, CantActivate, CostChange, CantBeKOd:
		return e.Target.Fixed()
	}
	return false
}

// Cond is one condition of an "If ..." clause.
type Cond struct {
	Kind CondKind
	N    int
	// Card is what the cards counted (Have) or the Leader (LeaderIs) must
	// be; for HaveInEnergy and a Have of "<A> and <B>", Card.Names are all
	// needed (All).
	Card Filter
	All  bool
	Not  bool // "don't have", "no", "not awakened"
	// WithLeader counts the Leader too ("among your Leader and Battle Cards").
	WithLeader bool
}

// CondKind is what a condition tests.
type CondKind uint8

const (
	LeaderAwakened      CondKind = iota + 1 // your Leader is awakened
	LeaderIs                                // your Leader is <Name> / has «Trait» / has <Name> in its card name
	HandAtMost                              // you have N or fewer cards in your hand
	HandAtLeast                             // you have N or more cards in your hand
	OppHandAtLeast                          // your opponent has N or more cards in their hand
	OppHandAtMost                           // your opponent has N or fewer cards in their hand
	LifeAtMost                              // your life is at N or less
	LifeAtLeast                             // your life is at N or more
	LifeIs                                  // your life is at N
	OppLifeAtMost                           // your opponent's life is at N or less
	OppLifeAtLeast                          // your opponent's life is at N or more
	DropAtLeast                             // you have N or more cards in your Drop
	EnergyAtLeast                           // you have N or more energy
	EnergyLess                              // you have less energy than your opponent
	HasMarker                               // you have an energy marker (Not: you don't)
	Have                                    // you have (at least N) cards matching Names/Traits in the Battle Area (Not: no such cards)
	HaveInEnergy                            // you have the named cards in your Energy Area
	ComboAtLeast                            // you have N or more cards in your Combo Area
	InBattle                                // this card is in a battle
	ThisRest                                // this card is in Rest Mode
	OtherCond                               // unused: every condition read has its own kind
	PaidWithMarker                          // you removed an energy marker to use this card
	AttackingBattle                         // this card is attacking a Battle Card
	EnergyIs                                // you have exactly N energy
	HaveInDrop                              // you have N or more cards matching Card in your Drop
	OppHasMarker                            // your opponent has an energy marker (Not: doesn't)
	EnergyAtMost                            // you have N or less energy
	ActiveEnergyAtLeast                     // you have N or more Active Mode energy
	OppHave                                 // your opponent has N or more Battle Cards matching Card
	InBattleWithBattle                      // this card is in a battle with an opponent's Battle Card
	AnyMarker                               // you or your opponent has an energy marker
	ThisPowerAtLeast                        // this card has N power or more
	InPlayAnywhere                          // there is a card matching Card in a Leader Area or Battle Area (either player's)
	ThatCardIs                              // the card an effect before revealed or chose matches Card ("if the revealed card's cost is 6")
	ExtraUsedAtLeast                        // you used an Extra with an original cost of N or more during this turn
	DroppedEnergy                           // you placed a card from your energy into its owner's Drop during this turn
	// battle phrases (issue 29)
	AttackerIs     // the attacking card matches Card (an [Auto] skill's trigger)
	OppKOdInBattle // an opponent's Battle Card was KO'd in battle during this turn
	BattleOfBattle // the battle going on is between two Battle Cards
	// zone, play and combo conditions (issue 29)
	ComboFromDropUsed    // you used a card from your Drop in a combo during this turn
	MarkerRemoved        // your energy marker was removed from the game during this turn
	ReturnedAtLeast      // the effect before returned N or more cards ("if you returned 3 or more cards")
	DeckIs               // you have exactly N cards in your deck
	HaveInAreaOrDrop     // you have N or more cards matching Card in your Battle Area or Drop
	ThatCostAtMostEnergy // the card an effect before revealed has a cost of at most your energy
	PlayedBySkill        // this card was played by a skill
	CondCount            // number of condition kinds
)

// Target says which cards an effect works on.
type Target struct {
	Who Who
	// N is how many cards: exactly N, or up to N when UpTo; All for every
	// card that fits.
	N      int
	UpTo   bool
	All    bool
	Filter Filter
	// Alts are other kinds of card that also fit ("up to 1 <Paragus> or up
	// to 1 Extra").
	Alts []Filter
	// Both: the Leader of a LeaderOrYours target must fit Filter too ("up to
	// 1 of your Leaders or up to 1 Battle Card―both with «Saiyan» in their
	// special traits―").
	Both bool
	// Each: "up to 1 <A> and up to 1 <B>": at most one card of each name
	// of Filter.Names, or of each of Filter and Alts when it has Alts.
	Each bool
}

// Fixed reports whether the target needs no choice: this card, your
// Leader, every card that fits.
func (t Target) Fixed() bool {
	switch t.Who {
	case ThisCard, YourLeader, ThisAndLeader, InBattleYours, ThatCard:
		return true
	}
	return t.All
}

// Who is whose cards a target is among.
type Who uint8

const (
	NoTarget         Who = iota
	ThisCard             // this card
	YourLeader           // your Leader
	ThisAndLeader        // this card and your Leader
	LeaderOrYours        // your Leader or up to N of your Battle Cards
	Yours                // your cards (Battle Cards unless Filter says otherwise)
	Opponents            // your opponent's cards
	AnyPlayers           // cards of either player
	InBattleYours        // your cards that are in a battle
	ThatCard             // the card an earlier effect chose or revealed
	FromZone             // cards in one of your zones (hand, Drop ...): see Effect.From
	CardsInHand          // cards in your hand (discard)
	YourLeaderOrThis     // this card or your Leader (one of them)
	CardsInEnergy        // cards in your energy
)

// Filter narrows a target. Zero values mean "any".
type Filter struct {
	Type     string   // "Battle", "Extra", "Field" or "" for any card
	Names    []string // the card is one of these names
	NotNames []string // the card is none of these
	Contains []string // the card's name includes one of these
	Traits   []string // the card has one of these special traits
	Only     bool     // ... and no other special trait ("an «Android»-only card")
	// AllTraits are special traits the card must all have ("both «Saiyan»
	// and «Earthling»").
	AllTraits  []string
	Colour     string // "Red", "Blue" ...
	Cost       Range
	Power      Range
	OrigPower  Range // the printed power ("an original power of 30000 or more")
	Rest       bool  // in Rest Mode
	Active     bool  // in Active Mode
	Other      bool  // other than this card
	NoSkill    bool  // a card without skills ("skill-less")
	ComboPower int   // the card's combo power is this (0: any)
	// Total is a combined power limit ("that add up to a total power of N or less").
	Total int
	// TotalCost is a combined cost limit ("with a total cost of N or less").
	TotalCost int
}

// Range bounds a number: at least Min when HasMin, at most Max when HasMax.
// The zero Range allows any number.
type Range struct {
	Min, Max       int
	HasMin, HasMax bool
}

// Holds reports whether n is in the range.
func (r Range) Holds(n int) bool {
	return (!r.HasMin || n >= r.Min) && (!r.HasMax || n <= r.Max)
}

// Set reports whether the range bounds anything.
func (r Range) Set() bool { return r.HasMin || r.HasMax }

func atMost(n int) Range  { return Range{Max: n, HasMax: true} }
func atLeast(n int) Range { return Range{Min: n, HasMin: true} }
func exactly(n int) Range { return Range{Min: n, Max: n, HasMin: true, HasMax: true} }

func anyFilter() Filter { return Filter{} }

// Card is the parsed text of one card: its front and, for a Leader, its
// back side.
type Card struct {
	Front []Skill
	Back  []Skill
}

// Understood reports whether every line of both sides was read.
func (c *Card) Understood() bool {
	for _, side := range [][]Skill{c.Front, c.Back} {
		for i := range side {
			if !side[i].Understood {
				return false
			}
		}
	}
	return true
}

// ParseCard parses both sides of a card.
func ParseCard(text, backText string) Card {
	return Card{Front: Parse(text), Back: Parse(backText)}
}
