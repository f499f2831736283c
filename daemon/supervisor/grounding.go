package supervisor

import (
	"cmp"
	"slices"
	"strings"
)

// Grounding is the outcome of checking an answer's claims against the
// evidence, claim texts as the answer wrote them, in order.
type Grounding struct {
	// Found are the claims the evidence supports.
	Found []string `json:"found"`
	// Missing are the claims the evidence does not support; a claim tied to
	// the wrong entity reads "45.3% (for annad)".
	Missing []string `json:"missing"`
	// Given are claims absent from the evidence that the user supplied (a
	// name or number in the question or the ticket's entities): repeating
	// them is not invention, but it does not ground the answer either.
	Given []string `json:"given"`
	// Echoed are runs of words the answer repeats from an instruction
	// found in the evidence (see injection.go).
	Echoed []string `json:"echoed"`
}

// Grounded reports whether the answer quotes the evidence at least once,
// makes no claim the evidence lacks and repeats no instruction from it.
func (g Grounding) Grounded() bool {
	return len(g.Found) > 0 && len(g.Missing) == 0 && len(g.Echoed) == 0
}

// maxDerivedSizes bounds the pairs tried when a percentage may be derived.
const maxDerivedSizes = 16

// Check extracts the claims of answer (see the package doc for what counts)
// and looks each up in evidence, the text the answer was written from (see
// EvidenceText), tying figures to the entity their sentence names (see
// attribution.go). given holds the user's own words; claims found only
// there go to Given. Check is deterministic and never modifies its inputs.
func Check(answer, evidence string, given ...string) Grounding {
	g, _ := check(answer, evidence, newUserWords(given), nil)
	return g
}

// check is Check, returning the evidence's index too (Judge reads a terse
// reply's tokens from it rather than index the evidence again) and, when
// ex is not nil, giving it the answer's extraction as extractAll returned
// it, before any rule changed a claim (citedGrounding reads it).
func check(answer, evidence string, given *userWords, ex *extraction) (Grounding, *index) {
	return checkKnown(answer, evidence, given, nil, ex)
}

