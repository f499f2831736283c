package supervisor

import (
	"slices"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// Where a claim sits in its sentence says which entity it is about. A
// sentence is cut into segments at commas, colons, spaced dashes and
// "and"/"or": in "Memory: 7.4% firefox, 2.9% gnome-shell" each figure
// opens its segment and belongs to the name right after it, not to the
// name of the previous segment. A bracket annotates what precedes it: in "nginx's worker (PID
// 1544) and postgres (PID 2231)" PID 1544 is nginx's. A name after "by"
// is the agent of its clause ("port 22 is listened on by nginx").

// segWindow bounds how far back a segment's start or a bracket is looked
// for.
const segWindow = 200

// leadFillers may stand before a figure that still opens its segment.
// An article too: "a 931.5G disk (sda)" is sda's size.
// A protocol too: "udp 5353 avahi-daemon (640)" is avahi-daemon's port.
var leadFillers = lexicon.NewSet(`about roughly around approximately approx nearly almost only just
	over under at with a an tcp udp tcp6 udp6`)

// segmentOf returns where the segment holding off begins (see above) and
// whether the claim at off opens it (nothing but fillers and list numbers
// before it).
func segmentOf(answer string, sentStart, off int) (int, bool) {
	// The window keeps extraction linear: a segment longer than it is
	// cut at its start, and its claims do not open it.
	sentStart = max(sentStart, off-segWindow)
	seg := sentStart
	for i := off - 1; i >= sentStart; i-- {
		c := answer[i]
		if (c == ',' || c == ':' || c == ';') && (i+1 >= len(answer) || answer[i+1] == ' ' || answer[i+1] == '\n') {
			seg = i + 1
			break
		}
		if c == '-' && i > sentStart && answer[i-1] == ' ' && i+1 < len(answer) && answer[i+1] == ' ' {
			// "- firefox: 7.4% - gnome-shell: 2.9%": a list flattened
			// onto one line keeps its items apart by the spaced dash.
			seg = i + 1
			break
		}
	}
	head := asciiLower(answer[seg:off]) // its offsets are the answer's
	for _, sep := range []string{" and ", " or "} {
		if i := strings.LastIndex(head, sep); i >= 0 {
			seg += i + len(sep)
			head = head[i+len(sep):]
		}
	}
	for _, w := range plainWords(head) {
		if !leadFillers[w] && !allDigits(w) {
			return seg, false
		}
	}
	return seg, true
}

// closerPair reports whether a pairs with c before b does: one in c's
// own segment first ("sda holding /home, and nvme0n1 holding /": the
// comma parts the pairs), then the nearer.
func closerPair(c, a, b claim) bool {
	if (a.seg == c.seg) != (b.seg == c.seg) {
		return a.seg == c.seg
	}
	return abs(c.wi-a.wi) < abs(c.wi-b.wi)
}

// bracketCommand returns the backticked command line in the bracket that
// holds a PID ("a busy loop (`sh -c while :; do :; done`, PID 19570)"),
// or right before it ("`sh -c while :; do :; done` (PID 19570)"), or "":
// the PID is that command's, not the word's before the bracket.
func bracketCommand(answer string, c claim) string {
	if c.class != classPID || c.paren < 0 {
		return ""
	}
	inner := answer[c.paren+1 : c.off]
	i := strings.IndexByte(inner, '`')
	if i < 0 {
		return commandBefore(answer, c.paren)
	}
	j := strings.IndexByte(inner[i+1:], '`')
	if j < 0 {
		return ""
	}
	return strings.TrimSpace(inner[i+1 : i+1+j])
}

// cmdWords is how many words of a command line must be on the PID's row:
// ps cuts long ones.
const cmdWords = 3

// commandOf reports whether a record of the PID pid shows the command
// line cmd (its first cmdWords words, ps cutting the rest).
func (ix *index) commandOf(pid claim, cmd string) bool {
	words := strings.Fields(strings.ToLower(cmd))
	key := strings.Join(words[:min(len(words), cmdWords)], " ")
	for _, id := range ix.anchorRecords(pid) {
		if containsBounded(ix.recs[id].text, key, false) {
			return true
		}
	}
	return false
}

// annotation reports whether entity a, before claim c, only annotates
// a figure of c's kind in an earlier segment: in "UDP 5005 (socat), TCP
// 2024 on all addresses" socat is 5005's, and the next item of the list
// says nothing of it.
func annotation(a, c claim, claims []claim) bool {
	if a.paren < 0 || a.seg == c.seg || c.paren == a.paren {
		return false
	}
	// The item is the segment the bracket opens in ("6000 on 127.0.0.1
	// (python3, PID 8082)"), whatever comes inside the bracket.
	end := len(claims)
	for i := range claims {
		if claims[i].off >= a.paren {
			end = i
			break
		}
	}
	if end == len(claims) || end == 0 {
		return false
	}
	seg, sent := claims[end].seg, claims[end].sent
	for i := end - 1; i >= 0; i-- {
		p := claims[i]
		if p.sent != sent {
			// A list item's bracket annotates no figure of the item
			// above: "- clamd (PID 26958): 5.2%\n- fail2ban-server (PID
			// 26967): 0.5%" gives 0.5% to PID 26967.
			return false
		}
		if p.class == classNone && sameItemKind(p, c) && attributed(p) {
			return true
		}
		if p.class != classNone && p.seg == seg {
			// "…, gnome-shell (PID 2210): 4.2%": the bracket closes
			// the item its name opens, whose figure follows it.
			return false
		}
		if p.seg != seg && !qualifiersOnly(claims[i+1:end]) {
			return false // though "ports: 22" spans the cut
		}
		seg = p.seg // "port 22 on IPv4 and IPv6 (sshd, …)": annotations.go
	}
	return false
}

// pidVerbs say the PID after them is their subject's: "the Python web
// server on [::]:8443 has PID 13647", however far back the name is.
var pidVerbs = []string{"has pid ", "is pid ", "as pid ", "with pid "}

// pidSubject returns the process or unit a PID after one of pidVerbs is
// said of: the nearest before it in its segment; or nil.
func pidSubject(answer string, c claim, anchors []claim) *claim {
	if c.class != classPID || c.paren >= 0 {
		return nil
	}
	head := strings.ToLower(answer[max(0, c.off-len("with pid ")):c.off])
	if !slices.ContainsFunc(pidVerbs, func(v string) bool { return strings.HasSuffix(head, v) }) {
		return nil
	}
	var best *claim
	for i := range anchors {
		if a := &anchors[i]; (a.class == classProcess || a.class == classUnit) && a.off < c.off && a.seg == c.seg {
			best = a
		}
	}
	return best
}

// nextInSegment returns the first entity after c in c's segment, or nil.
func nextInSegment(c claim, anchors []claim) *claim {
	for i := range anchors {
		if a := &anchors[i]; a.off > c.off && a.seg == c.seg {
			return a
		}
	}
	return nil
}

// openParen returns the offset of the bracket that encloses off within its
// sentence, or -1.
func openParen(answer string, sentStart, off int) int {
	depth := 0
	for i := off - 1; i >= max(sentStart, off-segWindow); i-- {
		switch answer[i] {
		case ')':
			depth++
		case '(':
			if depth == 0 {
				return i
			}
			depth--
		}
	}
	return -1
}

// isSeparator reports whether the "/" at words[i] divides two figures
// ("15 GiB total / 6.1 GiB used", "8 cores / 16 threads") rather than
// naming the root filesystem: a figure, unit or field word touches it on
// the left (no punctuation between) and a number follows.
func isSeparator(text string, ws []word, words []string, i int) bool {
	if words[i] != "/" || i == 0 || i+1 >= len(words) {
		return false
	}
	if next := words[i+1]; !isDigit(next[0]) && !(leadsFigure(next) && i+2 < len(words) && isDigit(words[i+2][0])) {
		return false // "15 GiB total / about 6 GiB used", "7.4% / RSS 1153024 KiB" divide too
	}
	prev := words[i-1]
	end := ws[i-1].off + len(ws[i-1].text)
	if strings.TrimSpace(text[end:ws[i].off]) != "" {
		return false // "59% used, / at 90%"
	}
	_, isUnit := units[prev]
	return isDigit(prev[0]) || isUnit || fieldWords[prev] != "" || hwNouns[prev] != ""
}

// headings returns for each sentence the index of the line heading it, or
// -1: a line that ends with a colon ("firefox:", "**eth0:**") heads the
// indented lines and list items right under it, so "  memory: 7.4%" under
// "firefox:" is firefox's.
func headings(answer string, bounds []int) []int {
	out := make([]int, len(bounds))
	head := -1
	for k, end := range bounds {
		out[k] = -1
		start := 0
		if k > 0 {
			start = min(bounds[k-1]+1, len(answer))
		}
		text := answer[start:min(end, len(answer))]
		lineStart := k == 0 || answer[min(bounds[k-1], len(answer)-1)] == '\n'
		trimmed := strings.TrimLeft(text, " \t")
		switch {
		case !lineStart:
			out[k] = head
			continue
		case strings.TrimSpace(text) == "":
			head = -1
			continue
		case head >= 0 && (trimmed != text || isListItem(trimmed)):
			out[k] = head
			continue
		}
		head = -1
		if strings.HasSuffix(strings.TrimRight(text, " *_#"), ":") {
			head = k
		}
	}
	return out
}
