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
		for _, n := range []string{name, baseName(name)} {
			// An everyday word is a process's name too ("yes"): classify
			// reads it as one only right before a kind noun.
			if lexicon.IsName(n) && (!lexicon.IsStopword(n) || everydayWords[n] && cl == classProcess) && len(n) <= commLen+8 {
				if _, ok := ix.entities[n]; !ok {
					ix.entities[n] = cl
				}
			}
		}
	}
	for i, c := range cols {
		if c == "command" && i < len(fields) && len(fields) >= len(cols) && !isHeader(fields) {
			add(fields[i], classProcess)
		}
	}
	// The substring tests keep the regular expressions off most lines.
	if strings.Contains(line, "pid=") {
		for _, m := range ssProcess.FindAllStringSubmatch(line, 4) {
			add(m[1], classProcess)
		}
	}
	if isDigit(line[0]) {
		if m := ipIface.FindStringSubmatch(line); m != nil {
			add(m[1], classIface)
		}
	}
	if strings.Contains(line, "]:") {
		for _, m := range journalTag.FindAllStringSubmatch(line, 2) {
			add(m[1], classProcess)
		}
	}
	for _, f := range fields {
		if lexicon.IsUnit(strings.TrimSuffix(f, ":")) {
			add(strings.TrimSuffix(f, ":"), classUnit)
		}
	}
	ix.learnSubject(line) // linesubjects.go
	if cols == nil {
		ws := strings.Fields(line)
		for i := 0; i+1 < len(ws); i++ {
			if ws[i] == "command" {
				add(ws[i+1], classProcess)
			}
		}
	}
}

// baseName is a unit's or script's name without its type or extension:
// the answer's "backup" is backup.service and backup.sh.
func baseName(name string) string {
	if base, ok := lexicon.CutUnitSuffix(name); ok {
		return base
	}
	for _, ext := range []string{".sh", ".py", ".pl", ".rb"} {
		if base, ok := strings.CutSuffix(name, ext); ok {
			return base
		}
	}
	return ""
}
