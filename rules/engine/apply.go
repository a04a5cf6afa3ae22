package engine

import (
	"fmt"
	"regexp"
	"strconv"
	"strings"

	"github.com/tenkaichi-org/tenkaichi/rules"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/cardinfo"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/gamestate"
	"github.com/tenkaichi-org/tenkaichi/rules/keyword"
	"github.com/tenkaichi-org/tenkaichi/rules/skill"
)

// Apply checks action a against the rules in state s. If it is legal, Apply
// returns the next state and what happened (the engine's own rule processing
// included, as Auto events). If not, it returns s unchanged and the violation.
// s is never modified. Apply does not panic: should the engine fail on an
// action (a bug, or a Cards lookup that panics), the failure is returned as a
// violation of no rule that says so (see EngineFailure), and s is unchanged.
func Apply(s State, a Action) (State, []Event, *Violation) {
	n := s.Clone()
	ev, v, _, _ := applyRecovered(&n, a, make([]Event, 0, 4))
	if v != nil {
		v.Step = s.Step + 1
		v.Line = a.Line
		return s, nil, v
	}
	return n, ev, nil
}

// EngineFailure is the Format of the violation that stands for a failure of
// the engine itself (a recovered panic), not for a rule: such a step is a bug
// to report, not a ruling.
const EngineFailure = "the engine failed on this action (%s); this is a bug in the engine, not a ruling"

func engineFailure(p any) *Violation {
	return &Violation{Format: EngineFailure, Args: []any{fmt.Sprint(p)}}
}

// apply changes s in place. Every check that can fail runs before the first
// change, so a violation leaves s as it was (Replay relies on this).
func apply(s *State, a Action) ([]Event, *Violation) {
	return applyInto(s, a, make([]Event, 0, 4))
}

// applyInto is apply appending its events to buf, so a replay can keep all
// events in one growing slice; the result is buf with this action's events.
func applyInto(s *State, a Action, buf []Event) ([]Event, *Violation) {
	if s.Result.Over {
		return nil, violation(gameOverRule(s.Result), "the game is already over")
	}
	if a.Player != P1 && a.Player != P2 && (!a.Verb.Outcome() || a.Card != "") {
		return nil, logError("the action %q needs a player (P1 or P2)", string(a.Verb))
	}
	e := &applier{s: s, a: a, events: buf, markerFor: NoCard}
	// Resolving skills changes the state as it goes; should a choice or
	// the action turn out illegal, the state goes back to this copy.
	var backup *State
	if a.Verb == VerbUse || len(s.Pending) > 0 || (a.Player == P1 || a.Player == P2) && len(s.Players[a.Player].Discounts) > 0 {
		b := s.Clone()
		backup = &b
	}
	var v *Violation
	switch a.Verb {
	case VerbConcede:
		s.Players[a.Player].Conceded = true
		e.event("CR 0-1-3-4", "%s concedes", a.Player)
		s.Result = Result{Over: true, Winner: a.Player.Other(), Reason: reasonConceded}
		s.Phase = PhaseOver
	case VerbFirst:
		v = e.first()
	case VerbKeep, VerbRedraw:
		v = e.mulligan()
	default:
		if s.Phase == PhaseSetup {
			return nil, violation("CR 6-2-1", "the game has not started: setup needs who goes first and each player's keep or redraw")
		}
		if a.Verb != VerbUse && len(s.Pending) > 0 {
			if v = e.choiceMissing(); v != nil {
				break
			}
			e.lapsePending()
			e.endPhaseDone()
		}
		v = e.turnAction()
		if v == nil {
			e.endPhaseDone()
		}
	}
	if v != nil {
		if backup != nil {
			*s = *backup
		}
		return nil, v
	}
	s.Step++
	if s.Phase != PhaseSetup && !s.Result.Over {
		e.ruleProcessing()
	}
	if e.movesOn() {
		s.UnreadWaiting = e.opened
	} else if e.opened {
		s.UnreadWaiting = true
	}
	return e.events, nil
}

// gameOverRule is the rule that ended the game: a concession, both players
// losing at once, or a player losing.
func gameOverRule(r Result) string {
	switch {
	case r.Reason == reasonConceded:
		return "CR 0-1-3-4"
	case r.Winner == NoSide:
		return "CR 0-1-3-3"
	}
	return "CR 0-1-3-2"
}

type applier struct {
	s      *State
	a      Action
	events []Event
	depth  int // skills triggered by skills (see maxDepth)
	// markerFor is the card whose cost an energy marker paid in this action
	// (markerPaid), for "if you removed an energy marker to use this card".
	markerFor  CardID
	markerPaid bool
	// opened: a skill the engine does not read came to its moment in this
	// action (State.UnreadWaiting); ruleDraw: the action was the Charge
	// Phase draw.
	opened, ruleDraw bool
	// subject is the card whose event fires the triggers being fired (the
	// card played for a YourCardPlayed trigger).
	subject CardID
}

func (e *applier) event(rule, format string, args ...any) {
	e.events = append(e.events, Event{Rule: rule, Format: format, Args: args, Declared: e.a.Verb.Declared()})
}

func (e *applier) auto(rule, format string, args ...any) {
	e.events = append(e.events, Event{Rule: rule, Format: format, Args: args, Auto: true})
}

// autoMsg is auto with a sentence that has its message id.
func (e *applier) autoMsg(rule string, m Msg, args ...any) {
	e.events = append(e.events, Event{Rule: rule, ID: m.ID, Format: m.Format, Args: args, Auto: true})
}

func (e *applier) first() *Violation {
	s := e.s
	if s.Phase != PhaseSetup || s.First != NoSide {
		return violation("CR 6-2-1-5", "who goes first was already decided")
	}
	s.First = e.a.Player
	e.event("CR 6-2-1-5", "%s goes first", e.a.Player)
	// The Leaders' always-on skills the engine does not read are flagged
	// once, as the game starts.
	for i := range s.Players {
		e.flagUnread(s.Players[i].Leader.ID, skill.Permanent)
	}
	for i := range s.Players {
		gamestate.Shuffle(s.Rng(uint64(i)), s.Players[i].Deck)
		s.ForgetDeck(Side(i))
		e.auto("CR 6-2-1-7", "%s shuffles their deck", Side(i))
		e.drawN(Side(i), OpeningHand)
		e.auto("CR 6-2-1-8", "%s draws %d cards", Side(i), OpeningHand)
	}
	return nil
}

func (e *applier) mulligan() *Violation {
	s, pl := e.s, e.a.Player
	if s.Phase != PhaseSetup || s.First == NoSide {
		return violation("CR 6-2-1-8", "a redraw is only possible during setup, after who goes first is decided")
	}
	p := &s.Players[pl]
	if p.Mulligan != 0 {
		return violation("CR 6-2-1-8-1", "%s already decided on their opening hand; a redraw is allowed once", pl)
	}
	if pl != s.First && s.Players[s.First].Mulligan == 0 {
		return violation("CR 6-2-1-8", "the first player decides on a redraw first")
	}
	if e.a.Verb == VerbKeep {
		p.Mulligan = 1
		e.event("CR 6-2-1-8", "%s keeps their hand", pl)
	} else {
		p.Mulligan = 2
		p.Deck = append(p.Hand, p.Deck...)
		p.Hand = nil
		gamestate.Shuffle(s.Rng(uint64(pl)), p.Deck)
		s.ForgetDeck(pl)
		e.drawN(pl, OpeningHand)
		e.event("CR 6-2-1-8", "%s returns their hand, shuffles and draws %d new cards", pl, OpeningHand)
	}
	if s.Players[0].Mulligan == 0 || s.Players[1].Mulligan == 0 {
		return nil
	}
	for i := range s.Players {
		q := &s.Players[i]
		n := min(StartLife, len(q.Deck))
		// Placed one at a time, so the deck's top card ends at the bottom of life.
		q.Life = make([]CardID, n)
		for j := 0; j < n; j++ {
			q.Life[n-1-j] = q.Deck[j]
		}
		q.Deck = q.Deck[n:]
		e.auto("CR 6-2-1-9", "%s places %d life cards", Side(i), n)
	}
	second := s.First.Other()
	s.Players[second].Markers++
	e.auto("CR 6-2-1-10", "%s, going second, places 1 energy marker", second)
	s.Turn = 1
	s.TurnPlayer = s.First
	e.startTurn()
	return nil
}

