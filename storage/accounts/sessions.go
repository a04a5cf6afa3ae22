package accounts

import (
	"context"
	"time"

	"github.com/tenkaichi-org/tenkaichi/storage"
)

// Session is a logged-in browser. The cookie holds a random token; the
// database holds only its SHA-256.
type Session struct {
	TokenHash  string `gorm:"primaryKey"`
	UserID     int64
	CSRFToken  string `gorm:"column:csrf_token"`
	CreatedAt  time.Time
	ExpiresAt  time.Time
	LastSeenAt time.Time
	UserAgent  string
	IP         string `gorm:"column:ip"`
}

// CreateSession stores a new session.
func (s *Store) CreateSession(ctx context.Context, sess *Session) error {
	now := s.now()
	sess.CreatedAt, sess.LastSeenAt = now, now
	return wrap("create session", s.with(ctx).Create(sess).Error)
}

// SessionUser returns a live session and its user, or storage.ErrNotFound when the
// token is unknown or expired.
func (s *Store) SessionUser(ctx context.Context, tokenHash string) (*Session, *storage.User, error) {
	var sess Session
	err := s.read(ctx).Where("token_hash = ? AND expires_at > ?", tokenHash, s.now()).First(&sess).Error
	if err != nil {
		return nil, nil, wrap("session", err)
	}
	u, err := s.UserByID(ctx, sess.UserID)
	if err != nil {
		return nil, nil, err
	}
	return &sess, u, nil
}

// TouchSession extends a session's life (sliding expiry).
func (s *Store) TouchSession(ctx context.Context, tokenHash string, expires time.Time) error {
	err := s.with(ctx).Model(&Session{}).Where("token_hash = ?", tokenHash).
		Updates(map[string]any{"last_seen_at": s.now(), "expires_at": expires}).Error
	return wrap("touch session", err)
}

// DeleteSession ends a session (logout).
func (s *Store) DeleteSession(ctx context.Context, tokenHash string) error {
	return wrap("delete session", s.with(ctx).Where("token_hash = ?", tokenHash).Delete(&Session{}).Error)
}

// DeleteExpiredSessions removes sessions past their expiry; returns how many.
func (s *Store) DeleteExpiredSessions(ctx context.Context) (int64, error) {
	res := s.with(ctx).Where("expires_at <= ?", s.now()).Delete(&Session{})
	return res.RowsAffected, wrap("delete expired sessions", res.Error)
}

// LoginFailure is one failed login, kept to rate-limit guessing.
type LoginFailure struct {
	ID        int64
	Username  string
	IP        string `gorm:"column:ip"`
	CreatedAt time.Time
}

// RecordLoginFailure notes a failed login for username from ip.
func (s *Store) RecordLoginFailure(ctx context.Context, username, ip string) error {
	return wrap("record login failure", s.with(ctx).Create(&LoginFailure{Username: username, IP: ip, CreatedAt: s.now()}).Error)
}

// LoginCounts are the failed logins in a window, counted three ways.
type LoginCounts struct {
	UserFromIP int64 `gorm:"column:user_from_ip"` // for this username from this address
	User       int64 `gorm:"column:for_user"`     // for this username from any address
	IP         int64 `gorm:"column:from_ip"`      // from this address for any username
}

// LoginFailures counts failures since a time for the username and the
// address, in one query.
func (s *Store) LoginFailures(ctx context.Context, username, ip string, since time.Time) (LoginCounts, error) {
	var c LoginCounts
	err := s.with(ctx).Model(&LoginFailure{}).
		Select(`COALESCE(SUM(CASE WHEN username = ? AND ip = ? THEN 1 ELSE 0 END), 0) AS user_from_ip,
			COALESCE(SUM(CASE WHEN username = ? THEN 1 ELSE 0 END), 0) AS for_user,
			COALESCE(SUM(CASE WHEN ip = ? THEN 1 ELSE 0 END), 0) AS from_ip`, username, ip, username, ip).
		Where("created_at > ? AND (username = ? OR ip = ?)", since, username, ip).
		Scan(&c).Error
	return c, wrap("count login failures", err)
}

// ClearLoginFailures forgets a username's failures after a successful login.
func (s *Store) ClearLoginFailures(ctx context.Context, username string) error {
	return wrap("clear login failures", s.with(ctx).Where("username = ?", username).Delete(&LoginFailure{}).Error)
}

// PruneLoginFailures drops failures older than a time.
func (s *Store) PruneLoginFailures(ctx context.Context, before time.Time) error {
	return wrap("prune login failures", s.with(ctx).Where("created_at <= ?", before).Delete(&LoginFailure{}).Error)
}

// LinkMiss is one request with a player link that matched no entry, kept to
// slow down guessing from one address across every instance.
type LinkMiss struct {
	ID        int64
	IP        string `gorm:"column:ip"`
	CreatedAt time.Time
}

// RecordLinkMiss notes a wrong player link presented from ip.
func (s *Store) RecordLinkMiss(ctx context.Context, ip string) error {
	return wrap("record link miss", s.with(ctx).Create(&LinkMiss{IP: ip, CreatedAt: s.now()}).Error)
}

// LinkMisses counts the wrong player links from ip since a time.
func (s *Store) LinkMisses(ctx context.Context, ip string, since time.Time) (int64, error) {
	var n int64
	err := s.read(ctx).Model(&LinkMiss{}).Where("ip = ? AND created_at > ?", ip, since).Count(&n).Error
	return n, wrap("count link misses", err)
}

// PruneLinkMisses drops misses older than a time.
func (s *Store) PruneLinkMisses(ctx context.Context, before time.Time) error {
	return wrap("prune link misses", s.with(ctx).Where("created_at <= ?", before).Delete(&LinkMiss{}).Error)
}

// TableName keeps GORM's naming out of the schema.
func (LinkMiss) TableName() string { return "link_misses" }
