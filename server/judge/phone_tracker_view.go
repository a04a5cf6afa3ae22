package judge

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"
	"github.com/tenkaichi-org/tenkaichi/rules/engine"
	"github.com/tenkaichi-org/tenkaichi/server/gamelog"
	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/judging"
	"github.com/tenkaichi-org/tenkaichi/views"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// trackerReplay is a tracked game read and replayed, with its cards.
type trackerReplay struct {
	log    *engine.Log
	replay *engine.Replay
	cards  *gamelog.Cards
	body   string
}

// recentLines is how many of the last actions the tracker lists.
const recentLines = 8

// replayTracked reads and replays a tracked game's log as it is stored.
func (h *Handler) replayTracked(ctx context.Context, t *trackedGame) (*trackerReplay, error) {
	body, l, err := gamelog.TextBody(t.log.Body)
	if err != nil {
		return nil, err
	}
	jc, err := h.cards.ForLog(ctx, l)
	if err != nil {
		return nil, err
	}
	return &trackerReplay{log: l, replay: engine.Run(l, jc.Engine, engine.ReplayOptions{RunOn: true}), cards: jc, body: body}, nil
}

// renderTracker shows a tracked game from the side of the link's player:
// the board, what they may enter, the flags and the game so far; m holds
// what the caller says (a refused line and why).
func (h *Handler) renderTracker(c echo.Context, t *trackedGame, m views.TrackerPage, status int) error {
	ctx := c.Request().Context()
	tr, err := h.replayTracked(ctx, t)
	if err != nil {
		if _, ok := err.(*engine.ParseError); !ok {
			return err
		}
		// A log changed behind the tracker's back (a judge recording
		// into it can only add lines that read): say where, enter nothing.
		m.Problem = gamelog.ParseProblem(err)
		m.ReadOnly = m.Problem
		return h.renderTrackerPage(c, trackerFrame(ctx, t, m, h.Now()), status)
	}
	rulings, err := judging.New(h.Store).RulingsForLog(ctx, t.event.ID, t.log.ID)
	if err != nil {
		return err
	}
	calls, err := judging.New(h.Store).OpenGameCalls(ctx, t.event.ID, t.log.ID)
	if err != nil {
		return err
	}
	m.CallOpen = len(calls) > 0
	return h.renderTrackerPage(c, trackerModel(ctx, t, tr, rulings, trackerFrame(ctx, t, m, h.Now())), status)
}

// trackerFrame fills what the page shows of the match around the game:
// addresses, heading, clock, and whether taps are taken.
func trackerFrame(ctx context.Context, t *trackedGame, m views.TrackerPage, now time.Time) views.TrackerPage {
	m.EventID, m.Token, m.URL = t.event.ID, t.base, t.url
	m.UndoURL, m.CallURL, m.HelpURL = t.url+"/undo", t.url+"/judge", "/help/game-log"
	table := ""
	if t.match.TableNo != nil {
		table = strconv.Itoa(*t.match.TableNo)
	}
	m.Heading = i18n.M("TrackerHeading", i18n.Args{"Table": table, "Game": t.log.GameNo})
	if m.ReadOnly.IsZero() {
		m.ReadOnly = t.closed()
	}
	if t.round != nil {
		clock := web.ClockView(t.event.ID, t.round, time.Duration(t.match.ExtensionSeconds)*time.Second, now)
		m.Clock = &clock
	}
	return m
}