// startTurn begins the turn player's Charge Phase: everything they have is
// readied (CR 7-2-7); the draw is the log's next action.
func (e *applier) startTurn() {
	s := e.s
	s.Phase = PhaseCharge
	p := &s.Players[s.TurnPlayer]
	p.Drew, p.Charged = false, false
	for i := range s.Players {
		s.Players[i].EnergyDropped, s.Players[i].ExtraUsed, s.Players[i].Marks = false, 0, 0
		s.Players[i].KOdInBattle = false
	}
	p.Leader.Rest = false
	held := 0
	for i := range p.Battle {
		if p.Battle[i].Rest && (p.Battle[i].Gained.Until&gamestate.KwNoReady != 0 || s.Granted(p.Battle[i].ID, skill.CantActivate, "charge phase")) {
			held++ // a skill keeps it in Rest Mode this turn
			continue
		}
		p.Battle[i].Rest = false
	}
	p.FieldRest = false
	for i := range p.Energy {
		p.Energy[i].Rest = false
	}
	e.auto("CR 7-2-7", "turn %d, %s: Charge Phase; all their cards switch to Active Mode", s.Turn, s.TurnPlayer)
	if held > 0 {
		e.auto("Card skills", "%d of %s's Battle Cards stay in Rest Mode: a skill said they can't switch to Active Mode this turn", held, s.TurnPlayer)
	}
}

func (e *applier) drawN(pl Side, n int) {
	p := &e.s.Players[pl]
	n = min(n, len(p.Deck))
	p.Hand = append(p.Hand, p.Deck[:n]...)
	p.Deck = p.Deck[n:]
}

// toMain moves from the Charge Phase to the Main Phase when the turn player
// does something that belongs to the Main Phase.
func (e *applier) toMain() *Violation {
	s := e.s
	if e.a.Player != s.TurnPlayer {
		return violation("CR 7-3-4", "it is %s's turn, not %s's", s.TurnPlayer, e.a.Player)
	}
	switch s.Phase {
	case PhaseCharge:
		if !s.Players[s.TurnPlayer].Drew {
			return violation("CR 7-2-9", "%s must draw a card in the Charge Phase first", s.TurnPlayer)
		}
	case PhaseMain:
	default:
		return violation("CR 7-3", "this can only be done in the Main Phase")
	}
	if s.Battle.Step != NoBattle {
		return violation("CR 7-3-4", "a battle is in progress; finish it first")
	}
	return nil
}

func (e *applier) enterMain() {
	if e.s.Phase == PhaseCharge {
		e.s.Phase = PhaseMain
		e.auto("CR 7-3", "%s: Main Phase", e.s.TurnPlayer)
	}
}

func (e *applier) turnAction() *Violation {
	s, a := e.s, e.a
	if a.Verb.Declared() || a.Verb == VerbKO && a.Card != "" {
		if v := e.effectAllowed("CR 0-2-2", msgEffectNeedsSource); v != nil {
			return v
		}
	}
	switch a.Verb {
	case VerbDraw:
		return e.draw()
	case VerbCharge:
		return e.charge()
	case VerbPlay:
		return e.play()
	case VerbEvolve:
		return e.evolve()
	case VerbAwaken:
		return e.awaken()
	case VerbAttack:
		return e.attack()
	case VerbBlock:
		return e.block()
	case VerbCombo:
		return e.combo()
	case VerbPass:
		return e.pass()
	case VerbDamage, VerbMiss:
		return e.outcome()
	case VerbKO:
		if a.Card == "" {
			return e.outcome()
		}
		return e.effectKO()
	case VerbEnd:
		if v := e.toMain(); v != nil {
			return v
		}
		if v := mustAttackFirst(e.s, e.a.Player); v != nil {
			return v
		}
		e.enterMain()
		e.endTurn()
		return nil
	case VerbMove:
		return e.move()
	case VerbPower:
		return e.power()
	case VerbRest, VerbReady:
		return e.mode()
	case VerbKi:
		return e.ki()
	case VerbUse:
		return e.use()
	case VerbShuffle:
		gamestate.Shuffle(s.Rng(9), s.Players[a.Player].Deck)
		s.ForgetDeck(a.Player)
		e.event("", "%s shuffles their deck", a.Player)
		return nil
	}
	return logError("unknown action %q", string(a.Verb))
}

// endPhaseDone ends the turn when the End Phase has no skill left waiting.
func (e *applier) endPhaseDone() {
	if s := e.s; s.Phase == PhaseEnd && len(s.Pending) == 0 && !s.Result.Over {
		e.finishEnd()
	}
}

func (e *applier) endTurn() {
	s := e.s
	s.Phase = PhaseEnd
	e.runDelayed("turn")
	// [End of Your Turn] skills of the turn player's cards in play.
	tp := &s.Players[s.TurnPlayer]
	e.trigger(s.TurnPlayer, tp.Leader.ID, skill.EndOfYourTurn, skill.TriggerNone)
	for _, id := range e.withTriggers(tp.Battle) {
		e.trigger(s.TurnPlayer, id, skill.EndOfYourTurn, skill.TriggerNone)
	}
	if tp.Field != NoCard {
		e.trigger(s.TurnPlayer, tp.Field, skill.EndOfYourTurn, skill.TriggerNone)
	}
	// An end-of-turn skill with choices waits for its use line in the End
	// Phase; the turn ends once none waits (finishEnd).
	if len(s.Pending) == 0 {
		e.finishEnd()
	}
}

// finishEnd ends the turn after its [End of Your Turn] skills: effects for
// the turn end (CR 7-4) and the other player's turn begins.
func (e *applier) finishEnd() {
	s := e.s
	s.Pending = nil
	s.Used = nil
	for i := range s.Players {
		p := &s.Players[i]
		p.Discounts, p.Barred, p.Delayed = nil, nil, nil
		expire := func(m *Mods, g *Gains) {
			m.Turn = 0
			g.Turn = 0
			if m.UntilTurn <= s.Turn {
				m.Until, m.UntilTurn = 0, 0
			}
			if g.UntilTurn <= s.Turn {
				g.Until, g.UntilTurn = 0, 0
			}
		}
		expire(&p.Leader.Mods, &p.Leader.Gained)
		for j := range p.Battle {
			expire(&p.Battle[j].Mods, &p.Battle[j].Gained)
			p.Battle[j].CostTurn = 0
		}
	}
	e.event("CR 7-4", "%s ends their turn; effects for the turn end", s.TurnPlayer)
	s.Turn++
	s.TurnPlayer = s.TurnPlayer.Other()
	e.startTurn()
}

func (e *applier) draw() *Violation {
	s, pl := e.s, e.a.Player
	p := &s.Players[pl]
	ruleDraw := s.Phase == PhaseCharge && pl == s.TurnPlayer && !p.Drew
	if len(p.Deck) == 0 {
		return violation("CR 0-1-3-2", "%s has no cards in their deck", pl)
	}
	top := p.Deck[0]
	if e.a.Card != "" && e.a.Card != "?" {
		r, err := ParseRef(e.a.Card)
		if err != nil {
			return logError("%s", err)
		}
		if v := ownRef(pl, r, "", "%s draws from their own deck; %s is %s's card"); v != nil {
			return v
		}
		if r.Leader || r.Bottom {
			return logError("%s draws the top card of their deck, not %q", pl, e.a.Card)
		}
		if r.Number != "" {
			if have := s.Cards[top].Number; have != "" && have != r.Number {
				return logError("the top card of %s's deck is %s, not %s", pl, have, r.Number)
			}
			if v := e.reveal(top, r.Number); v != nil {
				return v
			}
		}
	}
	if ruleDraw && e.a.By != "" {
		return logError("the Charge Phase draw is the rules' draw, not %s's effect", e.a.By)
	}
	if !ruleDraw {
		if v := e.effectAllowed("CR 7-2-9", msgDrawNeedsEffect); v != nil {
			return v
		}
	}
	e.ruleDraw = ruleDraw
	e.drawN(pl, 1)
	if ruleDraw {
		p.Drew = true
		e.event("CR 7-2-9", "%s draws %s", pl, s.Name(top))
	} else {
		e.events = append(e.events, Event{Format: "%s draws %s (an effect)", Args: []any{pl, s.Name(top)}, Declared: true})
	}
	return nil
}

func (e *applier) charge() *Violation {
	s, pl := e.s, e.a.Player
	p := &s.Players[pl]
	if s.Phase != PhaseCharge || pl != s.TurnPlayer {
		return violation("CR 7-2-11", "a card can only be charged in one's own Charge Phase")
	}
	if !p.Drew {
		return violation("CR 7-2-9", "%s must draw a card before charging", pl)
	}
	if p.Charged {
		return violation("CR 7-2-11", "%s already charged a card this Charge Phase", pl)
	}
	i, v := e.fromHand(pl, e.a.Card)
	if v != nil {
		return v
	}
	id := p.Hand[i]
	p.Hand = removeAt(p.Hand, i)
	p.Energy = append(p.Energy, EnergyCard{ID: id})
	p.Charged = true
	e.event("CR 7-2-11", "%s charges %s", pl, s.Name(id))
	return nil
}

