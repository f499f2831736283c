package daemon

import (
	"errors"
	"io/fs"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"sync"

	"github.com/jjgarcianorway/anna-assistant/daemon/brain"
	"github.com/jjgarcianorway/anna-assistant/daemon/llm"
	"github.com/jjgarcianorway/anna-assistant/daemon/statedir"
	"github.com/jjgarcianorway/anna-assistant/ledger"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// debugFile holds the debug mode a user chose in plain words, in the state
// directory: "on" or "off". Without it the config's [daemon] debug_mode
// holds.
const debugFile = "debug_mode"

// debugMode is annad's debug mode: daemon-wide, changed by "enable debug
// mode" and "turn debug off" (the fast path), persisted so it survives a
// restart, and back to the config's default after root's reset.
type debugMode struct {
	state *statedir.Dir
	// ledger records the file as learned data, so that root's reset,
	// which deletes it, forgets the entry too.
	ledger *ledger.Ledger
	def    bool
	log    *slog.Logger

	mu sync.Mutex
	on bool
}

// loadDebugMode reads the saved mode; a missing file means the config's
// default, and an unreadable or garbled one is logged and ignored.
func loadDebugMode(state *statedir.Dir, l *ledger.Ledger, def bool, log *slog.Logger) *debugMode {
	m := &debugMode{state: state, ledger: l, def: def, log: log, on: def}
	b, err := state.ReadFile(debugFile)
	switch v := strings.TrimSpace(string(b)); {
	case errors.Is(err, fs.ErrNotExist):
	case err != nil:
		log.Warn("debug mode: using the config's default", "err", err)
	case v == "on" || v == "off":
		m.on = v == "on"
	default:
		log.Warn("debug mode: using the config's default; the saved mode is neither on nor off", "file", debugFile)
	}
	return m
}

// DebugMode reports whether debug mode is on now.
func (m *debugMode) DebugMode() bool {
	m.mu.Lock()
	defer m.mu.Unlock()
	return m.on
}

// SetDebugMode saves on, then applies it; a failed save changes nothing.
func (m *debugMode) SetDebugMode(on bool) error {
	m.mu.Lock()
	defer m.mu.Unlock()
	v := "off\n"
	if on {
		v = "on\n"
	}
	if err := m.state.WriteFile(debugFile, []byte(v)); err != nil {
		return err
	}
	m.on = on
	if _, err := m.ledger.AppendOnce(ledger.Entry{Kind: ledger.StateWritten, Target: filepath.Join(m.state.Path(), debugFile),
		Reason: "the debug mode a user chose in plain words", Cause: "request"}); err != nil {
		// The mode is saved; a ledger that cannot take the entry loses
		// only the record of a file inside Anna's own state directory.
		m.log.Warn("cannot record the debug mode file in the ledger", "err", err)
	}
	return nil
}

// reset forgets the saved mode and returns to the config's default.
func (m *debugMode) reset() error {
	m.mu.Lock()
	defer m.mu.Unlock()
	if err := m.state.Remove(debugFile); err != nil {
		return err
	}
	m.on = m.def
	return nil
}

// self is what the service desk's fast path knows about annad.
type self struct {
	*debugMode
	d *Daemon
}

// Health describes annad, Ollama and the model for "are you ok?", from the
// same source as `status`.
func (s self) Health() brain.HealthState {
	d := s.d
	h := d.llm.Health()
	hs := brain.HealthState{
		PID: os.Getpid(), Socket: d.opt.Socket, OllamaURL: d.llm.URL(), OllamaReachable: h.Reachable,
		Model: d.model.Name, ModelPresent: h.ModelPresent, ConfigWarnings: d.opt.ConfigWarnings,
	}
	if !h.Reachable && h.LastErrorResolvedAt.IsZero() {
		hs.OllamaError = h.LastError
	}
	return hs
}

// degraded is rpc.DegradedNoLLM while the last check found Ollama
// unreachable or without the model, and empty otherwise.
func degraded(h llm.Health) string {
	if !h.Reachable || h.ModelPresent != nil && !*h.ModelPresent {
		return rpc.DegradedNoLLM
	}
	return ""
}