// trackerModel is the tracker page of a replayed game, with the rulings
// made on it: no database, so it is what a benchmark measures.
func trackerModel(ctx context.Context, t *trackedGame, tr *trackerReplay, rulings []judging.Ruling, m views.TrackerPage) views.TrackerPage {
	v := trackerViewer{ctx: ctx, t: t, tr: tr}
	st := &tr.replay.Final
	m.Step = len(tr.log.Actions)
	for i, name := range []string{tr.log.Setup.Players[0].Name, tr.log.Setup.Players[1].Name} {
		t.names[i] = name
		if name == "" {
			t.names[i] = engine.Side(i).String()
		}
	}
	view := engine.View(st)
	m.Me, m.Them = v.player(st, &view, t.side), v.player(st, &view, t.side.Other())
	m.Status, m.Battle, m.Over = v.status(st, &view)

	ruled := map[int]bool{}
	for i := len(rulings) - 1; i >= 0; i-- {
		r := rulings[i]
		row := views.TrackerRuling{Rule: r.Rule, Note: r.Note, Judge: r.Signed}
		if r.Step != nil {
			row.Step = *r.Step
			ruled[*r.Step] = true
		}
		m.Rulings = append(m.Rulings, row)
	}
	steps := tr.replay.Steps
	for i := range steps {
		sp := &steps[i]
		if sp.Violation == nil {
			continue
		}
		args := i18n.Args{"Step": sp.Index, "Action": engine.FormatAction(sp.Action)}
		head := i18n.M("TrackerFlagHeadMine", args)
		if by := enteredBy(tr.body, sp.Action.Line); by != t.side {
			if by == engine.NoSide {
				by = sp.Action.Player
			}
			args["Who"] = v.actorName(engine.Action{Player: by})
			head = i18n.M("TrackerFlagHead", args)
		}
		m.Flags = append(m.Flags, views.TrackerFlag{Step: sp.Index, Head: head,
			Rule: sp.Violation.Rule, RuleURL: ruleURL(sp.Violation.Rule), LogError: sp.Violation.LogError, Message: v.violationWords(sp.Violation), Ruled: ruled[sp.Index]})
	}
	for _, sp := range steps[max(0, len(steps)-recentLines):] {
		m.Recent = append(m.Recent, views.TrackerLine{Step: sp.Index, Who: v.actorName(sp.Action), Text: v.describe(sp.Action), Illegal: sp.Violation != nil})
	}
	if n := len(steps); n > 0 {
		last := steps[n-1].Action
		m.Last = v.describe(last)
		if who := v.actorName(last); !who.IsZero() {
			m.Last = i18n.M("TrackerLastAction", i18n.Args{"Who": who, "Action": m.Last})
		}
	}
	for _, w := range view.Waiting {
		mine := w.Player == t.side.String()
		tw := views.TrackerWaiting{Text: w.Text, Mine: mine}
		args := i18n.Args{"Skill": strings.Replace(w.Skill, w.Card, v.cardName(w.Card), 1), "Name": t.names[gamelog.SideIndex(w.Player)]}
		if mine {
			tw.Skill = i18n.M("TrackerWaitingMine", args)
			tw.Line = w.Player + " use " + w.Card + " -> "
		} else {
			tw.Skill = i18n.M("TrackerWaitingTheirs", args)
		}
		m.Waiting = append(m.Waiting, tw)
	}
	if m.Clock != nil && m.Clock.TimeUp() && !st.Result.Over {
		m.AtTime = gamelog.AtTime(t.event.EndOfRound, gamelog.Totals(st), t.names)
	}
	if m.ReadOnly.IsZero() && !st.Result.Over {
		v.moves(st, &m)
		// A step a judge has ruled on is theirs: no phone takes it back.
		if n := len(steps); n > 0 && enteredBy(tr.body, steps[n-1].Action.Line) == t.side && !ruled[steps[n-1].Index] {
			last := steps[n-1].Action
			m.Undo = &views.TrackerMove{ID: "undo", Label: i18n.M("TrackerUndo", nil), Detail: v.describe(last)}
		}
	}
	if m.ReadOnly.IsZero() && st.Result.Over && t.round != nil && t.round.Kind == storage.KindTopCut && t.log.GameNo < t.event.TopCutBestOf {
		m.NextGame, m.StartURL = t.log.GameNo+1, t.base+"/game"
	}
	return m
}

func (h *Handler) renderTrackerPage(c echo.Context, m views.TrackerPage, status int) error {
	p := h.PageTitled(c, m.Heading)
	p.Flash = i18n.Message{}
	p.ForPlayer = true
	p.JSURL = web.LiveScriptURL()
	return web.Render(c, status, views.TrackerView(p, m))
}

// trackerViewer words a tracked game for one of its players.
type trackerViewer struct {
	ctx context.Context
	t   *trackedGame
	tr  *trackerReplay
}

// CardName is a card's name in the page's language (Japanese pages name it
// as Japanese cards do, where the card data has it; the number when the
// pool does not know the card), with its copy number when the reference
// has one.
func (v *trackerViewer) cardName(ref string) string {
	r, err := engine.ParseRef(ref)
	if err != nil || r.Number == "" {
		return ref
	}
	name := r.Number
	if c, ok := v.tr.cards.Pool.Card(r.Number); ok && c.Name != "" {
		name = web.CardName(v.ctx, c)
	}
	if r.Nth > 0 {
		name += " #" + strconv.Itoa(r.Nth)
	}
	return name
}