// fromHand finds a card in pl's hand by reference; an unknown card in hand
// may be revealed as the named card. It changes nothing but the reveal.
func (e *applier) fromHand(pl Side, ref string) (int, *Violation) {
	s := e.s
	r, err := ParseRef(ref)
	if err != nil {
		return 0, logError("%s", err)
	}
	p := &s.Players[pl]
	if v := ownRef(pl, r, "", "%s uses the cards in their own hand; %s is %s's card"); v != nil {
		return 0, v
	}
	if r.Leader || r.Top || r.Bottom {
		return 0, logError("%q is not a card in hand", ref)
	}
	seen := 0
	unknown := -1
	for i, id := range p.Hand {
		n := s.Cards[id].Number
		if n == "" && unknown < 0 {
			unknown = i
		}
		if r.Number != "" && n == r.Number {
			seen++
			if r.Nth == 0 || r.Nth == seen {
				return i, nil
			}
		}
	}
	if r.Number == "" && len(p.Hand) > 0 {
		if unknown >= 0 {
			return unknown, nil
		}
		return 0, nil
	}
	if unknown >= 0 && r.Nth == 0 {
		if v := e.reveal(p.Hand[unknown], r.Number); v != nil {
			return 0, v
		}
		return unknown, nil
	}
	if r.Number == "" {
		return 0, logError("%s has no cards in hand", pl)
	}
	return 0, logError("%s has no %s in hand", pl, r.Number)
}

// removeAt removes element i in place; states never share backing arrays
// (Clone copies every slice), so this cannot change another state.
func removeAt[T any](l []T, i int) []T {
	copy(l[i:], l[i+1:])
	return l[:len(l)-1]
}

var colourLetters = map[byte]string{'R': "Red", 'U': "Blue", 'G': "Green", 'Y': "Yellow", 'B': "Black"}

// payPlan chooses which Active energy to rest and how many energy markers to
// remove for a cost. Energy markers count as the Leader's colour and are used
// only when the cards cannot cover the cost.
func (e *applier) payPlan(pl Side, cost int, spec string) ([]int, int, *Violation) {
	s := e.s
	p := &s.Players[pl]
	used := make([]bool, len(p.Energy))
	var rest []int
	markers := p.Markers
	leader, leaderKnown := s.Card(p.Leader.ID)
	colourOf := func(i int) ([]string, bool) {
		c, ok := s.Card(p.Energy[i].ID)
		return c.Colours, ok && len(c.Colours) > 0
	}
	active := 0
	for _, en := range p.Energy {
		if !en.Rest {
			active++
		}
	}
	if active+p.Markers < cost {
		switch {
		case active == 0 && p.Markers == 0:
			return nil, 0, violation("CR 5-3-1", "%s has no Active energy left to pay a cost of %d", pl, cost)
		case p.Markers > 0:
			return nil, 0, violation("CR 5-3-1", "%s has %d Active energy and %d energy marker(s), too little for a cost of %d", pl, active, p.Markers, cost)
		default:
			return nil, 0, violation("CR 5-3-1", "%s has only %d Active energy left, too little for a cost of %d", pl, active, cost)
		}
	}
	need := map[string]int{}
	var order []string
	for i := 0; i < len(spec); i++ {
		col, ok := colourLetters[spec[i]]
		if !ok {
			continue
		}
		if need[col] == 0 {
			order = append(order, col)
		}
		need[col]++
	}
	for _, col := range order {
		n := need[col]
		// Single-colour cards first, then multi-colour, then cards of unknown colour.
		for pass := 0; pass < 3 && n > 0; pass++ {
			for i := range p.Energy {
				if n == 0 {
					break
				}
				if used[i] || p.Energy[i].Rest {
					continue
				}
				cols, known := colourOf(i)
				fits := false
				switch pass {
				case 0:
					fits = known && len(cols) == 1 && cols[0] == col
				case 1:
					fits = known && len(cols) > 1 && contains(cols, col)
				case 2:
					fits = !known
				}
				if fits {
					used[i] = true
					rest = append(rest, i)
					n--
				}
			}
		}
		for n > 0 && markers > 0 && (!leaderKnown || contains(leader.Colours, col)) {
			markers--
			n--
		}
		if n > 0 {
			return nil, 0, violation("CR 5-3-1", "%s has too little Active %s energy for the cost's %d %s orb(s)", pl, col, need[col], col)
		}
	}
	left := cost - len(rest) - (p.Markers - markers)
	for i := range p.Energy {
		if left <= 0 {
			break
		}
		if !used[i] && !p.Energy[i].Rest {
			used[i] = true
			rest = append(rest, i)
			left--
		}
	}
	for left > 0 && markers > 0 {
		markers--
		left--
	}
	if left > 0 {
		return nil, 0, violation("CR 5-3-1", "%s has too little Active energy to pay a cost of %d", pl, cost)
	}
	return rest, p.Markers - markers, nil
}

func contains(l []string, s string) bool {
	for _, x := range l {
		if x == s {
			return true
		}
	}
	return false
}

func (e *applier) pay(pl Side, rest []int, markers int) {
	p := &e.s.Players[pl]
	for _, i := range rest {
		p.Energy[i].Rest = true
	}
	p.Markers -= markers
	p.Removed += markers
	if markers > 0 {
		p.Marks |= gamestate.MarkMarkerRemoved
	}
}

// cost is the action's declared cost, or the card's printed one.
func (e *applier) cost(c rules.Card, known bool) (int, string, bool) {
	if e.a.Amount != nil {
		return *e.a.Amount, c.SpecifiedCost, true
	}
	if known && c.Cost != nil {
		return *c.Cost, c.SpecifiedCost, false
	}
	return 0, "", false
}

func (e *applier) play() (v *Violation) {
	s, pl := e.s, e.a.Player
	p := &s.Players[pl]
	// Naming a card may reveal an unknown one; that is undone if the play is
	// illegal, after the violation's sentence has named the card.
	defer e.undoRevealOnViolation(&v)()
	i, v := e.fromHand(pl, e.a.Card)
	if v != nil {
		return v
	}
	id := p.Hand[i]
	c, known := s.Card(id)
	if known && c.Type == rules.TypeLeader {
		return violation("CR 6-1-3", "%s is a Leader and cannot be played: a Leader starts in the Leader Area and stays there", s.Name(id))
	}
	pc := playedCard{id: id, extra: known && c.Type == rules.TypeExtra, inBattle: s.Battle.Step != NoBattle}
	pc.field = pc.extra && cardinfo.HasOwnKeyword(c, keyword.Field)
	// Without card data a card used during a battle is taken as an Extra with
	// [Activate Battle]: only the battle's timing is checked, not the card.
	pc.unknownInBattle = pc.inBattle && !known
	if v := e.playTiming(&pc, c); v != nil {
		return v
	}
	if v := e.barred(pl, id); v != nil {
		return v
	}
	cost, spec, declared, reduced := e.playCost(pl, id, c, known)
	if !declared && len(p.Discounts) > 0 {
		cost, spec = e.discount(pl, id, cost, spec)
	}
	pc.cost, pc.declared = cost, declared
	if pc.rest, pc.markers, v = e.payFor(pl, cost, spec); v != nil {
		return v
	}
	if !pc.inBattle {
		e.enterMain()
	}
	e.pay(pl, pc.rest, pc.markers)
	e.markerFor, e.markerPaid = id, pc.markers > 0
	p.Hand = removeAt(p.Hand, i)
	if reduced > 0 {
		e.event("Card skills", "%s's own skill reduces its cost by %d", s.Name(id), reduced)
	}
	switch {
	case pc.field:
		e.placeField(&pc)
	case pc.extra || pc.unknownInBattle:
		e.useExtra(&pc)
	default:
		e.playBattleCard(&pc)
	}
	return nil
}

// playedCard is a card played from hand: what kind of play it is, and its
// cost as paid.
type playedCard struct {
	id                     CardID
	extra, field, inBattle bool
	unknownInBattle        bool // a card without data played during a battle: taken as an Extra
	cost                   int
	declared               bool // the log declared the cost
	rest                   []int
	markers                int
}

