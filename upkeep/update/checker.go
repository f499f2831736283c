package update

import (
	"context"
	"crypto/ed25519"
	"crypto/sha256"
	"fmt"
	"io"
	"log/slog"
	"math/rand/v2"
	"net/http"
	"os"
	"sync"
	"syscall"
	"time"

	"github.com/jjgarcianorway/anna-assistant/rpc"
	"github.com/jjgarcianorway/anna-assistant/upkeep"
)

// Transient starts a program in a transient systemd unit of its own and
// returns once systemd queued it, without waiting for its end
// (units.Systemd): systemd kills it at timeout.
type Transient interface {
	StartTransient(ctx context.Context, unit, description string, argv []string, timeout time.Duration) error
}

// Ledger is the installation ledger as an update uses it.
type Ledger interface {
	upkeep.Recorder
	// Digest returns the hex SHA-256 that the newest entry for path
	// records, or "" when none does.
	Digest(path string) string
}

// DefaultInterval is the spec's check interval.
const DefaultInterval = 60 * time.Second

// Checker checks a release directory for a newer signed release and, with
// AutoUpdate, installs it. Set the fields before Run or Check; the zero
// Client is http.DefaultClient.
type Checker struct {
	// URL is the release directory holding manifest.json and its
	// signature (config [update] url).
	URL string
	// Keys are the accepted release keys (ReleaseKeys in annad).
	Keys []ed25519.PublicKey
	// Current is the running version (version.String()).
	Current string
	// AutoUpdate installs newer releases (config [update] auto_update).
	AutoUpdate bool
	// Interval between checks; each wait varies by up to a tenth so that
	// many hosts do not ask at the same second.
	Interval time.Duration
	// BinDir holds annad and annactl (/usr/local/bin), Arch is the
	// artifacts' architecture suffix (runtime.GOARCH).
	BinDir, Arch string
	// StateDir is annad's state directory, where PendingFile carries an
	// update across annad's own restart; Socket is annad's socket, where
	// the finisher asks the restarted annad its version.
	StateDir, Socket string
	// Transient starts the finisher after a swap (FinishUnit).
	Transient Transient
	Ledger    Ledger
	Client    *http.Client
	Log       *slog.Logger

	running sync.Mutex // one check at a time
	mu      sync.Mutex
	st      rpc.Update
	failed  map[string]bool // versions that did not start here
}

func (c *Checker) client() *http.Client {
	if c.Client != nil {
		return c.Client
	}
	return http.DefaultClient
}

// Status returns what the last check found.
func (c *Checker) Status() rpc.Update {
	c.mu.Lock()
	defer c.mu.Unlock()
	st := c.st
	st.Current, st.URL, st.AutoUpdate = c.Current, c.URL, c.AutoUpdate
	return st
}

// Run checks now and then every Interval (with jitter) until ctx ends.
func (c *Checker) Run(ctx context.Context) {
	interval := c.Interval
	if interval <= 0 {
		interval = DefaultInterval
	}
	for {
		if err := c.Check(ctx); err != nil && c.Log != nil {
			c.Log.Warn("update check failed", "err", err)
		}
		jitter := time.Duration(rand.Int64N(int64(interval)/5+1)) - interval/10
		t := time.NewTimer(interval + jitter)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
	}
}

// Check fetches and verifies the manifest once, records what it found, and
// installs a newer release when AutoUpdate is set. It returns the error it
// also records in Status.
func (c *Checker) Check(ctx context.Context) error {
	c.running.Lock()
	defer c.running.Unlock()
	err := c.check(ctx)
	if ctx.Err() != nil {
		return err // annad is stopping: not a fault of the release server
	}
	c.fail(err)
	return err
}

// fail records err (nil: none) as the last error in Status.
func (c *Checker) fail(err error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if err != nil {
		c.st.LastError, c.st.LastErrorAt = err.Error(), time.Now()
	} else {
		c.st.LastError, c.st.LastErrorAt = "", time.Time{}
	}
}

func (c *Checker) check(ctx context.Context) error {
	cur, err := ParseVersion(c.Current)
	if err != nil {
		return fmt.Errorf("cannot compare releases with this build: %w", err)
	}
	m, err := fetchManifest(ctx, c.client(), c.URL, c.Keys)
	c.mu.Lock()
	c.st.CheckedAt = time.Now()
	if err == nil {
		c.st.Latest = m.Version
	}
	c.mu.Unlock()
	if err != nil {
		return err
	}
	latest, _ := ParseVersion(m.Version) // validated by Verify
	if latest.Compare(cur) <= 0 || !c.AutoUpdate {
		return nil
	}
	if c.failedBefore(m.Version) {
		return fmt.Errorf("cannot update to %s: it failed to start on this host before; annad stays at %s until a newer release", m.Version, c.Current)
	}
	if c.Transient == nil || c.BinDir == "" || c.Arch == "" || c.StateDir == "" || c.Socket == "" {
		return fmt.Errorf("cannot install updates: annad runs without systemd or an install directory; update Anna with its installer")
	}
	if err := c.unfinished(); err != nil {
		return fmt.Errorf("cannot update to %s: %w", m.Version, err)
	}
	if err := c.apply(ctx, m); err != nil {
		c.markFailed(m.Version, err)
		return err
	}
	c.mu.Lock()
	c.st.Applied, c.st.AppliedAt = m.Version, time.Now()
	c.mu.Unlock()
	return nil
}

// fileDigest returns the hex SHA-256 of the regular file at path, read
// without following a link.
func fileDigest(path string) (string, error) {
	f, err := os.OpenFile(path, os.O_RDONLY|syscall.O_NOFOLLOW|syscall.O_NONBLOCK, 0)
	if err != nil {
		return "", err
	}
	defer f.Close()
	if fi, err := f.Stat(); err != nil || !fi.Mode().IsRegular() {
		return "", fmt.Errorf("cannot read %s: not a regular file", path)
	}
	h := sha256.New()
	if _, err := io.Copy(h, io.LimitReader(f, MaxArtifactBytes)); err != nil {
		return "", fmt.Errorf("cannot read %s: %w", path, err)
	}
	return digestHex(h.Sum(nil)), nil
}

// markFailed remembers a version whose restart failed, so the checker does
// not swap and restart every minute; a download or signature error is
// retried at the next check.
func (c *Checker) markFailed(v string, err error) {
	if !isStartFailure(err) {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.failed == nil {
		c.failed = map[string]bool{}
	}
	c.failed[v] = true
}

func (c *Checker) failedBefore(v string) bool {
	c.mu.Lock()
	failed := c.failed[v]
	c.mu.Unlock()
	// A restart that a Finisher rolled back left FailedFile behind.
	return failed || failedOnDisk(c.StateDir, v)
}
