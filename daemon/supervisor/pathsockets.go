package supervisor

import (
	"slices"
	"strconv"
)

// "java (PID 29962) running /opt/billing/billing.jar on port 8081": a
// path in a process's command line stands for that process, so a port or
// address tied to it is judged on that process's listening sockets too.
// Only ss rows are added: a figure tied to the path still comes from the
// rows that print it.

// withSockets returns recs with the listening_ports records of every
// process whose ps row is among them.
func (ix *index) withSockets(recs []int32) []int32 {
	var pids []string
	for _, id := range recs {
		r := ix.recs[id]
		if !processProbes[r.probe] {
			continue
		}
		for _, v := range r.values {
			if v.kind == kindCount && v.col == "pid" {
				pids = append(pids, strconv.Itoa(int(v.iv.lo+v.iv.hi)/2))
			}
		}
	}
	if len(pids) == 0 {
		return recs
	}
	out := slices.Clone(recs)
	for _, pid := range pids {
		for _, id := range ix.tokens[pid] {
			if r := ix.recs[id]; r.probe == "listening_ports" && r.hasPID(pid) {
				out = append(out, id)
			}
		}
	}
	slices.Sort(out)
	return slices.Compact(out)
}
