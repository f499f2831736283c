package supervisor

import (
	"path"
	"strconv"
	"strings"
)

// roleNames are what a server's documentation and logs call its main
// process where ps and the journal name it after its program: PostgreSQL's
// postmaster is the postgres process running the server binary itself,
// the parent whose children retitle themselves ("postgres: 15/main:
// checkpointer"). Only that process's lines support the role, so "the
// postmaster (PID 1958)" of a backend stays unsupported.
var roleNames = map[string]string{"postmaster": "postgres"}

// roleRecords returns the records showing the PID of a role's process: a
// ps row whose command is the program's own binary, not a retitled child,
// and every line with that PID (its ps rows, "postgres[702]:" in the
// journal). ok is false for a name that is no role or that the evidence
// spells out itself.
func (ix *index) roleRecords(key string) (recs []int32, ok bool) {
	prog, isRole := roleNames[key]
	if !isRole || len(ix.tokens[key]) > 0 {
		return nil, false
	}
	var pids []string
	for _, id := range ix.tokens[prog] {
		r := ix.recs[id]
		if !isPSRow(r) {
			continue
		}
		fs := strings.Fields(psCommand(r.text))
		if len(fs) == 0 || path.Base(fs[0]) != prog {
			continue
		}
		for _, v := range r.values {
			if v.kind == kindCount && v.col == "pid" {
				pids = append(pids, strconv.Itoa(int(v.iv.lo+0.5)))
			}
		}
	}
	for _, pid := range pids {
		for _, id := range ix.tokens[pid] {
			if ix.recs[id].hasPID(pid) {
				recs = append(recs, id)
			}
		}
	}
	return recs, true
}
