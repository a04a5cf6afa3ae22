// Package rules holds the games' pure rules: cards, formats, ban lists,
// decklists and their validation. It imports no database, HTTP or template code.
package rules

// Game identifies a card game the product supports.
type Game string

const (
	GameFusionWorld Game = "fusion-world"
	GameMasters     Game = "masters"
	GameScoreDBZ    Game = "score-dbz"
	GamePaniniDBZ   Game = "panini-dbz"
)

// CardType is a Fusion World / Masters card type.
type CardType string

const (
	TypeLeader CardType = "Leader"
	TypeBattle CardType = "Battle"
	TypeExtra  CardType = "Extra"
	TypeUnison CardType = "Unison" // Masters only
	// Masters Z-cards (Zenkai series): they go in the Z-Deck, never in the
	// main deck (Masters CR 6-1-4).
	TypeZLeader CardType = "Z-Leader"
	TypeZBattle CardType = "Z-Battle"
	TypeZExtra  CardType = "Z-Extra"
	TypeZUnison CardType = "Z-Unison"
)

// IsZCard reports whether t is a Masters Z-card type.
func (t CardType) IsZCard() bool {
	switch t {
	case TypeZLeader, TypeZBattle, TypeZExtra, TypeZUnison:
		return true
	}
	return false
}

// CopyLimitAny is Card.CopyLimit for a card whose text lets a deck hold as
// many copies as the player likes.
const CopyLimitAny = -1

// Card is one card number (all its printings). Fields that a card list does
// not know are zero; Cost and friends are pointers where "unknown" and "0" differ.
type Card struct {
	Game   Game   `json:"game"`
	Number string `json:"number"` // canonical number, printing suffixes stripped
	Name   string `json:"name"`
	// NameJP is the card's Japanese name, where the card data has it
	// ("孫悟空"): Japanese pages show it, and decklists may name the card by it.
	NameJP  string   `json:"name_jp,omitempty"`
	Type    CardType `json:"type"`
	Colours []string `json:"colours"` // "Red", "Blue", "Green", "Yellow", "Black"
	Cost    *int     `json:"cost,omitempty"`
	// SpecifiedCost is the colour part of the cost as colour letters, e.g. "RR"
	// (R red, U blue, G green, Y yellow, B black).
	SpecifiedCost string   `json:"specified_cost,omitempty"`
	Power         *int     `json:"power,omitempty"`
	ComboPower    *int     `json:"combo_power,omitempty"`
	Traits        []string `json:"traits,omitempty"`
	// Keywords are the card's own keywords (not ones it grants to others).
	Keywords []string `json:"keywords,omitempty"`
	Text     string   `json:"text,omitempty"`
	Set      string   `json:"set,omitempty"`
	Rarity   string   `json:"rarity,omitempty"`
	// Back side of a Leader (Fusion World leaders awaken to their back).
	BackName     string   `json:"back_name,omitempty"`
	BackPower    *int     `json:"back_power,omitempty"`
	BackTraits   []string `json:"back_traits,omitempty"`
	BackKeywords []string `json:"back_keywords,omitempty"`
	BackText     string   `json:"back_text,omitempty"`
	// Printings lists the printing numbers seen for this card (e.g. FB01-001-p1).
	Printings []string `json:"printings,omitempty"`
	// CopyLimit is the copies of this card a deck may hold when the card
	// itself says so: 0 means the format's rule applies, CopyLimitAny any
	// number, N > 0 up to N. It is read from the card's text when the card is
	// imported (ReadDeckText), or from the card file where the text is absent.
	CopyLimit int `json:"copy_limit,omitempty"`
	// SpecifiedEventsOnly marks a card whose text says it "can only be used in
	// specified events" (FP-030): no format here is such an event.
	SpecifiedEventsOnly bool `json:"specified_events_only,omitempty"`
	// DeckRestrictions is what a Leader's text says about the rest of its
	// deck ("You can't include 《Saiyan》 cards in your deck"), read with
	// CopyLimit.
	DeckRestrictions []DeckRestriction `json:"deck_restrictions,omitempty"`
	// Extra holds game-specific attributes (DBZ CCG personality level, alignment,
	// Sensei deck mark ...) keyed by a documented name.
	Extra map[string]string `json:"extra,omitempty"`
}

// HasKeyword reports whether the card itself has keyword kw (e.g. "Blocker").
func (c *Card) HasKeyword(kw string) bool {
	for _, k := range c.Keywords {
		if k == kw {
			return true
		}
	}
	return false
}
