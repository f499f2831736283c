package rpc

import "time"

// Method names.
const (
	MethodStatus   = "status"
	MethodProbe    = "probe"
	MethodProgress = "progress"
	MethodRequest  = "request"
	MethodReset    = "reset"
	// MethodUninstall needs admin access: see UninstallParams.
	MethodUninstall = "uninstall"
)

// Limits on request params, enforced by annad with InvalidParams.
const (
	MaxRequestTextBytes = 8 << 10 // a question, not a document
	MaxIDBytes          = 64      // session and request ids
)

// RequestTimeout is the client-side bound on one `request` call (spec:
// "RPC call 45s"). annad's own pipeline budget is lower, so a healthy daemon
// always answers first.
const RequestTimeout = 45 * time.Second

// PromptTimeout is how long annad waits for polkit's password prompt on an
// admin call that allows one ("interactive": true). A client's deadline for
// such a call must be longer, plus the time the method itself takes.
const PromptTimeout = 3 * time.Minute

// Status is the result of `status`.
type Status struct {
	Version       string    `json:"version"`
	PID           int       `json:"pid"`
	StartedAt     time.Time `json:"started_at"`
	UptimeSeconds float64   `json:"uptime_seconds"`
	// DebugMode is the debug mode now: the config's debug_mode until a
	// user turns it on or off in plain words ("enable debug mode"), which
	// persists across restarts until root's reset.
	DebugMode  bool     `json:"debug_mode"`
	Socket     string   `json:"socket"`
	StateDir   string   `json:"state_dir"`
	ConfigFile string   `json:"config_file"`
	Hardware   Hardware `json:"hardware"`
	Model      Model    `json:"model"`
	Ollama     Ollama   `json:"ollama"`
	// Probes lists the probe IDs of the allowlist.
	Probes []string `json:"probes"`
	// ConfigWarnings lists problems in the config file that did not stop
	// annad, such as unknown keys.
	ConfigWarnings []string `json:"config_warnings,omitempty"`
	// Degraded is set while Anna works without her LLM (Ollama unreachable
	// or the model missing): it is DegradedNoLLM, and only the fast path's
	// facts are answered. Empty when the LLM is usable as far as the last
	// check knows.
	Degraded string `json:"degraded,omitempty"`
	// Update is the self-update checker's state; nil when annad runs
	// without one.
	Update *Update `json:"update,omitempty"`
	// Setup is the progress of installing Ollama and pulling the model;
	// nil when annad does not manage Ollama.
	Setup *Setup `json:"setup,omitempty"`
	// ManagedBy names what owns the installation when it is not Anna
	// ("nix" under NixOS): annad then neither installs Ollama nor updates
	// itself.
	ManagedBy string `json:"managed_by,omitempty"`
	// Ledger is the health of the record of Anna's changes to the
	// machine; nil from an annad that keeps none.
	Ledger *LedgerState `json:"ledger,omitempty"`
}

// LedgerState is what `status` says of the ledger.
type LedgerState struct {
	Path    string `json:"path"`
	Entries int    `json:"entries"`
	// Corrupt lists damaged ledgers kept aside; while one exists, Problem
	// says what is wrong, Repair how to fix it, and uninstall refuses.
	Corrupt []string `json:"corrupt,omitempty"`
	Problem string   `json:"problem,omitempty"`
	Repair  string   `json:"repair,omitempty"`
}

// DegradedNoLLM is Status.Degraded when Ollama or the model is missing.
const DegradedNoLLM = "no LLM: answers limited to facts"

// Hardware is the snapshot annad takes at start and uses to choose a model.
type Hardware struct {
	CPUModel          string `json:"cpu_model"`
	Cores             int    `json:"cores"`   // physical cores
	Threads           int    `json:"threads"` // logical CPUs
	RAMTotalBytes     uint64 `json:"ram_total_bytes"`
	RAMAvailableBytes uint64 `json:"ram_available_bytes"`
	GPUs              []GPU  `json:"gpus"`
}

// GPU is one graphics adapter. VRAMBytes is 0 when the driver does not say
// or the GPU is integrated.
type GPU struct {
	Vendor    string `json:"vendor"` // "amd", "nvidia", "intel" or the PCI vendor id
	Model     string `json:"model"`
	VRAMBytes uint64 `json:"vram_bytes"`
	// Integrated is set for a GPU that shares system RAM (Intel iGPUs, AMD
	// APUs); its VRAMBytes is 0 because its carve-out is not VRAM.
	Integrated bool   `json:"integrated,omitempty"`
	Source     string `json:"source"` // where VRAM was read, e.g. "sysfs mem_info_vram_total"
}

