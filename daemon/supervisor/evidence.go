package supervisor

import (
	"bytes"
	"encoding/json"
	"slices"
	"strconv"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// EvidenceText renders everything the answer may draw on as one text: for
// each executed probe a marker line ("probe <id> <command>"), its stdout,
// stderr and typed data, then a marker ("hardware and facts"), the
// hardware snapshot and the hardware facts given to the model. Typed data
// is read generically (through its JSON form) with the unit each key
// names: "rss_kib": 1258291 becomes "rss_kib 1258291 KiB", so an answer's
// "1.2 GiB" can match it. Each element of a top-level list (a process, a
// mount, an interface with its addresses) is one line, so an answer's
// figures can be tied to it; other values get a line each. Output is
// deterministic: map keys are sorted.
func EvidenceText(in Input) string {
	var b strings.Builder
	for _, r := range in.Results {
		b.WriteString("probe " + r.Probe + " " + r.Command + "\n")
		b.WriteString(r.Stdout)
		b.WriteString("\n\n")
		if r.Stderr != "" {
			b.WriteString(r.Stderr + "\n\n")
		}
		writeData(&b, r.Data)
		b.WriteString("\n")
	}
	writeFacts(&b, in)
	return b.String()
}

// writeFacts writes the "hardware and facts" section: the marker, the
// hardware snapshot and the facts by name. A cited sentence's evidence
// holds it whole (cited.go): hardware needs no citation.
func writeFacts(b *strings.Builder, in Input) {
	b.WriteString(hardwareMarker + "\n")
	writeHardware(b, in.Hardware)
	keys := make([]string, 0, len(in.Facts))
	for k := range in.Facts {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		b.WriteString(k + " " + withUnit(k, in.Facts[k]) + "\n")
	}
}

func writeHardware(b *strings.Builder, hw rpc.Hardware) {
	line := func(key, value string) {
		b.WriteString(key + " " + withUnit(key, value) + "\n")
	}
	if hw.CPUModel != "" {
		line("cpu_model", hw.CPUModel)
	}
	if hw.Cores > 0 {
		line("cores", strconv.Itoa(hw.Cores))
	}
	if hw.Threads > 0 {
		line("threads", strconv.Itoa(hw.Threads))
	}
	if hw.RAMTotalBytes > 0 {
		line("ram_total_bytes", strconv.FormatUint(hw.RAMTotalBytes, 10))
	}
	if hw.RAMAvailableBytes > 0 {
		line("ram_available_bytes", strconv.FormatUint(hw.RAMAvailableBytes, 10))
	}
	for _, g := range hw.GPUs {
		line("gpu", strings.TrimSpace(g.Vendor+" "+g.Model))
		if g.VRAMBytes > 0 {
			line("vram_bytes", strconv.FormatUint(g.VRAMBytes, 10))
		}
	}
}

// maxDataDepth bounds the walk through typed data.
const maxDataDepth = 16

func writeData(b *strings.Builder, data any) {
	if data == nil {
		return
	}
	raw, err := json.Marshal(data)
	if err != nil {
		return // the stdout is still evidence; unencodable data is not
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		return
	}
	if list, ok := v.([]any); ok {
		for _, e := range list {
			walk(b, "", e, 0, " ")
			b.WriteString("\n")
		}
		return
	}
	walk(b, "", v, 0, "\n")
}

// walk writes the values under v as "key value", each followed by sep.
func walk(b *strings.Builder, key string, v any, depth int, sep string) {
	if depth > maxDataDepth {
		return
	}
	switch t := v.(type) {
	case map[string]any:
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			walk(b, k, t[k], depth+1, sep)
		}
	case []any:
		for _, e := range t {
			walk(b, key, e, depth+1, sep)
		}
	case json.Number:
		b.WriteString(key + " " + withUnit(key, t.String()) + sep)
	case string:
		if t != "" {
			b.WriteString(key + " " + strings.ReplaceAll(t, "\n", " ") + sep)
		}
	}
}

// dataUnits maps the unit a field name ends with to the unit written after
// its value.
var dataUnits = []struct{ suffix, unit string }{
	{"bytes", " B"}, {"kib", " KiB"}, {"_kb", " KB"}, {"mib", " MiB"}, {"_mb", " MB"},
	{"gib", " GiB"}, {"_gb", " GB"}, {"mhz", " MHz"}, {"ghz", " GHz"}, {"_hz", " Hz"},
	{"percent", "%"}, {"_pct", "%"}, {"_ms", " ms"}, {"seconds", " s"},
}

// withUnit writes a numeric value with the unit its key names, and a port
// as ":N" the way ss prints it.
func withUnit(key, value string) string {
	if _, _, ok := parseNumber(value); !ok || strings.TrimLeft(value, "0123456789.") != "" {
		return value
	}
	key = strings.ToLower(key)
	if key == "port" || strings.HasSuffix(key, "_port") {
		return ":" + value
	}
	for _, ku := range dataUnits {
		if strings.HasSuffix(key, ku.suffix) {
			return value + ku.unit
		}
	}
	return value
}
