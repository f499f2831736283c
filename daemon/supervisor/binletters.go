package supervisor

// df -h, free -h and lsblk print sizes in powers of 1024 with a bare
// letter ("66M", "2.4G"): such an evidence figure is binary only. Read as
// decimal too, "66M" (65.5–66.5 MB) would overlap an answer's "62M" read
// as binary (64.5–65.5 MB), and "62M used" would match the Used column
// that says 66M. The answer's own figure keeps both readings, so "2.6 GB"
// still matches the 2.4G it converts.

// binaryLetter returns u without its decimal reading when the evidence
// wrote it as one letter attached to the number.
func binaryLetter(u unit, attached string) unit {
	if len(attached) == 1 && u.alt != 0 {
		u.alt = 0
	}
	return u
}
