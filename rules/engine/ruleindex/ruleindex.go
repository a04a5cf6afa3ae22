// Package ruleindex is the rule index: the rules and card words the rules
// engine cites, explained in our own words, in English. Violation.Rule and
// Event.Rule of rules/engine hold an entry's ID. The entries of the
// bracketed card words ([Blocker], [On Play]) come from rules/keyword, so
// a keyword is defined in one place; the other languages' titles,
// explanations and search terms are messages of the catalogue
// (views/i18n/messages/ruleindex.*.json, said by views/ruletext), keyed by
// each entry's MessageKey.
package ruleindex

import (
	"sort"
	"strings"
	"unicode"

	"github.com/tenkaichi-org/tenkaichi/rules/keyword"
)

// Entry is one rule or card word the engine cites, explained in our own
// words. ID is what Violation.Rule and Event.Rule hold: "CR 8-1-1" for a
// numbered comprehensive rule, "[Blocker]" for a card word, or a short
// topic name ("Damage Step"). Every Number is one the public rules guide
// cites (testdata/rule-numbers.txt); a card word or topic has none because
// we know none: its number in the Rule Manual is not in any text we have,
// and we do not make numbers up (docs/engine-rules.md).
type Entry struct {
	ID          string   `json:"id"`
	Number      string   `json:"number,omitempty"` // comprehensive-rule number, e.g. "8-1-1"
	Title       string   `json:"title"`
	Explanation string   `json:"explanation"`
	Terms       []string `json:"terms,omitempty"`
	// Enforced says whether the engine checks the rule itself; otherwise it
	// only records what the players declare.
	Enforced bool `json:"enforced"`
}

// Rules is the rule index: the numbered rules in rule-number order, then
// the card words (rules/keyword's rows with a Rule, in their order), then
// the topics.
var Rules = append(append(append([]Entry{}, numbered...), cardWords()...), topics...)

// cardWords are the entries of rules/keyword.
func cardWords() []Entry {
	var out []Entry
	for i := range keyword.All {
		k := &keyword.All[i]
		if k.Rule == nil {
			continue
		}
		out = append(out, Entry{ID: k.ID(), Title: k.Title(), Explanation: k.Rule.Explanation,
			Terms: k.Rule.Terms, Enforced: k.Rule.Enforced})
	}
	return out
}

