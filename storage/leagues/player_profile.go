package leagues

import (
	"context"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// PlayerEntry is one event a player played, as their profile lists it.
type PlayerEntry struct {
	EntryID     int64     `json:"entry_id"`
	EventID     int64     `json:"event_id"`
	EventName   string    `json:"event_name"`
	EventDate   time.Time `json:"event_date"`
	EventStatus string    `json:"event_status"`
	Game        string    `json:"game"`
	Format      string    `json:"format"`
	StoreID     int64     `json:"store_id"`
	StoreName   string    `json:"store_name"`
	// As the entry has them: the name and member number given then.
	PlayerName   string `json:"player_name"`
	MemberID     string `json:"member_id"`
	Waitlisted   bool   `json:"waitlisted"`
	DroppedRound *int   `json:"dropped_round"`
	Disqualified bool   `json:"disqualified"`
	DeckText     string `json:"deck_text"`
	DeckStatus   string `json:"deck_status"`
	DeckLeader   string `json:"deck_leader"`
	DeckColours  string `json:"deck_colours"`
	// DeckPublished: the event publishes its decklists (a profile shows
	// only these to others).
	DeckPublished bool `json:"deck_published"`
	// Result is the final result stored for a finished event (nil before
	// it is computed; it may be stale: StaleEventResults).
	Result *EventResult `json:"result,omitempty" gorm:"-"`
}

// PlayerProfile is what a player's profile page shows, but the season
// standings: the server has those from the seasons' cached boards
// (SeasonIDs says which).
type PlayerProfile struct {
	Player  *storage.Player `json:"player"`
	Entries []PlayerEntry   `json:"entries"`
	Ratings []PlayerRating  `json:"ratings"`
	// SeasonIDs are the seasons that count one of the player's events.
	SeasonIDs []int64 `json:"season_ids"`
}

// PlayerProfileOf reads a player's profile (the record they were merged
// into, if they were): their entries newest first, with events, stores and
// stored results, their ratings and their seasons, in four queries.
func (s *Store) PlayerProfileOf(ctx context.Context, playerID int64) (*PlayerProfile, error) {
	p, err := s.st.LivePlayer(ctx, playerID)
	if err != nil {
		return nil, err
	}
	out := &PlayerProfile{Player: p}
	if out.Entries, err = s.playerEntries(ctx, p.ID); err != nil {
		return nil, err
	}
	if out.Ratings, err = s.PlayerRatings(ctx, p.ID); err != nil {
		return nil, err
	}
	if out.SeasonIDs, err = s.PlayerSeasonIDs(ctx, p.ID); err != nil {
		return nil, err
	}
	return out, nil
}

func (s *Store) playerEntries(ctx context.Context, playerID int64) ([]PlayerEntry, error) {
	var rows []struct {
		PlayerEntry
		HasResult   bool
		Place       int
		SwissRank   int
		MatchPoints int
		Wins        int
		Losses      int
		Draws       int
		Byes        int
	}
	err := s.read(ctx).Raw(`SELECT e.id AS entry_id, e.event_id, v.name AS event_name, v.starts_on AS event_date,
		v.status AS event_status, v.game, v.format, v.store_id, st.name AS store_name,
		e.player_name, e.member_id, e.waitlisted, e.dropped_round, e.disqualified, e.deck_text, e.deck_status,
		e.deck_leader, e.deck_colours, v.decks_public AS deck_published,
		CASE WHEN r.entry_id IS NULL THEN 0 ELSE 1 END AS has_result, COALESCE(r.place, 0) AS place,
		COALESCE(r.swiss_rank, 0) AS swiss_rank, COALESCE(r.match_points, 0) AS match_points, COALESCE(r.wins, 0) AS wins,
		COALESCE(r.losses, 0) AS losses, COALESCE(r.draws, 0) AS draws, COALESCE(r.byes, 0) AS byes
		FROM entries e JOIN events v ON v.id = e.event_id JOIN stores st ON st.id = v.store_id
		LEFT JOIN event_results r ON r.event_id = e.event_id AND r.entry_id = e.id
		WHERE e.player_id = ? ORDER BY v.starts_on DESC, v.id DESC, e.id`, playerID).Find(&rows).Error
	if err != nil {
		return nil, wrap("player entries", err)
	}
	out := make([]PlayerEntry, len(rows))
	for i, r := range rows {
		out[i] = r.PlayerEntry
		if r.HasResult {
			out[i].Result = &EventResult{EventID: r.EventID, EntryID: r.EntryID, PlayerID: playerID, Place: r.Place, SwissRank: r.SwissRank,
				MatchPoints: r.MatchPoints, Wins: r.Wins, Losses: r.Losses, Draws: r.Draws, Byes: r.Byes}
		}
	}
	return out, nil
}
