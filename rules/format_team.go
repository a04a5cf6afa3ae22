package rules

import "sort"

// Team events (docs/decklists.md, "Team events"): each player of a team of
// three registers their own deck, checked as usual, and a format with team
// rules (Format.TeamRules) also checks the team's decks together.

// teamUnique is the team-wide copy limit: a card number (printings counted
// together; Leader, main and side deck alike) may be in one deck of a team
// only. Bandai runs its constructed team events this way (One Piece 3-on-3,
// the earlier Dragon Ball Super team battles); the wording for Fusion World
// and Masters is not confirmed (docs/formats.md).
var teamUnique = Rule{"team-unique", "Team event rules", "a card number may be in only one deck of a team (Leader, main and side deck; printings counted together)"}

// TeamDeck is one seat's decklist of a team: the seat ("A"), the player's
// name and the parsed list.
type TeamDeck struct {
	Seat   string
	Player string
	Deck   *Decklist
}

// CheckTeam checks one seat's deck against its teammates' under the
// format's team rules: one problem per line of deck whose card number is in
// a teammate's deck, naming the card, the line and that seat. None when the
// format has no team rule.
func (f *Format) CheckTeam(deck TeamDeck, mates []TeamDeck, pool CardPool) []Problem {
	if !f.hasTeamRule(teamUnique.Code) || deck.Deck == nil {
		return nil
	}
	sort.Slice(mates, func(i, j int) bool { return mates[i].Seat < mates[j].Seat })
	c := checker{f: f, deck: deck.Deck, pool: pool}
	c.resolve()
	reported := map[string]bool{}
	for i, e := range deck.Deck.Entries {
		if reported[e.Number] {
			continue
		}
		for _, m := range mates {
			if m.Deck != nil && m.Deck.hasNumber(e.Number) {
				c.add(teamUnique.Code, teamUnique.Ref, e.Number, e.Line, e.Number, c.name(i), m.Seat, m.Player)
				reported[e.Number] = true
				break
			}
		}
	}
	return c.res.Problems
}

func (f *Format) hasTeamRule(code string) bool {
	for _, r := range f.TeamRules {
		if r.Code == code {
			return true
		}
	}
	return false
}

func (d *Decklist) hasNumber(number string) bool {
	for _, e := range d.Entries {
		if e.Number == number {
			return true
		}
	}
	return false
}
