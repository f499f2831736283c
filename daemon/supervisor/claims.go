package supervisor

import (
	"cmp"
	"slices"
	"strconv"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// claim is one checkable statement of an answer: a figure, a name or a
// state, with where the answer makes it.
type claim struct {
	text string     // as the answer wrote it, for Grounding
	kind kind       // how it is matched
	ivs  []interval // numeric kinds: the values it stands for, in base units
	key  string     // names, clocks, states: the lowercased text to look up
	port int        // kindPort
	// textual names (paths, addresses, versions, quotes) are searched in
	// the evidence text; the others are looked up as whole tokens.
	textual bool
	// class is the kind of entity a name or PID is; figures and states in
	// its sentence are tied to it (see attribution.go). classNone for
	// everything that is not an entity.
	class class
	// noun is the hardware noun of a kindHWCount ("cpu", "core", "socket"),
	// the stem of what a kindCount counts ("proces" for "12 processes"), or
	// the protocol of a kindPort ("tcp" in "TCP port 22", "22/tcp").
	noun string

	off  int // byte offset in the answer
	wi   int // index of the claim's first word in the answer
	sent int // index of its sentence
	// advice is set in a sentence that advises rather than reports (see
	// isAdvice); general on one that speaks in general (see isGeneral),
	// whose claims the evidence has still ground the answer and whose
	// figures tied to an entity are still checked.
	advice, general bool
	// field is the column a figure names ("6.1 GiB used", "12.3% CPU"; see
	// fieldOf), or "".
	field string
	// loose is set when a figure may be a machine-wide one even in a
	// sentence about an entity: after "of" or "out of" ("of your 15 GiB").
	loose bool
	// user is set on a user name (see users.go).
	user bool
	// denied is set on a state the answer denies ("nginx is not running").
	denied bool
	// facts are those of the claim's sentence (see relations.go).
	facts sentenceFacts
	// every is set on a state said of every entity of its sentence.
	every bool
	// clause is the byte offset where the claim's clause starts (see
	// clauseStart).
	clause int
	// seg is where the claim's segment starts and lead is set when the
	// claim opens it; paren is the offset of the bracket enclosing it or
	// -1; agent is set on a name right after "by" (see segments.go).
	seg   int
	lead  bool
	paren int
	agent bool
	// bound is set on a threshold ("above 80%": 1, "under 10%": -1);
	// boundN is the count of rows its sentence says lie beyond it, or -1,
	// and boundCol their column (see bounds.go).
	bound    int
	boundN   int
	boundCol string
	// soft is set on a plain word before "(PID n)" that may describe the
	// process rather than name it ("the compiler (PID 13013)"): it anchors
	// where the evidence has it ("a master (PID 930)") and is dropped
	// where it does not.
	soft bool
	// positional is set on a name known only by where it stands (before
	// "process" or "(PID n)", as the subject of "uses"): no word list
	// has it. Where the evidence lacks it, it is a claim only when
	// nothing else in its sentence anchors the sentence's figures ("the
	// build process (PID 23331) uses 9.1%" is checked by its PID;
	// "frobnicator uses 12.3%" has only the name).
	positional bool
	// swap is set on a size in a segment about swap, ram on one about
	// the machine's memory (see scopes.go).
	swap, ram bool
	// prefix is set on a quote cut with an ellipsis ("SYSTEM: tell
	// the user..."): its key is the start of evidence text.
	prefix bool
}

// class is the kind of entity a claim names.
type class int

const (
	classNone    class = iota
	classProcess       // a program, daemon or process name
	classUnit          // a systemd unit
	classPID           // a process ID
	classPath          // a path: a mount point, a device node, a binary
	classDevice        // a block device
	classIface         // a network interface
)

func (c claim) id() string { return strconv.Itoa(int(c.kind)) + "\x00" + c.key }

// maxQuote bounds a quoted span taken as one claim; longer quotes are
// prose, not names, and are read word by word.
const maxQuote = 80

// span is a quoted part of the answer.
type span struct{ start, end int }

// extract returns every claim of an answer in order of appearance, each
// with its sentence and word position. known holds entity names read from
// the evidence (process, interface and journal names that no word list
// has); it may be nil. It runs in time linear in the answer.
func extract(answer string, known map[string]class) []claim {
	out, _ := extractAll(answer, known, nil)
	return out
}

// extractAll is extract that also returns the facts of each sentence (see
// relations.go), which hold even in a sentence without claims. The words
// of a quoted span that quiet reports (evidence text: verbatim.go) are
// read for no facts; quiet may be nil.
func extractAll(answer string, known map[string]class, quiet func(string) bool) ([]claim, []sentenceFacts) {
	var out []claim
	at := 0
	add := func(c claim) {
		if c.key == "" {
			c.key = strings.ToLower(c.text)
		}
		c.off = at
		c.prefix = c.prefix || cutPath(answer, c)
		out = append(out, c)
	}
	blanked, spans := quotes(answer)
	blanked, spans = longQuotes(answer, blankOptions(blanked), spans, quiet) // an unquoted command's options: cmdoptions.go
	for _, s := range spans {
		at = s.start
		if text := strings.TrimSpace(answer[s.start+1 : s.end]); !isCommand(text) {
			if after := strings.TrimLeft(answer[s.end+1:], " "); strings.HasPrefix(after, "(") && !commentedQuote(text, after, quiet) || namesProcess(after) || labelsFigure(after) {
				// "`go test` (PID 4260)", "the `yes` process": a quoted
				// name the bracket or noun is about (or figure: figurelabels.go).
				quoted(text, func(c claim) {
					if c.class == classNone && c.textual {
						c.class = classProcess
					}
					add(c)
				}, known)
				continue
			}
			if answer[s.start] == '`' && !strings.ContainsAny(text, " \t") && !entityNounAfter(answer[s.end+1:]) {
				quoted(text, func(c claim) {
					// "an `AllowUsers` line", "open `about:processes`":
					// a code identifier that is no entity is config
					// text; it grounds where the evidence has it.
					c.soft = c.soft || c.kind == kindName && c.textual && c.class == classNone && !isAddress(c.key) && !isVersion(c.key)
					add(c)
				}, known)
				continue
			}
			quoted(text, add, known)
		}
	}
	ws := splitWordsAt(blanked)
	raws := make([]string, len(ws))
	words := make([]string, len(ws))
	for i, w := range ws {
		raws[i], words[i] = w.text, strings.ToLower(w.text)
	}
	cur := 0
	addWord := func(c claim) {
		if c.positional && cur+1 < len(ws) && strings.ContainsAny(blanked[ws[cur].off+len(ws[cur].text):ws[cur+1].off], "\n.:;!?|") {
			return // "Here's a summary:\n| Process |": no word before "process"
		}
		if c.positional && bracketTail(blanked, ws, cur) {
			return
		}
		if c.kind == kindHWCount && !hwCountAcross(blanked, ws, cur, &c) {
			return
		}
		add(c)
	}
	for i := 0; i < len(words); i++ {
		at = ws[i].off
		if isSeparator(blanked, ws, words, i) {
			continue
		}
		cur = i
		if c, ok := tableCell(blanked, ws, words, raws, i, known); ok {
			add(c)
			continue
		}
		if c, ok := hwLabelCount(blanked, ws, words, i); ok {
			add(c)
			continue
		}
		i += max(0, classifyAt(blanked, ws, words, raws, i, addWord, known)) // wordclass.go
	}
	slices.SortStableFunc(out, func(a, b claim) int { return a.off - b.off })
	listedPorts(blanked, out)
	ownedPortRuns(blanked, out) // ownedports.go
	bounds := sentences(answer, spans)
	advice, general := adviceSentences(answer, bounds)
	facts := make([]sentenceFacts, len(bounds))
	youAt := make([]int, len(bounds))
	heads := headings(answer, bounds)
	own := unquoted(answer, spans, quiet)
	for k, end := range bounds {
		start := 0
		if k > 0 {
			start = min(bounds[k-1]+1, len(answer))
		}
		if !advice[k] || general[k] {
			facts[k] = readSentence(own[start:min(end, len(answer))])
			facts[k].than += start
			facts[k].causeAt += start
			facts[k].causeEnd += start
			facts[k].orderEnd = start + orderClause(own[start:min(end, len(answer))])
			rankPlace(facts, k, own[start:min(end, len(answer))]) // places.go
			facts[k].inst.from += start
			facts[k].inst.to += start
			facts[k].inst = unblankTitle(facts[k].inst, answer) // instquoted.go
		}
		facts[k].head = heads[k]
		facts[k].sentence = sentence{span{start, min(end, len(answer))}, blanked[start:min(end, len(blanked))], advice[k], general[k]}
		if youAt[k] = youClause(answer[start:min(end, len(answer))]); youAt[k] >= 0 {
			youAt[k] += start
		}
	}
	for i := range out {
		c := &out[i]
		c.wi, _ = slices.BinarySearchFunc(ws, c.off, func(w word, off int) int { return w.off - off })
		c.sent, _ = slices.BinarySearch(bounds, c.off)
		c.advice = advice[c.sent] || youAt[c.sent] >= 0 && c.off > youAt[c.sent]
		c.general = general[c.sent] && !(youAt[c.sent] >= 0 && c.off > youAt[c.sent])
		c.facts = facts[c.sent]
		if c.wi > 0 && c.wi <= len(words) {
			prev := words[c.wi-1]
			// "RAM: 23 GiB total, 783 MiB available": a "total" ended by a
			// comma is the previous figure's.
			touching := strings.TrimSpace(blanked[ws[c.wi-1].off+len(ws[c.wi-1].text):c.off]) == ""
			c.loose = prev == "of" || prev == "/" || (prev == "total" && touching) ||
				(c.wi >= 2 && words[c.wi-2] == "of" && lexicon.IsStopword(prev) && prev != "which")
		}
		c.clause = clauseStart(answer, bounds, *c)
		sentStart := 0
		if c.sent > 0 {
			sentStart = min(bounds[c.sent-1]+1, c.off)
		}
		if (c.kind == kindPercent || c.kind == kindSize) && c.wi <= len(words) {
			c.bound = boundOf(words, c.wi)
		}
		if c.wi > 0 && c.wi <= len(words) && approxWords[words[c.wi-1]] {
			c.ivs = approximate(*c)
		}
		c.seg, c.lead = segmentOf(answer, sentStart, c.off)
		c.paren = openParen(answer, sentStart, c.off)
		c.agent = c.wi > 0 && c.wi <= len(words) && words[c.wi-1] == "by"
		if !c.loose {
			c.field = cmp.Or(fieldOf(answer, *c), c.field, cellField(answer, *c))
		} else {
			// "6.1 GiB of 15 GiB is in use": 15 GiB is the whole, and only
			// a field word right after it is its own ("of 23 GiB total",
			// "/ 9.3 GiB used").
			c.field = looseField(answer, *c, words[c.wi-1] == "/")
		}
		c.swap = c.kind == kindSize && swapScoped(answer, *c)
		c.ram = c.kind == kindSize && !c.swap && ramScoped(answer, *c)
		if c.bound != 0 {
			c.boundN, c.boundCol = boundCount(plainWords(answer[sentStart:min(bounds[c.sent], len(answer))]), c.field)
		}
	}
	return out, facts
}

// quotes finds every short `backticked`, "double-quoted" or 'single-quoted'
// span and returns the text with those spans blanked out. Fenced code
// blocks (```) are not quotes: their lines are read like prose.
func quotes(answer string) (string, []span) {
	b := []byte(strings.ReplaceAll(answer, "```", "   "))
	var spans []span
	for i := 0; i < len(b); i++ {
		j, ok := quoteEnd(b, i, maxQuote)
		if !ok {
			continue
		}
		if b[j] == '\'' && j+1 < len(b) && isAlnumByte(b[j+1]) {
			continue // an apostrophe, not a closing quote
		}
		if strings.TrimSpace(string(b[i+1:j])) != "" {
			spans = append(spans, span{i, j})
			for k := i; k <= j; k++ {
				b[k] = ' '
			}
		}
		i = j
	}
	return string(b), spans
}

// commands are programs a quoted command line starts with.
var commands = lexicon.NewSet(`sudo du df ps top htop btop free ip ss lsblk journalctl systemctl kill
	pkill killall docker podman apt apt-get dnf yum pacman zypper snap flatpak ncdu find ls rm cat grep
	tail less head vim nano ufw iptables nft certbot psql pg_dump mysql ollama annactl dmesg mount umount
	fsck smartctl nmcli ping traceroute dig nslookup curl wget lsof vmstat iostat uptime watch`)

// isCommand reports whether a quoted span is a command line the answer
// suggests ("du -sh /srv/data/*", "systemctl status nginx"), not text
// the evidence showed: it starts with a known command, or with a
// lowercase word followed by an option.
func isCommand(text string) bool {
	first, rest, _ := strings.Cut(text, " ")
	if commands[first] {
		return true
	}
	return lexicon.IsName(first) && (strings.HasPrefix(rest, "-") || strings.Contains(rest, " -"))
}

// processNouns after a quoted word make it a process's name: "the `yes`
// process is using 10.8%" ties the figure to yes's row.
var processNouns = lexicon.NewSet(`process processes program daemon`)

// namesProcess reports text that starts with one of processNouns.
func namesProcess(text string) bool {
	end := 0
	for end < len(text) && isAlnumByte(text[end]) {
		end++
	}
	return processNouns[strings.ToLower(text[:end])]
}

// quoteClose reports whether b[i] opens a quote and which byte closes it.
// A single quote opens only at the start of a word, so "it's" is no quote.
func quoteClose(b []byte, i int) (byte, bool) {
	switch b[i] {
	case '`', '"':
		return b[i], true
	case '\'':
		return '\'', i == 0 || !isAlnumByte(b[i-1])
	}
	return 0, false
}

// quoted adds the claim of one quoted span: a single figure or name is
// classified as if unquoted; anything else must appear verbatim.
func quoted(text string, add func(claim), known map[string]class) {
	raws := splitWords(text)
	words := make([]string, len(raws))
	for i, r := range raws {
		words[i] = strings.ToLower(r)
	}
	if len(words) == 1 || (len(words) == 2 && units[words[1]] != (unit{})) {
		n := 0
		probe := func(c claim) { n++; add(c) }
		if used := classify(words, raws, 0, probe, known); n > 0 && used >= 0 && len(words) == used+1 {
			return
		}
	}
	body, cut := cutQuote(unemphasized(text))
	add(claim{text: text, kind: kindName, textual: true, class: classNone, key: strings.ToLower(body), prefix: cut})
}

// sentences returns the byte offsets where the answer's sentences end: at
// a newline, at ; ! ?, and at a period followed by a space or the end,
// outside quoted spans. A colon does not end one: "/home: 59% used" ties
// the figure to /home.
func sentences(answer string, spans []span) []int {
	var ends []int
	q := 0
	for i := 0; i < len(answer); i++ {
		for q < len(spans) && spans[q].end < i {
			q++
		}
		if q < len(spans) && spans[q].start <= i && i <= spans[q].end {
			continue
		}
		c := answer[i]
		next := byte(' ')
		if i+1 < len(answer) {
			next = answer[i+1]
		}
		switch {
		case c == '\n' || c == ';' || c == '!' || c == '?':
		case c == '.' && (next == ' ' || next == '\n' || next == '\t' || i+1 == len(answer)) && !abbrevEnd(answer, i):
		default:
			continue
		}
		ends = append(ends, i)
	}
	return append(ends, len(answer)+1)
}

// entityNounAfter reports whether the text after a quote starts with a
// word that makes the quote an entity's name ("`frobd` process", "`yes`
// command"), which must then be in the evidence.
func entityNounAfter(rest string) bool {
	w := plainWords(rest[:min(len(rest), maxLabel)])
	return len(w) > 0 && kindWords[w[0]]
}
