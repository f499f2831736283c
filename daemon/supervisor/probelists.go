package supervisor

import (
	"regexp"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// An answer may say what a probe's listing holds: "lsblk lists the disks:
// loop0, loop1, vda, plus sdb and sdc", "ss shows rpcbind on 111", "in
// the listening ports I see smbd". A process, device, interface or unit
// named so must be in that probe's output: sdb logged by the kernel is no
// disk lsblk lists. And one denied there ("there's no rpcbind or
// rpc.mountd in the listening ports", "I don't see any minidlnad") must
// not be in it: a denial of presence the probe contradicts is false (one
// the evidence lacks costs nothing: negatedName). With no probe cited, a
// denied name is checked against the live probes (ps, ss). A denial
// narrowed to a span of time or a part ("after 23:09", "on TCP") is not
// judged here.

// listingPlaces cite a probe's listing by a noun phrase: "in the listening
// ports", "in the process list", "among the listeners".
var listingPlaces = regexp.MustCompile(`\b(?:in|among|from|on) (?:the )?(?:list of |output of |` + "`" + `)?(listening ports|listening sockets|listeners|process list|process table|ps output|ps|ss output|ss|lsblk output|lsblk|block devices)\b`)

// listingProbes are the probes such a place, or a tool probeTools lacks,
// names.
var listingProbes = map[string][]string{"listening ports": {"listening_ports"}, "listening sockets": {"listening_ports"},
	"listeners": {"listening_ports"}, "ss output": {"listening_ports"}, "ss": {"listening_ports"},
	"process list": {"top_cpu", "top_memory"}, "process table": {"top_cpu", "top_memory"}, "ps output": {"top_cpu", "top_memory"},
	"ps": {"top_cpu", "top_memory"}, "lsblk output": {"block_devices"}, "lsblk": {"block_devices"}, "block devices": {"block_devices"}}

// citeListing is "<tool> lists|shows", with ps among the tools.
var citeListing = regexp.MustCompile("\\b(ps|lsblk|ss|netstat|df|ip addr|ip a|systemctl)(?: +-{1,2}[a-z-]+)*`?(?:'s)?(?: output)? (?:shows?|showed|lists?|listed|reports?|displays)\\b")

// listingEnds end the items of a listing: what follows is commentary
// ("…, which make up the md0 RAID1").
var listingEnds = lexicon.NewSet(`which that where who whose because since so but while whereas although though even usual default`)

// sourceWords name another source: "ss shows rsync on 873, and the
// journal has rsyncd …" lists no rsyncd in ss.
var sourceWords = lexicon.NewSet(`journal journalctl log logs logged syslog kernel dmesg smartd`)

// journalWords make the journal the place a name is denied in.
var journalWords = lexicon.NewSet(`journal journalctl log logs logged syslog`)

// timeBounds limit a denial to a span of time the listing does not show.
var timeBounds = lexicon.NewSet(`after since before until today yesterday earlier later`)

// deniedScopes narrow a denial to a part of a listing ("no smbd
// listening on IPv6", "no rsync over UDP") that other rules judge.
var deniedScopes = lexicon.NewSet(`on over via for from to with`)

// presenceFollowers may follow a name denied presence: the name is the
// thing denied ("no rpcbind or rpc.mountd in …", "no mysqld process"), not
// a word describing another ("no smartd errors").
var presenceFollowers = lexicon.NewSet(`or nor and process processes service services daemon daemons server servers
	listener listeners socket sockets instance instances running listening in on here there at among anywhere either
	is are was were`)

// checkProbeListings reports names said to be in a probe's listing that
// it lacks, and names denied there that it shows.
func checkProbeListings(ix *index, g *Grounding, answer string, claims []claim, facts []sentenceFacts) {
	bySent := make([][]int, len(facts)) // each sentence's claims, in order
	for i, c := range claims {
		if c.sent >= 0 && c.sent < len(facts) {
			bySent[c.sent] = append(bySent[c.sent], i)
		}
	}
	for k, f := range facts {
		if len(bySent[k]) == 0 || f.advice || f.asked(answer) {
			continue
		}
		low := strings.ToLower(f.blank)
		probes, from := citedListing(low)
		silent := -1 // ix.silentAll(probes), once a name needs it
		for _, i := range bySent[k] {
			c := &claims[i]
			if c.kind != kindName || c.soft || c.positional || c.textual && c.class != classDevice || c.advice {
				continue
			}
			switch c.class {
			case classProcess, classDevice, classIface, classUnit:
			default:
				continue
			}
			rel := c.off - f.at.start
			if rel < 0 || rel > len(low) {
				continue
			}
			if presenceDenied(low, rel, len(c.text)) {
				scope := probes
				tail := low[min(rel+len(c.text), len(low)):]
				if i := strings.IndexAny(tail, ",;"); i >= 0 {
					tail = tail[:i]
				}
				tw := plainWords(tail)
				if anyOf(tw, timeBounds) || anyOf(tw, deniedScopes) {
					continue // "no minidlnad in the journal after 23:09:46", "no rpcbind on TCP": a part, not the listing
				}
				switch m := listingPlaces.FindStringSubmatch(tail); {
				case m != nil:
					scope = listingProbes[m[1]] // "no rpcbind … in the listening ports"
				case anyOf(tw, journalWords):
					scope = []string{"system_logs"}
				case scope != nil:
				case anyOf(plainWords(low), journalWords):
					scope = []string{"system_logs"} // "no minidlnad in the journal after 23:09"
				default:
					scope = []string{"top_cpu", "top_memory", "listening_ports"}
				}
				if p := ix.listedIn(*c, scope); p != "" {
					g.Missing = append(g.Missing, "no "+c.text+" (listed by "+p+")")
				}
				continue
			}
			if probes == nil || rel < from || listingEnded(low[from:rel]) || rel < goneSubjectEnd(low) {
				continue // the process of a PID said gone: gonepids.go
			}
			if silent < 0 {
				silent = 0
				if ix.silentAll(probes) {
					silent = 1
				}
			}
			if silent == 1 || negatedName(answer, *c) {
				continue
			}
			if c.class == classUnit && probes[0] != "failed_services" || strings.HasPrefix(low[min(rel+len(c.text), len(low)):], "'s") {
				continue // "restic-backup.service's restic": the unit names the process
			}
			if ix.listedIn(*c, probes) == "" {
				g.Missing = append(g.Missing, c.text+" (not in "+strings.Join(probes, " or ")+")")
			}
		}
	}
}

// citedListing returns the probes a sentence cites as a listing and where
// its items start: after "<tool> lists", or anywhere in it for "in the
// listening ports".
func citedListing(low string) ([]string, int) {
	if m := citeListing.FindStringSubmatchIndex(low); m != nil {
		tool := low[m[2]:m[3]]
		if p := listingProbes[tool]; p != nil {
			return p, m[1]
		}
		if p := probeTools[tool]; p != "" {
			return []string{p}, m[1]
		}
	}
	if m := listingPlaces.FindStringSubmatch(low); m != nil {
		return listingProbes[m[1]], 0
	}
	return nil, 0
}

// listingEnded reports whether a clause of commentary or another
// sentence part opened before an item.
func listingEnded(s string) bool {
	if strings.ContainsAny(s, ";") {
		return true
	}
	for _, w := range plainWords(s) {
		if listingEnds[w] || sourceWords[w] {
			return true
		}
	}
	return false
}

// presenceDenied reports whether the name at rel (its length n) in the
// lowercased text low is denied presence: "no X", "there's no X", "I
// don't see (any) X", "no sign of X", or listed after such a name ("no
// rpcbind or rpc.mountd"), with nothing after it that makes it a
// modifier ("no smartd errors").
func presenceDenied(low string, rel, n int) bool {
	rest := strings.TrimLeft(low[min(rel+n, len(low)):], " *`")
	if absentAfter.MatchString(rest) {
		return true // "sdb doesn't show up in the lsblk output"
	}
	after := plainWords(rest)
	if len(after) > 0 && !presenceFollowers[after[0]] && !strings.ContainsAny(rest[:1], ",.;:!?)-–—") {
		return false
	}
	m := coordinated.FindStringIndex(low[max(0, rel-120):rel])
	if m == nil {
		return false
	}
	before := plainWords(low[max(0, rel-120) : max(0, rel-120)+m[0]])
	b := func(k int) string {
		if k <= len(before) {
			return before[len(before)-k]
		}
		return ""
	}
	switch {
	case b(1) == "no" || b(1) == "neither":
		return true
	case b(1) == "any" || b(1) == "see" || b(1) == "find":
		for k := 2; k <= 5; k++ {
			if negations[b(k)] || seeNegations[b(k)] || b(k) == "t" && seeNegations[b(k+1)] {
				return true // plainWords cuts "don't" into "don" and "t"
			}
		}
	case b(1) == "of" && (b(2) == "sign" || b(2) == "trace") && b(3) == "no":
		return true
	}
	return false
}

// absentAfter denies a name's presence after it: "doesn't show up",
// "isn't listed", "is not in the listening ports".
var absentAfter = regexp.MustCompile(`^(?:does not|doesn'?t|doesn’t|do not|don'?t|is not|isn'?t|isn’t|are not|aren'?t|was not|wasn'?t|never) +(?:show|appear|listed|in\b|there|present|exist|turn)`)

// coordinated matches the names listed before a name with "or" or "nor"
// after its denial: "rpcbind or " of "no rpcbind or rpc.mountd".
var coordinated = regexp.MustCompile("(?:[*`]*[a-z0-9][a-z0-9._@-]*[*`]*,? (?:or|nor) )*$")

// seeNegations deny seeing: "I don't see", "can't find any".
var seeNegations = lexicon.NewSet(`don dont don't can cant can't cannot doesn doesn't didn didn't without`)

// listedIn returns the first of probes whose output names c, or "".
func (ix *index) listedIn(c claim, probes []string) string {
	for _, id := range ix.anchorRecords(c) {
		for _, p := range probes {
			if ix.recs[id].probe == p {
				return p
			}
		}
	}
	return ""
}

// silentAll reports whether none of the probes printed output.
func (ix *index) silentAll(probes []string) bool {
	for _, p := range probes {
		if !ix.probeSilent(p) {
			return false
		}
	}
	return true
}

// presenceDeniedName reports whether the answer denies the presence of the
// name claim c in its clause (see presenceDenied).
func presenceDeniedName(answer string, c claim) bool {
	from := max(c.clause, c.off-120, 0)
	end := min(c.off+len(c.text)+40, len(answer))
	if from > c.off || c.off+len(c.text) > end {
		return false
	}
	return presenceDenied(strings.ToLower(answer[from:end]), c.off-from, len(c.text))
}
