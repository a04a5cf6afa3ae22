package storage

import (
	"context"
	"fmt"
	"time"
)

// Announcement is a message staff post to every player page and the
// projector of an event; it stays until removed.
type Announcement struct {
	ID        int64     `json:"id"`
	EventID   int64     `json:"event_id"`
	Text      string    `json:"text"`
	Author    string    `json:"author"`
	CreatedAt time.Time `json:"created_at"`
}

// MaxAnnouncementLen bounds an announcement: a line or two on a phone.
const MaxAnnouncementLen = 280

// Announcements lists an event's announcements, newest first.
func (s *Store) Announcements(ctx context.Context, eventID int64) ([]Announcement, error) {
	var out []Announcement
	err := s.read(ctx).Where("event_id = ?", eventID).Order("id DESC").Find(&out).Error
	return out, wrap("list announcements", err)
}

// PostAnnouncement stores an announcement and tells every open page of the
// event at once.
func (s *Store) PostAnnouncement(ctx context.Context, actor Actor, eventID int64, text string) (*Announcement, error) {
	a := &Announcement{EventID: eventID, Text: text, Author: actor.Name}
	err := s.Tx(ctx, func(tx *Store) error {
		if _, err := tx.EventByID(ctx, eventID); err != nil {
			return err
		}
		a.CreatedAt = tx.now()
		if err := tx.with(ctx).Create(a).Error; err != nil {
			return wrap("post announcement", err)
		}
		if err := tx.writeAudit(ctx, actor, &eventID, "post", "announcement", a.ID, nil, map[string]any{"text": text}); err != nil {
			return err
		}
		return tx.notify(ctx, Notice{EventID: eventID, Topic: "announcements"})
	})
	if err != nil {
		return nil, err
	}
	return a, nil
}

// RemoveAnnouncement takes an announcement down (the audit log keeps it).
func (s *Store) RemoveAnnouncement(ctx context.Context, actor Actor, eventID, id int64) error {
	return s.Tx(ctx, func(tx *Store) error {
		var a Announcement
		if err := tx.locking(ctx).Where("event_id = ? AND id = ?", eventID, id).First(&a).Error; err != nil {
			return wrap(fmt.Sprintf("announcement %d", id), err)
		}
		if err := tx.with(ctx).Delete(&Announcement{}, a.ID).Error; err != nil {
			return wrap("remove announcement", err)
		}
		if err := tx.writeAudit(ctx, actor, &eventID, "remove", "announcement", a.ID, map[string]any{"text": a.Text, "author": a.Author}, nil); err != nil {
			return err
		}
		return tx.notify(ctx, Notice{EventID: eventID, Topic: "announcements"})
	})
}
