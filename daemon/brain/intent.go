package brain

import (
	"strconv"

	"github.com/jjgarcianorway/anna-assistant/probes"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// Kind names one fact the fast path answers. The values are stable: tests,
// tables and logs use them.
type Kind string

// The facts the fast path answers.
const (
	RAMTotal       Kind = "ram_total"
	RAMAvailable   Kind = "ram_available"
	CPUModel       Kind = "cpu_model"
	CPUCores       Kind = "cpu_cores"
	DiskFree       Kind = "disk_free"
	TopMemory      Kind = "top_memory"
	TopCPU         Kind = "top_cpu"
	IPAddresses    Kind = "ip_addresses"
	DefaultGateway Kind = "default_gateway"
	ListeningPorts Kind = "listening_ports"
	FailedServices Kind = "failed_services"
	GPU            Kind = "gpu"
	Health         Kind = "health"
	DebugOn        Kind = "debug_on"
	DebugOff       Kind = "debug_off"
	DebugQuery     Kind = "debug_query"
	Version        Kind = "version"
)

// Kinds lists every Kind in a fixed order.
var Kinds = []Kind{
	RAMTotal, RAMAvailable, CPUModel, CPUCores, DiskFree, TopMemory, TopCPU,
	IPAddresses, DefaultGateway, ListeningPorts, FailedServices, GPU,
	Health, DebugOn, DebugOff, DebugQuery, Version,
}

// Intent is a recognized question: the fact asked for and, for
// ListeningPorts, the one port asked about (0: all of them).
type Intent struct {
	Kind Kind
	Port int
}

// String is the kind, with the port for a question about one port
// ("listening_ports:22"), as the test tables write it.
func (i Intent) String() string {
	if i.Port != 0 {
		return string(i.Kind) + ":" + strconv.Itoa(i.Port)
	}
	return string(i.Kind)
}

// needs are the probes each kind's answer is composed from. Kinds absent
// here answer from the hardware snapshot or from the daemon's own state.
var needs = map[Kind][]string{
	RAMTotal:       {probes.MemoryInfo},
	RAMAvailable:   {probes.MemoryInfo},
	DiskFree:       {probes.DiskUsage},
	TopMemory:      {probes.TopMemory},
	TopCPU:         {probes.TopCPU},
	IPAddresses:    {probes.NetworkAddrs},
	DefaultGateway: {probes.NetworkRoutes},
	ListeningPorts: {probes.ListeningPorts},
	FailedServices: {probes.FailedServices},
}

// Probes lists the probe IDs whose results Compose needs for i, in the
// allowlist's order; none for the kinds answered from the hardware
// snapshot (CPU, GPU) or the daemon's state (health, version, debug). The
// caller must not modify the slice.
func (i Intent) Probes() []string { return needs[i.Kind] }

// fresh are the probes whose figures change from second to second.
var fresh = map[string]bool{
	probes.MemoryInfo:     true,
	probes.TopMemory:      true,
	probes.TopCPU:         true,
	probes.ListeningPorts: true,
	probes.FailedServices: true,
}

// Fresh reports whether a fast answer must read probe for the question
// rather than take a result from the runner's 30 s cache: memory, CPU and
// process figures change from second to second, a port opens when a server
// starts, and a failed unit clears when it is restarted. Disk usage,
// addresses and routes may come from the cache.
func Fresh(probe string) bool { return fresh[probe] }

// domains places each kind in the spec's domains, for the ticket.
var domains = map[Kind]string{
	DiskFree: rpc.DomainStorage, IPAddresses: rpc.DomainNetwork,
	DefaultGateway: rpc.DomainNetwork, ListeningPorts: rpc.DomainNetwork,
}

// SourceBrain marks tickets made by the fast path (rpc.Ticket.Source).
const SourceBrain = "brain"

// Ticket is the translator ticket equivalent of i, for the evidence block:
// a question (a request for the debug toggles) in the kind's domain, the
// probes of Probes, the port as its entity, and confidence 1, because Match
// answers only what it recognizes completely and refuses everything else.
func (i Intent) Ticket() rpc.Ticket {
	t := rpc.Ticket{
		Intent:      rpc.IntentQuestion,
		Domain:      rpc.DomainSystem,
		Entities:    []string{},
		NeedsProbes: append([]string{}, i.Probes()...),
		Confidence:  1,
		Source:      SourceBrain,
	}
	if d, ok := domains[i.Kind]; ok {
		t.Domain = d
	}
	if i.Kind == DebugOn || i.Kind == DebugOff {
		t.Intent = rpc.IntentRequest
	}
	if i.Port != 0 {
		t.Entities = append(t.Entities, strconv.Itoa(i.Port))
	}
	return t
}
