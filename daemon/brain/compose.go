package brain

import (
	"fmt"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// Input is everything Compose reads: the probe results of Intent.Probes,
// the hardware snapshot, and the daemon's own state for the health,
// version and debug intents. Fields an intent does not use may be zero.
type Input struct {
	Results  []rpc.ProbeResult
	Hardware rpc.Hardware
	Health   HealthState
	// Version is annad's version, e.g. "0.1.0".
	Version string
	Debug   DebugState
}

// HealthState is what Anna knows about herself when asked "are you ok?". The
// daemon is up (it is answering), so it is described, not judged.
type HealthState struct {
	PID    int
	Socket string
	// OllamaURL is where annad reaches its LLM; OllamaReachable whether it
	// answered at the last check, and OllamaError why not.
	OllamaURL       string
	OllamaReachable bool
	OllamaError     string
	// Model is the model annad uses; ModelPresent whether Ollama has it,
	// nil when Ollama could not be asked.
	Model          string
	ModelPresent   *bool
	ConfigWarnings []string
}

// DebugState is the debug mode: On its state after the request (the caller
// applies DebugOn and DebugOff before composing), Was its state before.
type DebugState struct {
	On, Was bool
}

// Reply is a composed answer.
type Reply struct {
	// Text is the answer, plain and short.
	Text string
	// Facts are the named facts the text quotes besides the probe results
	// (hardware fields, version, health). Pass them as the supervisor's
	// Input.Facts so the evidence block lists them and grounding finds them.
	Facts map[string]string
	// LastError is set when a probe the answer needs failed or returned no
	// usable data; Text then says so instead of answering. It is meant for
	// the evidence block's last_error.
	LastError string
}

// Compose answers i from in. Figures are quoted as the evidence shows them
// (see the package doc); a failed or missing probe result yields an honest
// "I cannot tell" with the reason, never a guess. Compose is a pure
// function of its arguments.
func Compose(i Intent, in Input) Reply {
	switch i.Kind {
	case RAMTotal, RAMAvailable:
		return memory(i.Kind, in.Results)
	case CPUModel, CPUCores:
		return cpu(i.Kind, in.Hardware)
	case DiskFree:
		return disks(in.Results)
	case TopMemory, TopCPU:
		return topProcess(i.Kind, in.Results)
	case IPAddresses:
		return addresses(in.Results)
	case DefaultGateway:
		return gateway(in.Results)
	case ListeningPorts:
		return ports(i.Port, in.Results)
	case FailedServices:
		return failedUnits(in.Results)
	case GPU:
		return gpus(in.Hardware)
	case Health:
		return health(in.Health, in.Version)
	case Version:
		return Reply{Text: "I am Anna " + clean(in.Version, 40) + ".", Facts: map[string]string{"version": in.Version}}
	case DebugOn, DebugOff, DebugQuery:
		return debug(i.Kind, in.Debug)
	}
	return Reply{Text: "I cannot answer that without my model.", LastError: "brain: unknown intent " + string(i.Kind)}
}

// topics say what an answer is about, for the text of a failure.
var topics = map[string]string{
	"memory_info":     "how much memory you have",
	"top_memory":      "which process uses the most memory",
	"top_cpu":         "which process uses the most CPU",
	"disk_usage":      "how much disk space is free",
	"network_addrs":   "your IP addresses",
	"network_routes":  "your default gateway",
	"listening_ports": "what is listening",
	"failed_services": "which services failed",
}

// data finds the result of probe and its typed data. When the probe did
// not run, failed, or carries no data of type T, it returns the reply that
// says so.
func data[T any](results []rpc.ProbeResult, probe string) (T, *Reply) {
	var zero T
	topic := topics[probe]
	for _, r := range results {
		if r.Probe != probe {
			continue
		}
		if !r.OK() {
			reason := clean(firstLine(r.Stderr), 200)
			if reason == "" {
				reason = fmt.Sprintf("exit code %d", r.ExitCode)
			}
			return zero, &Reply{
				Text:      fmt.Sprintf("I cannot tell %s: the %s probe failed (%s).", topic, probe, reason),
				LastError: fmt.Sprintf("probe %s failed: %s", probe, reason),
			}
		}
		if d, ok := r.Data.(T); ok {
			return d, nil
		}
		return zero, &Reply{
			Text:      fmt.Sprintf("I cannot tell %s: the %s probe returned no data I can read.", topic, probe),
			LastError: fmt.Sprintf("probe %s returned no typed data", probe),
		}
	}
	return zero, &Reply{
		Text:      fmt.Sprintf("I cannot tell %s: the %s probe did not run.", topic, probe),
		LastError: fmt.Sprintf("probe %s did not run", probe),
	}
}

func firstLine(s string) string {
	s = strings.TrimSpace(s)
	line, _, _ := strings.Cut(s, "\n")
	return line
}