// playTiming checks when the card may be played: an Extra with [Activate
// Battle] (or an unknown card) in a battle, anything else in the Main Phase
// outside battles.
func (e *applier) playTiming(pc *playedCard, c rules.Card) *Violation {
	s, pl := e.s, e.a.Player
	if (pc.extra && pc.inBattle && !pc.field) || pc.unknownInBattle {
		if v := e.battleTiming(pl); v != nil {
			return v
		}
		if pc.extra && cardinfo.Described(c) && !strings.Contains(c.Text, "Battle]") {
			return violation("CR 7-3-4-2", "%s has no [Activate Battle] skill, so it cannot be used in a battle", s.Name(pc.id))
		}
		return nil
	}
	if v := e.toMain(); v != nil {
		return v
	}
	// A [Field] is placed in the Main Phase; its own skills are used later.
	if pc.extra && !pc.field && cardinfo.Described(c) && !strings.Contains(c.Text, "[Activate Main") {
		return violation("CR 7-3-4-2", "%s has no [Activate Main] skill, so it cannot be used in the Main Phase", s.Name(pc.id))
	}
	return nil
}

// placeField puts a [Field] in the Battle Area, the previous one to the
// Drop. One sentence per case (declared cost or printed), so each can be
// translated.
func (e *applier) placeField(pc *playedCard) {
	s, pl := e.s, e.a.Player
	p := &s.Players[pl]
	if p.Field != NoCard {
		p.Drop = append(p.Drop, p.Field)
		e.auto("[Field]", "%s's previous [Field] %s goes to the Drop", pl, s.Name(p.Field))
	}
	p.Field, p.FieldRest = pc.id, false
	if pc.declared {
		e.event("[Field]", "%s plays the [Field] %s (declared cost %d)", pl, s.Name(pc.id), pc.cost)
	} else {
		e.event("[Field]", "%s plays the [Field] %s (cost %d)", pl, s.Name(pc.id), pc.cost)
	}
	e.payEvent(pl, pc.rest, pc.markers)
	e.flagUnread(pc.id, skill.Permanent)
	// A [Field] is played: its [On Play] happens (Demon King Palace FB06-092).
	e.trigger(pl, pc.id, skill.OnPlay, skill.TriggerNone)
}

// useExtra uses an Extra: it goes to the Drop and its [Activate Main] or
// [Activate Battle] skill happens.
func (e *applier) useExtra(pc *playedCard) {
	s, pl, id, cost := e.s, e.a.Player, pc.id, pc.cost
	if s.Battle.Step == StepAttack && pl == s.TurnPlayer {
		s.Battle.Step = StepOffense
	}
	s.Players[pl].Drop = append(s.Players[pl].Drop, id)
	if c, ok := s.Card(id); ok && c.Cost != nil {
		s.Players[pl].ExtraUsed = max(s.Players[pl].ExtraUsed, *c.Cost+1)
	}
	switch {
	case pc.unknownInBattle && pc.declared:
		e.event("[Activate Battle]", "%s uses %s in the battle (declared cost %d); it goes to the Drop. Without its card data it is taken as an Extra with [Activate Battle], not checked", pl, s.Name(id), cost)
	case pc.unknownInBattle:
		e.event("[Activate Battle]", "%s uses %s in the battle; it goes to the Drop. Without its card data it is taken as an Extra with [Activate Battle], not checked", pl, s.Name(id))
	case pc.inBattle && pc.declared:
		e.event("[Activate Battle]", "%s uses %s (declared cost %d); it goes to the Drop", pl, s.Name(id), cost)
	case pc.inBattle:
		e.event("[Activate Battle]", "%s uses %s (cost %d); it goes to the Drop", pl, s.Name(id), cost)
	case pc.declared:
		e.event("CR 12-2-2", "%s uses %s (declared cost %d); it goes to the Drop", pl, s.Name(id), cost)
	default:
		e.event("CR 12-2-2", "%s uses %s (cost %d); it goes to the Drop", pl, s.Name(id), cost)
	}
	e.payEvent(pl, pc.rest, pc.markers)
	if pc.inBattle {
		e.trigger(pl, id, skill.ActivateBattle, skill.TriggerNone)
	} else {
		e.trigger(pl, id, skill.ActivateMain, skill.TriggerNone)
	}
}

// playBattleCard puts a Battle Card in the Battle Area in Active Mode; its
// [On Play] and the opponent's "when your opponent plays" skills trigger.
func (e *applier) playBattleCard(pc *playedCard) {
	s, pl, id := e.s, e.a.Player, pc.id
	s.Players[pl].Battle = append(s.Players[pl].Battle, BattleCard{ID: id, Copy: s.NextCopy(pl, s.Cards[id].Number)})
	if pc.declared {
		e.event("CR 5-5-2", "%s plays %s in Active Mode (declared cost %d)", pl, s.Name(id), pc.cost)
	} else {
		e.event("CR 5-5-2", "%s plays %s in Active Mode (cost %d)", pl, s.Name(id), pc.cost)
	}
	e.payEvent(pl, pc.rest, pc.markers)
	e.restOnEntry(pl, id)
	e.flagUnread(id, skill.Permanent)
	e.trigger(pl, id, skill.OnPlay, skill.TriggerNone)
	e.triggerOpponents(pl)
	e.playedTriggers(pl, id, false)
}

// flagUnread flags the skills of a card with timing t that the engine does
// not read ([Permanent] skills when the card comes into play).
func (e *applier) flagUnread(id CardID, t skill.Timing) {
	sks, _, ok := e.s.SkillsOf(id)
	if !ok {
		e.opened = true
		return
	}
	for i := range sks {
		if !sks[i].Understood && (sks[i].Timing.Has(t) || sks[i].Timing == 0 || sks[i].Timing.Has(skill.Auto)) {
			e.unread(id, &sks[i])
		}
	}
}

// withTriggers lists the Battle Cards whose skills may trigger, by id: a
// skill that triggers may change the Battle Area while they are visited.
// Most cards have none, and then nothing is allocated.
func (e *applier) withTriggers(battle []BattleCard) []CardID {
	var out []CardID
	for _, b := range battle {
		if e.s.FlagsOf(b.ID)&cardinfo.FlagTriggers != 0 {
			out = append(out, b.ID)
		}
	}
	return out
}

// triggerOpponents fires the opponent's "[Auto] When your opponent plays a
// Battle Card" skills.
func (e *applier) triggerOpponents(pl Side) {
	o := &e.s.Players[pl.Other()]
	e.trigger(pl.Other(), o.Leader.ID, skill.Auto, skill.OpponentPlays)
	for _, id := range e.withTriggers(o.Battle) {
		e.trigger(pl.Other(), id, skill.Auto, skill.OpponentPlays)
	}
}

// payEvent says what paid a cost: the energy cards rested, by name, and
// the energy markers removed.
func (e *applier) payEvent(pl Side, rest []int, markers int) {
	p := &e.s.Players[pl]
	if len(rest) > 0 {
		var names strings.Builder
		for k, i := range rest {
			if k > 0 {
				names.WriteString(", ")
			}
			names.WriteString(e.s.Name(p.Energy[i].ID))
		}
		e.event("CR 5-3-1", "%s pays with %s (rested)", pl, names.String())
	}
	if markers > 0 {
		e.event("CR 5-3-1", "%s removes %d energy marker(s) from the game to pay", pl, markers)
	}
}

// undoRevealOnViolation notes the acting player's hand as it is and returns
// a function to defer: if *v is set when it runs, the numbers that looking
// for a card revealed in that hand are forgotten again (an illegal action
// changes nothing). Deferred, it runs after the violation's sentence was
// formatted, so the sentence names the card.
func (e *applier) undoRevealOnViolation(v **Violation) func() {
	p := &e.s.Players[e.a.Player]
	hand := p.Hand
	before := make([]string, len(hand))
	for i, id := range hand {
		before[i] = e.s.Cards[id].Number
	}
	return func() {
		if *v == nil {
			return
		}
		for i, id := range hand {
			e.s.SetNumber(id, before[i])
		}
	}
}

// ownRef refuses a reference to the other player's card where a player can
// only use their own: format says what they do, with the player, the
// reference and its owner, as in "%s blocks with their own Battle Cards; %s
// is %s's card". Without a rule it is a log error.
func ownRef(pl Side, r Ref, rule, format string) *Violation {
	if r.Owner == NoSide || r.Owner == pl {
		return nil
	}
	if rule == "" {
		return logError(format, pl, r.String(), r.Owner)
	}
	return violation(rule, format, pl, r.String(), r.Owner)
}

