package server

import (
	"context"

	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
	"github.com/tenkaichi-org/tenkaichi/storage"
)

// staffData is an event's entries, rounds and matches for a staff page that
// only reads them: the shared read model at the play version read now (one
// indexed read while nothing changed), instead of every entry, decklist and
// match read again for each page. Nothing in it may be changed.
func (s *Server) staffData(ctx context.Context, e *storage.Event) (*readmodel.EventData, error) {
	rm, err := s.models.Of(ctx, e.ID, 0)
	if err != nil {
		return nil, err
	}
	return rm.Data, nil
}