// refName names a card reference of an action by side (whose card it is
// unless the reference says), the Leader as "Son Goku (Leader)".
func (v *trackerViewer) refName(ref string, side engine.Side) i18n.Message {
	r, err := engine.ParseRef(ref)
	if err != nil {
		return i18n.Verbatim(ref)
	}
	if r.Owner != engine.NoSide {
		side = r.Owner
	}
	if r.Leader && (side == engine.P1 || side == engine.P2) {
		return i18n.M("TrackerLeaderCard", i18n.Args{"Card": v.cardName(v.tr.log.Setup.Players[side].Leader)})
	}
	return i18n.Verbatim(v.cardName(ref))
}

// actorName is who an action is by: "You", the opponent's name, or zero
// for a battle's outcome.
func (v *trackerViewer) actorName(a engine.Action) i18n.Message {
	switch a.Player {
	case v.t.side:
		return i18n.M("TrackerYou", nil)
	case engine.P1, engine.P2:
		return i18n.Verbatim(v.t.names[a.Player])
	}
	return i18n.Message{}
}

// describe words an action for the list of the game so far. What the other
// player cannot see (the card they drew) is not named on their phone.
func (v *trackerViewer) describe(a engine.Action) i18n.Message {
	card := func() i18n.Message { return v.refName(a.Card, a.Player) }
	switch a.Verb {
	case engine.VerbFirst:
		return i18n.M("TrackerDidFirst", nil)
	case engine.VerbKeep:
		return i18n.M("TrackerDidKeep", nil)
	case engine.VerbRedraw:
		return i18n.M("TrackerDidRedraw", nil)
	case engine.VerbDraw:
		if a.Card == "" || a.Player != v.t.side {
			return i18n.M("TrackerDidDraw", nil)
		}
		return i18n.M("TrackerDidDrawCard", i18n.Args{"Card": card()})
	case engine.VerbCharge:
		return i18n.M("TrackerDidCharge", i18n.Args{"Card": card()})
	case engine.VerbPlay:
		return i18n.M("TrackerDidPlay", i18n.Args{"Card": card()})
	case engine.VerbAwaken:
		return i18n.M("TrackerDidAwaken", nil)
	case engine.VerbAttack:
		var target i18n.Message
		if len(a.Targets) > 0 {
			target = v.refName(a.Targets[0], a.Player.Other())
		}
		return i18n.M("TrackerDidAttack", i18n.Args{"Attacker": card(), "Target": target})
	case engine.VerbBlock:
		return i18n.M("TrackerDidBlock", i18n.Args{"Card": card()})
	case engine.VerbCombo:
		return i18n.M("TrackerDidCombo", i18n.Args{"Card": card()})
	case engine.VerbPass:
		return i18n.M("TrackerDidPass", nil)
	case engine.VerbDamage:
		return i18n.M("TrackerDidDamage", nil)
	case engine.VerbKO:
		if a.Player == engine.NoSide {
			return i18n.M("TrackerDidKOTarget", nil)
		}
	case engine.VerbMiss:
		return i18n.M("TrackerDidMiss", nil)
	case engine.VerbEnd:
		return i18n.M("TrackerDidEnd", nil)
	case engine.VerbConcede:
		return i18n.M("TrackerDidConcede", nil)
	case engine.VerbUse:
		if len(a.Targets) == 0 && len(a.Pay) == 0 {
			return i18n.M("TrackerDidUse", i18n.Args{"Card": card()})
		}
	}
	// Declared effects and choices: the line itself.
	return i18n.Verbatim(engine.FormatAction(a))
}

// player is one side of the board; the player's own hand is listed on
// their own phone only.
func (v *trackerViewer) player(st *engine.State, view *engine.StateView, side engine.Side) views.TrackerPlayer {
	pv := view.Players[side]
	out := views.TrackerPlayer{Name: v.t.names[side], Side: side.String(), Turn: view.Result == "" && view.TurnPlayer == side.String(), Dealt: st.Phase != engine.PhaseSetup,
		Life: pv.Life, Hand: pv.Hand, Deck: pv.Deck, Drop: len(pv.Drop), Energy: views.JudgePlayer{EnergyActive: pv.EnergyActive,
			Energy: pv.Energy, Markers: pv.Markers}.EnergyWords()}
	card := func(cv engine.CardView) views.TrackerCard {
		ref := cv.Card
		if cv.Copy > 0 {
			ref += "#" + strconv.Itoa(cv.Copy)
		}
		tc := views.TrackerCard{Label: v.cardName(ref), Number: cv.Card, URL: CardURL(cv.Card), Rest: cv.Rest, Awakened: cv.Awakened, Ki: cv.Ki}
		if cv.Power != nil {
			tc.Power = strconv.Itoa(*cv.Power)
		}
		return tc
	}
	out.Leader = card(pv.Leader)
	for _, b := range pv.Battle {
		out.Battle = append(out.Battle, card(b))
	}
	if pv.Field != nil {
		f := card(*pv.Field)
		out.Field = &f
	}
	for _, n := range pv.Combo {
		out.Combo = append(out.Combo, v.cardName(n))
	}
	if side == v.t.side {
		for _, id := range st.Players[side].Hand {
			if n := st.Name(id); n != "?" {
				out.HandSeen = append(out.HandSeen, views.Link{Label: v.cardName(n), URL: CardURL(n)})
			} else {
				out.Unnamed++
			}
		}
	}
	return out
}

