package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/tenkaichi-org/tenkaichi/rules/engine"
	"github.com/tenkaichi-org/tenkaichi/views/enginetext"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

func init() {
	register(command{name: "replay", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryReplay", nil) }, run: runReplay})
}

func runReplay(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(ctx, env, "replay", "[--cards FILE] [--json] [--until STEP] [--run-on] LOGFILE|-", i18n.T(ctx, "CliReplayHelp", nil))
	cardsFile := fs.String("cards", "", i18n.T(ctx, "CliReplayCardsFlag", nil))
	asJSON := fs.Bool("json", false, i18n.T(ctx, "CliReplayJSONFlag", nil))
	until := fs.Int("until", 0, i18n.T(ctx, "CliReplayUntilFlag", nil))
	runOn := fs.Bool("run-on", false, i18n.T(ctx, "CliReplayRunOnFlag", nil))
	if code, done := parseFlags(ctx, fs, args); done {
		return code
	}
	fail := func(problem string) int {
		complain(ctx, env.stderr, "replay", problem)
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return fail(i18n.N(ctx, "CliReplayOneFile", fs.NArg(), nil))
	}
	if *until < 0 {
		return fail(i18n.T(ctx, "CliReplayBadUntil", i18n.Args{"Value": *until}))
	}
	logFile := fs.Arg(0)
	if err := oneStdin(ctx, []string{"LOGFILE", "--cards"}, logFile, *cardsFile); err != nil {
		return fail(errText(ctx, err))
	}
	cards, log, problem := readReplayInput(ctx, env, logFile, *cardsFile)
	if problem != "" {
		return fail(problem)
	}
	logName := inputName(ctx, logFile)
	r := engine.Run(log, cards, engine.ReplayOptions{Until: *until, RunOn: *runOn})
	var err error
	if *asJSON {
		err = writeReplayJSON(env.stdout, r)
	} else {
		err = writeReplayText(ctx, env.stdout, r, cards == nil, log.Setup.DeclaresEffects())
	}
	if err != nil {
		return fail(i18n.T(ctx, "CliWritingReplay", i18n.Args{"Err": err}))
	}
	if r.Err != nil {
		return fail(i18n.T(ctx, "CliInputError", i18n.Args{"Input": logName, "Err": engineFailure(ctx, r)}))
	}
	if r.FirstViolation() != nil {
		return 1
	}
	return 0
}

// readReplayInput reads the card list (none: nil) and the game log of a
// replay; problem says what is wrong with them.
func readReplayInput(ctx context.Context, env *cliEnv, logFile, cardsFile string) (engine.Cards, *engine.Log, string) {
	var cards engine.Cards
	if cardsFile != "" {
		list, err := readCardsInput(ctx, env, cardsFile)
		if err != nil {
			return nil, nil, i18n.T(ctx, "CliReadingCards", i18n.Args{"Err": errText(ctx, err)})
		}
		cards = engine.NewCardMap(list)
	}
	data, err := readInput(env, logFile)
	if err != nil {
		return nil, nil, errText(ctx, err)
	}
	log, err := engine.ParseLog(data)
	if err == nil {
		err = log.CheckSetup()
	}
	if err != nil {
		return nil, nil, i18n.T(ctx, "CliInputError", i18n.Args{"Input": inputName(ctx, logFile), "Err": logProblem(ctx, err)})
	}
	return cards, log, ""
}

// writeReplayText is the replay for people, in ctx's language: the
// engine's events, violations and state summaries are said as the judge
// console says them (views/enginetext); the actions stay in log notation.
func writeReplayText(ctx context.Context, w io.Writer, r *engine.Replay, noCards, declared bool) error {
	switch {
	case noCards && declared:
		writeWrapped(w, i18n.T(ctx, "CliReplayNoCardsDeclared", nil), 0)
	case noCards:
		writeWrapped(w, i18n.T(ctx, "CliReplayNoCards", nil), 0)
	}
	for _, v := range r.DeckProblems {
		fmt.Fprintln(w, i18n.T(ctx, "CliReplaySetupViolation", i18n.Args{"Player": v.Player, "Citation": citation(ctx, v), "Message": enginetext.Violation(ctx, v)}))
	}
	s0 := r.StateAt(0)
	fmt.Fprintf(w, "%s\n%s", i18n.T(ctx, "CliReplayStart", nil), enginetext.Summary(ctx, engine.View(&s0)))
	r.Walk(func(st *engine.Step, s *engine.State) {
		fmt.Fprintln(w, i18n.T(ctx, "CliReplayStep", i18n.Args{"Step": st.Index, "Line": st.Action.Line, "Action": engine.FormatAction(st.Action)}))
		if v := st.Violation; v != nil {
			fmt.Fprintln(w, "  "+i18n.T(ctx, "CliReplayViolation", i18n.Args{"Step": v.Step, "Line": v.Line, "Citation": citation(ctx, v), "Message": enginetext.Violation(ctx, v)}))
			return
		}
		for _, e := range st.Events {
			a := i18n.Args{"Event": enginetext.Event(ctx, e), "Rule": ruleOrDash(e.Rule)}
			switch {
			case e.Auto:
				fmt.Fprintln(w, "  "+i18n.T(ctx, "CliReplayEventEngine", a))
			case e.Declared:
				fmt.Fprintln(w, "  "+i18n.T(ctx, "CliReplayEventDeclared", a))
			default:
				fmt.Fprintln(w, "  "+i18n.T(ctx, "CliReplayEvent", a))
			}
		}
		io.WriteString(w, enginetext.Summary(ctx, engine.View(s)))
	})
	if v := r.FirstViolation(); v != nil {
		if v.Step == 0 {
			_, err := fmt.Fprintln(w, i18n.T(ctx, "CliReplayFirstViolationSetup", i18n.Args{"Player": v.Player, "Citation": citation(ctx, v), "Message": enginetext.Violation(ctx, v)}))
			return err
		}
		_, err := fmt.Fprintln(w, i18n.T(ctx, "CliReplayFirstViolation", i18n.Args{"Step": v.Step, "Line": v.Line, "Citation": citation(ctx, v), "Message": enginetext.Violation(ctx, v)}))
		return err
	}
	_, err := fmt.Fprintln(w, i18n.N(ctx, "CliReplayLegal", len(r.Steps), nil))
	return err
}

// logProblem is why a log cannot be read, in ctx's language: the line and
// the notation's problem.
func logProblem(ctx context.Context, err error) string {
	var pe *engine.ParseError
	if errors.As(err, &pe) {
		return i18n.T(ctx, "CliReplayLogLine", i18n.Args{"Line": pe.Line, "Problem": enginetext.ParseError(ctx, pe)})
	}
	return errText(ctx, err)
}

// engineFailure says where the engine failed on a replay (a bug, not a
// ruling), with the violation that stands for it.
func engineFailure(ctx context.Context, r *engine.Replay) string {
	if r.Err.Step == 0 {
		for _, v := range r.DeckProblems {
			if v.Format == engine.EngineFailure {
				return i18n.T(ctx, "CliReplayEngineFailedSetup", i18n.Args{"Problem": enginetext.Violation(ctx, v)})
			}
		}
	} else if st := r.Steps[r.Err.Step-1]; st.Violation != nil {
		return i18n.T(ctx, "CliReplayEngineFailed", i18n.Args{"Step": r.Err.Step, "Line": r.Err.Line, "Problem": enginetext.Violation(ctx, st.Violation)})
	}
	return r.Err.Error()
}

// citation is the rule a violation breaks ("rule CR 8-1-1"), or "log error"
// for a line that does not fit the game.
func citation(ctx context.Context, v *engine.Violation) string {
	if v.LogError {
		return i18n.T(ctx, "CliReplayLogError", nil)
	}
	return i18n.T(ctx, "CliReplayRule", i18n.Args{"Rule": ruleOrDash(v.Rule)})
}

func ruleOrDash(rule string) string {
	if rule == "" {
		return "-"
	}
	return rule
}

type jsonEvent struct {
	Rule     string `json:"rule,omitempty"`
	Text     string `json:"text"`
	Auto     bool   `json:"engine,omitempty"`
	Declared bool   `json:"declared,omitempty"`
	// Unread: a skill (or an effect of one) the engine does not read or
	// apply; what it does rests on the log's declared lines.
	Unread bool `json:"unread,omitempty"`
}

type jsonViolation struct {
	Step   int    `json:"step"`
	Line   int    `json:"line,omitempty"`
	Player string `json:"player,omitempty"`
	Rule   string `json:"rule,omitempty"`
	Text   string `json:"text"`
	// LogError: the line does not fit the game; no rule is broken.
	LogError bool `json:"log_error,omitempty"`
}

// jsonStep is one step; State is the state after it, or for an illegal
// step the state the illegal action was tried in (unchanged by it).
type jsonStep struct {
	Step      int               `json:"step"`
	Line      int               `json:"line"`
	Action    string            `json:"action"`
	Events    []jsonEvent       `json:"events,omitempty"`
	Violation *jsonViolation    `json:"violation,omitempty"`
	State     *engine.StateView `json:"state,omitempty"`
}

func toJSONViolation(v *engine.Violation) *jsonViolation {
	if v == nil {
		return nil
	}
	return &jsonViolation{Step: v.Step, Line: v.Line, Player: v.Player, Rule: v.Rule, Text: v.Message(), LogError: v.LogError}
}

func writeReplayJSON(w io.Writer, r *engine.Replay) error {
	out := struct {
		Start          engine.StateView `json:"start"`
		DeckProblems   []*jsonViolation `json:"deck_problems,omitempty"`
		Steps          []jsonStep       `json:"steps"`
		FirstViolation *jsonViolation   `json:"first_violation,omitempty"`
	}{Steps: []jsonStep{}}
	s0 := r.StateAt(0)
	out.Start = engine.View(&s0)
	for _, v := range r.DeckProblems {
		out.DeckProblems = append(out.DeckProblems, toJSONViolation(v))
	}
	r.Walk(func(st *engine.Step, s *engine.State) {
		js := jsonStep{Step: st.Index, Line: st.Action.Line, Action: engine.FormatAction(st.Action), Violation: toJSONViolation(st.Violation)}
		if st.Violation == nil {
			for _, e := range st.Events {
				js.Events = append(js.Events, jsonEvent{Rule: e.Rule, Text: e.Text(), Auto: e.Auto, Declared: e.Declared, Unread: e.Unread})
			}
		}
		// After an illegal step s is the state it was tried in, which the
		// judge needs to see why it is illegal.
		view := engine.View(s)
		js.State = &view
		out.Steps = append(out.Steps, js)
	})
	out.FirstViolation = toJSONViolation(r.FirstViolation())
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(out)
}