// numbered are the entries of the comprehensive rules, in rule-number order.
var numbered = []Entry{
	{ID: "CR 0-1-3-2", Number: "0-1-3-2", Title: "Losing the game", Enforced: true,
		Explanation: "A player loses when their Life Area is empty or when their deck is empty. There is no final attack and no need to try to draw from an empty deck. Once a player has lost, the game is over and no action can follow.",
		Terms:       []string{"lose", "win", "defeat", "life zero", "deck out", "empty deck", "game over", "after the game"}},
	{ID: "CR 0-1-3-3", Number: "0-1-3-3", Title: "Both players lose at once", Enforced: true,
		Explanation: "If both players meet a losing condition at the same moment, the game is a draw, and no action can follow.",
		Terms:       []string{"draw", "tie", "simultaneous", "both lose", "game over"}},
	{ID: "CR 0-1-3-4", Number: "0-1-3-4", Title: "Conceding", Enforced: true,
		Explanation: "A player may concede at any time, and no card can force or stop it. Conceding loses the game; no action can follow.",
		Terms:       []string{"concede", "give up", "surrender", "scoop", "game over"}},
	{ID: "CR 0-2-2", Number: "0-2-2", Title: "Card text beats the rules", Enforced: false,
		Explanation: "When a card's text contradicts the rules, the card wins, except for the few rules that say otherwise (such as a Leader never leaving its area). The engine applies the card effects it reads; it does not decide between effects, and the ones it cannot read are logged as declared actions.",
		Terms:       []string{"card text", "priority", "contradiction"}},
	{ID: "CR 0-2-4", Number: "0-2-4", Title: "Do what you can", Enforced: false,
		Explanation: "If part of an effect cannot be carried out, that part is skipped and the rest still happens.",
		Terms:       []string{"impossible", "partial effect"}},
	{ID: "CR 0-2-5", Number: "0-2-5", Title: "Can't beats can", Enforced: false,
		Explanation: "If one effect forbids an action that another effect requires or allows, the ban wins.",
		Terms:       []string{"cannot", "prohibition", "forbid"}},
	{ID: "CR 0-2-6", Number: "0-2-6", Title: "Rest beats active", Enforced: false,
		Explanation: "If a card would be switched to Rest Mode and to Active Mode at the same time, it ends up in Rest Mode.",
		Terms:       []string{"rest", "active", "mode", "conflict"}},
	{ID: "CR 0-2-7", Number: "0-2-7", Title: "Turn player first", Enforced: false,
		Explanation: "When skills of both players trigger at once, the player whose turn it is resolves all of theirs first.",
		Terms:       []string{"trigger", "order", "simultaneous", "auto"}},
	{ID: "CR 1-8-1", Number: "1-8-1", Title: "Active Mode and Rest Mode", Enforced: true,
		Explanation: "Cards in the Leader, Battle and Energy Areas are either upright (Active) or sideways (Rest). Energy lies upside down and still counts as Active until it is used.",
		Terms:       []string{"active", "rest", "tap", "untap", "mode", "sideways"}},
	{ID: "CR 3-3-4", Number: "3-3-4", Title: "No hand size limit", Enforced: true,
		Explanation: "A player may hold any number of cards in hand; nothing is discarded at the end of the turn.",
		Terms:       []string{"hand size", "hand limit", "discard"}},
	{ID: "CR 3-6-3", Number: "3-6-3", Title: "Battle Cards can attack at once", Enforced: true,
		Explanation: "A Battle Card enters the Battle Area in Active Mode and may attack in the same turn it was played; there is no waiting a turn.",
		Terms:       []string{"summoning sickness", "attack", "same turn", "battle card"}},
	{ID: "CR 3-5-3", Number: "3-5-3", Title: "The Leader stays in its area", Enforced: true,
		Explanation: "A Leader never leaves the Leader Area: it cannot be KO'd, moved or sent to the Drop.",
		Terms:       []string{"leader", "leave", "remove", "ko leader"}},
	{ID: "CR 5-3-1", Number: "5-3-1", Title: "Paying costs", Enforced: true,
		Explanation: "A cost is paid by switching Active energy to Rest Mode, one per point. Coloured orbs in the cost must be paid with energy of that colour. An energy marker in the Energy Area may be removed from the game instead of resting a card: it pays 1 and counts as the Leader's colour. [Ki] markers under Battle Cards cannot pay costs.",
		Terms:       []string{"cost", "energy", "pay", "colour", "color", "specified cost", "energy marker", "marker", "remove from the game", "mana"}},
	{ID: "CR 5-5-2", Number: "5-5-2", Title: "Playing a Battle Card", Enforced: true,
		Explanation: "Show the card, pay its cost and put it in your Battle Area in Active Mode. There is no limit to how many Battle Cards you may have.",
		Terms:       []string{"play", "battle card", "summon", "cast"}},
	{ID: "CR 6-1-2", Number: "6-1-2", Title: "One Leader", Enforced: true,
		Explanation: "Each player uses exactly one Leader card.",
		Terms:       []string{"leader", "deck building"}},
	{ID: "CR 6-1-3", Number: "6-1-3", Title: "The deck: 50 to 60 Battle and Extra Cards", Enforced: true,
		Explanation: "The deck holds 50 to 60 Battle and Extra Cards; the Leader is not part of it. So only Battle and Extra Cards are played from hand: a Leader card starts in the Leader Area and stays there, and cannot be played.",
		Terms:       []string{"deck size", "50", "60", "deck building", "play leader", "leader in deck"}},
	{ID: "CR 6-1-4-1", Number: "6-1-4-1", Title: "Deck colours", Enforced: true,
		Explanation: "Every card in the deck must be of the Leader's colours. A card with a colour the Leader lacks cannot be included.",
		Terms:       []string{"colour", "color", "splash", "deck building"}},
	{ID: "CR 6-1-4-2", Number: "6-1-4-2", Title: "Four copies", Enforced: true,
		Explanation: "At most 4 copies of each card number. Different numbers with the same name count separately; alternate arts share their number.",
		Terms:       []string{"copies", "limit", "four", "4", "deck building"}},
	{ID: "CR 6-1-5", Number: "6-1-5", Title: "Energy markers", Enforced: true,
		Explanation: "Players bring energy markers. The player going second starts with one; it can be removed from the game to pay 1 of a cost, as the Leader's colour.",
		Terms:       []string{"energy marker", "marker", "token"}},
	{ID: "CR 6-2-1", Number: "6-2-1", Title: "Setting up the game", Enforced: true,
		Explanation: "Before the first turn: Leaders go out front side up, a random choice decides who picks to go first or second, decks are shuffled, each player draws 6 and may redraw once, each sets 8 life cards, and the second player gets an energy marker. Nothing else can happen before that.",
		Terms:       []string{"setup", "start", "preparation"}},
	{ID: "CR 6-2-1-5", Number: "6-2-1-5", Title: "Choosing who goes first", Enforced: true,
		Explanation: "The player who wins a random choice says whether they go first or second. It is decided once.",
		Terms:       []string{"first player", "going first", "rock paper scissors", "coin"}},
	{ID: "CR 6-2-1-7", Number: "6-2-1-7", Title: "Shuffling at setup", Enforced: true,
		Explanation: "Each player shuffles their deck and places it face down. In a replay the game's seed decides the shuffle, so it is the same every time.",
		Terms:       []string{"shuffle", "random", "seed"}},
	{ID: "CR 6-2-1-8", Number: "6-2-1-8", Title: "Opening hand and redraw", Enforced: true,
		Explanation: "Each player draws 6 cards. The first player decides first whether to redraw: all six go back, the deck is shuffled and six new cards are drawn. No partial redraws.",
		Terms:       []string{"mulligan", "redraw", "opening hand", "keep"}},
	{ID: "CR 6-2-1-8-1", Number: "6-2-1-8-1", Title: "Only one redraw", Enforced: true,
		Explanation: "Each player may redraw at most once, and a decision to keep is final.",
		Terms:       []string{"mulligan", "redraw", "once"}},
	{ID: "CR 6-2-1-9", Number: "6-2-1-9", Title: "Setting life", Enforced: true,
		Explanation: "Each player puts the top 8 cards of their deck face down in the Life Area one at a time, so the deck's top card ends up at the bottom. Nobody looks at or reorders them.",
		Terms:       []string{"life", "8", "shields", "life cards"}},
	{ID: "CR 6-2-1-10", Number: "6-2-1-10", Title: "Energy marker for the second player", Enforced: true,
		Explanation: "The player going second puts one energy marker in their Energy Area before the game starts.",
		Terms:       []string{"energy marker", "second player", "compensation"}},
	{ID: "CR 7-1-1", Number: "7-1-1", Title: "The three phases of a turn", Enforced: true,
		Explanation: "A turn is a Charge Phase, a Main Phase and an End Phase, in that order. There is no separate draw phase: the draw is part of the Charge Phase.",
		Terms:       []string{"turn", "phases", "turn structure", "draw phase"}},
	{ID: "CR 7-2", Number: "7-2", Title: "Charge Phase", Enforced: true,
		Explanation: "The turn player readies all their cards, draws 1 card, then may charge 1 card from hand as energy.",
		Terms:       []string{"charge phase", "ready", "draw", "energy"}},
	{ID: "CR 7-2-7", Number: "7-2-7", Title: "Ready everything", Enforced: true,
		Explanation: "At the start of your Charge Phase, all your rested cards in the Leader, Battle and Energy Areas switch to Active Mode. It is not optional; the engine does it itself.",
		Terms:       []string{"ready", "untap", "charge phase", "active"}},
	{ID: "CR 7-2-9", Number: "7-2-9", Title: "The Charge Phase draw", Enforced: true,
		Explanation: "After readying, the turn player must draw 1 card, the first player included on their first turn. Nothing else in the turn comes before that draw.",
		Terms:       []string{"draw", "charge phase", "first turn draw"}},
	{ID: "CR 7-2-11", Number: "7-2-11", Title: "Charging energy", Enforced: true,
		Explanation: "In their Charge Phase, after drawing, the turn player may put 1 card from hand face up into their Energy Area. Any card may be charged, but only one per Charge Phase, and only then.",
		Terms:       []string{"charge", "energy", "one per turn", "mana"}},
	{ID: "CR 7-3", Number: "7-3", Title: "Main Phase", Enforced: true,
		Explanation: "The turn player plays cards, uses skills and attacks in any order and as often as they can, then ends the phase.",
		Terms:       []string{"main phase", "phase"}},
	{ID: "CR 7-3-4", Number: "7-3-4", Title: "Main Phase actions of the turn player", Enforced: true,
		Explanation: "Playing cards, activating skills, attacking and ending the phase are Main Phase actions of the player whose turn it is, done one after another; a battle must end before the next action starts.",
		Terms:       []string{"main phase", "actions", "timing", "turn player", "whose turn"}},
	{ID: "CR 7-3-4-2", Number: "7-3-4-2", Title: "[Activate Main] skills", Enforced: true,
		Explanation: "Skills marked [Activate Main], including Extra Cards used from hand, are used by the turn player in their Main Phase outside battles.",
		Terms:       []string{"activate main", "extra card", "skill"}},
	{ID: "CR 7-3-4-3-1", Number: "7-3-4-3-1", Title: "No attack on the first player's first turn", Enforced: true,
		Explanation: "The player who goes first cannot attack during their first turn. The second player may attack on theirs.",
		Terms:       []string{"first turn", "attack", "first player"}},
	{ID: "CR 7-4", Number: "7-4", Title: "End Phase", Enforced: true,
		Explanation: "End-of-turn skills happen, effects that last for the turn end, and the opponent's turn begins. There is no hand size limit.",
		Terms:       []string{"end phase", "end of turn", "pass turn"}},
	{ID: "CR 8-1-1", Number: "8-1-1", Title: "Declaring an attack", Enforced: true,
		Explanation: "The turn player switches an Active Leader or Battle Card to Rest Mode and attacks either the opponent's Leader or one of the opponent's Battle Cards that is in Rest Mode. Active Battle Cards cannot be attacked.",
		Terms:       []string{"attack", "target", "rest mode", "attacker"}},
	{ID: "CR 12-2-2", Number: "12-2-2", Title: "Activating skills in the Main Phase", Enforced: true,
		Explanation: "In their Main Phase the turn player may use [Activate Main] and [Activate Main/Battle] skills, Extra Cards from hand included: an Extra is used by paying its cost, goes to the Drop and its skill happens.",
		Terms:       []string{"extra card", "activate main", "event", "spell", "use"}},
	{ID: "CR 14-1-2-1", Number: "14-1-2-1", Title: "Defeat checks happen at once", Enforced: true,
		Explanation: "Losing conditions are checked immediately whenever they might be met, even in the middle of another action (CR 14-2-1 and 14-2-2 cover empty life and empty deck). The engine checks after every action and ends the game.",
		Terms:       []string{"rule processing", "state based", "defeat check", "lose"}},
}

