package engine

import (
	"github.com/tenkaichi-org/tenkaichi/rules/engine/cardinfo"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/gamelog"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/gamestate"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/stateview"
)

// The engine's sub-packages under the names the engine and its users know.
//
// A game as its log writes it, and the log's two notations, are package
// gamelog, which needs nothing of the engine. The engine replays a Log and
// its users (the judge console, the tracker, the command line) know the
// log's types and readers by these names too.

type (
	Log         = gamelog.Log
	Setup       = gamelog.Setup
	PlayerSetup = gamelog.PlayerSetup
	Action      = gamelog.Action
	Side        = gamelog.Side
	Verb        = gamelog.Verb
	Zone        = gamelog.Zone
	Duration    = gamelog.Duration
	Ref         = gamelog.Ref
	Sentence    = gamelog.Sentence
	ParseError  = gamelog.ParseError
	VerbUsage   = gamelog.VerbUsage
)

const (
	P1     = gamelog.P1
	P2     = gamelog.P2
	NoSide = gamelog.NoSide

	EffectsDeclared = gamelog.EffectsDeclared
	NotationVersion = gamelog.NotationVersion
	Marker          = gamelog.Marker
	NoChoice        = gamelog.NoChoice

	VerbFirst   = gamelog.VerbFirst
	VerbKeep    = gamelog.VerbKeep
	VerbRedraw  = gamelog.VerbRedraw
	VerbDraw    = gamelog.VerbDraw
	VerbCharge  = gamelog.VerbCharge
	VerbPlay    = gamelog.VerbPlay
	VerbEvolve  = gamelog.VerbEvolve
	VerbAwaken  = gamelog.VerbAwaken
	VerbAttack  = gamelog.VerbAttack
	VerbBlock   = gamelog.VerbBlock
	VerbCombo   = gamelog.VerbCombo
	VerbPass    = gamelog.VerbPass
	VerbDamage  = gamelog.VerbDamage
	VerbKO      = gamelog.VerbKO
	VerbMiss    = gamelog.VerbMiss
	VerbEnd     = gamelog.VerbEnd
	VerbConcede = gamelog.VerbConcede
	VerbMove    = gamelog.VerbMove
	VerbPower   = gamelog.VerbPower
	VerbRest    = gamelog.VerbRest
	VerbReady   = gamelog.VerbReady
	VerbKi      = gamelog.VerbKi
	VerbShuffle = gamelog.VerbShuffle
	VerbUse     = gamelog.VerbUse

	ZoneHand   = gamelog.ZoneHand
	ZoneDeck   = gamelog.ZoneDeck
	ZoneLife   = gamelog.ZoneLife
	ZoneDrop   = gamelog.ZoneDrop
	ZoneBattle = gamelog.ZoneBattle
	ZoneEnergy = gamelog.ZoneEnergy
	ZoneCombo  = gamelog.ZoneCombo

	ForBattle  = gamelog.ForBattle
	ForTurn    = gamelog.ForTurn
	ForLasting = gamelog.ForLasting
)

// The log's readers and writers.
var (
	ParseLog     = gamelog.ParseLog
	ParseText    = gamelog.ParseText
	ParseJSON    = gamelog.ParseJSON
	ParseRef     = gamelog.ParseRef
	Format       = gamelog.Format
	FormatAction = gamelog.FormatAction
	Option       = gamelog.Option
	VerbUsages   = gamelog.VerbUsages
)

// A state as data for display is package stateview.
type (
	Result      = stateview.Result
	StateView   = stateview.StateView
	PlayerView  = stateview.PlayerView
	CardView    = stateview.CardView
	BattleView  = stateview.BattleView
	WaitingView = stateview.WaitingView
)

// What the engine knows of each card is package cardinfo.
type (
	Cards      = cardinfo.Cards
	SkillCards = cardinfo.SkillCards
	CardMap    = cardinfo.CardMap
)

// NewCardMap indexes cards by number and reads their skill text.
var NewCardMap = cardinfo.NewCardMap

// A game's state and what its cards say on it is package gamestate.
type (
	State        = gamestate.State
	PlayerState  = gamestate.PlayerState
	LeaderState  = gamestate.LeaderState
	BattleCard   = gamestate.BattleCard
	EnergyCard   = gamestate.EnergyCard
	CardInstance = gamestate.CardInstance
	CardID       = gamestate.CardID
	Mods         = gamestate.Mods
	Gains        = gamestate.Gains
	Discount     = gamestate.Discount
	Battle       = gamestate.Battle
	Pending      = gamestate.Pending
	UsedSkill    = gamestate.UsedSkill
	Phase        = gamestate.Phase
	BattleStep   = gamestate.BattleStep
)

// NewState places both Leaders and both decks for the game's first action.
var NewState = gamestate.NewState

const (
	PhaseSetup  = gamestate.PhaseSetup
	PhaseCharge = gamestate.PhaseCharge
	PhaseMain   = gamestate.PhaseMain
	PhaseEnd    = gamestate.PhaseEnd
	PhaseOver   = gamestate.PhaseOver

	NoBattle    = gamestate.NoBattle
	StepAttack  = gamestate.StepAttack
	StepOffense = gamestate.StepOffense
	StepDefense = gamestate.StepDefense
	StepDamage  = gamestate.StepDamage

	NoCard = gamestate.NoCard
)
