package main

import (
	"context"
	"encoding/json"
	"fmt"
	"io"

	"github.com/tenkaichi-org/tenkaichi/rules/engine"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

func init() {
	register(command{name: "replay", summary: func(ctx context.Context) string { return i18n.T(ctx, "CliSummaryReplay", nil) }, run: runReplay})
}

func runReplay(ctx context.Context, env *cliEnv, args []string) int {
	fs := newFlagSet(ctx, env, "replay", "[--cards FILE] [--json] [--until STEP] [--run-on] LOGFILE|-",
		"Replays a game log (docs/game-log.md) step by step, printing each step's state\n"+
			"(life, hand, deck, energy and board of both players) and the first violation.\n"+
			"LOGFILE - reads the log from standard input.\n"+
			"Exit status: 0 legal throughout, 1 a violation, 2 the log cannot be read\n"+
			"(or the engine failed on it).\n"+
			"Without --cards, costs, power, keywords and card skills are not known: nothing needing them is\n"+
			"checked, and a log that leaves skills to the engine replays wrong.")
	cardsFile := fs.String("cards", "", "card list (JSON or CSV) giving costs, power and keywords")
	asJSON := fs.Bool("json", false, "print the replay as JSON")
	until := fs.Int("until", 0, "stop after this step (0: the whole log)")
	runOn := fs.Bool("run-on", false, "keep going after a violation, skipping the illegal action")
	if code, done := parseFlags(fs, args); done {
		return code
	}
	fail := func(format string, a ...any) int {
		fmt.Fprintf(env.stderr, "tenkaichi replay: "+format+"\n", a...)
		return 2
	}
	if fs.NArg() != 1 {
		fs.Usage()
		return fail("expected one LOGFILE, got %d", fs.NArg())
	}
	if *until < 0 {
		return fail("--until %d: STEP is a step number, 0 or more (0: the whole log)", *until)
	}
	logFile := fs.Arg(0)
	if err := oneStdin([]string{"LOGFILE", "--cards"}, logFile, *cardsFile); err != nil {
		return fail("%v", err)
	}
	var cards engine.Cards
	if *cardsFile != "" {
		list, err := readCardsInput(env, *cardsFile)
		if err != nil {
			return fail("reading cards: %v", err)
		}
		cards = engine.NewCardMap(list)
	}
	data, err := readInput(env, logFile)
	if err != nil {
		return fail("%v", err)
	}
	if logFile == "-" {
		logFile = "standard input"
	}
	log, err := engine.ParseLog(data)
	if err == nil {
		err = log.CheckSetup()
	}
	if err != nil {
		return fail("%s: %v", logFile, err)
	}
	r := engine.Run(log, cards, engine.ReplayOptions{Until: *until, RunOn: *runOn})
	if *asJSON {
		err = writeReplayJSON(env.stdout, r)
	} else {
		err = writeReplayText(env.stdout, r, cards == nil, log.Setup.Effects == engine.EffectsDeclared)
	}
	if err != nil {
		return fail("writing the replay: %v", err)
	}
	if r.Err != nil {
		return fail("%s: %v", logFile, r.Err)
	}
	if r.FirstViolation() != nil {
		return 1
	}
	return 0
}

func writeReplayText(w io.Writer, r *engine.Replay, noCards, declared bool) error {
	switch {
	case noCards && declared:
		fmt.Fprintln(w, "note: no card data (--cards); costs, power and keywords are not checked")
	case noCards:
		fmt.Fprintln(w, "note: no card data (--cards); costs, power and keywords are not checked, and card skills are not applied:\n"+
			"a log that leaves them to the engine (a Leader's draw when attacking) replays wrong without --cards")
	}
	for _, v := range r.DeckProblems {
		fmt.Fprintf(w, "setup: violation in %s's deck, %s: %s\n", v.Player, citation(v), v.Message())
	}
	s0 := r.StateAt(0)
	fmt.Fprintf(w, "step 0: start\n%s", engine.Summary(&s0))
	r.Walk(func(st *engine.Step, s *engine.State) {
		fmt.Fprintf(w, "step %d (line %d): %s\n", st.Index, st.Action.Line, engine.FormatAction(st.Action))
		if v := st.Violation; v != nil {
			fmt.Fprintf(w, "  VIOLATION at step %d, line %d, %s: %s\n", v.Step, v.Line, citation(v), v.Message())
			return
		}
		for _, e := range st.Events {
			tag := ""
			switch {
			case e.Auto:
				tag = " [engine]"
			case e.Declared:
				tag = " [declared]"
			}
			fmt.Fprintf(w, "  - %s%s (%s)\n", e.Text(), tag, ruleOrDash(e.Rule))
		}
		io.WriteString(w, engine.Summary(s))
	})
	if v := r.FirstViolation(); v != nil {
		if v.Step == 0 {
			_, err := fmt.Fprintf(w, "first violation: setup, %s's deck, %s: %s\n", v.Player, citation(v), v.Message())
			return err
		}
		_, err := fmt.Fprintf(w, "first violation: step %d, line %d, %s: %s\n", v.Step, v.Line, citation(v), v.Message())
		return err
	}
	_, err := fmt.Fprintf(w, "legal: %d steps\n", len(r.Steps))
	return err
}

// citation is the rule a violation breaks ("rule CR 8-1-1"), or "log error"
// for a line that does not fit the game.
func citation(v *engine.Violation) string {
	if v.LogError {
		return "log error"
	}
	return "rule " + ruleOrDash(v.Rule)
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
				js.Events = append(js.Events, jsonEvent{Rule: e.Rule, Text: e.Text(), Auto: e.Auto, Declared: e.Declared})
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
