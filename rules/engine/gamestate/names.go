package gamestate

import (
	"github.com/tenkaichi-org/tenkaichi/rules/engine/cardinfo"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/gamelog"
	"github.com/tenkaichi-org/tenkaichi/rules/engine/stateview"
)

// The sub-packages' types the board is made of, under the engine's names.
type (
	Side   = gamelog.Side
	Ref    = gamelog.Ref
	Setup  = gamelog.Setup
	Cards  = cardinfo.Cards
	Result = stateview.Result
)
