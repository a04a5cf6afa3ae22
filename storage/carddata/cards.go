package carddata

import (
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"time"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"gorm.io/gorm/clause"
)

// CardRow is a stored card: the card as JSON plus columns to find it by.
type CardRow struct {
	Game       string `gorm:"primaryKey"`
	Number     string `gorm:"primaryKey"`
	Name       string
	NameJP     string `gorm:"column:name_jp"` // the Japanese name, "" where the card data has none
	CardType   string
	SetCode    string
	SearchText string
	Data       string
	// CopyLimit is the card's own copy limit (rules.Card.CopyLimit), read
	// from its text at import; nil for a card stored before the column.
	CopyLimit  *int
	ImportedAt time.Time
}

// TableName keeps GORM's naming out of the schema.
func (CardRow) TableName() string { return "cards" }

// ImportCards stores cards, replacing those with the same game and number,
// in one transaction: a failure leaves the pool as it was. progress, when not
// nil, is called after each batch with the number stored so far.
func (s *Store) ImportCards(ctx context.Context, actor storage.Actor, cards []rules.Card, progress func(done int)) error {
	const batch = 200
	return s.tx(ctx, func(tx *Store) error {
		now := tx.now()
		rows := make([]CardRow, 0, batch)
		flush := func() error {
			if len(rows) == 0 {
				return nil
			}
			err := tx.with(ctx).Clauses(clause.OnConflict{
				Columns:   []clause.Column{{Name: "game"}, {Name: "number"}},
				DoUpdates: clause.AssignmentColumns([]string{"name", "name_jp", "card_type", "set_code", "search_text", "data", "copy_limit", "imported_at"}),
			}).Create(&rows).Error
			rows = rows[:0]
			return wrap("import cards", err)
		}
		for i := range cards {
			c := &cards[i]
			if c.Game == "" || c.Number == "" {
				return fmt.Errorf("storage: card %d (%q) has no game or number", i+1, c.Number)
			}
			data, err := json.Marshal(c)
			if err != nil {
				return err
			}
			limit := c.CopyLimit
			rows = append(rows, CardRow{
				Game: string(c.Game), Number: c.Number, Name: c.Name, NameJP: c.NameJP, CardType: string(c.Type), SetCode: c.Set,
				SearchText: searchText(c), Data: string(data), CopyLimit: &limit, ImportedAt: now,
			})
			if len(rows) == batch {
				if err := flush(); err != nil {
					return err
				}
				if progress != nil {
					progress(i + 1)
				}
			}
		}
		if err := flush(); err != nil {
			return err
		}
		if progress != nil {
			progress(len(cards))
		}
		return tx.writeAudit(ctx, actor, nil, "import", "cards", int64(len(cards)), nil, map[string]any{"count": len(cards)})
	})
}

// searchText is what the card lookup matches against, lower-cased.
func searchText(c *rules.Card) string {
	parts := []string{c.Number, c.Name, c.NameJP, c.Text, strings.Join(c.Traits, " "), strings.Join(c.Keywords, " "), c.BackName, c.BackText}
	return strings.ToLower(strings.Join(parts, "\n"))
}

func decodeCard(r *CardRow) (rules.Card, error) {
	var c rules.Card
	if err := json.Unmarshal([]byte(r.Data), &c); err != nil {
		return c, fmt.Errorf("storage: card %s: stored data unreadable: %w", r.Number, err)
	}
	if r.CopyLimit == nil {
		// Stored before cards had a copy limit: read the text now, with the
		// limit the card file gave then (kept under its column name).
		rules.ReadDeckText(&c, legacyCopyLimit(c.Extra))
		return c, nil
	}
	c.CopyLimit = *r.CopyLimit
	return c, nil
}

// legacyCopyLimit is the limit an old import kept in Card.Extra: the Masters
// deck_limit or the CSV limit column.
func legacyCopyLimit(extra map[string]string) int {
	for _, k := range []string{"deck_limit", "limit"} {
		if n, err := strconv.Atoi(extra[k]); err == nil && n > 0 {
			return n
		}
	}
	return 0
}

// CardPool loads every card of a game into memory (a few thousand cards at
// most), for deck checks and the engine.
func (s *Store) CardPool(ctx context.Context, game rules.Game) (rules.MapPool, error) {
	var rows []CardRow
	if err := s.with(ctx).Where("game = ?", string(game)).Find(&rows).Error; err != nil {
		return nil, wrap("load card pool", err)
	}
	cards := make([]rules.Card, 0, len(rows))
	for i := range rows {
		c, err := decodeCard(&rows[i])
		if err != nil {
			return nil, err
		}
		cards = append(cards, c)
	}
	return rules.NewMapPool(cards), nil
}

// CountCards returns how many cards of a game are stored.
func (s *Store) CountCards(ctx context.Context, game rules.Game) (int64, error) {
	var n int64
	err := s.with(ctx).Model(&CardRow{}).Where("game = ?", string(game)).Count(&n).Error
	return n, wrap("count cards", err)
}

// SearchCards finds cards whose number, name, text, traits or keywords hold
// every word of the query, numbers first, then by name.
func (s *Store) SearchCards(ctx context.Context, game rules.Game, query string, limit int) ([]rules.Card, error) {
	q := s.with(ctx).Model(&CardRow{}).Where("game = ?", string(game))
	for _, w := range strings.Fields(strings.ToLower(query)) {
		q = q.Where("search_text LIKE ? ESCAPE '\\'", "%"+escapeLike(w)+"%")
	}
	var rows []CardRow
	if err := q.Order("number").Limit(limit).Find(&rows).Error; err != nil {
		return nil, wrap("search cards", err)
	}
	out := make([]rules.Card, 0, len(rows))
	for i := range rows {
		c, err := decodeCard(&rows[i])
		if err != nil {
			return nil, err
		}
		out = append(out, c)
	}
	return out, nil
}

func escapeLike(s string) string {
	return strings.NewReplacer(`\`, `\\`, `%`, `\%`, `_`, `\_`).Replace(s)
}

// GameLogCards loads the cards of a game with the given numbers (printing
// numbers are looked up by their base number): the few a game log names, so
// replaying a log does not load the whole pool. Unknown numbers are skipped.
func (s *Store) GameLogCards(ctx context.Context, game rules.Game, numbers []string) ([]rules.Card, error) {
	seen := make(map[string]bool, len(numbers))
	var want []string
	for _, n := range numbers {
		n = rules.CanonicalNumber(n)
		if n != "" && !seen[n] {
			seen[n] = true
			want = append(want, n)
		}
	}
	var out []rules.Card
	// Batches keep the statement under every driver's parameter limit.
	for start := 0; start < len(want); start += 500 {
		var rows []CardRow
		batch := want[start:min(start+500, len(want))]
		if err := s.with(ctx).Where("game = ? AND number IN ?", string(game), batch).Find(&rows).Error; err != nil {
			return nil, wrap("load game log cards", err)
		}
		for i := range rows {
			c, err := decodeCard(&rows[i])
			if err != nil {
				return nil, err
			}
			out = append(out, c)
		}
	}
	return out, nil
}