// topics are the entries of the engine's own topics, which no number or
// card word names.
var topics = []Entry{
	{ID: "Card skills", Title: "How the engine reads card skills", Enforced: true,
		Explanation: "The engine reads the skill text of the cards the card list describes: when a skill happens, what it costs, its conditions and what it does. It applies what needs no choice, checks a skill used with a use line (its timing, [Once per turn], cost and choices), and flags a skill it cannot read: such effects stay as declared lines in the log. A log with [Effects \"declared\"] has every effect declared, as logs were written before the engine read cards.",
		Terms:       []string{"card text", "skill", "effect", "use", "declared", "choice", "cost"}},
	{ID: "Decklist", Title: "Paper games: the registered decklist", Enforced: true,
		Explanation: "In a paper game the deck's order is not known: the log gives the player's registered decklist, and each card is named when it is seen. A name is refused when the decklist does not hold that card, or not that many copies of it.",
		Terms:       []string{"decklist", "paper game", "registered deck", "deck check"}},
	{ID: "Combo", Title: "Combos: Offense and Defense Steps", Enforced: true,
		Explanation: "First the attacker adds combos one at a time, then passes; then the defender does the same. Only Battle Cards with combo power can be combos (they need combo power to go in the Combo Area): from hand, or one's own Active Battle Cards not in the battle. Combos cost nothing. Once the attacker passes they cannot add anything more.",
		Terms:       []string{"combo", "offense step", "defense step", "combo power", "pass", "counter"}},
	{ID: "Damage Step", Title: "Damage Step", Enforced: true,
		Explanation: "Both sides' power is totalled, combos included. If the attacker's power is equal or higher, the attack succeeds: a Leader takes damage (top life card to hand), a Battle Card is KO'd to the Drop. Otherwise nothing happens, and the attacker is not KO'd.",
		Terms:       []string{"damage", "ko", "tie", "power", "compare", "life to hand"}},
	{ID: "Battle end", Title: "End of the battle", Enforced: true,
		Explanation: "Whatever the result, every card in both Combo Areas goes to its owner's Drop, and effects for the battle end.",
		Terms:       []string{"battle end", "combo area", "drop", "clean up"}},
	{ID: "Power 0", Title: "Power 0 goes to the Drop", Enforced: true,
		Explanation: "A Battle Card whose power drops to 0 or less goes to the Drop. That is not a KO, so skills that trigger on being KO'd do not happen.",
		Terms:       []string{"power 0", "zero power", "minus power", "not ko"}},
}