// status words the turn and phase (or the setup), the battle and the result.
func (v *trackerViewer) status(st *engine.State, view *engine.StateView) (status, battle, over i18n.Message) {
	switch {
	case st.Result.Over:
		args := i18n.Args{"Reason": st.Result.Reason}
		switch st.Result.Winner {
		case engine.NoSide:
			over = i18n.M("TrackerOverDraw", args)
		case v.t.side:
			over = i18n.M("TrackerOverWon", args)
		default:
			args["Name"] = v.t.names[st.Result.Winner]
			over = i18n.M("TrackerOverLost", args)
		}
		return over, i18n.Message{}, over
	case st.Phase == engine.PhaseSetup:
		if st.First == engine.NoSide {
			return i18n.M("TrackerSetupFirst", nil), i18n.Message{}, i18n.Message{}
		}
		return i18n.M("TrackerSetupHands", nil), i18n.Message{}, i18n.Message{}
	}
	phase := phaseWord(shownPhase(st))
	if st.TurnPlayer == v.t.side {
		status = i18n.M("TrackerTurnMine", i18n.Args{"Turn": st.Turn, "Phase": phase})
	} else {
		status = i18n.M("TrackerTurnTheirs", i18n.Args{"Turn": st.Turn, "Phase": phase, "Name": v.t.names[st.TurnPlayer]})
	}
	if b := view.Battle; b != nil {
		tp := st.TurnPlayer
		args := i18n.Args{"Attacker": v.refName(battleRef(b.Attacker, st, tp, true), tp), "Target": v.refName(battleRef(b.Target, st, tp, false), tp.Other()),
			"Step": battleStepWord(b.Step)}
		if b.AttackerPower != nil && b.TargetPower != nil {
			args["AttackerPower"], args["TargetPower"] = *b.AttackerPower, *b.TargetPower
			battle = i18n.M("TrackerBattlePowers", args)
		} else {
			battle = i18n.M("TrackerBattle", args)
		}
	}
	return status, battle, i18n.Message{}
}

// battleRef is the reference of the battle's attacker or target: "leader"
// when it is a Leader, else its number.
func battleRef(number string, st *engine.State, turn engine.Side, attacker bool) string {
	id := st.Battle.Target
	side := turn.Other()
	if attacker {
		id, side = st.Battle.Attacker, turn
	}
	if id == st.Players[side].Leader.ID {
		return "leader"
	}
	return number
}

