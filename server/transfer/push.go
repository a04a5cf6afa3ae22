package transfer

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"

	"github.com/tenkaichi-org/tenkaichi/server/readmodel"
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
// as a new event (docs/leagues.md). On the import page, the export of an
// event made on this server itself imports as a copy, as it always did.

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
	// outcomeMadeHere: the store's event of that origin was made on this
	// server, not imported; a push adds nothing (the import page copies).
	outcomeMadeHere
)

// How importInto treats a file whose event the store has.
type importMode int

const (
	// pushMode adds nothing the store has (a push, an upload).
	pushMode importMode = iota
	// pageMode copies an event made on this server, as the import page
	// always did; a file of an imported event adds nothing.
	pageMode
	// copyMode imports the file as a new event in every case.
	copyMode
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
// unless the store already has the event (by its origin; see importMode).
// A copy gets a new origin. A problem with the file is an *importProblem;
// nothing is stored then.
func (h *Handler) importInto(ctx context.Context, actor storage.Actor, storeID int64, data []byte, fileName string, mode importMode) (*importAnswer, error) {
	in, err := parseExport(ctx, data, fileName, h.Today())
	if err != nil {
		return nil, err
	}
	sum := sha256.Sum256(data)
	in.FileSHA256 = hex.EncodeToString(sum[:])
	in.Event.StoreID = storeID
	if mode == copyMode {
		in.Event.Origin = ""
	}
	ans, err := h.alreadyThere(ctx, storeID, in)
	switch {
	case err != nil:
		return nil, err
	case ans != nil && ans.outcome == outcomeMadeHere && mode == pageMode:
		in.Event.Origin = ""
	case ans != nil:
		return ans, nil
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
	if res.Event.Status == storage.StatusFinished {
		// A finished event counts in seasons at once, as one finished here
		// does (they are computed again anyway if found stale later).
		if err := readmodel.FreshEventResults(ctx, h.Store, []int64{res.Event.ID}); err != nil {
			h.Log.Error("event results not stored", "event", res.Event.ID, "err", err)
		}
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
	imported, same, err := h.importedFrom(ctx, ev, in.FileSHA256)
	switch {
	case err != nil:
		return nil, err
	case same:
		return &importAnswer{outcome: outcomeAlreadyThere, event: ev}, nil
	case imported:
		return &importAnswer{outcome: outcomeDiffers, event: ev}, nil
	}
	return &importAnswer{outcome: outcomeMadeHere, event: ev}, nil
}

// importedFrom reports whether the event was made by an import here, and
// whether by importing the file of that hash: this server's own import
// row keeps it (the rows the file brought along are the writing server's,
// written before the event was created here).
func (h *Handler) importedFrom(ctx context.Context, ev *storage.Event, fileSHA256 string) (imported, same bool, err error) {
	audit, err := h.Store.AuditLogFor(ctx, "event", ev.ID)
	if err != nil {
		return false, false, err
	}
	for _, row := range audit {
		var after struct {
			File string `json:"file_sha256"`
		}
		if row.Action != "import" || row.CreatedAt.Before(ev.CreatedAt) || json.Unmarshal([]byte(row.AfterJSON), &after) != nil {
			continue
		}
		imported = true
		same = same || after.File == fileSHA256
	}
	return imported, same, nil
}

// outcomeMessage says what became of a file that added nothing.
func outcomeMessage(a *importAnswer) i18n.Message {
	switch a.outcome {
	case outcomeAlreadyThere:
		return i18n.M("PushAlreadyThere", i18n.Args{"Name": a.event.Name})
	case outcomeMadeHere:
		return i18n.M("PushMadeHere", i18n.Args{"Name": a.event.Name})
	}
	return i18n.M("PushDiffers", i18n.Args{"Name": a.event.Name})
}
