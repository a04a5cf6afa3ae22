package transfer

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"

	"github.com/tenkaichi-org/tenkaichi/server/web"
	"github.com/tenkaichi-org/tenkaichi/storage"
	"github.com/tenkaichi-org/tenkaichi/storage/eventfile"
	"github.com/tenkaichi-org/tenkaichi/views/i18n"
)

// A laptop's event reaches its league server as an event file: uploaded on
// the import page or pushed with a store token (`tenkaichi push`). The file
// carries the event's origin (tenkaichi.event.origin), and a store holds one
// event per origin, so a file sent again adds nothing. What the store
// already has is never changed by a file: an event sent again in another
// state (more rounds, finished) is refused, pointing at the event; the
// organiser deletes the store's copy to send the newer file, or imports it
// as a new event (docs/leagues.md).

// importOutcome is what became of a file sent to a store.
type importOutcome int

const (
	// outcomeCreated: a new event.
	outcomeCreated importOutcome = iota
	// outcomeAlreadyThere: the store has this event from this very file;
	// nothing changed.
	outcomeAlreadyThere
	// outcomeDiffers: the store has this event, but not from this file (an
	// export of another state of it); nothing changed.
	outcomeDiffers
)

// importAnswer is the outcome, the event it is about (the new one or the
// one the store already had) and, for a new one, the judges named in the
// file that have no account in the store.
type importAnswer struct {
	outcome       importOutcome
	event         *storage.Event
	missingJudges []string
}

// importInto reads an event file and adds it to the store as a new event,
// unless the store already has the event (by its origin). asCopy gives the
// event a new origin: a second event, the organiser's explicit choice.
// A problem with the file is an *importProblem; nothing is stored then.
func (h *Handler) importInto(ctx context.Context, actor storage.Actor, storeID int64, data []byte, fileName string, asCopy bool) (*importAnswer, error) {
	in, err := parseExport(ctx, data, fileName, h.Today())
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(data)
	in.FileSHA256 = hex.EncodeToString(sum[:])
	in.Event.StoreID = storeID
	if asCopy {
		in.Event.Origin = ""
	}
	if ans, err := h.alreadyThere(ctx, storeID, in); ans != nil || err != nil {
		return ans, err
	}
	key, err := h.LinkKey(ctx)
	if err != nil {
		return nil, err
	}
	res, err := eventfile.New(h.Store).ImportEvent(ctx, actor, in, func(id int64, gen int) string {
		return web.HashToken(web.PlayerToken(key, id, gen))
	})
	if errors.Is(err, storage.ErrConflict) {
		// Sent twice at once: the other request added it.
		if ans, err := h.alreadyThere(ctx, storeID, in); ans != nil || err != nil {
			return ans, err
		}
		return nil, importProblemOf("StaffImportConflict", nil)
	}
	if err != nil {
		return nil, err
	}
	return &importAnswer{outcome: outcomeCreated, event: res.Event, missingJudges: res.MissingJudges}, nil
}

// alreadyThere finds the store's event of the file's origin: nil when
// there is none (or the file has no origin).
func (h *Handler) alreadyThere(ctx context.Context, storeID int64, in *eventfile.EventImport) (*importAnswer, error) {
	if in.Event.Origin == "" {
		return nil, nil
	}
	ev, err := h.Store.EventByOrigin(ctx, storeID, in.Event.Origin)
	if errors.Is(err, storage.ErrNotFound) {
		return nil, nil
	} else if err != nil {
		return nil, err
	}
	same, err := h.importedFrom(ctx, ev.ID, in.FileSHA256)
	if err != nil {
		return nil, err
	}
	if same {
		return &importAnswer{outcome: outcomeAlreadyThere, event: ev}, nil
	}
	return &importAnswer{outcome: outcomeDiffers, event: ev}, nil
}

// importedFrom reports whether the event was made by importing the file
// of that hash (its import's audit row keeps it).
func (h *Handler) importedFrom(ctx context.Context, eventID int64, fileSHA256 string) (bool, error) {
	audit, err := h.Store.AuditLogFor(ctx, "event", eventID)
	if err != nil {
		return false, err
	}
	for _, row := range audit {
		var after struct {
			File string `json:"file_sha256"`
		}
		if row.Action == "import" && json.Unmarshal([]byte(row.AfterJSON), &after) == nil && after.File == fileSHA256 {
			return true, nil
		}
	}
	return false, nil
}

// outcomeMessage says what became of a file that added nothing.
func outcomeMessage(a *importAnswer) i18n.Message {
	if a.outcome == outcomeAlreadyThere {
		return i18n.M("PushAlreadyThere", i18n.Args{"Name": a.event.Name})
	}
	return i18n.M("PushDiffers", i18n.Args{"Name": a.event.Name})
}
