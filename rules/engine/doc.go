// Package engine is the Dragon Ball Super Card Game Fusion World rules engine.
//
// A game is an initial state (built from a Setup), a seed and a list of
// actions. Apply checks one action against the rules and returns the next
// state, the events it caused (including the steps the engine applies itself)
// or a Violation naming the rule. State refers to cards by id, never by
// pointer, so a State is a plain value that can be copied, hashed and compared.
//
// Where things are: apply.go and move.go apply the actions; resolve.go
// applies the skills the engine reads (rules/skill) when they trigger or are
// used (use.go); effects.go is the table of effect kinds, one small type
// each (effect_player.go, effect_cards.go); replay.go replays a log. The
// sub-packages need nothing of the engine: gamestate (the State, its clone
// and hash, and the conditions and keywords its cards' skills judge on it),
// gamelog (the log and its notations), cardinfo (what the engine knows of a
// card), stateview (a state as data and its English summary) and ruleindex
// (the rules the engine cites); names.go gives their types the engine's
// names.
package engine
