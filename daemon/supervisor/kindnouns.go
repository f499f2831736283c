package supervisor

import (
	"regexp"
	"strconv"
	"strings"
)

// "The compiler (PID 13013) is at 27.3% CPU", "the database, PID 2231,
// …", "the browser is PID 4242": a descriptor before a PID says what kind
// of program that process is. There it names no program (claim.soft), but
// where the PID's ps row shows none of the kind's known programs, the
// description is wrong. Elsewhere it is judged two ways, each covering
// what the other cannot: as a name claim ("the database is listening on
// 6379") it stands for its kind's programs' rows (kindTokens, by
// nameTokens), and a share said of it ("your browser uses 2.9% of
// memory", where "browser" makes no claim) must be on such a row, in the
// column its noun names (kindShare). A kind with no list here ("the build
// process") is not judged, nor a PID ps does not show.

// kindPrograms are the programs a descriptor may call a process, matched
// as bounded words of its ps row (a path's last part too).
var kindPrograms = map[string][]string{
	"compiler": {"compile", "cc1", "cc1plus", "cc1obj", "gcc", "g++", "clang", "clang++", "rustc", "javac", "tsc", "ghc", "swiftc", "gccgo"},
	"browser": {"firefox", "firefox-esr", "firefox-bin", "chrome", "chromium", "chromium-browser", "google-chrome", "brave", "msedge",
		"opera", "vivaldi", "epiphany", "librewolf", "qutebrowser", "falkon", "web content", "isolated web co", "webkitwebprocess"},
	"database": {"postgres", "postgresql", "mysqld", "mariadbd", "mysql", "mariadb", "mongod", "redis-server", "valkey-server",
		"sqlite3", "clickhouse", "clickhouse-server", "cockroach", "influxd", "etcd", "couchdb"},
}

// kindPIDRe reads "the compiler (PID n", "the Go compiler (`compile`, PID
// n", "the database, PID n", "the browser is PID n": a determiner, up to
// one word, the kind noun and its PID.
var kindPIDRe = regexp.MustCompile(`\b(?:the|your|a|an|this|that)\s+(?:[\w.-]+\s+)?(compiler|browser|database)(?:\s*\((?:[^()]{0,60},\s*)?|\s*,\s*|\s+is\s+|\s+)pid\s+(\d{1,10})\b`)

// kindShareRe reads "the browser uses 12.3%", "your browser is at 1.0%":
// a descriptor as the subject of a plain share (one after "about" is
// rounded, and left to the general rules).
var kindShareRe = regexp.MustCompile(`\b(?:the|your)\s+(?:[\w.-]+\s+)?(compiler|browser|database)\s+(?:uses|is using|is at|takes|consumes|is consuming)\s+(\d[\d.]*)\s*%(?:\s+(?:of\s+(?:the\s+)?)?(cpu|memory|ram|mem)\b)?`)

// checkKindPIDs reports a PID a descriptor calls a kind of program whose
// ps row shows none of the kind's programs, and a share said of the
// descriptor that no ps row of such a program shows.
func checkKindPIDs(ix *index, g *Grounding, sentence string) {
	low := strings.ToLower(sentence)
	if !containsAnyOf(low, "compiler", "browser", "database") {
		return
	}
	for _, m := range kindShareRe.FindAllStringSubmatch(low, -1) {
		n, _, ok := parseNumber(m[2])
		if !ok {
			continue
		}
		what := m[2] + "% (the " + m[1] + ")"
		col := map[string]string{"cpu": "cpu", "memory": "mem", "ram": "mem", "mem": "mem"}[m[3]]
		if kindShare(ix, kindPrograms[m[1]], n.plain(), col) {
			g.Found = append(g.Found, what)
		} else if ix.hasProbe("top_cpu") || ix.hasProbe("top_memory") {
			g.Missing = append(g.Missing, what)
		}
	}
	if !strings.Contains(low, "pid") {
		return
	}
	for _, m := range kindPIDRe.FindAllStringSubmatch(low, -1) {
		kind, pid := m[1], m[2]
		n, err := strconv.Atoi(pid)
		if err != nil {
			continue
		}
		rows := ix.psRows(n)
		if len(rows) == 0 {
			continue
		}
		what := "PID " + pid + " (the " + kind + ")"
		if kindRow(ix, rows, kindPrograms[kind]) {
			g.Found = append(g.Found, what)
		} else {
			g.Missing = append(g.Missing, what)
		}
	}
}

// kindRow reports a row holding one of programs as a bounded word.
func kindRow(ix *index, rows []int32, programs []string) bool {
	for _, id := range rows {
		if rowOf(ix.recs[id], programs) {
			return true
		}
	}
	return false
}

// kindTokens returns the tokens of the evidence that are programs of the
// kind a descriptor names ("the database uses 0.5% of memory": redis-server's
// rows, or postgres'), so that its figures are those programs' and a
// descriptor of a kind no process is stays missing.
func (ix *index) kindTokens(key string) []string {
	var out []string
	for _, p := range kindPrograms[key] {
		if !strings.Contains(p, " ") && len(ix.tokens[p]) > 0 {
			out = append(out, p)
		}
	}
	return out
}

// kindShare reports a ps row of one of programs with a percentage in iv,
// of a column naming col ("cpu", "mem") when col is set.
func kindShare(ix *index, programs []string, iv interval, col string) bool {
	for _, r := range ix.recs {
		if r.probe != "top_memory" && r.probe != "top_cpu" {
			continue
		}
		for _, v := range r.values {
			if v.kind == kindPercent && v.iv.overlaps(iv) && strings.Contains(v.col, col) && rowOf(r, programs) {
				return true
			}
		}
	}
	return false
}

// rowOf reports a record holding one of programs as a bounded word.
func rowOf(r record, programs []string) bool {
	for _, p := range programs {
		if containsBounded(r.text, p, false) {
			return true
		}
	}
	return false
}