var ruleByID = func() map[string]int {
	m := make(map[string]int, len(Rules))
	for i, r := range Rules {
		m[r.ID] = i
	}
	return m
}()

// Rule finds an entry by ID (e.g. "CR 8-1-1", "[Blocker]").
func Rule(id string) (Entry, bool) {
	i, ok := ruleByID[id]
	if !ok {
		return Entry{}, false
	}
	return Rules[i], true
}

// MessageKey is the stem of the entry's messages in the catalogue: the
// letters and digits of its ID, each run of them capitalised and runs of
// digits kept apart by "_" ("CR 6-2-1-8" is "CR6_2_1_8", "[Double
// Strike]" is "DoubleStrike", "Power 0" is "Power0"). views/ruletext says
// the entry by the messages Rule<key>Title, Rule<key>Explanation and
// Rule<key>Terms.
func (e Entry) MessageKey() string {
	var b strings.Builder
	prevDigit, inRun := false, false
	for _, r := range e.ID {
		if !unicode.IsLetter(r) && !unicode.IsDigit(r) {
			inRun = false
			continue
		}
		digit := unicode.IsDigit(r)
		if !inRun {
			if digit && prevDigit {
				b.WriteByte('_')
			}
			r = unicode.ToUpper(r)
		}
		b.WriteRune(r)
		inRun, prevDigit = true, digit
	}
	return b.String()
}

