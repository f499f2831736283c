package supervisor

// df -h, free -h and lsblk print sizes in powers of 1024 with a bare
// letter ("66M", "2.4G"), and an answer that writes a size so copies that
// notation: such a figure, in the evidence or the answer, is binary only.
// Read as decimal too, "66M" (65.5–66.5 MB) would overlap "62M" read as
// binary (64.5–65.5 MB), so "62M used" matched a Used of 66M, and "16G
// free" an Avail of 15G. "2.6 GB", "2.6 gigabytes" keep both readings.

// binaryLetter returns u without its decimal reading when it was written
// as one letter attached to the number.
func binaryLetter(u unit, attached string) unit {
	if len(attached) == 1 {
		u.alt = 0
	}
	return u
}
