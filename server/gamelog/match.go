package gamelog

import (
	"context"
	"errors"
	"strconv"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/carddata"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// MatchLabels names matches by table and players ("Match 7, table 4: Ana v
// Ben"), remembering each for the rest of the request.
type MatchLabels struct {
	st      *storage.Store
	ctx     context.Context
	eventID int64
	done    map[int64]i18n.Message
}

// NewMatchLabels names the matches of an event for one request.
func NewMatchLabels(ctx context.Context, st *storage.Store, eventID int64) *MatchLabels {
	return &MatchLabels{st: st, ctx: ctx, eventID: eventID, done: map[int64]i18n.Message{}}
}

// Label is a match's name, zero for none (matchID nil).
func (ml *MatchLabels) Label(matchID *int64) (i18n.Message, error) {
	if matchID == nil {
		return i18n.Message{}, nil
	}
	if l, ok := ml.done[*matchID]; ok {
		return l, nil
	}
	label := i18n.M("JudgeMatchLabel", i18n.Args{"Match": *matchID})
	m, err := ml.st.MatchByID(ml.ctx, ml.eventID, *matchID)
	if err != nil && !errors.Is(err, storage.ErrNotFound) {
		return i18n.Message{}, err
	}
	if err == nil {
		if m.TableNo != nil {
			label = i18n.M("JudgeMatchTableLabel", i18n.Args{"Match": *matchID, "Table": *m.TableNo})
		}
		p1, err := EntryName(ml.ctx, ml.st, ml.eventID, &m.P1EntryID)
		if err != nil {
			return i18n.Message{}, err
		}
		p2, err := EntryName(ml.ctx, ml.st, ml.eventID, m.P2EntryID)
		if err != nil {
			return i18n.Message{}, err
		}
		var opponent any = p2
		if p2 == "" {
			opponent = i18n.M("JudgeBye", nil)
		}
		label = i18n.M("JudgeMatchPlayers", i18n.Args{"Match": label, "P1": p1, "P2": opponent})
	}
	ml.done[*matchID] = label
	return label, nil
}

// EntryName is a player's name, or "" for no entry.
func EntryName(ctx context.Context, st *storage.Store, eventID int64, id *int64) (string, error) {
	if id == nil {
		return "", nil
	}
	en, err := st.EntryByID(ctx, eventID, *id)
	if errors.Is(err, storage.ErrNotFound) {
		return "?", nil
	}
	if err != nil {
		return "", err
	}
	return en.PlayerName, nil
}

// RegisteredDeck is the main deck of an entry's registered decklist as
// "COUNT NUMBER" parts, or nil when the entry has none that reads (or no
// entry: a bye).
func RegisteredDeck(ctx context.Context, st *storage.Store, eventID int64, id *int64) ([]string, error) {
	if id == nil {
		return nil, nil
	}
	en, err := st.EntryByID(ctx, eventID, *id)
	if errors.Is(err, storage.ErrNotFound) {
		return nil, nil
	}
	if err != nil || strings.TrimSpace(en.DeckText) == "" {
		return nil, err
	}
	ev, err := st.EventByID(ctx, eventID)
	if err != nil {
		return nil, err
	}
	pool, err := carddata.New(st).CardPool(ctx, rules.Game(ev.Game))
	if err != nil {
		return nil, err
	}
	d, err := web.ParseDeckText(en.DeckText, pool)
	if err != nil {
		return nil, nil // a list that does not read is the deck check's business
	}
	var parts []string
	leader := rules.CanonicalNumber(en.DeckLeader)
	for _, de := range d.Entries {
		// A list without section headings has its Leader among the main
		// deck's lines; the check found it (DeckLeader), and a Leader is
		// never in the deck.
		if leader != "" && rules.CanonicalNumber(de.Number) == leader {
			continue
		}
		if de.Section == rules.SectionMain && de.Count > 0 {
			parts = append(parts, strconv.Itoa(de.Count)+" "+de.Number)
		}
	}
	return parts, nil
}
