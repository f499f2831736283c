package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// Verdicts on the machine's status are claims about the evidence as a
// whole, though they name no figure:
//
//   - A verdict on the services ("all services are running fine",
//     "every unit is active", "Failed services: none") says no unit has
//     failed: like "no failed units" it is checked against systemctl's
//     list, and is missing where the list has failed units or could not
//     be read (a claim about an area no probe could see is unsupported).
//   - A blanket all-clear ("Nothing unusual:", "all clear", "everything
//     looks fine", "the server is healthy overall") opening its sentence
//     (or after a lead: "Good news: …"; after a statement, "… — nothing to
//     worry about" is about that statement), with no scope after it ("nothing unusual on the CPU side", "nothing
//     to worry about there" speak of one area), is missing where the
//     evidence shows trouble: a failed unit, a probe that could not read
//     its source (an area nobody saw), or an instruction planted in it
//     (itself unusual). How full a disk may be is a judgement, not a
//     trouble this rule reads (an all-clear on the disks themselves is
//     read against a nearly full mount: diskverdicts.go). Not in a question, a condition or
//     advice, nor when the sentence excepts something ("everything else
//     looks fine").

var (
	oddWords     = lexicon.NewSet(`unusual wrong alarming suspicious concerning abnormal odd strange amiss worrying`)
	okWords      = lexicon.NewSet(`clear good fine ok okay well healthy normal`)
	seemWords    = lexicon.NewSet(`is are looks look seems seem appears appear`)
	serviceNouns = lexicon.NewSet(`service services unit units`)
	// upWords say a service is not failed.
	upWords = lexicon.NewSet(`running healthy fine ok okay active up good`)
	// verdictExceptions make a verdict about the rest, not the whole:
	// exceptWords (excepted.go) and the words that mean the rest.
	verdictExceptions = exceptWordsAnd(`else otherwise other but`)
	// verdictLeads may open a clause before its verdict ("Sure, all
	// good", "Good news: nothing unusual", "I see nothing wrong", "the
	// evidence shows nothing unusual").
	verdictLeads = lexicon.NewSet(`sure yes good great news ok okay so overall and in short summary short i
	see found find we there is s the evidence shows show`)
	// wholeScopes after a preposition keep a verdict about the machine
	// ("nothing to worry about on this machine").
	wholeScopes = lexicon.NewSet(`this the your my machine system server host computer box whole`)
	scopePreps  = lexicon.NewSet(`on in with for regarding about from among at`)
)

// checkVerdicts reports the verdicts of the answer's sentences (see
// above); facts are the sentences' (a services verdict already read as an
// absence is not read twice), instructed whether the evidence holds an
// instruction.
func checkVerdicts(ix *index, g *Grounding, answer string, facts []sentenceFacts, instructed bool) {
	var trouble string
	troubled := false
	var prev []string
	var full []record // df's full mounts, read at the first all-clear on the disks
	fullRead := false
	mounts := func() []record {
		if !fullRead {
			full, fullRead = ix.fullMounts(), true
		}
		return full
	}
	for k, f := range facts {
		if f.advice && !f.general || f.asked(answer) {
			prev = nil
			continue
		}
		sent := f.blank
		ws := plainWords(sent)
		sw := swapReferred(prev, ws) // swaprefer.go
		prev = ws
		checkSwapUse(ix, g, sw)
		checkSwapStates(ix, g, sw)
		checkSwapShare(ix, g, sw) // swapshare.go
		checkKernelThreads(ix, g, ws)
		checkProcessStates(ix, g, ws)                                            // psstates.go
		checkResults(ix, g, ws)                                                  // results.go
		checkSentenceCounts(ix, g, sent, nextBlank(facts, k))                    // countclaims.go
		checkIfaceCounts(ix, g, sent)                                            // ifacecounts.go
		checkJournalCounts(ix, g, answer[f.at.start:min(f.at.end, len(answer))]) // journalcounts.go
		checkEventCounts(ix, g, answer[f.at.start:min(f.at.end, len(answer))])   // eventcounts.go
		checkProbeCites(ix, g, f, ws)                                            // probecites.go
		checkKindPIDs(ix, g, sent)                                               // kindnouns.go
		excepting := anyOf(ws, verdictExceptions)
		cls := clauses(sent)
		checkDiskVerdicts(g, sent, cls, excepting, mounts)
		if excepting {
			continue
		}
		if (servicesVerdict(ws) || servicesLabel(cls)) && f.absent != "failed_services" {
			switch empty, ok := ix.absentFound("failed_services"); {
			case !ok:
			case empty:
				g.Found = append(g.Found, "nothing in failed_services")
			default:
				g.Missing = append(g.Missing, "nothing in failed_services")
			}
		}
		for _, clause := range cls {
			cw := plainWords(clause)
			if !blanketVerdict(cw) {
				if allLeads(cw) {
					continue // "Good news: nothing unusual"
				}
				break // "port 123 is local — nothing to worry about" is about the port
			}
			if !troubled {
				trouble, troubled = ix.trouble(instructed), true
			}
			if trouble != "" {
				g.Missing = append(g.Missing, strings.TrimSpace(clause)+" ("+trouble+")")
			}
		}
	}
}

