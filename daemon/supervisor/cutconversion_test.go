package supervisor

import "testing"

// A reply that stops on a bare number converting a figure with a unit
// lost that number's unit; one that ends on a bare number converting
// nothing is whole.
func TestCutConversion(t *testing.T) {
	judged := scenario(t, "server")
	judged.Answer = "The top memory process is **postgres** (PID 2231) using 2043112 KiB which is approximately 1.9"
	checkCutOff(t, []string{
		"postgres (PID 2231) holds 2043112 KiB which is approximately 1.9",
		"firefox uses 1153024 KiB, roughly 1.1",
		"firefox uses 1153024 KiB, i.e. 1.1",
		"firefox uses 1153024 KiB = 1.1",
		"The biggest process uses 1153024 KiB ≈ 1.1",
		"The root filesystem holds 187G of 220G, which is 85",
	}, []string{
		"The answer is 4",
		"Load average: 0.12",
		"The 1-minute load average is approximately 1.4",
		"firefox uses 7.4% of memory. The process count is roughly 90",
		"firefox uses 1.1 GiB and its PID is 4242",
	}, judged)
}
