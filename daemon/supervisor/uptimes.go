package supervisor

import (
	"regexp"
	"strconv"
	"strings"
	"time"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// An elapsed time ("the machine has been up for about 14 hours", "yes
// has been running for 11 seconds", "started 2 hours ago", "uptime: 3
// days") is a claim, though other durations are not: it must be the span
// from the start of what it is said of (the machine's: PID 1's, else the
// earliest process start; an entity's: its row's start) to the newest
// time the evidence shows (a process start, a journal time), which the
// probes ran at or after. No probe reports the time now, so that span is
// a lower bound: the claim may exceed it by uptimeSlack, not more. A plain
// figure may round the span or cut it at its last digit, as uptime prints
// days: 10 days 14 hours is "11 days" or "10 days", 10 days 2 hours is not
// "11 days"; a hedged one ("about 10 days") spans its hedge's range. Only
// the typed data's full timestamps are read ("start
// 2026-11-24T12:18:35Z"); where there are none, an elapsed time is
// unsupported. A clock time ("running since 12:18") is a clock claim,
// tied to its entity like any other; CPU time ("9 seconds of CPU") is not
// elapsed time.

var (
	stamp      = regexp.MustCompile(`\b(\d{4}-\d\d-\d\dt\d\d:\d\d:\d\d(?:\.\d+)?z)\b`)
	startStamp = regexp.MustCompile(`\bstart (\d{4}-\d\d-\d\dt\d\d:\d\d:\d\d(?:\.\d+)?z)\b`)
	pidOne     = regexp.MustCompile(`\bpid 1 `)
)

// durationSeconds are the duration words, in seconds.
var durationSeconds = map[string]float64{"s": 1, "sec": 1, "secs": 1, "second": 1, "seconds": 1,
	"min": 60, "mins": 60, "minute": 60, "minutes": 60, "h": 3600, "hr": 3600, "hrs": 3600, "hour": 3600,
	"hours": 3600, "day": 86400, "days": 86400, "week": 604800, "weeks": 604800}

var (
	// elapsedLeads before "for" make its duration elapsed time ("up for",
	// "running for", "been alive for").
	elapsedLeads   = lexicon.NewSet(`up running alive active online been uptime`)
	startVerbs     = lexicon.NewSet(`started booted launched began rebooted restarted spawned`)
	machineWords   = lexicon.NewSet(`machine system server host computer box uptime booted boot rebooted vm`)
	durationHedges = lexicon.NewSet(`about around roughly approximately approx nearly almost over under just only
	~ some more less than`)
)

// uptimeSlack is how far past the newest time in the evidence the probes
// may have run.
const uptimeSlack = 5 * time.Minute

// checkUptimes reports the answer's elapsed times (see above).
func checkUptimes(ix *index, g *Grounding, answer string, facts []sentenceFacts, anchors map[int][]claim, records map[int][]int32) {
	low := strings.ToLower(answer)
	if !strings.Contains(low, " for ") && !strings.Contains(low, "ago") && !strings.Contains(low, "uptime") && !strings.Contains(low, "cpu") {
		return
	}
	for k, f := range facts {
		if f.advice {
			continue
		}
		toks := strings.FieldsFunc(strings.ToLower(f.blank), func(r rune) bool {
			return r == ' ' || r == ',' || r == ';' || r == ':' || r == '(' || r == ')' || r == '\n' || r == '\t' || r == '*'
		})
		for i := range toks {
			if lo, hi, n := durationAt(toks, i); n > 0 && cpuTimeAfter(toks, i+n) {
				checkCPUTime(ix, g, strings.Join(toks[i:i+n], " "), lo, hi, anchors[k], records)
				continue
			}
			lo, hi, n := elapsedAt(toks, i)
			if n == 0 {
				continue
			}
			text := strings.Join(toks[i:i+n], " ")
			from, ok := ix.startOf(toks, anchors[k], records)
			if !ok {
				g.Missing = append(g.Missing, text+" (no start and time in the evidence)")
				continue
			}
			e := ix.times().now.Sub(from)
			if hi >= e && lo <= e+uptimeSlack {
				g.Found = append(g.Found, text)
			} else {
				g.Missing = append(g.Missing, text+" (not since its start)")
			}
		}
	}
}

// elapsedAt reads an elapsed time whose number is toks[i]: the span it
// stands for and how many tokens it takes, or n 0.
func elapsedAt(toks []string, i int) (lo, hi time.Duration, n int) {
	lo, hi, n = durationAt(toks, i)
	if n == 0 || cpuTimeAfter(toks, i+n) {
		return 0, 0, 0 // "9 seconds of CPU time"
	}
	after := at(toks, i+n)
	j := i - 1
	for j >= 0 && durationHedges[toks[j]] {
		j--
	}
	elapsed := at(toks, j) == "for" && elapsedLeads[at(toks, j-1)] ||
		at(toks, j) == "up" || at(toks, j) == "uptime" || (at(toks, j) == "of" || at(toks, j) == "is" || at(toks, j) == "was") && at(toks, j-1) == "uptime" ||
		strings.TrimRight(after, ".") == "ago" && anyStart(toks)
	if !elapsed {
		return 0, 0, 0
	}
	if h := at(toks, i-1); !durationHedges[h] && !approxWords[h] {
		hi += (hi - lo) / 2 // "10 days" for 10 days 14 hours: cut, not rounded
	}
	return lo, hi, n
}

// cpuTimeAfter reports "of CPU (time)" or "CPU time" at toks[j].
func cpuTimeAfter(toks []string, j int) bool {
	return at(toks, j) == "of" && strings.HasPrefix(at(toks, j+1), "cpu") || strings.HasPrefix(at(toks, j), "cpu")
}

// durationAt reads a duration whose number is toks[i] ("14 hours",
// "about a minute", "over 2 days"): the span it stands for and how many
// tokens it takes, or n 0.
func durationAt(toks []string, i int) (lo, hi time.Duration, n int) {
	w := toks[i]
	num, used, ok := parseNumber(strings.TrimRight(w, "."))
	if w == "a" || w == "an" {
		num.value, used, ok = 1, len(w), true
	}
	if !ok {
		return 0, 0, 0
	}
	unit, n := strings.TrimRight(w[used:], "."), 1
	if unit == "" && i+1 < len(toks) {
		unit, n = strings.TrimRight(toks[i+1], "."), 2
	}
	mult, isDur := durationSeconds[unit]
	if !isDur || (w == "a" || w == "an") && n == 1 {
		return 0, 0, 0
	}
	if w == "a" || w == "an" {
		num.half = 0.5
	}
	l, h := (num.value-num.half)*mult, (num.value+num.half)*mult
	switch hedge := at(toks, i-1); {
	case hedge == "over" || hedge == "than" && at(toks, i-2) == "more":
		l, h = num.value*mult, 1e9 // no more than 31 years: a Duration holds it
	case hedge == "under" || hedge == "than" && at(toks, i-2) == "less" || hedge == "nearly" || hedge == "almost":
		l, h = 0, num.value*mult
	case approxWords[hedge]:
		l, h = l*(1-approxTolerance), h*(1+approxTolerance)
	}
	return time.Duration(l * float64(time.Second)), time.Duration(h * float64(time.Second)), n
}

var (
	cpuSeconds = regexp.MustCompile(`\bcpu_seconds (\d+) s\b`)
	psTime     = regexp.MustCompile(`^(\d+):(\d\d)$`)
)

// checkCPUTime reports a CPU time ("has used 34 seconds of CPU") said of
// its sentence's PID, else its first entity whose rows give one: typed
// data's cpu_seconds, or ps's TIME column (minutes:seconds, the tenth).
// Any of the entity's rows may hold it ("go" has many).
func checkCPUTime(ix *index, g *Grounding, text string, lo, hi time.Duration, as []claim, records map[int][]int32) {
	ordered := make([]claim, 0, len(as))
	for _, a := range as {
		if a.class == classPID {
			ordered = append(ordered, a)
		}
	}
	for _, a := range as {
		if a.class != classPID {
			ordered = append(ordered, a)
		}
	}
	for _, a := range ordered {
		seen := false
		for _, id := range records[a.off] {
			secs := cpuSecondsOf(ix.recs[id].text)
			if secs < 0 {
				continue
			}
			seen = true
			// TIME and cpu_seconds cut the fraction: 34 is [34, 35).
			if s := time.Duration(secs) * time.Second; hi > s && lo < s+time.Second {
				g.Found = append(g.Found, text)
				return
			}
		}
		if seen {
			g.Missing = append(g.Missing, text+" (not its CPU time)")
			return
		}
	}
}

// cpuSecondsOf returns the CPU seconds a record gives, or -1.
func cpuSecondsOf(text string) int {
	if m := cpuSeconds.FindStringSubmatch(text); m != nil {
		secs, _ := strconv.Atoi(m[1])
		return secs
	}
	if f := strings.Fields(text); len(f) > 10 && allDigits(f[1]) {
		if m := psTime.FindStringSubmatch(f[9]); m != nil {
			mins, _ := strconv.Atoi(m[1])
			sec, _ := strconv.Atoi(m[2])
			return 60*mins + sec
		}
	}
	return -1
}

// anyStart reports a verb of starting in a sentence ("started 2 hours
// ago").
func anyStart(toks []string) bool {
	for _, t := range toks {
		if startVerbs[strings.TrimRight(t, ".")] {
			return true
		}
	}
	return false
}

// startOf returns when what a sentence's elapsed time is said of started:
// the machine when the sentence speaks of it or names no entity with a
// start, else its first entity with one.
func (ix *index) startOf(toks []string, as []claim, records map[int][]int32) (time.Time, bool) {
	clk := ix.times()
	if clk.now.IsZero() {
		return time.Time{}, false
	}
	machine := false
	for _, t := range toks {
		machine = machine || machineWords[strings.TrimRight(t, ".")]
	}
	if !machine {
		for _, a := range as {
			for _, id := range records[a.off] {
				if m := startStamp.FindStringSubmatch(ix.recs[id].text); m != nil {
					if t, ok := parseStamp(m[1]); ok {
						return t, true
					}
				}
			}
		}
	}
	return clk.boot, !clk.boot.IsZero()
}

// clock holds the evidence's newest timestamp and the machine's start
// (PID 1's, else the earliest process start), or zero times; pidOne says
// the start is PID 1's.
type clock struct {
	now, boot time.Time
	pidOne    bool
}

// times reads the clock on first use: each elapsed time is measured by
// it, and reading it scans every record.
func (ix *index) times() clock {
	if ix.clock != nil {
		return *ix.clock
	}
	var c clock
	for _, m := range stamp.FindAllString(ix.text, -1) {
		if t, ok := parseStamp(m); ok && t.After(c.now) {
			c.now = t
		}
	}
	var first time.Time
	for _, r := range ix.recs {
		m := startStamp.FindStringSubmatch(r.text)
		if m == nil {
			continue
		}
		t, ok := parseStamp(m[1])
		if !ok {
			continue
		}
		if pidOne.MatchString(r.text) {
			first, c.pidOne = t, true
			break
		}
		if first.IsZero() || t.Before(first) {
			first = t
		}
	}
	c.boot = first
	ix.clock = &c
	return c
}

// parseStamp reads a lowercased RFC 3339 UTC timestamp.
func parseStamp(s string) (time.Time, bool) {
	t, err := time.Parse(time.RFC3339Nano, strings.ToUpper(s))
	return t, err == nil
}