// battleTiming checks that pl may act in the current battle step: the
// attacker before passing, the defender after the attacker passed.
func (e *applier) battleTiming(pl Side) *Violation {
	s := e.s
	switch s.Battle.Step {
	case StepAttack, StepOffense:
		if pl != s.TurnPlayer {
			return violation("Combo", "the defender acts in the Defense Step, after the attacker passes")
		}
	case StepDefense:
		if pl == s.TurnPlayer {
			return violation("Combo", "%s already passed; the attacker cannot add more to this battle", pl)
		}
	case StepDamage:
		return violation("Damage Step", "both players passed; the battle goes to the Damage Step")
	default:
		return logError("no battle is in progress")
	}
	return nil
}

func (e *applier) evolve() (v *Violation) {
	s, pl := e.s, e.a.Player
	p := &s.Players[pl]
	if v := e.toMain(); v != nil {
		return v
	}
	if n := len(e.a.Targets); n < 1 || n > 2 {
		return violation("[Evolve]", "evolve needs one Battle Card to evolve from ([Evolve]) or two ([Fusion Evolve])")
	}
	defer e.undoRevealOnViolation(&v)()
	i, v := e.fromHand(pl, e.a.Card)
	if v != nil {
		return v
	}
	id := p.Hand[i]
	c, known := s.Card(id)
	kw := keyword.Evolve
	if len(e.a.Targets) == 2 {
		kw = keyword.FusionEvolve
	}
	if known && cardinfo.Described(c) && !cardinfo.HasOwnKeyword(c, kw) {
		return violation("["+kw+"]", "%s has no [%s]", s.Name(id), kw)
	}
	var bases []int
	for _, t := range e.a.Targets {
		bi, v := e.findOwnBattle(pl, t, "["+kw+"]", "%s evolves onto their own Battle Cards; %s is %s's card")
		if v != nil {
			return v
		}
		for _, b := range bases {
			if b == bi {
				return violation("[Fusion Evolve]", "[Fusion Evolve] needs two different Battle Cards")
			}
		}
		bases = append(bases, bi)
	}
	cost := 0
	if e.a.Amount != nil {
		cost = *e.a.Amount
	}
	rest, markers, v := e.payFor(pl, cost, "")
	if v != nil {
		return v
	}
	e.enterMain()
	e.pay(pl, rest, markers)
	p.Hand = removeAt(p.Hand, i)
	base := p.Battle[bases[0]]
	nb := BattleCard{ID: id, Rest: base.Rest, Mods: base.Mods, Ki: base.Ki, Gained: base.Gained}
	names := []any{pl, s.Name(id)}
	for _, bi := range bases {
		b := p.Battle[bi]
		nb.Under = append(nb.Under, b.ID)
		nb.Under = append(nb.Under, b.Under...)
		names = append(names, s.Name(b.ID))
	}
	p.Battle[bases[0]] = nb
	p.Battle[bases[0]].Copy = 0
	p.Battle[bases[0]].Copy = s.NextCopy(pl, s.Cards[id].Number)
	if len(bases) == 2 {
		p.Battle = removeAt(p.Battle, bases[1])
		e.event("[Fusion Evolve]", "%s fusion-evolves %s onto %s and %s, keeping the first card's mode and power changes", names...)
	} else {
		e.event("[Evolve]", "%s evolves %s onto %s, keeping its mode and power changes", names...)
	}
	if cost > 0 || markers > 0 {
		e.event("", "%s pays a skill cost of %d (declared)", pl, cost)
		e.payEvent(pl, rest, markers)
	}
	return nil
}

// findOwnBattle finds one of pl's own Battle Cards: a reference to the other
// player's card breaks rule, with what pl does ("blocks with their own
// Battle Cards"). The index is into pl's Battle Area.
func (e *applier) findOwnBattle(pl Side, ref, rule, format string) (int, *Violation) {
	r, err := ParseRef(ref)
	if err != nil {
		return 0, logError("%s", err)
	}
	if v := ownRef(pl, r, rule, format); v != nil {
		return 0, v
	}
	return e.findBattle(pl, ref)
}

// findBattle finds one of the Battle Cards of the reference's owner (the
// acting player unless the reference names one). The index is into the
// Battle Area of that owner, which need not be pl: callers that index pl's
// area use findOwnBattle.
func (e *applier) findBattle(pl Side, ref string) (int, *Violation) {
	r, err := ParseRef(ref)
	if err != nil {
		return 0, logError("%s", err)
	}
	if r.Owner != NoSide {
		pl = r.Owner
	}
	if r.Leader || r.Number == "" {
		return 0, logError("%q is not a Battle Card", ref)
	}
	if i, ok := e.s.FindCopy(pl, r); ok {
		return i, nil
	}
	if r.Nth > 0 && e.s.CountInBattle(pl, r.Number) > 0 {
		return 0, logError("%s has no %s#%d in their Battle Area (copy numbers stay with a card while it is in play)", pl, r.Number, r.Nth)
	}
	return 0, logError("%s has no %s in their Battle Area", pl, r.Number)
}

// awakenLife reads the life condition of an [Awaken] skill. Newer Leaders
// (FB03 on, FS05 on, SB01) put a reminder in brackets between the keyword and
// the condition: "[Awaken] (Can be activated during [Activate Main/Battle] if
// the conditions are met.) When your life is at 3 or less, ...".
var awakenLife = regexp.MustCompile(`\[Awaken\]\s*(?:\([^)]*\)\s*)?When your life is at (\d+) or less`)

// awakenLifeLimit is the "life at N or less" condition of a Leader's
// [Awaken], if its text has one.
func awakenLifeLimit(text string) (int, bool) {
	m := awakenLife.FindStringSubmatch(text)
	if m == nil {
		return 0, false
	}
	n, err := strconv.Atoi(m[1])
	return n, err == nil
}

// awaken flips the Leader. [Awaken] is used like an [Activate Main/Battle]
// skill: in its player's Main Phase outside battles, or in a battle at the
// engine's [Activate Battle] timing (the attacker in the Offense Step before
// passing, the defender in the Defense Step).
func (e *applier) awaken() *Violation {
	s, pl := e.s, e.a.Player
	p := &s.Players[pl]
	if p.Leader.Awakened {
		return violation("[Awaken]", "%s's Leader has already awakened", pl)
	}
	inBattle := s.Battle.Step != NoBattle
	if inBattle {
		if v := e.battleTiming(pl); v != nil {
			switch {
			case s.Battle.Step == StepDamage:
				return violation("[Awaken]", "both players passed: the battle is in its Damage Step, too late to awaken in it")
			case pl == s.TurnPlayer:
				return violation("[Awaken]", "%s already passed; the attacker awakens in the Offense Step, before passing", pl)
			default:
				return violation("[Awaken]", "the defender awakens in the Defense Step, after the attacker passes")
			}
		}
	} else if v := e.toMain(); v != nil {
		return violation("CR 7-3-4-2", "a Leader awakens in its player's Main Phase or during a battle")
	}
	c, known := s.Card(p.Leader.ID)
	if known && c.Text != "" && !cardinfo.HasOwnKeyword(c, keyword.Awaken) {
		return violation("[Awaken]", "%s has no [Awaken]", s.Name(p.Leader.ID))
	}
	if limit, ok := awakenLifeLimit(c.Text); known && ok && len(p.Life) > limit {
		return violation("[Awaken]", "%s can awaken at %d life or less; %s has %d", s.Name(p.Leader.ID), limit, pl, len(p.Life))
	}
	// The [Awaken] skill as the engine reads it: its other conditions, and
	// what it does before the Leader flips ("draw 1 card").
	var awakenSkill *skill.Skill
	idx := -1
	if sks, _, ok := s.SkillsOf(p.Leader.ID); ok {
		for i := range sks {
			if sks[i].Timing.Has(skill.Awaken) {
				awakenSkill, idx = &sks[i], i
				break
			}
		}
	}
	if awakenSkill != nil && awakenSkill.Understood && !s.Holds(gamestate.Ctx{Side: pl, Src: p.Leader.ID}, awakenSkill.If) {
		return violation("[Awaken]", "the condition of %s's [Awaken] is not met", s.Name(p.Leader.ID))
	}
	if !inBattle {
		e.enterMain()
	} else if s.Battle.Step == StepAttack {
		// The attacker's [Activate Battle] timing is the Offense Step: the
		// chance to block has gone, as after a combo.
		s.Battle.Step = StepOffense
	}
	switch {
	case awakenSkill == nil:
	case !awakenSkill.Understood:
		e.unread(p.Leader.ID, awakenSkill)
	case needsChoices(awakenSkill):
		s.Pending = append(s.Pending, Pending{Side: pl, Source: p.Leader.ID, Skill: idx})
		e.skillEvent(awakenSkill, "%s waits for %s's choices (%s use leader -> …); anything else resolves it without them", s.SkillLabel(p.Leader.ID, awakenSkill), pl, pl)
	default:
		e.resolve(gamestate.Ctx{Side: pl, Src: p.Leader.ID}, awakenSkill, &choiceQueue{lapse: true})
	}
	p.Leader.Awakened = true
	e.event("[Awaken]", "%s's Leader awakens and flips to its back side", pl)
	e.flagUnread(p.Leader.ID, skill.Permanent)
	return nil
}

