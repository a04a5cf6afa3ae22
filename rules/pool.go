package rules

// CardPool finds cards by number. The in-memory MapPool serves card files;
// storage provides a database-backed pool with the same interface.
type CardPool interface {
	// Card returns the card with the given number. Implementations accept any
	// printing number and look it up by CanonicalNumber.
	Card(number string) (*Card, bool)
}

// MapPool is a CardPool held in memory, keyed by canonical number.
type MapPool map[string]*Card

// NewMapPool builds a pool from cards; a later card with the same number replaces an earlier one.
func NewMapPool(cards []Card) MapPool {
	p := make(MapPool, len(cards))
	for i := range cards {
		p[CanonicalNumber(cards[i].Number)] = &cards[i]
	}
	return p
}

// Card implements CardPool.
func (p MapPool) Card(number string) (*Card, bool) {
	if c, ok := p[number]; ok {
		return c, true
	}
	c, ok := p[CanonicalNumber(number)]
	return c, ok
}