// moves fills the taps of the page: one-tap moves in the bar, moves that
// name a card in groups, and the opponent's one-tap moves apart.
func (v *trackerViewer) moves(st *engine.State, m *views.TrackerPage) {
	me := v.t.side
	groups := map[string]*views.TrackerGroup{}
	var order []string
	group := func(key string) *views.TrackerGroup {
		g, ok := groups[key]
		if !ok {
			g = &views.TrackerGroup{ID: "grp-" + key, Title: groupTitle(key)}
			groups[key] = g
			order = append(order, key)
		}
		return g
	}
	for _, a := range engine.NextMoves(st, me) {
		mv := views.TrackerMove{ID: moveID(a), Line: engine.FormatAction(a)}
		card := v.refName(a.Card, me)
		switch a.Verb {
		case engine.VerbFirst, engine.VerbKeep, engine.VerbRedraw, engine.VerbPass, engine.VerbEnd:
			mv.Label = doLabel(a.Verb)
			m.Quick = append(m.Quick, mv)
			continue
		case engine.VerbDraw:
			if a.Card == "" {
				mv.Label = doLabel(a.Verb)
				m.Quick = append(m.Quick, mv)
				continue
			}
			mv.Label, mv.Detail = i18n.M("TrackerDrawMove", i18n.Args{"Card": card}), v.cardDetail(a.Card, false)
			group("draw").Moves = append(group("draw").Moves, mv)
		case engine.VerbCharge:
			mv.Label, mv.Detail = i18n.M("TrackerChargeMove", i18n.Args{"Card": card}), v.cardDetail(a.Card, false)
			group("charge").Moves = append(group("charge").Moves, mv)
		case engine.VerbPlay:
			mv.Label, mv.Detail = i18n.M("TrackerPlayMove", i18n.Args{"Card": card}), v.cardDetail(a.Card, true)
			group("play").Moves = append(group("play").Moves, mv)
		case engine.VerbBlock:
			mv.Label, mv.Detail = i18n.M("TrackerBlockMove", i18n.Args{"Card": card}), v.cardDetail(a.Card, false)
			group("block").Moves = append(group("block").Moves, mv)
		case engine.VerbCombo:
			mv.Label, mv.Detail = i18n.M("TrackerComboMove", i18n.Args{"Card": card}), v.cardDetail(a.Card, false)
			if a.From == engine.ZoneBattle {
				mv.Label = i18n.M("TrackerComboFromBattle", i18n.Args{"Card": card})
			}
			group("combo").Moves = append(group("combo").Moves, mv)
		case engine.VerbAttack:
			mv.Label = i18n.M("TrackerAttackMove", i18n.Args{"Attacker": card, "Target": v.refName(a.Targets[0], me.Other())})
			group("attack").Moves = append(group("attack").Moves, mv)
		case engine.VerbAwaken:
			mv.Label = i18n.M("TrackerAwakenMove", i18n.Args{"Card": v.refName("leader", me)})
			group("skill").Moves = append(group("skill").Moves, mv)
		case engine.VerbUse:
			mv.Label = i18n.M("TrackerUseMove", i18n.Args{"Card": card})
			group("skill").Moves = append(group("skill").Moves, mv)
		}
	}
	for _, k := range order {
		m.Groups = append(m.Groups, *groups[k])
	}
	for _, a := range engine.NextMoves(st, engine.NoSide) {
		m.Quick = append(m.Quick, views.TrackerMove{ID: moveID(a), Line: engine.FormatAction(a),
			Label: doLabel(a.Verb), Detail: outcomeDetail(a.Verb)})
	}
	// The opponent's moves that name no card of their hand: who goes first
	// (a die roll: either phone), then what their phone would enter.
	them := me.Other()
	for _, a := range engine.NextMoves(st, them, engine.VerbFirst, engine.VerbKeep, engine.VerbRedraw, engine.VerbDraw,
		engine.VerbPass, engine.VerbEnd, engine.VerbBlock) {
		mv := views.TrackerMove{ID: moveID(a), Line: engine.FormatAction(a)}
		args := i18n.Args{"Name": v.t.names[them]}
		switch {
		case a.Verb == engine.VerbFirst:
			mv.Label = i18n.M("TrackerDoTheyFirst", args)
			m.Quick = append(m.Quick, mv)
			continue
		case a.Verb == engine.VerbBlock:
			args["Card"] = v.refName(a.Card, them)
		case a.Verb == engine.VerbDraw && a.Card == "", a.Verb == engine.VerbKeep, a.Verb == engine.VerbRedraw,
			a.Verb == engine.VerbPass, a.Verb == engine.VerbEnd:
		default:
			continue
		}
		mv.Label = theyLabel(a.Verb, args)
		m.Theirs = append(m.Theirs, mv)
	}
}

// cardDetail is a card's number with its cost (for a play) or power.
func (v *trackerViewer) cardDetail(ref string, cost bool) i18n.Message {
	r, err := engine.ParseRef(ref)
	if err != nil || r.Number == "" {
		return i18n.Message{}
	}
	c, ok := v.tr.cards.Pool.Card(r.Number)
	switch {
	case ok && cost && c.Cost != nil:
		return i18n.M("TrackerCardCost", i18n.Args{"Number": r.Number, "Cost": *c.Cost})
	case ok && c.Power != nil:
		return i18n.M("TrackerCardPower", i18n.Args{"Number": r.Number, "Power": *c.Power})
	}
	return i18n.Verbatim(r.Number)
}

// moveID is an id for a move's button that stays the same from one
// refresh to the next, so the focus stays on it.
func moveID(a engine.Action) string {
	var b strings.Builder
	b.WriteString("mv")
	for _, r := range strings.ToLower(engine.FormatAction(a)) {
		switch {
		case r >= 'a' && r <= 'z', r >= '0' && r <= '9':
			b.WriteRune(r)
		default:
			b.WriteByte('-')
		}
	}
	return b.String()
}