// checkKnown is check with names known to be entities beyond those the
// evidence shows: a cited sentence's few lines may not show san0 as an
// interface, the whole evidence does (cited.go). When ex is not nil it
// gets the answer's extraction (see check).
func checkKnown(answer, evidence string, given *userWords, known map[string]class, ex *extraction) (Grounding, *index) {
	answer, evidence = offsetSafe(answer), offsetSafe(evidence)
	g := Grounding{Found: []string{}, Missing: []string{}, Given: []string{}, Echoed: []string{}}
	ix := newIndex(evidence)
	for name, c := range known {
		if _, ok := ix.entities[name]; !ok {
			ix.entities[name] = c
		}
	}
	ins := instructions(evidence, ix.text)
	if known == nil {
		// A cited sentence's check (known set) keeps the whole
		// answer's echoes, not its own.
		g.Echoed = append(g.Echoed, echoes(answer, ix.text, ins)...)
	}
	claims, facts := extractAll(answer, ix.entities, ix.verbatim)
	if ex != nil {
		// The rules below change claims in place (a class, a flag)
		// but never an element of a claim's or a sentence's slices, so
		// a shallow copy keeps the extraction as it was.
		*ex = extraction{answer, slices.Clone(claims), slices.Clone(facts)}
	}
	checkVerdicts(ix, &g, answer, facts, len(ins) > 0)
	checkExpiryDates(ix, &g, answer, facts)         // a date is no claim: expirydates.go
	checkAdvisedActs(ix, &g, answer)                // an act a log only advises: advisedacts.go
	claims = dropJournalCounted(ix, answer, claims) // journalcountclaims.go
	claims = dropSumTerms(answer, claims)           // sumterms.go
	if len(claims) == 0 {
		checkClaimless(ix, &g, answer, facts)
		return withPhrase(g, ix, answer, evidence, facts), ix
	}
	isGiven := given.has
	ix.barePIDs(claims)
	ix.bareV6Sockets(claims) // barev6.go
	ix.bracketPIDs(answer, claims)
	anchors, records := sentenceAnchors(ix, undenied(answer, withoutThingNames(answer, claims))) // thingnames.go
	pronounAnchors(answer, claims, anchors, facts)
	checkUptimes(ix, &g, answer, facts, anchors, records)
	checkJournal(ix, &g, answer, facts, claims, anchors, records) // loglinks.go
	checkInstances(ix, &g, facts, anchors, records)
	checkSockets(ix, &g, answer, claims, facts)
	checkProbeListings(ix, &g, answer, claims, facts) // probelists.go
	checkAddresses(ix, &g, answer, claims, facts, anchors, records)
	relate(ix, &g, facts, anchors)
	resp := respective(answer, claims, anchors)
	pairCompared(answer, claims, facts, resp)
	sides := comparedSides(answer, claims) // relsides.go
	checkCompared(ix, &g, sides, anchors, facts)
	checkConversions(&g, answer, claims)            // conversions.go
	checkProcessSets(ix, &g, answer, claims, facts) // procshares.go
	checkMounts(ix, &g, answer, claims, facts)
	checkIOPaths(ix, &g, answer, claims, anchors, records)
	checkReach(ix, &g, answer, facts, claims, anchors) // exposurecheck.go
	checkListenCounts(ix, &g, facts)
	checkOwnSums(&g, answer, claims, anchors)
	seen := map[*[]string]map[string]bool{&g.Found: {}, &g.Missing: {}, &g.Given: {}}
	report := func(list *[]string, text string) {
		if !seen[list][text] {
			seen[list][text] = true
			*list = append(*list, text)
		}
	}
	var pending, sizes []claim
	for _, c := range claims {
		if ix.loggedFarEnd(answer, c, claims) || ix.judgedGone(&g, answer, c, report) {
			continue // its endpoint's text is the claim: farends.go; a PID said gone: gonepids.go
		}
		as := anchors[c.sent]
		a := routeAnchor(answer, c, as) // routeclauses.go
		if r := resp[c.off]; r != nil {
			a = r
		} else if loopbackLead(answer, c, claims) { // loopbacklead.go
			if a = nil; !loopbackAddr(c) {
				report(&g.Missing, c.text+" (not loopback)")
				continue
			}
		} else if q := bracketItem(c, claims, as); q != nil {
			a = q // annotations.go
		} else if a != nil && annotation(*a, c, claims) {
			// "UDP 5005 (socat), TCP 2024 on all addresses": the item's
			// own name, if any, comes after it ("TCP 5432 (postgres)").
			a = nextInSegment(c, as)
		} else if nextItemName(answer, c, a) || unnamedItem(answer, c, a) || excepted(answer, c) || deniedPlace(answer, c) || ownPortItem(answer, c, a, claims) || acrossLink(answer, c, a) || sameClause(answer, c, a) {
			a = nil // "0.0.0.0:2024, and vmtests.test (PID 11689) on …"
		}
		// A state or figure of a condition ("… when systemd is running")
		// is not checked in advice (conditions.go).
		cond := c.advice && conditional(answer, c)
		if c.advice && (cond || !checkedInAdvice(c, a) && !(c.general && attributed(c) && a != nil)) {
			if c.general && ix.has(c) {
				report(&g.Found, c.text)
			} else if generalProgram(answer, c) {
				report(&g.Missing, c.text) // generalnames.go
			}
			continue
		}
		if r := ix.relative(answer, c, anchors); r != relNone {
			if r == relFound {
				report(&g.Found, c.text)
			} else if r == relMissing {
				report(&g.Missing, c.text+" (not their difference or factor)")
			}
			continue
		}
		if found, ok, denied := ix.addressFact(answer, c, claims); ok {
			if found {
				report(&g.Found, c.text) // prefixholds.go
			} else if denied {
				report(&g.Missing, c.text+" (has a route)") // noroute.go
			}
			continue
		}
		if portDenied(answer, c) {
			if ix.hasPort(c) {
				report(&g.Missing, "not "+c.text)
			} else {
				report(&g.Found, "nothing on "+c.text)
			}
			continue
		}
		if saidOwnerless(answer, c, claims) && !c.advice {
			if ix.ownerlessPort(c) {
				report(&g.Found, c.text)
			} else {
				report(&g.Missing, c.text+" (has an owner)")
			}
			continue
		}
		if colon := stateListColon(answer, c, as); colon >= 0 {
			for _, e := range as {
				if e.off > colon && e.class != classPID && e.class != classPath && !ix.inRecords(c, stateRecords(ix, e, c, records)) {
					report(&g.Missing, e.text+" ("+c.text+")")
				}
			}
			report(&g.Found, c.text)
			continue
		}
		if c.kind == kindState && c.every {
			subj, except := listStart(answer, c), exceptAt(answer, c)
			for _, e := range as {
				if except >= 0 && e.off > except && e.off < c.off {
					continue // "all interfaces except eth0 and lo are down"
				}
				if e.off > c.off && !strings.Contains(c.text, " ") {
					break // "X and Y are failed" is said of the entities before it
				}
				if e.off < subj {
					continue // "… except eno1: eno2 and docker0 are down"
				}
				if e.class != classPID && e.class != classPath && !ix.inRecords(c, stateRecords(ix, e, c, records)) {
					report(&g.Missing, e.text+" ("+c.text+")")
				}
			}
			continue
		}
		if c.kind == kindState && c.denied {
			// Only its subject, before it, is denied the state: not
			// nginx in "mysqld is not running, but nginx is".
			if a != nil && a.off < c.off && ix.inRecords(c, stateRecords(ix, *a, c, records)) {
				report(&g.Missing, "not "+c.text+" (for "+a.text+")")
			}
			continue
		}
		if c.kind == kindState {
			var recs []int32
			if a != nil {
				recs = stateRecords(ix, *a, c, records)
			}
			switch {
			case a == nil:
			case ix.inRecords(c, recs) || ix.hedgedFailing(answer, a, c, recs): // hedgedstates.go
				report(&g.Found, c.text)
			default:
				report(&g.Missing, c.text+" (for "+a.text+")")
			}
			continue
		}
		if match, ok := ix.userRows(answer, c); ok && !c.advice { // userrows.go
			if match {
				report(&g.Found, c.text)
			} else {
				report(&g.Missing, c.text+" (not the user's processes)")
			}
			continue
		}
		if total, ok := ix.processTotal(answer, c); ok && !c.advice {
			if total {
				report(&g.Found, c.text)
			} else {
				report(&g.Missing, c.text+" (not all processes)")
			}
			continue
		}
		if c.swap && !c.advice && c.bound == 0 {
			if ix.inSwap(c) {
				report(&g.Found, c.text)
			} else {
				report(&g.Missing, c.text+" (swap)")
			}
			continue
		}
		if c.ram && a == nil && !c.advice && c.bound == 0 && !c.facts.sum && !ix.labelledMemory(c) { // loggedmemory.go
			if ix.inRAM(c) && !ix.quotesMemoryLine(c, claims) {
				report(&g.Found, c.text)
			} else {
				report(&g.Missing, c.text+" (memory)")
			}
			continue
		}
		if mem := memorySizes(answer, c, claims, as); mem != nil {
			if ix.memShare(c, answer) || derived(c, mem) {
				report(&g.Found, c.text)
			} else {
				report(&g.Missing, c.text+" (memory)")
			}
			continue
		}
		if list, text, ok := ix.bootClock(&g, answer, c); ok && !c.advice { // bootclocks.go
			report(list, text)
			continue
		}
		if dated(c) && !c.advice {
			if recs := ix.timeRecords(answer, claims, c); recs != nil && !ix.inRecords(c, recs) {
				report(&g.Missing, c.text+" (not at its time)")
				continue
			}
		}
		if c.bound != 0 {
			if ix.checkBound(c, a, boundNamed(c, anchors)) {
				report(&g.Found, c.text)
			} else {
				report(&g.Missing, c.text+" (bound)")
			}
			continue
		}
		if !ix.has(c) && !(requestPath(answer, c) && ix.hasPathTail(c.key)) && !(known != nil && ix.heldByPrefix(c, claims, nil)) { // requestpaths.go, prefixholds.go
			if c.soft || (c.positional && len(as) > 0) || (c.class == classProcess && negatedName(answer, c)) {
				continue
			}
			if isGiven(c) {
				report(&g.Given, c.text)
			} else {
				pending = append(pending, c)
			}
			continue
		}
		if c.user && (a == nil || authUser(answer, c)) {
			if addr := userAnchor(c, claims); addr != nil && !ix.inRecords(c, ix.anchorRecords(*addr)) {
				report(&g.Missing, c.text+" (for "+addr.text+")")
				continue
			}
		}
		if attributed(c) && a != nil && !ix.inRecords(c, records[a.off]) &&
			!((c.loose || a.off < c.clause) && !ix.mountWhole(c, a) && ix.supportsGlobal(c)) && !((c.facts.sum || c.kind == kindPort && portList(claims, as, c.sent)) && ix.inAnyRecords(c, as)) &&
			!(c.facts.sum && ix.summed(c, sumAnchors(answer, anchors, c))) && !ix.inAnyRecords(c, jointSubjects(answer, c, as)) &&
			!ix.inAnyRecords(c, listedOwners(answer, c, as)) && !ix.logIDOwns(answer, c, a) && !ix.inAnchorPrefix(c, *a, claims, records) { // prefixholds.go
			report(&g.Missing, c.text+" (for "+a.text+")")
			continue
		}
		if c.kind == kindPort && c.noun != "" && !ix.inRecords(c, ix.tokens[c.noun]) {
			report(&g.Missing, c.text+" (not "+c.noun+")") // ss's Netid column
			continue
		}
		if p := ix.eachMiss(answer, c, as); p != nil {
			report(&g.Missing, c.text+" (for "+p.text+", each)")
			continue
		}
		if cmd := bracketCommand(answer, c); cmd != "" {
			if !ix.commandOf(c, cmd) {
				report(&g.Missing, c.text+" (with "+cmd+")")
				continue
			}
		} else if p := cmp.Or(partner(c, as, claims), pidSubject(answer, c, as), mountedSubject(answer, c, as)); p != nil && !ix.shareRecord(*p, c) {
			report(&g.Missing, c.text+" (with "+p.text+")")
			continue
		}
		report(&g.Found, c.text)
		if c.kind == kindSize && len(sizes) < maxDerivedSizes {
			sizes = append(sizes, c)
		}
	}
	for _, c := range pending {
		if (c.kind == kindPercent && (derived(c, sizes) && !ix.printedShareDiffers(c, records[cmp.Or(nearestAnchor(c, anchors[c.sent]), &c).off]) || len(anchors[c.sent]) == 0 && ramScoped(answer, c) && ix.memShare(c, answer))) ||
			(c.facts.sum && ix.summed(c, sumAnchors(answer, anchors, c))) || ix.cpuCapacity(answer, c) {
			report(&g.Found, c.text)
			continue
		}
		report(&g.Missing, c.text)
	}
	return withPhrase(g, ix, answer, evidence, facts), ix
}

