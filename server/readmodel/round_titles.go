package readmodel

import (
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// RoundTitle names a Swiss round of a two-day event by its day ("Day 2,
// round 1"); zero for a one-day event's round and the top cut's.
func (d *EventData) RoundTitle(r *storage.Round) i18n.Message {
	if r.Kind != storage.KindSwiss {
		return i18n.Message{}
	}
	day, dayRound := d.RoundDay(r.Number)
	if day == 0 {
		return i18n.Message{}
	}
	return i18n.M("TwoDayRoundTitle", i18n.Args{"Day": day, "Round": dayRound})
}
