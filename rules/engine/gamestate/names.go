package gamestate

import (
	"github.com/tenkaichi-org/tenkaichi/rules/engine/cardinfo"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/gamelog"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/stateview"
)

// The types of the engine's other sub-packages a state is made of, under
// the names the engine gives them.
type (
	Side   = gamelog.Side
	Ref    = gamelog.Ref
	Setup  = gamelog.Setup
	Cards  = cardinfo.Cards
	Result = stateview.Result
)
