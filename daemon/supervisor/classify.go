package supervisor

import (
	"strconv"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// classify adds the claims of words[i] (lowercased; raws holds them as
// written) and returns how many following words it consumed (a unit, a
// port number), or -1 if it found no claim.
func classify(words, raws []string, i int, add func(claim), known map[string]class) int {
	w, raw := words[i], raws[i]
	at := func(k int) string {
		if i+k >= 0 && i+k < len(words) {
			return words[i+k]
		}
		return ""
	}
	name := func(textual bool, cl class) int {
		add(claim{text: raw, kind: kindName, textual: textual, class: cl})
		return 0
	}
	colon := strings.Contains(w, ":")
	digit := strings.ContainsAny(w, "0123456789")
	if isUser(words, i) {
		add(claim{text: raw, kind: kindName, user: true})
		return 0
	}
	if w == "systemd" && unitNouns[at(1)] {
		return -1 // "1 systemd unit has failed": a kind of thing, not the program
	}
	if known[w] == classProcess && namedKind(words, raws, i) {
		return name(false, classProcess) // "the yes process"
	}
	if cl, ok := known[w]; ok && !lexicon.IsStopword(w) && !(everydayWords[w] && verbUse(words, i)) {
		return name(false, cl)
	}
	switch {
	case (w == "port" || w == "ports") && allDigits(at(1)):
		if p, ok := lexicon.Port(at(1)); ok {
			add(claim{text: raw + " " + raws[i+1], kind: kindPort, port: p, key: at(1), noun: protocol(at(-1))})
		}
		return 1
	case (at(-1) == "pid" || pidList(words, i) || namedProcess(words, i, known)) && allDigits(w) && len(w) <= 10:
		add(claim{text: raw, kind: kindPID, class: classPID})
		return 0
	case products[w] && !runsAs(w, known):
		return product(words, raws, i, add)
	case products[w]:
		return name(false, classProcess) // "qemu" of qemu-system-x86_64
	case runningIdiom(words, i):
		return -1 // "running degraded": a mode, not a process (runidioms.go)
	case trendParticle(words, i):
		return -1 // "is down to 39%": a figure's fall (terse.go)
	case deniable[stateWords[w]] && denied(words, i):
		add(claim{text: raw, kind: kindState, key: stateWords[w], denied: true})
		return 0
	case deniable[stateWords[w]] && groupNouns[at(1)] && deniedAmong(words, i): // "… not among the failed units"
		add(claim{text: raw + " " + raws[i+1], kind: kindState, key: stateWords[w], denied: true})
		return 1
	case stateWords[w] != "" && (stated(words, i) || terseState(words, i, known) || (len(raw) > 1 && raw == strings.ToUpper(raw) && i > 0 && !negations[at(-1)])):
		add(claim{text: raw, kind: kindState, key: stateWords[w], every: pluralCopulas[at(-1)]})
		return 0
	case stateWords[w] != "" && groupNouns[at(1)]:
		// "the failed units are backup.service and certbot.timer"
		add(claim{text: raw + " " + raws[i+1], kind: kindState, key: stateWords[w], every: true})
		return 1
	case w == "/" || (w == "root" && rootNouns[at(1)]):
		add(claim{text: raw, kind: kindName, textual: true, class: classPath, key: "/"})
		return 0
	case !digit && !colon && !strings.HasPrefix(w, "/") && !strings.HasPrefix(w, "~/"):
		// The cheap common case: a plain word.
		switch {
		case lexicon.IsUnit(w):
			return name(false, classUnit)
		case w == "lo": // the only interface name without a digit
			return name(false, classIface)
		case len(w) <= 4 && lexicon.IsBlockDevice(w):
			return name(false, classDevice)
		case lexicon.IsProgram(w) || contextual(words, i) && !describes(words, i, known):
			soft := !lexicon.IsProgram(w) && (descriptor(words, i) || roleNouns[w])
			add(claim{text: raw, kind: kindName, class: classProcess, soft: soft, positional: !lexicon.IsProgram(w) && !namedByPID(words, i)})
			return 0
		case kindBefore[at(-1)] && lexicon.IsName(w) && !lexicon.IsStopword(w) && !connectives[w] && !functionWords[w] && protocol(w) == "" && !modifier(w) &&
			!participle(w):
			return name(false, classIface)
		}
		return slashed(w, raw, add, known)
	case w[0] == ':' && allDigits(w[1:]):
		if p, ok := lexicon.Port(w[1:]); ok {
			add(claim{text: raw, kind: kindPort, port: p, key: w[1:]})
		}
		return 0
	case isDigit(w[0]) && (strings.HasSuffix(w, "/tcp") || strings.HasSuffix(w, "/udp")):
		if p, ok := lexicon.Port(w[:len(w)-4]); ok { // "22/tcp"
			add(claim{text: raw, kind: kindPort, port: p, key: w[:len(w)-4], noun: w[len(w)-3:]})
		}
		return 0
	case colon && isClock(w):
		add(claim{text: raw, kind: kindClock})
		return 0
	case lexicon.IsIPv4(w), colon && isIPv6(w), w == "[::]":
		return name(true, classNone)
	}
	if addr, port, ok := hostPort(w); colon && ok {
		if addr != "*" {
			add(claim{text: raw[:len(addr)], kind: kindName, textual: true})
		}
		add(claim{text: raw, kind: kindPort, port: port, key: strconv.Itoa(port), noun: protocol(at(-1))}) // "udp 0.0.0.0:9000"
		if lexicon.IsIPv4(addr) || addr[0] == '[' {
			// ss prints the pair as one: 127.0.0.1:6379 is not 0.0.0.0:6379.
			add(claim{text: raw, kind: kindName, textual: true})
		}
		return 0
	}
	switch {
	case strings.HasPrefix(w, "/dev/") && isPath(w):
		return name(true, classDevice)
	case isPath(w):
		add(claim{text: raw, kind: kindName, textual: true, class: classPath, key: pathDir(w)}) // globpaths.go
		return 0
	case isVersion(w):
		return name(true, classNone)
	case lexicon.IsUnit(w):
		return name(false, classUnit)
	case lexicon.IsBlockDevice(w):
		return name(false, classDevice)
	case lexicon.IsInterface(w) || (kindBefore[at(-1)] && lexicon.IsName(w)) || identifierStated(words, i):
		return name(false, classIface)
	case lexicon.IsProgram(w):
		return name(false, classProcess)
	case isDigit(w[0]):
		return figure(words, raws, i, add)
	case contextual(words, i):
		add(claim{text: raw, kind: kindName, class: classProcess, positional: !namedByPID(words, i)})
		return 0
	case identifierShaped(w):
		// "x86_64", "avx2": grounds the answer where the evidence has it,
		// says nothing where it does not ("IPv4", "UTF-8").
		add(claim{text: raw, kind: kindName, textual: true, soft: true})
		return 0
	}
	return -1
}

// identifierShaped reports a word of letters mixed with digits that opens
// with a letter ("x86_64", "aarch64", "avx2", "sse4_2").
func identifierShaped(w string) bool {
	if len(w) < 3 || len(w) > 40 || w[0] < 'a' || w[0] > 'z' {
		return false
	}
	digit := false
	for _, r := range w {
		switch {
		case r >= '0' && r <= '9':
			digit = true
		case r >= 'a' && r <= 'z', r == '_':
		default:
			return false
		}
	}
	return digit
}

// figure adds the claim of a number and its unit (attached or the next
// word). A count of CPUs, cores, threads or sockets is a hardware count
// whatever its size. Other unitless integers up to 10, years and numbers
// after words such as "top" or "last" describe the answer, not the
// system, and are skipped; so are durations.
func figure(words, raws []string, i int, add func(claim)) int {
	w := words[i]
	n, used, ok := parseNumber(w)
	if !ok {
		return -1
	}
	if zeroPadded(w) {
		// "corrupt segment 00004817": zero padding makes a number a
		// name (a WAL segment, a serial), which the evidence has as
		// text, often inside a path ("wal/00004817"), not as a figure.
		add(claim{text: raws[i], kind: kindName, textual: true, key: w})
		return 0
	}
	if r, k, ok := numberRange(words, raws, i, n, used); ok {
		add(r)
		return k
	}
	suffix, consumed := w[used:], 0
	if suffix == "" && i+1 < len(words) {
		if _, isUnit := units[words[i+1]]; isUnit {
			suffix, consumed = words[i+1], 1
		}
	}
	text := raws[i]
	if consumed == 1 {
		text += " " + raws[i+1]
	}
	// A model number ("Xeon Silver 4314 CPU") follows a capitalized word.
	// "EPYC, 2 cores" is a count: no model number is that small.
	model := i > 0 && raws[i-1] != "" && raws[i-1][0] >= 'A' && raws[i-1][0] <= 'Z' && words[i-1] != "the" &&
		!(n.decimals == 0 && n.value <= maxModelCount)
	if suffix == "" && n.decimals == 0 && n.value <= maxHWCount && !model {
		if noun, k := hardwareNoun(words, i); noun != "" {
			add(claim{text: strings.Join(raws[i:k+1], " "), kind: kindHWCount, ivs: []interval{n.plain()}, noun: noun})
			return consumed
		}
	}
	if suffix == "" || strings.HasSuffix(suffix, "-core") || strings.HasSuffix(suffix, "-cores") {
		prev := ""
		if i > 0 {
			prev = words[i-1]
		}
		integer := n.decimals == 0
		if integer && portContext(words, i) {
			if p, ok := lexicon.Port(w); ok && n.value > 10 {
				add(claim{text: text, kind: kindPort, port: p, key: w, noun: protocol(prev)}) // "UDP 5005"
				return consumed
			}
		}
		if integer && (n.value <= 10 && !configValue(words, i) || (n.value >= 1900 && n.value <= 2099)) || proseCounters[prev] {
			return consumed
		}
		c := claim{text: text, kind: kindCount, ivs: []interval{n.plain()}, key: strings.ToLower(text)}
		if integer && !valueLabels[prev] {
			c.noun = countedNoun(words, i+1+consumed)
		}
		add(c)
		return consumed
	}
	u, ok := units[suffix]
	if !ok || u.kind == kindDuration {
		return consumed
	}
	add(claim{text: text, kind: u.kind, ivs: n.intervals(binaryLetter(u, w[used:])), key: strings.ToLower(text)})
	return consumed
}

// maxHWCount bounds a count of CPUs, cores, threads or sockets.
const maxHWCount = 4096

// maxModelCount is the largest count of CPUs, cores, threads or sockets
// read as such after a capitalized word; larger numbers there are model
// numbers ("Xeon 3040 CPU").
const maxModelCount = 256

// hardwareNoun returns the stem of the hardware noun that a number counts
// ("2 logical CPUs", "8 cores", "16 threads") and its index, looking past
// one adjective.
func hardwareNoun(words []string, i int) (string, int) {
	for k := i + 1; k < len(words) && k <= i+2; k++ {
		if stem := hwNouns[words[k]]; stem != "" {
			return stem, k
		}
		if !hwAdjectives[words[k]] {
			return "", 0
		}
	}
	return "", 0
}

// product adds a vendor or product name ("AMD", "EPYC", "GeForce") and the
// model numbers right after it ("Ryzen 7 5800X", "RTX 3060") as one claim
// that must appear as written.
func product(words, raws []string, i int, add func(claim)) int {
	j := i + 1
	for j < len(words) && j <= i+2 && strings.ContainsAny(words[j], "0123456789") && !strings.Contains(words[j], "-core") {
		if _, isUnit := units[words[j]]; isUnit {
			break
		}
		if noun, _ := hardwareNoun(words, j); noun != "" && allDigits(words[j]) {
			break // "AMD EPYC, 2 cores": a count, not a model number
		}
		if _, used, ok := parseNumber(words[j]); ok && used < len(words[j]) {
			if _, isUnit := units[words[j][used:]]; isUnit {
				break // "EPYC 2.1GHz" is a frequency, not a model number
			}
		}
		j++
	}
	if j == i+1 {
		add(claim{text: raws[i], kind: kindName})
		return 0
	}
	add(claim{text: strings.Join(raws[i:j], " "), kind: kindName, textual: true})
	return j - i - 1
}

// identifierStated reports a word of letters then digits (ifb0, eno2,
// md0) of which the next words assert a state ("ifb1 is down"): whatever
// its kind, it names a thing of this machine.
func identifierStated(words []string, i int) bool {
	w := words[i]
	letters := strings.TrimRight(w, "0123456789")
	if len(letters) < 2 || len(letters) == len(w) || strings.Trim(letters, "abcdefghijklmnopqrstuvwxyz") != "" {
		return false
	}
	// "Failed services on host10 are unknown": a plural verb after one
	// identifier is its sentence's subject's, unless a list ends there.
	plural := at(words, i+1) == "are" || at(words, i+1) == "were"
	return i+2 < len(words) && copulas[words[i+1]] && stateWords[words[i+2]] != "" &&
		!(plural && i > 0 && !listJoins[words[i-1]] && !strings.ContainsAny(words[i-1], "0123456789"))
}

// listJoins end a list before its last item ("ifb0 and ifb1").
var listJoins = lexicon.NewSet(`and or both`)

// stated reports whether the state word at words[i] is said of something
// ("eth0 is down", "nginx.service has failed", "the state of eth0 is UP")
// rather than used as a particle ("uses up") or denied ("is not running").
func stated(words []string, i int) bool {
	if i == 0 {
		return false
	}
	prev := words[i-1]
	if failedEvent(words, i) {
		return false
	}
	for k := max(0, i-3); k < i; k++ {
		if negations[words[k]] {
			return false
		}
	}
	// "nginx.service is in a failed state", "ifb0 is in the DOWN state"
	inState := i >= 2 && (prev == "a" || prev == "the") && words[i-2] == "in" && i+1 < len(words) &&
		(words[i+1] == "state" || words[i+1] == "status")
	return copulas[prev] || inState || (words[i] == "failed" && (lexicon.IsUnit(prev) || lexicon.IsProgram(prev)))
}

// contextual reports whether words[i] is a name by its position: before
// "process", "service", "daemon" or "(PID …)", or as the subject of "uses",
// "consumes", "is using", "is listening".
func contextual(words []string, i int) bool {
	w := words[i]
	// Adverbs ("probably uses", "currently uses") are not names either.
	if !lexicon.IsName(w) || lexicon.IsStopword(w) || notNames[w] || kindWords[w] || actionWords[w] || fieldWords[w] != "" ||
		strings.HasSuffix(w, "ly") || hedgeSeqs[w] != nil ||
		(strings.Contains(w, "-") && !strings.HasPrefix(w, "systemd-")) {
		return false
	}
	if _, isUnit := units[w]; isUnit {
		return false
	}
	at := func(k int) string {
		if i+k >= 0 && i+k < len(words) {
			return words[i+k]
		}
		return ""
	}
	// "PID 1 is systemd", "PID 4242 belongs to firefox"; not "PID 1 is
	// running", "PID 1 is sleeping".
	afterPID := (((at(-1) == "is" || at(-1) == "was") && allDigits(at(-2)) && at(-3) == "pid") ||
		(at(-1) == "to" && at(-2) == "belongs" && allDigits(at(-3)))) &&
		stateWords[w] == "" && !progressiveWords[w] && !strings.HasSuffix(w, "ing") && !strings.HasSuffix(w, "ed") &&
		!prepositions[at(1)] // "PID 700 is bound to"
	// "frobd, consuming 40% CPU, is …": a participle with its figure.
	participle := progressiveWords[at(1)] && at(2) != "" && isDigit(at(2)[0])
	return afterPID || kindWords[at(1)] || actionWords[at(1)] || participle ||
		((at(1) == "is" || at(1) == "are") && progressiveWords[at(2)]) ||
		((at(-1) == "process" || at(-1) == "program") && !strings.HasSuffix(w, "ed") && !strings.HasSuffix(w, "ing") &&
			!describesKind(words, i))
}

// countedNoun returns the stem of the plural noun a count counts ("12
// processes", "25 entries"), or "": such a count is a fact only where the
// evidence counts the same thing ("2 loaded units listed").
func countedNoun(words []string, k int) string {
	if k >= len(words) {
		return ""
	}
	w := words[k]
	if len(w) < 4 || !strings.HasSuffix(w, "s") || strings.Trim(w, "abcdefghijklmnopqrstuvwxyz") != "" ||
		strings.HasSuffix(w, "ss") || strings.HasSuffix(w, "us") || strings.HasSuffix(w, "is") ||
		w == "times" || numberVerbs[w] || lexicon.IsProgram(w) || units[w] != (unit{}) {
		return ""
	}
	return w[:max(4, len(w)-3)]
}

// deniable states can be checked when denied: "nginx is not running" is
// false when ps shows nginx.
var deniable = map[string]bool{"running": true, "active": true, "failed": true}

// denied reports "is not running", "isn't active", "has not failed", "is
// no longer running".
func denied(words []string, i int) bool {
	if i < 2 {
		return false
	}
	neg := i - 1
	if words[neg] == "longer" && words[neg-1] == "no" {
		neg--
	}
	neg = listedNeg(words, neg) // "is not listed as failed": deniedamong.go
	if words[neg] == "isn't" || words[neg] == "isnt" || words[neg] == "hasn't" || words[neg] == "wasn't" {
		return true
	}
	return (words[neg] == "not" || words[neg] == "no") && neg >= 1 && copulas[words[neg-1]]
}
