package supervisor

import (
	"slices"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// "The I/O errors are on sdb, which is the disk mounted at /mnt/archive",
// "The NFS share from nas01 is mounted at /mnt/archive": a device, share
// or host said to be what is mounted at a path must be that path's source
// in df's or lsblk's row for it (/dev/loop0 there). That the evidence
// names sdb or nas01 elsewhere, in a log line, does not make it so. A
// disk whose partition the row shows ("sda" of "sda1") is its source.

// mountLinks may stand between a mount's source and "mounted at": "sdb,
// which is the disk mounted at", "nas01 is mounted at".
var mountLinks = lexicon.NewSet(`s which that is was are the a an disk device drive partition share
	filesystem volume export array raid it its one being currently also now nfs smb cifs loop block`)

// hostBefore are the words before a host whose share is mounted ("the
// NFS share from nas01"); shareNouns after one ("nas01's share").
var (
	hostBefore = lexicon.NewSet(`from server host`)
	shareNouns = lexicon.NewSet(`share export nfs smb cifs`)
)

// mountable reports a claim that names a block device.
func mountable(s claim) bool {
	return s.class == classDevice || s.class == classPath && strings.HasPrefix(s.key, "/dev/")
}

// checkMountSources reports a source said to be mounted at a path whose
// df or lsblk row shows another.
func checkMountSources(ix *index, g *Grounding, answer string, claims []claim) {
	for i, c := range claims {
		if c.class != classPath || c.advice {
			continue
		}
		var s *claim
		if verb := mountVerbAt(answer, c.off); verb >= 0 {
			s = mountSource(answer, claims[:i], c, verb)
			if s == nil && i+1 < len(claims) {
				s = mountIs(answer, c, &claims[i+1]) // diskparts.go
			}
		} else if i+1 < len(claims) {
			s = mountedFrom(answer, c, &claims[i+1])
		}
		if s == nil {
			continue
		}
		rows := ix.mountRows(c.key)
		if len(rows) > 0 && !slices.ContainsFunc(rows, func(r string) bool { return strings.Contains(r, s.key) }) {
			g.Missing = append(g.Missing, s.text+" (not mounted at "+c.text+")")
		}
	}
}

// mountVerbAt returns where the words "mounted at" (any of mountedVerbs)
// right before off start, or -1.
func mountVerbAt(answer string, off int) int {
	head := asciiLower(answer[max(0, off-len("mounted under ")):off])
	for _, v := range mountedVerbs {
		if strings.HasSuffix(head, v) {
			return off - len(v)
		}
	}
	return -1
}

// mountSource returns the claim before a mount verb that its words make
// the mounted thing: a device, a /dev path, or a host after "from",
// joined to the verb only by mountLinks; or nil.
func mountSource(answer string, before []claim, c claim, verb int) *claim {
	for j := len(before) - 1; j >= 0; j-- {
		s := &before[j]
		if s.sent != c.sent {
			return nil
		}
		if s.off+len(s.text) > verb {
			continue
		}
		links := plainWords(answer[s.off+len(s.text) : verb])
		for _, w := range links {
			if !mountLinks[w] {
				return nil
			}
		}
		prev := plainWords(answer[max(0, s.off-16):s.off])
		if mountable(*s) || s.class == classNone && s.kind == kindName &&
			(len(prev) > 0 && hostBefore[prev[len(prev)-1]] || anyOf(links, shareNouns)) {
			return s // "nas01's share is mounted at"
		}
		return nil
	}
	return nil
}

// mountRows returns the df and lsblk lines that show path as their mount
// point (their last field).
func (ix *index) mountRows(path string) []string {
	var out []string
	for _, r := range ix.recs {
		if !diskProbes[r.probe] {
			continue
		}
		for _, line := range strings.Split(r.text, "\n") {
			if f := strings.Fields(line); len(f) > 1 && f[len(f)-1] == path {
				out = append(out, line)
			}
		}
	}
	return out
}

// fromLinks may stand between a mount point and the source it is said to
// be mounted from ("/mnt/archive is an NFS mount from nas01").
var fromLinks = lexicon.NewSet(`is a an the nfs smb cifs network remote mount mounted share export exported served from by`)

// mountedFrom returns s when the words between mount point c and s make
// s its source: a mount, share or export "from" or "by" it; or nil.
func mountedFrom(answer string, c claim, s *claim) *claim {
	if s.sent != c.sent || !mountable(*s) && (s.class != classNone || s.kind != kindName) {
		return nil
	}
	ws := plainWords(answer[c.off+len(c.text) : s.off])
	for _, w := range ws {
		if !fromLinks[w] {
			return nil
		}
	}
	if !slices.Contains(ws, "from") && !slices.Contains(ws, "by") || !anyOf(ws, mountNouns) {
		return nil
	}
	return s
}

// mountNouns say what a source gives a mount point.
var mountNouns = lexicon.NewSet(`mount mounted share export exported served`)
