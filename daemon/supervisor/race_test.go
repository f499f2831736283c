//go:build race

package supervisor

// underRace is true when the tests are built with the race detector.
const underRace = true