// allLeads reports a clause of lead words only ("Sure", "Good news").
func allLeads(ws []string) bool {
	for _, w := range ws {
		if !verdictLeads[w] {
			return false
		}
	}
	return true
}

// clauses cuts a sentence at colons, commas and dashes.
func clauses(s string) []string {
	return strings.FieldsFunc(s, func(r rune) bool { return r == ':' || r == ',' || r == '\u2014' || r == '\u2013' })
}

// servicesVerdict reports "all services are running", "every unit is
// active", "failed services: none".
func servicesVerdict(ws []string) bool {
	for i, w := range ws {
		switch {
		case (w == "all" || w == "every") && serviceNouns[at(ws, i+1)]:
			j := i + 2
			if seemWords[at(ws, j)] {
				j++
			}
			if upWords[at(ws, j)] {
				return true
			}
		case w == "failed" && serviceNouns[at(ws, i+1)] && (at(ws, i+2) == "none" || at(ws, i+2) == "0"):
			return true
		}
	}
	return false
}

// servicesLabel reports a services heading with an all-clear after it:
// "Services: all running", "**Units:** OK".
func servicesLabel(cs []string) bool {
	if len(cs) < 2 {
		return false
	}
	head, rest := plainWords(cs[0]), plainWords(cs[1])
	if len(head) == 0 || len(head) > 2 || !serviceNouns[head[len(head)-1]] || len(head) == 2 && head[0] != "systemd" {
		return false
	}
	j := 0
	if at(rest, 0) == "all" || at(rest, 0) == "everything" {
		j = 1
	}
	return upWords[at(rest, j)] || okAfter(rest, j) > 0
}

// blanketVerdict reports whether a clause opens with an all-clear about
// the whole machine and no scope narrows it.
func blanketVerdict(ws []string) bool {
	i := 0
	for i < len(ws) && verdictLeads[ws[i]] {
		i++
	}
	if i > 0 && ws[i-1] == "the" && hostNouns[at(ws, i)] {
		i-- // "the server looks healthy"
	}
	e := 0
	switch w := at(ws, i); {
	case w == "nothing" && oddWords[at(ws, i+1)]:
		e = i + 2
	case w == "nothing" && at(ws, i+1) == "is" && oddWords[at(ws, i+2)]:
		e = i + 3
	case w == "nothing" && at(ws, i+1) == "to" && at(ws, i+2) == "worry" && at(ws, i+3) == "about":
		e = i + 4
	case w == "nothing" && (at(ws, i+1) == "needs" || at(ws, i+1) == "requires") && at(ws, i+2) == "attention":
		e = i + 3
	case w == "all" && okWords[at(ws, i+1)]:
		e = i + 2
	case w == "all" && at(ws, i+1) == "is" && okWords[at(ws, i+2)]:
		e = i + 3
	case w == "everything" && okAfter(ws, i+1) > 0:
		e = okAfter(ws, i+1)
	case (w == "the" || w == "this" || w == "your") && hostNouns[at(ws, i+1)] && okAfter(ws, i+2) > 0:
		e = okAfter(ws, i+2)
	default:
		return false
	}
	if at(ws, e) == "there" {
		return false // "nothing to worry about there"
	}
	if scopePreps[at(ws, e)] {
		// "nothing unusual on the CPU side" speaks of the CPU; "on this
		// machine" of the whole.
		for _, w := range ws[e+1 : min(len(ws), e+4)] {
			if !wholeScopes[w] {
				return false
			}
		}
	}
	return true
}

// okAfter returns the index after "is fine", "looks healthy", "fine" at
// ws[j], or 0.
func okAfter(ws []string, j int) int {
	if seemWords[at(ws, j)] {
		j++
	}
	if okWords[at(ws, j)] {
		return j + 1
	}
	return 0
}

// trouble returns what in the evidence a blanket all-clear would hide,
// or "".
func (ix *index) trouble(instructed bool) string {
	if instructed {
		return "the evidence holds an instruction"
	}
	if empty, ok := ix.absentFound("failed_services"); ok && !empty {
		return "failed_services"
	}
	for _, r := range ix.recs {
		if r.probe != "" && strings.HasPrefix(r.text, "cannot ") {
			return r.probe + " could not be read"
		}
	}
	return ""
}
