package supervisor

import (
	"regexp"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// The evidence names entities no word list knows: annad, process_api,
// redis-server, ifb0. learn collects them, so an answer's "annad (14.3%)"
// ties the figure to annad as "firefox (7.4%)" does to firefox.
var (
	ssProcess  = regexp.MustCompile(`\(\("([^"]+)",pid=`)
	ipIface    = regexp.MustCompile(`^\d+: ([^:@ ]+)[:@]`)
	journalTag = regexp.MustCompile(`([a-z][\w.-]*)\[\d+\]:`)
)

// learn records the entity names of one lowercased evidence line: the
// command of a process table row (its program's base name), the processes
// of ss, interfaces of ip addr, journal identifiers and typed data's
// "command" and "name" values.
func (ix *index) learn(line string, fields, cols []string) {
	add := func(name string, cl class) {
		name = strings.Trim(name, "[]():")
		if i := strings.LastIndexByte(name, '/'); i >= 0 {
			name = name[i+1:]
		}
		if lexicon.IsName(name) && !lexicon.IsStopword(name) && len(name) <= commLen+8 {
			if _, ok := ix.entities[name]; !ok {
				ix.entities[name] = cl
			}
		}
	}
	for i, c := range cols {
		if c == "command" && i < len(fields) && len(fields) >= len(cols) && !isHeader(fields) {
			add(fields[i], classProcess)
		}
	}
	for _, m := range ssProcess.FindAllStringSubmatch(line, 4) {
		add(m[1], classProcess)
	}
	if m := ipIface.FindStringSubmatch(line); m != nil {
		add(m[1], classIface)
	}
	for _, m := range journalTag.FindAllStringSubmatch(line, 2) {
		add(m[1], classProcess)
	}
	if cols == nil {
		ws := strings.Fields(line)
		for i := 0; i+1 < len(ws); i++ {
			if ws[i] == "command" {
				add(ws[i+1], classProcess)
			}
		}
	}
}
