// Package probes implements the spec's read-only probe allowlist natively:
// procfs, sysfs, statfs, netlink, systemd over D-Bus, and the journal's
// files. No probe runs a process. Each result keeps the
// spec's shape (command, exit_code, stdout, stderr, timing_ms) with Stdout
// rendered like the familiar command and typed rows in Data.
package probes

import (
	"context"
	"fmt"
	"time"

	"github.com/vishvananda/netlink"

	"github.com/jjgarcianorway/anna-assistant/dbus/systemd"
	"github.com/jjgarcianorway/anna-assistant/dirs"
)

// The probe IDs of the spec's allowlist.
const (
	TopMemory      = "top_memory"
	TopCPU         = "top_cpu"
	CPUInfo        = "cpu_info"
	MemoryInfo     = "memory_info"
	DiskUsage      = "disk_usage"
	BlockDevices   = "block_devices"
	NetworkAddrs   = "network_addrs"
	NetworkRoutes  = "network_routes"
	ListeningPorts = "listening_ports"
	FailedServices = "failed_services"
	SystemLogs     = "system_logs"
)

// IDs is the allowlist in the spec's order. Any other ID is refused.
var IDs = []string{
	TopMemory, TopCPU, CPUInfo, MemoryInfo, DiskUsage, BlockDevices,
	NetworkAddrs, NetworkRoutes, ListeningPorts, FailedServices, SystemLogs,
}

// Timeouts from the spec.
const (
	PerProbeTimeout = 4 * time.Second
	TotalTimeout    = 10 * time.Second
	CacheTTL        = 30 * time.Second
)

// Exit codes of a probe result. They mirror what the familiar command and
// timeout(1) would return.
const (
	ExitOK      = 0
	ExitFailed  = 1
	ExitTimeout = 124
)

// Output is what a probe function produces: the rendered text and the typed
// rows behind it.
type Output struct {
	Stdout string
	Data   any
	// Notes say what a bound left out (rows past a row bound, a table
	// read only in part); the runner puts them in Stderr and sets
	// Truncated.
	Notes []string
}

// Func reads one probe's source. It must honor ctx and never fake data: when
// its source is missing it returns an error that says why.
type Func func(ctx context.Context, env *Env) (Output, error)

// Spec describes one allowlisted probe.
type Spec struct {
	ID      string
	Command string // the spec's command, e.g. "ps aux --sort=-%mem"
	Source  string // what is read natively, e.g. "procfs"
	Run     Func
	// Brief, when set, is a cheaper reading of the same source that keeps
	// only the first BriefRows rows, for callers that quote the top of a
	// table (the brain's fast path, under WithBrief). Its output has the
	// same format as Run's.
	Brief Func
}

// UnitLister lists systemd units by state; *systemd.Conn implements it.
type UnitLister interface {
	ListUnitsFilteredContext(ctx context.Context, states []string) ([]systemd.Unit, error)
}

// JournalReader answers the spec's journal query (journalctl -p
// warning..alert -n 200): the entries, oldest first, and notes on what it
// could not read. annad reads the host's journal files (JournalFiles); the
// seam lets a test read journal files kept elsewhere or stall like a
// journal on a hung disk.
type JournalReader interface {
	ReadJournal(ctx context.Context) (SystemLog, []string, error)
}

// Env is everything a probe reads from. Tests point Layout at a fixture tree
// and inject Systemd and Journal.
type Env struct {
	Layout dirs.Layout
	// Systemd answers failed_services; nil means no system bus, and the
	// probe fails saying so.
	Systemd UnitLister
	// Journal answers system_logs in tests; nil means the journal files
	// under Layout.
	Journal JournalReader
	// Netlink answers network_addrs, network_routes and listening_ports;
	// nil means the daemon's own network namespace. Tests open it with
	// netlink.NewHandleAt on a private namespace, with the families
	// NETLINK_ROUTE and NETLINK_INET_DIAG.
	Netlink *netlink.Handle
	// SockDiag opens a NETLINK_SOCK_DIAG socket for listening_ports in
	// Netlink's namespace; it must be set with Netlink (the probe refuses
	// to list another namespace's sockets), and nil without it means
	// annad's own namespace.
	SockDiag func() (fd int, err error)
}

// recovered turns a panic into an error saying what was being done. Every
// goroutine a probe starts defers it first, so that a bug in one reader
// fails that probe with the reason instead of killing annad.
func recovered(what string, report func(error)) {
	if p := recover(); p != nil {
		report(&internalError{what: what, panic: p})
	}
}

// internalError is a panic turned into an error.
type internalError struct {
	what  string
	panic any
}

func (e *internalError) Error() string {
	return fmt.Sprintf("cannot %s: internal error: %v", e.what, e.panic)
}
