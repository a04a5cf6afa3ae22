package gamestate

import "github.com/tenkaichi-org/tenkaichi/rules/skill"

// This file gives a card in play a power change or a keyword (a bit of its
// Gains) for the time a skill says.

// AddPower adds a power change to a Leader or Battle Card in play.
func (s *State) AddPower(c Ctx, id CardID, n int, d skill.Duration) {
	side, leader, _, idx, ok := s.Where(id)
	if !ok {
		return
	}
	m := &s.Players[side].Leader.Mods
	if !leader {
		m = &s.Players[side].Battle[idx].Mods
	}
	switch d {
	case skill.ForBattle:
		if s.Battle.Step != NoBattle {
			m.Battle += n
		}
	case skill.UntilNextTurn:
		// Until the end of the next turn of the opponent of the skill's
		// player: the next turn if it is the player's own now.
		end := s.Turn + 1
		if s.TurnPlayer != c.Side {
			end = s.Turn + 2
		}
		m.Until += n
		m.UntilTurn = max(m.UntilTurn, end)
	case skill.WhileHolds:
		m.Lasting += n
	default:
		m.Turn += n
	}
}

// Gain gives a Leader or Battle Card in play a keyword or a limit (bit of
// its Gains) for duration d of c's skill.
func (s *State) Gain(c Ctx, id CardID, bit uint16, d skill.Duration) {
	side, leader, _, idx, ok := s.Where(id)
	if !ok {
		return
	}
	g := &s.Players[side].Leader.Gained
	if !leader {
		g = &s.Players[side].Battle[idx].Gained
	}
	switch {
	case d == skill.UntilNextTurn:
		// During the next turn of the skill player's opponent.
		end := s.Turn + 1
		if s.TurnPlayer != c.Side {
			end = s.Turn + 2
		}
		g.Until |= bit
		g.UntilTurn = max(g.UntilTurn, end)
	case d == skill.ForBattle && s.Battle.Step != NoBattle:
		g.Battle |= bit
	default:
		g.Turn |= bit
	}
}
