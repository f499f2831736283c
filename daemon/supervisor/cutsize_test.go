package supervisor

import "testing"

// A reply that ends on a bare figure of a size after writing its other
// sizes with a unit lost the unit (heldout72.txt:27); a bare figure with
// no sized figure before it, a zero, or a figure of no size is whole.
func TestCutSize(t *testing.T) {
	judged := scenario(t, "server")
	judged.Answer = "Swap is 2GiB in total.\nSwap used is 1.5"
	checkCutOff(t, []string{
		"**Memory summary:**\n- Total memory is 23Gi.\n- Used memory is 3.4",
		"Swap is 2GiB in total.\nSwap used is 1.5",
		"The disk holds 120G. The root disk has 40",
	}, []string{
		"**Memory summary:**\n- Total memory is 23Gi.\n- Used memory is 3.4Gi",
		"The disk holds 120G. Swap used is 0",
		"The disk holds 120G. The load average is 3.4",
		"Memory used is 3.4",
	}, judged)
}