// Search finds the entries that match a query: rule numbers ("8-1-1",
// "CR 7-2" also finds 7-2-7, 7-2-9 ...), keywords and words from the title,
// search terms and explanation. Entries with every word of the query come
// first, best match first.
func Search(query string) []Entry {
	var out []Entry
	for _, i := range SearchEntries(Rules, query) {
		out = append(out, Rules[i])
	}
	return out
}

// SearchEntries is Search over entries (the index in another language,
// views/ruletext), giving the indexes of the hits in entries.
func SearchEntries(entries []Entry, query string) []int {
	q := strings.ToLower(strings.TrimSpace(query))
	q = strings.TrimPrefix(q, "cr ")
	q = strings.Trim(q, "[] ")
	if q == "" {
		return nil
	}
	words := strings.FieldsFunc(q, func(r rune) bool { return r == ' ' || r == ',' || r == '[' || r == ']' })
	var hits []hit
	for i := range entries {
		if h := score(&entries[i], q, words); h.score > 0 {
			h.i = i
			hits = append(hits, h)
		}
	}
	// Entries with every word first, then by score; equal ones in the
	// index's order.
	sort.SliceStable(hits, func(a, b int) bool {
		fa, fb := hits[a].matched == len(words), hits[b].matched == len(words)
		if fa != fb {
			return fa
		}
		return hits[a].score > hits[b].score
	})
	out := make([]int, 0, len(hits))
	for _, h := range hits {
		out = append(out, h.i)
	}
	return out
}

// hit is how well entry i matches a query: its score and how many of the
// query's words it has.
type hit struct {
	i, score, matched int
}

// score rates entry r for query q (lower case, without "CR " and brackets)
// of words: its number or ID exactly (or a number's sub-rules) scores 100
// and has every word; otherwise the whole phrase in its title or terms 20,
// and each word 5 in the title, 4 in the terms and 1 in the explanation.
func score(r *Entry, q string, words []string) hit {
	var h hit
	if r.Number != "" && (r.Number == q || strings.HasPrefix(r.Number, q+"-")) {
		h.score += 100
		h.matched = len(words)
	}
	if strings.ToLower(strings.Trim(r.ID, "[]")) == q {
		h.score += 100
		h.matched = len(words)
	}
	if h.score > 0 {
		return h
	}
	title := strings.ToLower(r.Title)
	text := strings.ToLower(r.Explanation)
	terms := strings.ToLower(strings.Join(r.Terms, "|"))
	if strings.Contains(terms, q) || strings.Contains(title, q) {
		h.score += 20 // the whole phrase
	}
	for _, w := range words {
		found := false
		if strings.Contains(title, w) {
			h.score += 5
			found = true
		}
		if strings.Contains(terms, w) {
			h.score += 4
			found = true
		}
		if strings.Contains(text, w) {
			h.score++
			found = true
		}
		if found {
			h.matched++
		}
	}
	return h
}