func (e *applier) attack() *Violation {
	s, pl := e.s, e.a.Player
	if v := e.toMain(); v != nil {
		return v
	}
	if s.Turn == 1 {
		return violation("CR 7-3-4-3-1", "the player going first cannot attack on their first turn")
	}
	if len(e.a.Targets) != 1 {
		return violation("CR 8-1-1", "an attack needs one attacker and one target")
	}
	atk, v := e.resolveInPlay(pl, e.a.Card, pl)
	if v != nil {
		return v
	}
	if atk.side != pl {
		return violation("CR 8-1-1", "%s attacks with their own Leader or Battle Card; %s is %s's", pl, e.label(atk), atk.side)
	}
	if e.isRest(atk) {
		return violation("CR 8-1-1", "%s is in Rest Mode and cannot attack", e.s.Name(atk.id))
	}
	if atk.field {
		return violation("CR 8-1-1", "only a Leader or a Battle Card can attack")
	}
	if s.CantAttack(atk.id) {
		return violation("Card skills", "%s can't attack: a skill forbids it", e.label(atk))
	}
	opp := pl.Other()
	tgt, v := e.resolveInPlay(opp, e.a.Targets[0], opp)
	if v != nil {
		return v
	}
	if tgt.side != opp || tgt.field {
		return violation("CR 8-1-1", "the target must be the opponent's Leader or one of their Battle Cards")
	}
	if tgt.leader && s.Granted(atk.id, skill.CantAttack, "leader") {
		return violation("Card skills", "%s can't attack your opponent's Leader: a skill forbids it", e.label(atk))
	}
	if !s.AttackAllowed(opp, tgt.id) {
		return violation("Card skills", "%s can't be attacked: a skill of its player forbids it", e.label(tgt))
	}
	if !tgt.leader && !e.isRest(tgt) && !s.MayAttackActive(pl, atk.id) {
		return violation("CR 8-1-1", "%s is in Active Mode; only Battle Cards in Rest Mode can be attacked", s.Name(tgt.id))
	}
	e.enterMain()
	e.setRest(atk, true)
	s.Battle = Battle{Step: StepAttack, Attacker: atk.id, Target: tgt.id}
	e.event("CR 8-1-1", "%s attacks %s with %s", pl, e.label(tgt), e.label(atk))
	e.trigger(pl, atk.id, skill.WhenAttacking, skill.TriggerNone)
	e.trigger(pl, atk.id, skill.Auto, skill.ThisAttacks)
	if atk.leader {
		for _, id := range e.withTriggers(s.Players[pl].Battle) {
			e.trigger(pl, id, skill.Auto, skill.LeaderAttacks)
		}
	} else {
		e.battleCardAttacks(pl)
	}
	return nil
}

// battleCardAttacks fires the [Auto] skills waiting for a Battle Card of
// side pl to attack: pl's own ("When your Battle Card ... attacks") and
// the opponent's ("When an opponent's Battle Card ... attacks"); their
// AttackerIs condition judges the attacker (issue 29).
func (e *applier) battleCardAttacks(pl Side) {
	for _, side := range []Side{pl, pl.Other()} {
		trig := skill.YourBattleCardAttacks
		if side != pl {
			trig = skill.OppBattleCardAttacks
		}
		p := &e.s.Players[side]
		ids := append([]CardID{p.Leader.ID}, e.withTriggers(p.Battle)...)
		for _, id := range ids {
			if _, _, _, _, ok := e.s.Where(id); ok {
				e.trigger(side, id, skill.Auto, trig)
			}
		}
	}
}

// inPlay is a Leader, Battle Card or [Field] found by reference.
type inPlay struct {
	side   Side
	leader bool
	field  bool
	idx    int // Battle Area index
	id     CardID
}

func (e *applier) resolveInPlay(pl Side, ref string, def Side) (inPlay, *Violation) {
	r, err := ParseRef(ref)
	if err != nil {
		return inPlay{}, logError("%s", err)
	}
	side := def
	if r.Owner != NoSide {
		side = r.Owner
	}
	p := &e.s.Players[side]
	if r.Leader {
		return inPlay{side: side, leader: true, id: p.Leader.ID}, nil
	}
	if r.Number == "" {
		return inPlay{}, logError("%q does not name a card in play", ref)
	}
	if i, ok := e.s.FindCopy(side, r); ok {
		return inPlay{side: side, idx: i, id: p.Battle[i].ID}, nil
	}
	if p.Field != NoCard && e.s.Cards[p.Field].Number == r.Number {
		return inPlay{side: side, field: true, id: p.Field}, nil
	}
	if r.Nth > 0 && e.s.CountInBattle(side, r.Number) > 0 {
		return inPlay{}, logError("%s has no %s#%d in play (copy numbers stay with a card while it is in play)", side, r.Number, r.Nth)
	}
	return inPlay{}, logError("%s has no %s in play", side, r.Number)
}

func (e *applier) isRest(c inPlay) bool {
	p := &e.s.Players[c.side]
	switch {
	case c.leader:
		return p.Leader.Rest
	case c.field:
		return p.FieldRest
	}
	return p.Battle[c.idx].Rest
}

func (e *applier) setRest(c inPlay, rest bool) {
	p := &e.s.Players[c.side]
	switch {
	case c.leader:
		p.Leader.Rest = rest
	case c.field:
		p.FieldRest = rest
	default:
		p.Battle[c.idx].Rest = rest
	}
}

// label names a card in play in the log's notation ("P2:leader",
// "P1:FS01-07"), which needs no translation.
func (e *applier) label(c inPlay) string {
	if c.leader {
		return c.side.String() + ":leader"
	}
	if c.field {
		return c.side.String() + ":" + e.s.Name(c.id)
	}
	return c.side.String() + ":" + e.s.CopyName(c.side, c.idx)
}

func (e *applier) block() *Violation {
	s, pl := e.s, e.a.Player
	if s.Battle.Step == NoBattle {
		return logError("no battle is in progress")
	}
	if pl == s.TurnPlayer {
		return violation("[Blocker]", "only the defending player can use a Blocker")
	}
	if s.Battle.BlockerUsed {
		return violation("[Blocker]", "only one Blocker can be used in a battle")
	}
	if s.Battle.Step != StepAttack {
		return violation("[Blocker]", "a Blocker must be used right after the attack, before any combo")
	}
	i, v := e.findOwnBattle(pl, e.a.Card, "[Blocker]", "%s blocks with their own Battle Cards; %s is %s's card")
	if v != nil {
		return v
	}
	b := &s.Players[pl].Battle[i]
	if c, ok := s.Card(b.ID); ok && cardinfo.Described(c) && !s.HasKeyword(b.ID, keyword.Blocker) {
		if s.ReadsCard(b.ID) && strings.Contains(strings.ToLower(c.Text), "[blocker]") {
			return violation("[Blocker]", "%s has no [Blocker] now: its skill gives [Blocker] only while its condition holds", s.Name(b.ID))
		}
		return violation("[Blocker]", "%s has no [Blocker]", s.Name(b.ID))
	}
	if b.Rest {
		return violation("[Blocker]", "%s is in Rest Mode and cannot block", s.Name(b.ID))
	}
	if b.ID == s.Battle.Target {
		return violation("[Blocker]", "%s is already the target of the attack", s.Name(b.ID))
	}
	b.Rest = true
	s.Battle.Target = b.ID
	s.Battle.BlockerUsed = true
	e.event("[Blocker]", "%s rests %s to block; it becomes the new target", pl, s.Name(b.ID))
	e.trigger(pl, b.ID, skill.WhenBlocking, skill.TriggerNone)
	return nil
}

