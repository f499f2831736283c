package supervisor

import (
	"slices"
	"strings"
)

// The kernel names a block device without its /dev/ ("I/O error, dev
// sdb, sector …", "sd 2:0:0:0: [sdb] …") and often by a partition
// ("Buffer I/O error on dev sdb1"). So a disk's records include the lines
// that name it, or one of its partitions, as a word: "after kernel I/O
// errors at 18:36:32" said of /dev/sdb is that kernel line's time. A
// partition's records are not its disk's: "dev sdb" does not say which
// partition. /dev/sdb1 is found where the kernel says "dev sdb1".

// deviceLines returns recs with the records that name a's block device,
// or a partition of it, as a word.
func (ix *index) deviceLines(a claim, recs []int32) []int32 {
	name := strings.TrimPrefix(a.key, "/dev/")
	if a.class != classDevice || !isBlockName(name) {
		return recs
	}
	add := func(tok string) {
		for _, id := range ix.tokens[tok] {
			if slices.ContainsFunc(ix.recs[id].words, func(w string) bool { return w == tok || w == "["+tok+"]" }) {
				recs = append(recs, id)
			}
		}
	}
	own := len(recs) > 0
	add(name)
	if diskName.MatchString(name) {
		for t := range ix.tokens { // once per device: anchors are cached
			if strings.HasPrefix(t, name) && len(t) > len(name) {
				if partitionDisk(t) == name { // diskparts.go
					add(t)
				}
			} else if p, ok := strings.CutPrefix(t, "/dev/"); ok && !own && partitionDisk(p) == name {
				add(t) // a disk shown only by its partitions is their rows: diskparts.go
			}
		}
	}
	slices.Sort(recs)
	return slices.Compact(recs)
}