// Model is the LLM annad uses.
type Model struct {
	Name   string `json:"name"`
	Reason string `json:"reason"` // the selection-table row or "pinned in config"
	Pinned bool   `json:"pinned"`
	// Present reports whether Ollama has the model; nil when Ollama could
	// not be asked.
	Present *bool `json:"present"`
}

// Ollama is what annad last learned about its LLM server.
type Ollama struct {
	URL       string    `json:"url"`
	Reachable bool      `json:"reachable"`
	Version   string    `json:"version,omitempty"`
	CheckedAt time.Time `json:"checked_at"`
	// LastError is the last failure talking to Ollama or the model, if any,
	// kept after recovery; LastErrorAt says when it happened and
	// LastErrorHint what to do about it (naming the config file annad
	// loaded).
	LastError     string    `json:"last_error,omitempty"`
	LastErrorHint string    `json:"last_error_hint,omitempty"`
	LastErrorAt   time.Time `json:"last_error_at,omitzero"`
	// LastErrorResolvedAt is set once a later check or chat showed the
	// cause gone (Ollama reachable with the model, or a finished chat):
	// LastError is then history, not a current problem.
	LastErrorResolvedAt time.Time `json:"last_error_resolved_at,omitzero"`
}

// ProbeParams are the params of `probe`.
type ProbeParams struct {
	Probe string `json:"probe"`
}

// ProbeResult is one probe run, in the spec's shape plus Source and Data.
type ProbeResult struct {
	Probe string `json:"probe"`
	// Command names the familiar command whose output Stdout resembles.
	Command  string `json:"command"`
	ExitCode int    `json:"exit_code"`
	Stdout   string `json:"stdout"`
	// Stderr carries the reason when the probe could not read its source.
	Stderr   string `json:"stderr"`
	TimingMS int64  `json:"timing_ms"`
	// Source says what was read natively, e.g. "procfs", "netlink".
	Source string `json:"source"`
	// Truncated is set when a bound left something out (Stdout cut, rows
	// of Data dropped); Stderr then says what.
	Truncated bool `json:"truncated,omitempty"`
	// Cached is set when the result came from the 30 s cache.
	Cached bool `json:"cached,omitempty"`
	// Data holds the typed rows behind Stdout (per-probe schema).
	Data any `json:"data,omitempty"`
}

// OK reports whether the probe succeeded.
func (r ProbeResult) OK() bool { return r.ExitCode == 0 }

// ProgressParams are the params of `progress`. An empty RequestID means the
// caller's latest request. Since skips events already seen.
type ProgressParams struct {
	RequestID string `json:"request_id,omitempty"`
	Since     int    `json:"since,omitempty"`
}

// Progress is the result of `progress`.
type Progress struct {
	RequestID string  `json:"request_id"`
	Done      bool    `json:"done"`
	Events    []Event `json:"events"`
	// Next is the Since to send on the next poll.
	Next int `json:"next"`
}

// EventKind classifies progress events.
type EventKind string

// Progress event kinds.
const (
	EventStarting      EventKind = "starting"
	EventProbeRunning  EventKind = "probe_running"
	EventProbeComplete EventKind = "probe_complete"
	EventComplete      EventKind = "complete"
	EventTimeout       EventKind = "timeout"
	EventError         EventKind = "error"
	EventToken         EventKind = "token" // Text holds a chunk of the answer being written
	// EventQueued says the request waits for the model: Position is its
	// place (1 is next), sent again as it moves; Position 0 means it has
	// left the queue, and Message says how long it waited.
	EventQueued EventKind = "queued"
)

// Event is one progress event.
type Event struct {
	Seq     int       `json:"seq"`
	At      time.Time `json:"at"`
	Kind    EventKind `json:"kind"`
	Stage   string    `json:"stage,omitempty"`
	Probe   string    `json:"probe,omitempty"`
	Message string    `json:"message,omitempty"`
	Text    string    `json:"text,omitempty"`
	// Position is set on queued events.
	Position int `json:"position,omitempty"`
}

// ResetResult is the result of `reset`.
type ResetResult struct {
	StateDir string   `json:"state_dir"`
	Removed  []string `json:"removed"`
}