func (e *applier) combo() (v *Violation) {
	s, pl := e.s, e.a.Player
	if v := e.battleTiming(pl); v != nil {
		return v
	}
	p := &s.Players[pl]
	var id CardID
	if e.a.From == ZoneBattle {
		i, v := e.findOwnBattle(pl, e.a.Card, "Combo", "%s combos with their own cards; %s is %s's card")
		if v != nil {
			return v
		}
		b := p.Battle[i]
		if b.ID == s.Battle.Attacker || b.ID == s.Battle.Target {
			return violation("Combo", "a card in the battle cannot be its own combo")
		}
		if b.Rest {
			return violation("Combo", "only Active Battle Cards can be combos from the Battle Area")
		}
		if v := e.comboCard(b.ID); v != nil {
			return v
		}
		id = b.ID
		e.leavePlay(pl, i, &p.Combo)
	} else {
		if e.a.From != "" && e.a.From != ZoneHand {
			return violation("Combo", "combos come from the hand or the Battle Area")
		}
		defer e.undoRevealOnViolation(&v)()
		i, v := e.fromHand(pl, e.a.Card)
		if v != nil {
			return v
		}
		id = p.Hand[i]
		if v := e.comboCard(id); v != nil {
			return v
		}
		p.Hand = removeAt(p.Hand, i)
		p.Combo = append(p.Combo, id)
	}
	if s.Battle.Step == StepAttack {
		s.Battle.Step = StepOffense
	}
	if c, ok := s.Card(id); ok && c.ComboPower != nil {
		e.event("Combo", "%s combos %s (combo power %d)", pl, s.Name(id), *c.ComboPower)
	} else {
		e.event("Combo", "%s combos %s (combo power unknown)", pl, s.Name(id))
	}
	if e.a.From == ZoneBattle {
		e.trigger(pl, id, skill.Auto, skill.ComboFromBattle)
	} else {
		e.trigger(pl, id, skill.Auto, skill.ComboFromHand)
	}
	for _, b := range []CardID{s.Battle.Attacker, s.Battle.Target} {
		if s.Owner(b) == pl {
			e.trigger(pl, b, skill.Auto, skill.ComboWhileInBattle)
			if e.a.From == ZoneBattle {
				e.trigger(pl, b, skill.Auto, skill.ComboFromBattleInBattle)
			}
		}
	}
	return nil
}

// comboCard checks what the card list knows of a combo: only Battle Cards
// with combo power go to the Combo Area. A card it does not describe (no
// power, cost or text: FB07-FB09 in the shared data) is not judged.
func (e *applier) comboCard(id CardID) *Violation {
	s := e.s
	c, ok := s.Card(id)
	switch {
	case !ok:
		return nil
	case c.Type != rules.TypeBattle:
		return violation("Combo", "only Battle Cards can be combos; %s is of type %s", s.Name(id), c.Type)
	case c.ComboPower == nil && cardinfo.Described(c):
		return violation("Combo", "%s has no combo power, so it cannot be a combo: only Battle Cards with combo power go to the Combo Area", s.Name(id))
	}
	return nil
}

// leavePlay removes Battle Card i: its [Ki] markers are lost, the cards it
// evolved from go to the Drop, and the card itself goes to dest.
func (e *applier) leavePlay(pl Side, i int, dest *[]CardID) {
	p := &e.s.Players[pl]
	b := p.Battle[i]
	p.Battle = removeAt(p.Battle, i)
	p.Drop = append(p.Drop, b.Under...)
	if dest != nil {
		*dest = append(*dest, b.ID)
	}
}

func (e *applier) pass() *Violation {
	s, pl := e.s, e.a.Player
	if v := e.battleTiming(pl); v != nil {
		return v
	}
	if s.Battle.Step == StepDefense {
		s.Battle.Step = StepDamage
		e.event("Damage Step", "%s passes; Damage Step", pl)
	} else {
		s.Battle.Step = StepDefense
		e.event("Combo", "%s passes; Defense Step", pl)
	}
	return nil
}

func (e *applier) outcome() *Violation {
	s := e.s
	if s.Battle.Step != StepDamage {
		if s.Battle.Step == NoBattle {
			return logError("no battle is in progress")
		}
		return violation("Damage Step", "the battle is not in its Damage Step yet: both players must pass first")
	}
	atkSide := s.TurnPlayer
	defSide := atkSide.Other()
	dp := &s.Players[defSide]
	targetLeader := dp.Leader.ID == s.Battle.Target
	ap, tp, unknown := s.BattlePowersUnknown()
	known := len(unknown) == 0
	wins := ap >= tp
	switch e.a.Verb {
	case VerbDamage:
		if !targetLeader {
			return violation("Damage Step", "the target is a Battle Card: a successful attack KOs it (ko), it deals no damage")
		}
		if known && !wins {
			return violation("Damage Step", "the attack fails: %d power against %d, so no damage is dealt", ap, tp)
		}
	case VerbKO:
		if targetLeader {
			return violation("CR 3-5-3", "the target is a Leader: a successful attack deals damage, it cannot be KO'd")
		}
		if known && !wins {
			return violation("Damage Step", "the attack fails: %d power against %d, so nothing is KO'd", ap, tp)
		}
	case VerbMiss:
		if known && wins {
			return violation("Damage Step", "the attack succeeds: %d power against %d (ties go to the attacker)", ap, tp)
		}
	}
	if known {
		e.event("Damage Step", "Damage Step: %d power against %d", ap, tp)
	} else {
		names := make([]string, len(unknown))
		for i, id := range unknown {
			names[i] = s.Name(id)
		}
		e.events = append(e.events, Event{Rule: "Damage Step", Declared: true,
			Format: "Damage Step: the powers cannot be compared (no power known for %s); the outcome is recorded as declared, not checked",
			Args:   []any{strings.Join(names, ", ")}})
	}
	switch e.a.Verb {
	case VerbDamage:
		n, strike := 1, ""
		for _, k := range keyword.Strikes {
			if s.HasKeyword(s.Battle.Attacker, k.Name) {
				n, strike = k.Strike, k.ID()
				break
			}
		}
		if e.a.Amount != nil {
			n = *e.a.Amount
			e.events = append(e.events, Event{Format: "%s declares %d damage", Args: []any{atkSide, n}, Declared: true})
		} else if strike != "" {
			e.event(strike, "%s deals %d damage", s.Name(s.Battle.Attacker), n)
		}
		if limit, label := s.DamageLimit(defSide); limit > 0 && n > limit {
			if e.a.Amount != nil {
				return violation("Card skills", "%s takes at most %d damage in each battle (%s)", defSide, limit, label)
			}
			n = limit
			e.event("Card skills", "%s takes at most %d damage in each battle (%s)", defSide, limit, label)
		}
		if len(e.a.Targets) > n {
			return violation("Damage Step", "%d life card(s) named for %d damage", len(e.a.Targets), n)
		}
		if v := e.damage(defSide, n, s.HasKeyword(s.Battle.Attacker, keyword.Critical), e.a.Targets); v != nil {
			return v
		}
	case VerbKO:
		target := s.Battle.Target
		if e.stays(target, gamestate.Removal{KO: true, InBattle: true, Side: atkSide, Src: s.Battle.Attacker}) {
			break
		}
		for i, b := range dp.Battle {
			if b.ID == target {
				e.leavePlay(defSide, i, &dp.Drop)
				break
			}
		}
		e.event("Damage Step", "%s is KO'd and goes to the Drop", s.Name(target))
		dp.KOdInBattle = true
		attacker := s.Battle.Attacker
		e.endBattle()
		e.trigger(defSide, target, skill.WhenKOd, skill.TriggerNone)
		e.trigger(atkSide, attacker, skill.Auto, skill.KOsInBattle)
		return nil
	case VerbMiss:
		e.event("Damage Step", "the attack fails; nothing happens")
	}
	e.endBattle()
	return nil
}

// endBattle is the battle end clean-up: every combo goes to its owner's
// Drop and effects for the battle end.
func (e *applier) endBattle() {
	s := e.s
	n := 0
	for i := range s.Players {
		p := &s.Players[i]
		n += len(p.Combo)
		p.Drop = append(p.Drop, p.Combo...)
		p.Combo = nil
		p.ComboBonus = 0
		p.Leader.Mods.Battle = 0
		p.Leader.Gained.Battle = 0
		for j := range p.Battle {
			p.Battle[j].Mods.Battle = 0
			p.Battle[j].Gained.Battle = 0
		}
	}
	s.Battle = Battle{Attacker: NoCard, Target: NoCard}
	e.auto("Battle end", "battle end: %d combo card(s) go to the Drop; effects for the battle end", n)
	e.runDelayed("battle")
}

