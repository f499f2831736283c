package supervisor

import (
	"slices"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// A unit named for a service is often run by a daemon named with a "d"
// after it: ssh.service runs sshd, cups.service cupsd. The journal's
// typed entries put the unit on a line of its own ("unit ssh.service"),
// apart from the message its daemon logged ("sshd[17804]: Failed
// password … from 203.0.113.77"), so "SSH" (the unit, where the evidence
// lists ssh.service) would be tied to no line holding its events. Where
// the unit's own name is no process, its daemon's lines are its lines too;
// a figure no line of either holds is still missing.

// withDaemon adds to a unit's records those of its daemon (the unit's
// base with "d") when the evidence names that daemon and the base itself
// runs no process.
func (ix *index) withDaemon(a claim, recs []int32) []int32 {
	if a.class != classUnit {
		return recs
	}
	base, _ := lexicon.CutUnitSuffix(a.key)
	daemon := base + "d"
	if ix.entities[base] == classProcess || ix.entities[daemon] != classProcess || len(ix.tokens[daemon]) == 0 {
		return recs
	}
	recs = append(slices.Clone(recs), ix.nameRecords(daemon, maxAnchorTokens)...)
	slices.Sort(recs)
	return slices.Compact(recs)
}
