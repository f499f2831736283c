// Package ollama gets Anna's LLM server working and keeps it so: it finds
// Ollama (its API, its binary, its systemd unit), installs it from a
// pinned release archive when annad manages it, writes and starts its unit
// with the models under Anna's state directory, pulls the chosen model with
// progress, retries a failed pull with backoff, and calls the model ready
// only after it answered one tiny chat. Every file, directory, unit and
// model it creates goes to the ledger through upkeep.Recorder.
package ollama

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"net/url"
	"sync"
	"time"

	"github.com/ollama/ollama/api"

	"github.com/jjgarcianorway/anna-assistant/dirs"
	"github.com/jjgarcianorway/anna-assistant/rpc"
	"github.com/jjgarcianorway/anna-assistant/upkeep"
)

// Units annad looks for: the distribution's or Ollama's own, then the one
// annad writes.
const (
	SystemUnit = "ollama.service"
	AnnaUnit   = "anna-ollama.service"
)

// Manager brings Ollama and the model up. Set the fields, then call Run
// (or Ensure once); Status may be called at any time.
type Manager struct {
	// URL is Ollama's base URL ([ollama] url); the unit annad writes
	// listens on its host and port.
	URL string
	// Model is the model to pull and verify.
	Model string
	// Manage allows installing, writing units, starting and pulling;
	// without it the Manager only reports what is missing.
	Manage bool
	// ReleaseURL and ReleaseSHA256 name the Ollama archive to install
	// ([ollama] release_url, release_sha256); empty means annad installs
	// no binary and uses the one it finds.
	ReleaseURL, ReleaseSHA256 string
	Layout                    dirs.Layout
	Units                     upkeep.Units
	Ledger                    upkeep.Recorder
	Client                    *http.Client
	Log                       *slog.Logger
	// Backoff is the first wait after a failure, doubled up to
	// MaxBackoff; zero means 2 s and 5 min.
	Backoff, MaxBackoff time.Duration
	// InsecureRegistry lets Ollama pull over plain HTTP from a registry
	// named in Model ("10.0.2.2:5000/library/tiny:latest"), as the VM and
	// integration tests serve one.
	InsecureRegistry bool
	// NumCtx is the context window annad's chats ask for; the test
	// question uses it so the model stays loaded for the first request.
	NumCtx int
	// PullAttempts bounds the pulls one Ensure tries (default 5).
	PullAttempts int
	// Observe, if set, sees every change of Status as it happens (a log,
	// a progress bar, a test); it must not block.
	Observe func(rpc.Setup)

	mu       sync.Mutex
	st       rpc.Setup
	verified string // the model that answered the tiny chat

	// pass is held by the Ensure under way: Run's and autofix's passes
	// must not install or pull side by side.
	pass sync.Mutex
}

// ErrNotManaged is returned by Ensure when something is missing and annad
// may not fix it.
var ErrNotManaged = errors.New("annad does not manage Ollama")

// ErrNotInstalled is returned by Ensure when Ollama is neither reachable
// nor installed and no release archive is pinned: annad has nothing to
// install from, so it changes nothing and retries (an Ollama the user
// installs meanwhile is found).
var ErrNotInstalled = errors.New("cannot install Ollama: it is not installed and no release archive is pinned")

// ErrBusy is returned by Ensure while another pass is under way; Status
// shows that pass.
var ErrBusy = errors.New("cannot check Ollama now: annad is already setting it up; annactl status shows how far it is")

// Status returns the current phase.
func (m *Manager) Status() rpc.Setup {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.st
}

func (m *Manager) phase(p string, percent int) {
	m.set(func(st *rpc.Setup) { st.Phase, st.Percent, st.Ready = p, percent, false })
}

func (m *Manager) fail(err error) {
	m.set(func(st *rpc.Setup) { st.LastError, st.Ready = err.Error(), false })
}

func (m *Manager) ready() {
	m.set(func(st *rpc.Setup) {
		*st = rpc.Setup{Phase: "ready: " + m.Model + " answers", Percent: 100, Ready: true}
	})
}

func (m *Manager) set(change func(*rpc.Setup)) {
	m.mu.Lock()
	change(&m.st)
	m.st.UpdatedAt = time.Now()
	st := m.st
	m.mu.Unlock()
	if m.Observe != nil {
		m.Observe(st)
	}
}

func (m *Manager) httpClient() *http.Client {
	if m.Client != nil {
		return m.Client
	}
	return http.DefaultClient
}

func (m *Manager) api() (*api.Client, error) {
	u, err := url.Parse(m.URL)
	if err != nil || u.Host == "" {
		return nil, fmt.Errorf("cannot use Ollama URL %q: set [ollama] url to http://host:port", m.URL)
	}
	return api.NewClient(u, m.httpClient()), nil
}

// Run calls Ensure until it succeeds, waiting with backoff between
// failures, then checks again every recheck (a stopped server is started
// again, a deleted model pulled again) until ctx ends.
//
// A failure is logged as a warning when it differs from the last one
// logged, at debug level when it repeats, so an Ollama that stays missing
// does not fill the journal.
func (m *Manager) Run(ctx context.Context, recheck time.Duration) {
	wait := m.backoff()
	logged := ""
	for {
		err := m.Ensure(ctx)
		next := recheck
		switch {
		case errors.Is(err, ErrBusy):
			next = wait // autofix's pass; look again after it
		case err != nil:
			if m.Log != nil && err.Error() != logged {
				m.Log.Warn("ollama setup failed; retrying with backoff", "err", err, "next", wait)
			} else if m.Log != nil {
				m.Log.Debug("ollama setup failed again", "err", err, "next", wait)
			}
			logged = err.Error()
			next, wait = wait, min(2*wait, m.maxBackoff())
		default:
			if m.Log != nil && logged != "" {
				m.Log.Info("ollama setup ready", "model", m.Model)
			}
			logged, wait = "", m.backoff()
		}
		t := time.NewTimer(next)
		select {
		case <-ctx.Done():
			t.Stop()
			return
		case <-t.C:
		}
	}
}

func (m *Manager) backoff() time.Duration {
	if m.Backoff > 0 {
		return m.Backoff
	}
	return 2 * time.Second
}

func (m *Manager) maxBackoff() time.Duration {
	if m.MaxBackoff > 0 {
		return m.MaxBackoff
	}
	return 5 * time.Minute
}

// Ensure makes one pass: Ollama answering (installed and started if
// needed), the model present (pulled if needed) and answering. It returns
// nil only when the model is ready; the error is also in Status. While
// another pass runs it returns ErrBusy at once and changes no Status.
func (m *Manager) Ensure(ctx context.Context) error {
	if !m.pass.TryLock() {
		return ErrBusy
	}
	defer m.pass.Unlock()
	err := m.ensure(ctx)
	if err != nil {
		m.fail(err)
		return err
	}
	m.ready()
	return nil
}

func (m *Manager) ensure(ctx context.Context) error {
	client, err := m.api()
	if err != nil {
		return err
	}
	m.phase("checking Ollama at "+m.URL, -1)
	if !reachable(ctx, client) {
		if !m.Manage {
			return fmt.Errorf("cannot reach Ollama at %s and annad does not manage it: start Ollama, or set [ollama] manage = true: %w", m.URL, ErrNotManaged)
		}
		if err := m.bringUp(ctx, client); err != nil {
			return err
		}
	}
	return m.ensureModel(ctx, client)
}

// reachable asks /api/version under a short deadline.
func reachable(ctx context.Context, c *api.Client) bool {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	_, err := c.Version(ctx)
	return err == nil
}
