// Package gamelog is a game log as the judge console, the game tracker and
// the player's page share it: the cards it is replayed with (cached by
// their numbers), its text read and a line appended, the life and deck
// counts kept with it, a new log's header, the names of its match and
// players, and the end-of-round procedure applied to its counts.
package gamelog

import (
	"context"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/rules/engine"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/carddata"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// Cards is the stored Fusion World pool as the engine reads it, plus
// names for the board. Cards the pool does not know still replay: the engine
// skips the checks that need their data (docs/engine-rules.md).
type Cards struct {
	Engine engine.CardMap
	Pool   rules.MapPool
	lang   string // the page's language, for card names
}

func newCards(list []rules.Card) *Cards {
	return &Cards{Engine: engine.NewCardMap(list), Pool: rules.NewMapPool(list)}
}

// Numbers lists every card number a log names: Leaders, decks and
// decklists, and the cards its actions refer to (which is where unknown
// cards are revealed).
func Numbers(l *engine.Log) []string {
	var out []string
	for _, p := range l.Setup.Players {
		out = append(out, p.Leader)
		out = append(out, p.Deck...)
		out = append(out, p.Decklist...)
	}
	for _, a := range l.Actions {
		for _, ref := range append([]string{a.Card}, a.Targets...) {
			if r, err := engine.ParseRef(ref); err == nil && r.Number != "" {
				out = append(out, r.Number)
			}
		}
	}
	return out
}

// Label is a card number with its name when the pool knows it.
func (jc *Cards) Label(number string) string {
	if number == "?" || number == "-" || number == "" {
		return "?"
	}
	if c, ok := jc.Pool.Card(number); ok && c.Name != "" {
		return number + " " + web.CardNameIn(jc.lang, c)
	}
	return number
}

// ForLog is Cards of every card number l names (Numbers).
func (cc *CardCache) ForLog(ctx context.Context, l *engine.Log) (*Cards, error) {
	return cc.Cards(ctx, Numbers(l))
}

// cardCacheTTL bounds how long a card map is reused. Card data changes only
// when a card list is imported: the instance that imports forgets its maps
// at once, and another instance on the same database within this time.
const cardCacheTTL = 5 * time.Minute

// cardCacheMax bounds the maps kept: a venue's games, many times over.
const cardCacheMax = 512

// CardCache keeps the card maps games were replayed with, by the card
// numbers they hold, so a tap on the game tracker (or a judge's next step)
// does not load and index the same cards again. A tracked paper game names
// only the cards of its two decklists: one map serves its whole game.
type CardCache struct {
	store *storage.Store
	mu    sync.Mutex
	m     map[string]cachedCards
}

type cachedCards struct {
	cards *Cards
	at    time.Time
}

// NewCardCache is an empty cache of the cards st holds.
func NewCardCache(st *storage.Store) *CardCache { return &CardCache{store: st} }

// Forget drops every cached map (after a card import).
func (cc *CardCache) Forget() {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	cc.m = nil
}

// Cards loads the cards of the given numbers (printings by their base
// number) as the engine and the pages read them; numbers the pool does not
// know are left out.
func (cc *CardCache) Cards(ctx context.Context, numbers []string) (*Cards, error) {
	key := cardKey(numbers)
	now := time.Now()
	cc.mu.Lock()
	if c, ok := cc.m[key]; ok && now.Sub(c.at) < cardCacheTTL {
		cc.mu.Unlock()
		return c.cards.in(ctx), nil
	}
	cc.mu.Unlock()
	list, err := carddata.New(cc.store).GameLogCards(ctx, rules.GameFusionWorld, numbers)
	if err != nil {
		return nil, err
	}
	jc := newCards(list)
	cc.mu.Lock()
	defer cc.mu.Unlock()
	if cc.m == nil || len(cc.m) >= cardCacheMax {
		cc.m = map[string]cachedCards{}
	}
	cc.m[key] = cachedCards{cards: jc, at: now}
	return jc.in(ctx), nil
}

// in is jc naming cards in ctx's language (Japanese names on Japanese
// pages); the cached cards are shared by every language, so it is a copy.
func (jc *Cards) in(ctx context.Context) *Cards {
	c := *jc
	c.lang = i18n.Lang(ctx)
	return &c
}

// cardKey names a set of card numbers whatever their order and repeats.
func cardKey(numbers []string) string {
	set := make([]string, 0, len(numbers))
	for _, n := range numbers {
		if n = rules.CanonicalNumber(n); n != "" {
			set = append(set, n)
		}
	}
	slices.Sort(set)
	return strings.Join(slices.Compact(set), ",")
}
