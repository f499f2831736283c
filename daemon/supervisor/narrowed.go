package supervisor

import (
	"bytes"
	"cmp"
	"encoding/json"
	"slices"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/sources"
	"github.com/jjgarcianorway/anna-assistant/rpc"
)

// maxParentWalk bounds the walk back from an indented line to the line it
// belongs to (ip addr prints an interface's addresses under it).
const maxParentWalk = 64

// numbered is a request's numbered lines prepared for narrowing: each
// number's place, and each probe's header line (the first line, when it
// names columns: free's "total used free …", which sources gives no
// table Header) by probe.
type numbered struct {
	lines []sources.Line
	at    map[int]int
	head  map[string]string
}

func newNumbered(lines []sources.Line) numbered {
	nb := numbered{lines: lines, at: make(map[int]int, len(lines)), head: map[string]string{}}
	for i, l := range lines {
		nb.at[l.N] = i
		if i == 0 || lines[i-1].Probe != l.Probe {
			if isHeader(strings.Fields(strings.ToLower(l.Text))) {
				nb.head[l.Probe] = l.Text
			}
		}
	}
	return nb
}

// narrowedEvidence is the evidence a cited sentence is checked against,
// written the way EvidenceText writes the whole: for the cited lines, in
// number order and grouped by probe, the probe's marker line, its header
// and the lines (an indented line with the line it is under, so "inet
// 10.0.0.5/24" keeps its interface, and a line with the indented lines
// under it, so "eth0" brings its addresses), then the typed data rows of those
// lines; then, when facts is set, the whole hardware and facts section.
// Numbers nb does not know are skipped.
func narrowedEvidence(in Input, nb numbered, cited []int, facts bool) string {
	return newNarrower(in, nb).evidence(cited, facts)
}

// narrower writes the narrowed evidence of one request's sentences (see
// narrowedEvidence), doing once per request what is the same for each:
// decoding a probe's typed data, and writing the failed probes and the
// hardware and facts section.
type narrower struct {
	in   Input
	nb   numbered
	data map[int]decodedData // by index in in.Results, decoded on first use
	tail map[bool]string     // the failed probes (and, when true, the facts)
}

// decodedData is a result's typed data as writeCitedData reads it, or
// ok false when there is none or it does not decode.
type decodedData struct {
	v  any
	ok bool
}

func newNarrower(in Input, nb numbered) *narrower {
	return &narrower{in: in, nb: nb, data: map[int]decodedData{}, tail: map[bool]string{}}
}

// evidence is narrowedEvidence(n.in, n.nb, cited, facts).
func (n *narrower) evidence(cited []int, facts bool) string {
	in, nb := n.in, n.nb
	idx := make([]int, 0, len(cited)*2)
	for _, n := range cited {
		i, ok := nb.at[n]
		if !ok {
			continue
		}
		idx = append(idx, i)
		idx = nb.headerRows(idx, i) // headerrows.go
		// A line with indented lines under it heads one record (an
		// interface and its addresses): citing the head cites the
		// record, as a model that cites "eth0" for its address means.
		// An indented line is cited with its whole record too: the
		// interface above it and the lines under that interface, as
		// the index reads them as one ("flannel.1: 10.244.2.0/32
		// [168]" citing its link/ether line, the inet line below it).
		head := i
		for k, p := 0, i; k < maxParentWalk && p > 0 && indented(nb.lines[p].Text) && nb.lines[p-1].Probe == nb.lines[i].Probe; k++ {
			p--
			if !indented(nb.lines[p].Text) {
				head = p
			}
		}
		idx = append(idx, head)
		for j := head + 1; j < len(nb.lines) && j-head <= maxParentWalk && !indented(nb.lines[head].Text) && indented(nb.lines[j].Text) && nb.lines[j].Probe == nb.lines[head].Probe; j++ {
			idx = append(idx, j)
		}
	}
	slices.Sort(idx)
	idx = slices.Compact(idx)
	var b strings.Builder
	for start := 0; start < len(idx); {
		first := nb.lines[idx[start]]
		end := start
		for end < len(idx) && nb.lines[idx[end]].Probe == first.Probe {
			end++
		}
		b.WriteString("probe " + first.Probe + " " + first.Command + "\n")
		if h := cmp.Or(first.Header, nb.head[first.Probe]); h != "" && h != first.Text {
			b.WriteString(h + "\n")
		}
		group := make([]sources.Line, 0, end-start)
		for _, i := range idx[start:end] {
			group = append(group, nb.lines[i])
			b.WriteString(nb.lines[i].Text + "\n")
		}
		b.WriteString("\n")
		// Free's exact byte counts ("15.5 GiB" of a total free -h
		// prints as "23Gi"), lscpu's on-line list and the journal's
		// full timestamps are only in the typed data.
		if v, ok := n.dataOf(first); ok {
			writeCitedData(&b, v, group)
		}
		b.WriteString("\n")
		start = end
	}
	tail, ok := n.tail[facts]
	if !ok {
		tail = failedAndFacts(in, facts)
		n.tail[facts] = tail
	}
	b.WriteString(tail)
	return b.String()
}

