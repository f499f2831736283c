package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A bare number in brackets right after a process name is that process's
// PID, as tables and terse lists write it: "sshd (812)", "nginx (930,
// 931)", "| socat (7738) |". Only whole numbers fill the bracket: "sshd
// (port 22)" and "python3 (2.9%)" say something else. After "listen" or
// a port, such a bracket holds a port ("listening: sshd (22), nginx
// (443)"), except in a table row, whose Process column holds the PID, or
// where the port follows the bracket ("sshd (812) on 22").

// bracketedPID reports whether words[i] is such a number.
func bracketedPID(text string, ws []word, words []string, i int, known map[string]class) bool {
	if !allDigits(words[i]) || len(words[i]) > 10 || len(words[i]) < 2 {
		return false // "nginx (2)" may count its workers
	}
	if portContext(words, i) && !tableRow(text, ws[i].off) && !portAfterBracket(text[ws[i].off:]) {
		return false // "three services listen: sshd (22), nginx (443)"
	}
	// The bracket holds nothing but numbers, and closes.
	end := ws[i].off + len(ws[i].text)
	for k := i + 1; ; k++ {
		if k >= len(ws) {
			rest := strings.TrimSpace(text[end:])
			if !strings.HasPrefix(rest, ")") {
				return false
			}
			break
		}
		between := strings.TrimSpace(text[end:ws[k].off])
		if strings.HasPrefix(between, ")") {
			break
		}
		if (between != "," && between != "" || !allDigits(words[k])) && !(words[k] == "and" && between == "") {
			return false
		}
		end = ws[k].off + len(ws[k].text)
	}
	// Back to the bracket's opening, past earlier numbers.
	k := i
	for {
		if k == 0 {
			return false
		}
		prevEnd := ws[k-1].off + len(ws[k-1].text)
		between := strings.TrimSpace(text[prevEnd:ws[k].off])
		if between == "(" {
			p := words[k-1]
			return known[p] == classProcess || lexicon.IsProgram(p)
		}
		if (between != "," && between != "") || !(allDigits(words[k-1]) || words[k-1] == "and") {
			return false
		}
		k--
	}
}

// commandBefore returns the backticked command line that ends right
// before the bracket opening at paren, or "".
func commandBefore(answer string, paren int) string {
	before := strings.TrimRight(answer[:paren], " ")
	if !strings.HasSuffix(before, "`") {
		return ""
	}
	i := strings.LastIndexByte(before[:len(before)-1], '`')
	if i < 0 {
		return ""
	}
	if cmd := strings.TrimSpace(before[i+1 : len(before)-1]); isCommand(cmd) {
		return cmd
	}
	return ""
}

// tableRow reports whether the line holding offset off is a Markdown
// table row. It is asked of every word of an answer, so it looks back at
// most maxRowBytes: a longer line is prose, and a long answer on one line
// costs linear time, not quadratic.
func tableRow(text string, off int) bool {
	from := max(0, off-maxRowBytes)
	nl := strings.LastIndexByte(text[from:off], '\n')
	if nl < 0 && from > 0 {
		return false
	}
	return strings.HasPrefix(strings.TrimSpace(text[from+nl+1:off]), "|")
}

// maxRowBytes bounds the part of a Markdown table row before a cell.
const maxRowBytes = 512

// tableHeader returns the lowercased header of the Markdown table column
// that holds offset off ("pid" for 812 in "| sshd | 812 | 22 |" under
// "| Process | PID | Port |"), or "" outside a table. The header is the
// table's first row, the one above its "|---|" line.
func tableHeader(text string, off int) string {
	if !tableRow(text, off) {
		return ""
	}
	start := strings.LastIndexByte(text[:off], '\n') + 1
	col := strings.Count(text[start:off], "|")
	// Walk up the table's rows to the one above the rule line.
	end := start - 1
	for end > 0 {
		prev := strings.LastIndexByte(text[:end], '\n') + 1
		line := strings.TrimSpace(text[prev:end])
		if !strings.HasPrefix(line, "|") {
			return ""
		}
		if strings.Trim(line, "|-: ") == "" {
			if prev == 0 {
				return ""
			}
			hs := strings.LastIndexByte(text[:prev-1], '\n') + 1
			cells := strings.Split(strings.TrimSpace(text[hs:prev-1]), "|")
			if col < len(cells) {
				return strings.ToLower(strings.Trim(strings.TrimSpace(cells[col]), "*"))
			}
			return ""
		}
		end = prev - 1
	}
	return ""
}

// pidHeaders and portHeaders name a table column of PIDs or of ports.
var (
	pidHeaders  = map[string]bool{"pid": true, "pids": true, "pid(s)": true}
	portHeaders = map[string]bool{"port": true, "ports": true, "port(s)": true, "local port": true}
)

// tableCell returns the claim of a bare number that is a PID by its place
// (see bracketedPID) or by its table column, or a port by its column.
func tableCell(text string, ws []word, words, raws []string, i int, known map[string]class) (claim, bool) {
	if c, ok := listenedBracket(text, ws, words, raws, i, known); ok {
		return c, true
	}
	if bracketedPID(text, ws, words, i, known) {
		return claim{text: raws[i], kind: kindPID, class: classPID}, true
	}
	if !allDigits(words[i]) {
		return headerFigure(text, ws, words, raws, i)
	}
	switch h := tableHeader(text, ws[i].off); {
	case pidHeaders[h] && len(words[i]) <= 10:
		return claim{text: raws[i], kind: kindPID, class: classPID}, true
	case portHeaders[h]:
		if p, ok := lexicon.Port(words[i]); ok {
			return claim{text: raws[i], kind: kindPort, port: p, key: words[i]}, true
		}
	}
	return headerFigure(text, ws, words, raws, i)
}

// portAfterBracket reports text whose bracket is followed by where the
// process listens: "812) on 22", "812) on port 22", "812) listening on".
func portAfterBracket(text string) bool {
	i := strings.IndexByte(text, ')')
	if i < 0 {
		return false
	}
	ws := plainWords(text[i+1 : min(len(text), i+1+40)])
	if len(ws) > 0 && (listenWords[ws[0]] || ws[0] == "port") {
		return true
	}
	return len(ws) > 1 && (ws[0] == "on" || ws[0] == "at") && (ws[1] == "port" || allDigits(ws[1]) || lexicon.IsIPv4(ws[1]))
}
