package supervisor

import (
	"regexp"
	"slices"
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// "loop0 is a 5.5G zram device": a kind of block device said of a device
// is lsblk's TYPE of its row (zram shows as a disk, so zram is read from
// the name), not the kind of another device the evidence lists. Only the
// kinds that set a device apart are read; "disk" is said of loop and
// zram devices too.

// deviceKinds map a kind word to the lsblk TYPE, or the name prefix for
// zram, that a device said to be of it must have.
var deviceKinds = map[string]string{"loop": "loop", "zram": "zram", "partition": "part",
	"lvm": "lvm", "raid": "raid", "crypt": "crypt", "luks": "crypt", "encrypted": "crypt", "rom": "rom"}

// deviceKindLinks may stand between a device and its kind: "is a 5.5G",
// "(a", "is an encrypted".
var deviceKindLinks = lexicon.NewSet(`is a an the its just only small large`)

// lsblkType reads a typed lsblk row's name and TYPE.
var lsblkType = regexp.MustCompile(`\bname (\S+) .*\btype (\S+)`)

// checkDeviceTypes reports a device said to be of a kind its lsblk row
// does not give.
func checkDeviceTypes(ix *index, g *Grounding, answer string, claims []claim) {
	if !slices.ContainsFunc(claims, func(c claim) bool { return c.class == classDevice && !c.advice }) {
		return
	}
	types := map[string]string{}
	for _, r := range ix.recs {
		if r.probe != "block_devices" {
			continue
		}
		if m := lsblkType.FindStringSubmatch(r.text); m != nil {
			types[m[1]] = m[2]
		}
	}
	if len(types) == 0 {
		return
	}
	for _, c := range claims {
		typ, listed := types[strings.ToLower(c.text)]
		if c.class != classDevice || c.advice || !listed {
			continue
		}
		kind := deviceKindAfter(answer, c)
		want, ok := deviceKinds[kind]
		if !ok {
			continue
		}
		if !strings.HasPrefix(typ, want) && !strings.HasPrefix(strings.ToLower(c.text), want) {
			g.Missing = append(g.Missing, c.text+" ("+kind+")")
		}
	}
}

// deviceKindAfter returns the kind word said of device c right after it
// in its clause ("loop0 is a 5.5G zram device"), or "".
func deviceKindAfter(answer string, c claim) string {
	rest := answer[min(c.off+len(c.text), len(answer)):]
	if i := strings.IndexAny(rest, ",;()\n"); i >= 0 {
		rest = rest[:i]
	}
	if i := strings.Index(rest, ". "); i >= 0 {
		rest = rest[:i]
	}
	for _, w := range plainWords(rest) {
		if _, ok := deviceKinds[w]; ok {
			return w
		}
		if !deviceKindLinks[w] && !sizeWord(w) {
			return ""
		}
	}
	return ""
}

// sizeWord reports a size's words as plainWords cuts them: "5", "5g",
// "gib".
func sizeWord(w string) bool {
	if isDigit(w[0]) {
		return true
	}
	_, isUnit := units[w]
	return isUnit
}