// failedAndFacts writes the end of narrowed evidence: each failed probe
// and, when facts is set, the whole hardware and facts section.
func failedAndFacts(in Input, facts bool) string {
	var b strings.Builder
	for _, r := range in.Results {
		if !r.OK() {
			// A failed probe has no numbered lines to cite, but its
			// error is what the model was shown ("no connection to the
			// systemd system bus").
			b.WriteString("probe " + r.Probe + " " + r.Command + "\n" + r.Stdout + "\n\n")
			if r.Stderr != "" {
				b.WriteString(r.Stderr + "\n\n")
			}
			b.WriteString("\n")
		}
	}
	if facts {
		writeFacts(&b, in)
	}
	return b.String()
}

func indented(text string) bool {
	return text != "" && (text[0] == ' ' || text[0] == '\t')
}

// resultOf returns the index in results of the successful result line l
// came from, or -1.
func resultOf(results []rpc.ProbeResult, l sources.Line) int {
	for i, r := range results {
		if r.Probe == l.Probe && r.Command == l.Command && r.OK() {
			return i
		}
	}
	return -1
}

// dataOf returns the decoded typed data of the result line l came from
// (see decodeData), decoding each result's once.
func (n *narrower) dataOf(l sources.Line) (any, bool) {
	i := resultOf(n.in.Results, l)
	if i < 0 {
		return nil, false
	}
	d, ok := n.data[i]
	if !ok {
		d.v, d.ok = decodeData(n.in.Results[i].Data)
		n.data[i] = d
	}
	return d.v, d.ok
}

// decodeData returns typed data as JSON decodes it, numbers as
// json.Number, or false when there is none or it does not decode.
func decodeData(data any) (any, bool) {
	if data == nil {
		return nil, false
	}
	raw, err := json.Marshal(data)
	if err != nil {
		return nil, false
	}
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.UseNumber()
	var v any
	if dec.Decode(&v) != nil {
		return nil, false
	}
	return v, true
}

// writeCitedData writes, as writeData does, the typed data that belongs
// to the cited lines: of a list, the elements one of the lines shows (see
// rowOf); of an object, its plain values (free's and lscpu's figures) and,
// of a list inside it (the journal's entries), the elements the lines show.
// v is the data as decodeData returns it; walk and dataOfLines only read it.
func writeCitedData(b *strings.Builder, v any, lines []sources.Line) {
	switch t := v.(type) {
	case []any:
		for _, e := range t {
			if dataOfLines(e, lines) {
				walk(b, "", e, 0, " ")
				b.WriteString("\n")
			}
		}
	case map[string]any:
		keys := make([]string, 0, len(t))
		for k := range t {
			keys = append(keys, k)
		}
		slices.Sort(keys)
		for _, k := range keys {
			list, ok := t[k].([]any)
			if !ok {
				walk(b, k, t[k], 1, "\n")
				continue
			}
			for _, e := range list {
				if dataOfLines(e, lines) {
					walk(b, k, e, 2, "\n")
				}
			}
		}
	}
}

// dataOfLines reports whether one of lines shows the data element e: a line
// with its PID, mount point or name as a field, its port at the end of a
// field ("0.0.0.0:22"), its route destination first, or its message.
func dataOfLines(e any, lines []sources.Line) bool {
	m, ok := e.(map[string]any)
	if !ok {
		return false
	}
	str := func(k string) string {
		switch v := m[k].(type) {
		case string:
			return v
		case json.Number:
			return v.String()
		}
		return ""
	}
	pid, mount, name, port, dst, msg := str("pid"), str("mount_point"), str("name"), str("local_port"), str("dst"), str("message")
	if len(msg) > 60 {
		msg = msg[:60]
	}
	for _, l := range lines {
		if msg != "" {
			if len(msg) >= 8 && strings.Contains(l.Text, msg) {
				return true
			}
			continue // a journal entry: its PID is every line of the process
		}
		fields := strings.Fields(l.Text)
		if dst != "" && len(fields) > 0 && fields[0] == dst {
			return true
		}
		for _, f := range fields {
			g := strings.Trim(f, "├─└│|`:<>,")
			if g, _, ok := strings.Cut(g, "@"); ok && name != "" && g == name {
				return true // "eth0@if5:"
			}
			if pid != "" && g == pid || mount != "" && g == mount || name != "" && g == name ||
				port != "" && strings.HasSuffix(f, ":"+port) {
				return true
			}
		}
	}
	return false
}
