package storage

import (
	"context"
	"encoding/json"
	"strings"
	"time"
)

// Actor is who made a change, for the audit log.
type Actor struct {
	UserID int64 // 0 for a player or the system
	Name   string
}

// The actors without an account, as the audit log names them (in English;
// a page says them in its language).
var (
	ActorSystem           = Actor{Name: "system"}            // the server itself: a round completing
	ActorSelfRegistration = Actor{Name: "self-registration"} // a player registering on the event's page
	ActorAnonymous        = Actor{Name: "anonymous"}         // a request without an account
	ActorCommandLine      = Actor{Name: "command line"}
)

const playerActor = "player "

// PlayerActor is a player acting from their phone: "player NAME".
func PlayerActor(name string) Actor { return Actor{Name: playerActor + name} }

// Player is the name of the player who made the change from their phone,
// if a player did.
func (a AuditEntry) Player() (string, bool) {
	if a.UserID != nil {
		return "", false
	}
	return strings.CutPrefix(a.Actor, playerActor)
}

// AuditEntry is one change: who, when, what, and the record before and after.
type AuditEntry struct {
	ID         int64
	EventID    *int64
	UserID     *int64
	Actor      string
	Action     string
	Entity     string
	EntityID   int64
	BeforeJSON string `gorm:"column:before_json"`
	AfterJSON  string `gorm:"column:after_json"`
	CreatedAt  time.Time
}

// TableName keeps GORM from pluralising.
func (AuditEntry) TableName() string { return "audit_log" }

// writeAudit records a change. It is called inside the transaction that makes
// the change, so the record and its audit row land together or not at all.
func (s *Store) writeAudit(ctx context.Context, actor Actor, eventID *int64, action, entity string, entityID int64, before, after any) error {
	row, err := s.auditRow(actor, eventID, action, entity, entityID, before, after)
	if err != nil {
		return err
	}
	return wrap("write audit log", s.with(ctx).Create(&row).Error)
}

// auditRow is the audit log's row of a change, not yet written.
func (s *Store) auditRow(actor Actor, eventID *int64, action, entity string, entityID int64, before, after any) (AuditEntry, error) {
	row := AuditEntry{EventID: eventID, Actor: actor.Name, Action: action, Entity: entity, EntityID: entityID, CreatedAt: s.now()}
	if actor.UserID != 0 {
		id := actor.UserID
		row.UserID = &id
	}
	if before != nil {
		b, err := json.Marshal(before)
		if err != nil {
			return row, err
		}
		row.BeforeJSON = string(b)
	}
	if after != nil {
		b, err := json.Marshal(after)
		if err != nil {
			return row, err
		}
		row.AfterJSON = string(b)
	}
	return row, nil
}

// AuditLog returns the changes to one event, newest first.
func (s *Store) AuditLog(ctx context.Context, eventID int64, limit int) ([]AuditEntry, error) {
	var rows []AuditEntry
	err := s.with(ctx).Where("event_id = ?", eventID).Order("id DESC").Limit(limit).Find(&rows).Error
	return rows, wrap("audit log", err)
}

// AuditLogFor returns the changes to one entity (any event), newest first.
func (s *Store) AuditLogFor(ctx context.Context, entity string, entityID int64) ([]AuditEntry, error) {
	var rows []AuditEntry
	err := s.with(ctx).Where("entity = ? AND entity_id = ?", entity, entityID).Order("id DESC").Find(&rows).Error
	return rows, wrap("audit log", err)
}
