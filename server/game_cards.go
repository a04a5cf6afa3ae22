package server

import (
	"context"
	"slices"
	"strings"
	"sync"
	"time"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// cardCacheTTL bounds how long a card map is reused. Card data changes only
// when a card list is imported: the instance that imports forgets its maps
// at once, and another instance on the same database within this time.
const cardCacheTTL = 5 * time.Minute

// cardCacheMax bounds the maps kept: a venue's games, many times over.
const cardCacheMax = 512

// cardCache keeps the card maps games were replayed with, by the card
// numbers they hold, so a tap on the game tracker (or a judge's next step)
// does not load and index the same cards again. A tracked paper game names
// only the cards of its two decklists: one map serves its whole game.
type cardCache struct {
	mu sync.Mutex
	m  map[string]cachedCards
}

type cachedCards struct {
	cards *judgeCards
	at    time.Time
}

func (cc *cardCache) forget() {
	cc.mu.Lock()
	defer cc.mu.Unlock()
	cc.m = nil
}

// gameCards loads the cards of the given numbers (printings by their base
// number) as the engine and the pages read them; numbers the pool does not
// know are left out.
func (s *Server) gameCards(ctx context.Context, numbers []string) (*judgeCards, error) {
	key := cardKey(numbers)
	now := time.Now()
	s.cards.mu.Lock()
	if c, ok := s.cards.m[key]; ok && now.Sub(c.at) < cardCacheTTL {
		s.cards.mu.Unlock()
		return c.cards.in(ctx), nil
	}
	s.cards.mu.Unlock()
	list, err := s.Store.GameLogCards(ctx, rules.GameFusionWorld, numbers)
	if err != nil {
		return nil, err
	}
	jc := newJudgeCards(list)
	s.cards.mu.Lock()
	defer s.cards.mu.Unlock()
	if s.cards.m == nil || len(s.cards.m) >= cardCacheMax {
		s.cards.m = map[string]cachedCards{}
	}
	s.cards.m[key] = cachedCards{cards: jc, at: now}
	return jc.in(ctx), nil
}

// in is jc naming cards in ctx's language (Japanese names on Japanese
// pages); the cached cards are shared by every language, so it is a copy.
func (jc *judgeCards) in(ctx context.Context) *judgeCards {
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