// withPhrase adds a phrase the answer quotes from the evidence (see
// phrases.go) when nothing else was found, missing or given.
func withPhrase(g Grounding, ix *index, answer, evidence string, facts []sentenceFacts) Grounding {
	if len(g.Found)+len(g.Missing)+len(g.Given) == 0 {
		if p := phrases(answer, evidence); p != "" {
			g.Found = append(g.Found, p)
		} else if p := unreadable(answer, evidence, facts); p != "" {
			g.Found = append(g.Found, p)
		} else if p := terseFound(answer, ix); p != "" {
			g.Found = append(g.Found, p) // "nas-01": terseanswer.go
		}
	}
	return g
}

// stateRecords are the records a state of entity e is read from: for a
// unit's failure or stop only those naming the unit itself (sshd.service
// has not failed because sshd logged "Failed password"); that it runs, its
// program's process rows too.
func stateRecords(ix *index, e claim, c claim, records map[int][]int32) []int32 {
	if e.class == classUnit && c.key != "running" && c.key != "up" && c.key != "active" {
		return ix.tokens[e.key]
	}
	return records[e.off]
}

// checkedInAdvice reports whether a claim of an advice sentence is still
// checked: a figure, PID or state tied to an entity the evidence knows
// ("close firefox, which uses 1.1 GiB"). Commands, paths, quotes, names
// and free-standing figures in advice ("consider adding 8 GiB of RAM",
// "run `journalctl -p err`") say nothing about this machine.
func checkedInAdvice(c claim, a *claim) bool {
	if a == nil {
		return false
	}
	switch c.kind {
	case kindSize, kindPercent, kindFreq, kindPID, kindState:
		return true
	}
	return false
}
