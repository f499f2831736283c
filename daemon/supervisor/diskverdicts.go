package supervisor

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// An all-clear on the disks as a whole ("all filesystems look healthy",
// "no disk is above its limit", "none of the disks is full", "the disks
// are fine") is missing where df shows a mount at fullDisk or more: a
// filesystem that nearly full is no judgement call. A read-only image
// (squashfs, iso9660: a snap is always 100%) is never such a mount. Not
// said of one disk ("the disk is fine": which one), nor with a figure
// ("no disk is above 90%": a bound, bounds.go). One that excepts
// something ("… except /var/lib/postgresql, which is nearly full") holds
// where the sentence names every such mount.

// fullDisk is the Use% at which a mount is full whatever the judgement.
const fullDisk = 95

var (
	clearDiskNouns = lexicon.NewSet(`disks filesystems mounts partitions drives volumes disk filesystem mount partition drive volume`)
	// diskFullWords say a disk is in trouble after "no disk is …".
	diskFullWords = lexicon.NewSet(`full above over filling running close near nearly low critical`)
)

// diskAllClear reports a clause's words saying every disk is fine.
func diskAllClear(ws []string) bool {
	for i, w := range ws {
		if !clearDiskNouns[w] {
			continue
		}
		prev := at(ws, i-1)
		if prev == "the" || prev == "your" || prev == "of" {
			prev = at(ws, i-2)
		}
		if prev == "no" || prev == "none" || prev == "of" && at(ws, i-3) == "none" {
			for _, x := range ws[i+1 : min(len(ws), i+4)] {
				if diskFullWords[x] {
					return true
				}
			}
			continue
		}
		plural := strings.HasSuffix(w, "s")
		if (prev == "all" || prev == "every") && !slicesHasNot(ws[:i]) || plural && (i == 0 || at(ws, i-1) == "the" || at(ws, i-1) == "your") {
			for _, x := range ws[i+1 : min(len(ws), i+4)] {
				if x == "not" || x == "t" || x == "never" {
					break // "the disks are not fine"
				}
				if okWords[x] {
					return true
				}
			}
		}
	}
	return false
}

// fullMounts returns the df rows at fullDisk or more.
func (ix *index) fullMounts() []record {
	var out []record
	for _, r := range ix.recs {
		if r.probe != "disk_usage" || strings.Contains(r.text, "squashfs") || strings.Contains(r.text, "iso9660") || strings.Contains(r.text, "/snap/") {
			continue
		}
		for _, v := range r.values {
			if v.kind == kindPercent && strings.Contains(v.col, "use") && v.iv.lo >= fullDisk-0.5 {
				out = append(out, r)
				break
			}
		}
	}
	return out
}

// checkDiskVerdicts reports the all-clears on the disks of a sentence
// (see above). One with an exception ("all filesystems look healthy
// except /var/lib/postgresql, which is nearly full") holds when the
// sentence names every full mount, by its mount point or its device.
// cls and mounts (ix.fullMounts) come from checkVerdicts, which cuts the
// clauses once a sentence and reads df once an answer.
func checkDiskVerdicts(g *Grounding, sentence string, cls []string, excepting bool, mounts func() []record) {
	for _, clause := range cls {
		if !diskAllClear(plainWords(clause)) || strings.ContainsAny(clause, "%") {
			continue
		}
		for _, r := range mounts() {
			if !excepting || !namesMount(sentence, r.text) {
				g.Missing = append(g.Missing, strings.TrimSpace(clause)+" (a disk is nearly full)")
				break
			}
		}
	}
}

// namesMount reports whether a sentence names a df row's mount point or
// its device ("/dev/md0", "md0") as a word of its own.
func namesMount(sentence, row string) bool {
	fs := strings.Fields(row)
	if len(fs) < 2 {
		return false
	}
	src := fs[0]
	for _, w := range strings.Fields(strings.ToLower(sentence)) {
		w = strings.Trim(w, ",.;:()!?\"'`*")
		if w == fs[len(fs)-1] || w == src || "/dev/"+w == src {
			return true
		}
	}
	return false
}

// slicesHasNot reports a "not" before a quantifier ("not all disks are
// fine" is no all-clear).
func slicesHasNot(ws []string) bool {
	for _, w := range ws {
		if w == "not" {
			return true
		}
	}
	return false
}