func (e *applier) effectKO() *Violation {
	c, v := e.resolveInPlay(e.a.Player, e.a.Card, e.a.Player.Other())
	if v != nil {
		return v
	}
	if c.leader {
		return violation("CR 3-5-3", "a Leader never leaves the Leader Area, so it cannot be KO'd")
	}
	if c.field {
		return violation("[Field]", "a [Field] is not a Battle Card and cannot be KO'd; only Battle Cards can")
	}
	p := &e.s.Players[c.side]
	if e.s.Battle.Target == c.id || e.s.Battle.Attacker == c.id {
		e.s.Battle.Step = NoBattle
		e.endBattle()
	}
	e.leavePlay(c.side, c.idx, &p.Drop)
	e.events = append(e.events, Event{Format: "%s's %s is KO'd by an effect", Args: []any{c.side, e.s.Name(c.id)}, Declared: true})
	e.trigger(c.side, c.id, skill.WhenKOd, skill.TriggerNone)
	return nil
}

// damage moves the top n life cards of side to their hand, or with
// [Critical] to the Drop. names, if given, are what the life cards were
// (top first): a life card in the Drop is face up, so the log can name it;
// a known card must match.
func (e *applier) damage(side Side, n int, critical bool, names []string) *Violation {
	s := e.s
	p := &s.Players[side]
	// Every name is checked before anything moves, so a wrong one changes nothing.
	nums := make([]string, min(len(names), n, len(p.Life)))
	for k := range nums {
		if names[k] == "?" {
			continue
		}
		r, err := ParseRef(names[k])
		if err != nil || r.Number == "" || r.Leader || r.Top || r.Bottom || r.Owner != NoSide && r.Owner != side {
			return violation("Damage Step", "%q does not name a life card of %s", names[k], side)
		}
		id := p.Life[k]
		if have := s.Cards[id].Number; have != "" && have != r.Number {
			return violation("Damage Step", "%s's life card %d from the top is %s, not %s", side, k+1, have, r.Number)
		}
		if v := canReveal(s, id, r.Number); v != nil {
			return v
		}
		nums[k] = r.Number
	}
	for k := 0; k < n && len(p.Life) > 0; k++ {
		top := p.Life[0]
		if k < len(nums) && nums[k] != "" {
			s.SetNumber(top, nums[k])
		}
		p.Life = p.Life[1:]
		if critical {
			p.Drop = append(p.Drop, top)
			e.event("[Critical]", "%s takes 1 damage; the life card %s goes to the Drop", side, s.Name(top))
		} else {
			p.Hand = append(p.Hand, top)
			e.event("Damage Step", "%s takes 1 damage; the life card goes to their hand", side)
		}
	}
	if n > 0 {
		e.trigger(side, s.Players[side].Leader.ID, skill.Auto, skill.TakeDamage)
		for _, id := range e.withTriggers(s.Players[side].Battle) {
			e.trigger(side, id, skill.Auto, skill.TakeDamage)
		}
	}
	return nil
}

func (e *applier) power() *Violation {
	s := e.s
	if e.a.Amount == nil {
		return logError("a power change needs an amount such as +5000")
	}
	c, v := e.resolveInPlay(e.a.Player, e.a.Card, e.a.Player)
	if v != nil {
		return v
	}
	if c.field {
		return violation("[Field]", "a [Field] has no power")
	}
	d := e.a.Duration
	if d == "" {
		d = ForTurn
	}
	if d == ForBattle && s.Battle.Step == NoBattle {
		return logError("a change for the battle needs a battle in progress")
	}
	var m *Mods
	if c.leader {
		m = &s.Players[c.side].Leader.Mods
	} else {
		m = &s.Players[c.side].Battle[c.idx].Mods
	}
	switch d {
	case ForBattle:
		m.Battle += *e.a.Amount
	case ForTurn:
		m.Turn += *e.a.Amount
	case ForLasting:
		m.Lasting += *e.a.Amount
	default:
		return logError("unknown duration %q: use battle, turn or lasting", string(d))
	}
	switch d {
	case ForBattle:
		e.event("", "%s gets %+d power for the battle", e.label(c), *e.a.Amount)
	case ForTurn:
		e.event("", "%s gets %+d power for the turn", e.label(c), *e.a.Amount)
	default:
		e.event("", "%s gets %+d power while it stays in play", e.label(c), *e.a.Amount)
	}
	return nil
}

func (e *applier) mode() *Violation {
	rest := e.a.Verb == VerbRest
	r, err := ParseRef(e.a.Card)
	if err != nil {
		return logError("%s", err)
	}
	side := e.a.Player
	if r.Owner != NoSide {
		side = r.Owner
	}
	if e.a.From == ZoneEnergy {
		p := &e.s.Players[side]
		seen := 0
		for i, en := range p.Energy {
			if e.s.Cards[en.ID].Number == r.Number && en.Rest != rest {
				seen++
				if r.Nth == 0 || r.Nth == seen {
					p.Energy[i].Rest = rest
					if rest {
						e.event("", "%s's energy %s switches to Rest Mode", side, e.s.Name(en.ID))
					} else {
						e.event("", "%s's energy %s switches to Active Mode", side, e.s.Name(en.ID))
					}
					return nil
				}
			}
		}
		if rest {
			return logError("%s has no energy %s in Active Mode", side, r.String())
		}
		return logError("%s has no energy %s in Rest Mode", side, r.String())
	}
	c, v := e.resolveInPlay(e.a.Player, e.a.Card, e.a.Player)
	if v != nil {
		return v
	}
	e.setRest(c, rest)
	if rest {
		e.event("", "%s switches to Rest Mode", e.label(c))
	} else {
		e.event("", "%s switches to Active Mode", e.label(c))
	}
	return nil
}

func (e *applier) ki() *Violation {
	if e.a.Amount == nil {
		return violation("[Ki]", "a [Ki] change needs an amount such as +1")
	}
	i, v := e.findBattle(e.a.Player, e.a.Card)
	if v != nil {
		return v
	}
	r, _ := ParseRef(e.a.Card)
	side := e.a.Player
	if r.Owner != NoSide {
		side = r.Owner
	}
	b := &e.s.Players[side].Battle[i]
	if b.Ki+*e.a.Amount < 0 {
		return violation("[Ki]", "%s has only %d [Ki]", e.s.Name(b.ID), b.Ki)
	}
	b.Ki += *e.a.Amount
	e.event("[Ki]", "%s now has %d [Ki]", e.s.Name(b.ID), b.Ki)
	return nil
}

// ruleProcessing is what the engine does after every action: Battle Cards
// with 0 power or less go to the Drop (not a KO), then the defeat checks.
func (e *applier) ruleProcessing() {
	s := e.s
	negative := s.Flags()&cardinfo.FlagNegativePower != 0 && s.NegativeContinuous()
	for i := range s.Players {
		p := &s.Players[i]
		for j := 0; j < len(p.Battle); j++ {
			b := &p.Battle[j]
			if !negative && b.Mods.Battle+b.Mods.Turn+b.Mods.Lasting+b.Mods.Until >= 0 {
				continue // printed power is above 0, so only a cut can reach 0
			}
			id := b.ID
			pw, ok := s.Power(id)
			if ok && pw <= 0 {
				e.leavePlay(Side(i), j, &p.Drop)
				j--
				e.auto("Power 0", "%s's %s has 0 power and goes to the Drop (not a KO)", Side(i), s.Name(id))
				if s.Battle.Attacker == id || s.Battle.Target == id {
					e.endBattle()
				}
			}
		}
	}
	lost := [2]bool{}
	for i := range s.Players {
		p := &s.Players[i]
		if len(p.Life) == 0 {
			lost[i] = true
			e.auto("CR 0-1-3-2", "%s has no life cards left", Side(i))
		}
		if len(p.Deck) == 0 && !e.s.KeepsWithoutDeck(Side(i)) {
			lost[i] = true
			e.auto("CR 0-1-3-2", "%s has no cards left in their deck", Side(i))
		}
	}
	switch {
	case lost[0] && lost[1]:
		s.Result = Result{Over: true, Winner: NoSide, Reason: "both players lost at once"}
		e.auto("CR 0-1-3-3", "both players meet a losing condition at once: the game is a draw")
	case lost[0] || lost[1]:
		loser := P1
		if lost[1] {
			loser = P2
		}
		s.Result = Result{Over: true, Winner: loser.Other(), Reason: "defeat check"}
		e.auto("CR 14-1-2-1", "defeat check: %s loses and %s wins", loser, loser.Other())
	default:
		return
	}
	s.Phase = PhaseOver
}

// reasonConceded is Result.Reason after a concession.
const reasonConceded = "concession"
