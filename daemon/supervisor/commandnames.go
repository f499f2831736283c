package supervisor

import (
	"slices"
	"strconv"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A process runs under one name and is known by another: ss and ps call
// Elasticsearch's process java, and its ps row's command line says what
// it is ("/usr/share/elasticsearch/jdk/bin/java … org.elasticsearch.
// bootstrap.Elasticsearch"). A name that a word of a ps row's command
// runs (commandWord) names that row's process, so the process's other rows (its
// sockets in ss, "pid=24144"; its journal lines, "[24144]") are the
// name's too: "Elasticsearch listens on 127.0.0.1:9200" reads java's
// socket. Not where some ps row runs a program of that very name: then
// the name is that program's, and a command line that runs a file of
// that name is another program's argument.
// A port another PID holds is still no port of the name's.

// commandNamed returns recs with the rows of each PID whose ps row among
// recs has a's name as a word of its command.
func (ix *index) commandNamed(a claim, recs []int32) []int32 {
	if a.class != classProcess && a.class != classUnit || a.kind != kindName || a.textual {
		return recs
	}
	var add []int32
	for _, pid := range ix.commandPIDs(a.key, recs, a.soft) { // a plain word only as a role: processroles.go
		for _, id := range ix.findAnchor(claim{kind: kindPID, key: pid, text: pid}) {
			if !a.soft || loggedBy(ix.recs[id].text, pid) {
				add = append(add, id)
			}
		}
	}
	if len(add) == 0 {
		return recs
	}
	out := append(slices.Clone(recs), add...)
	slices.Sort(out)
	return slices.Compact(out)
}

// commandPIDs returns the PIDs of the ps rows among recs whose command
// has name as a word (commandWord), where no ps row runs a program of
// that name; a plain word (role) only where it opens a retitled process's
// role (titleRole).
func (ix *index) commandPIDs(name string, recs []int32, role bool) []string {
	if ps := ix.psNames(); len(name) < minAffix || ps[name] || ps[name+":"] {
		return nil
	}
	var out []string
	for _, id := range recs {
		r := ix.recs[id]
		if cmd := psCommand(r.text); !isPSRow(r) || role && titleRole(cmd) != name || !role && !commandWord(cmd, name) {
			continue
		}
		for _, v := range r.values {
			if v.kind == kindCount && v.col == "pid" {
				out = append(out, strconv.Itoa(int(v.iv.lo+0.5)))
			}
		}
	}
	return out
}

// commandWord reports whether name is what one word of a command line
// runs: its file's name, with or without an extension ("/usr/bin/wsdd",
// "/opt/billing/billing.jar"), or the last part of a dotted class name
// ("org.elasticsearch.bootstrap.Elasticsearch"). A directory on the way
// ("/usr/lib/postfix/sbin/master") or an option's word ("--server.port")
// names the files under it, not this process.
func commandWord(cmd, name string) bool {
	for _, f := range strings.Fields(cmd) {
		if strings.HasPrefix(f, "-") {
			continue // an option: "--spring.config.location", "-Dx=/a/foo"
		}
		f = f[strings.LastIndexByte(f, '/')+1:]
		if f == name || strings.HasPrefix(f, name+".") || strings.HasSuffix(f, "."+name) {
			return true
		}
	}
	return false
}

// commandNamedOn reports whether a name the whole evidence (ix) gives to
// a PID through its command line (commandPIDs) names a process of the
// cited lines (narrow): "Elasticsearch … [186]" where line 186 is ss's
// row of java, pid=24144, whose ps row runs org.elasticsearch.
func (ix *index) commandNamedOn(name string, narrow *index) bool {
	name = strings.ToLower(name)
	if !lexicon.IsName(name) {
		return false
	}
	for _, pid := range ix.commandPIDs(name, ix.nameRecords(name, maxAnchorTokens), false) {
		for _, id := range narrow.tokens[pid] {
			if narrow.recs[id].hasPID(pid) {
				return true
			}
		}
	}
	return false
}
