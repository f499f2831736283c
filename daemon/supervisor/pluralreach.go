package supervisor

import "github.com/jjgarcianorway/anna-assistant/daemon/lexicon"

// "Services are not reachable from outside", "the services are only on
// localhost": a bare plural of listeners, with no port or name, says a
// local reach of every listener, so one off the loopback makes it false.
// A wide reach said so ("services are exposed") may be of some only, and
// is not read as every listener's.

var (
	pluralListeners = lexicon.NewSet(`services listeners ports daemons sockets`)
	pluralDets      = lexicon.NewSet(`the your my its`)
	pluralVerbs     = lexicon.NewSet(`are aren were weren only listen bind stay remain`)
)

// barePlural reports sw[i:] opening with a bare plural of listeners and
// its verb, in a clause whose words say a local reach.
func barePlural(sw []string, i int) bool {
	if pluralDets[at(sw, i)] {
		i++
	}
	if !pluralListeners[at(sw, i)] || !pluralVerbs[at(sw, i+1)] {
		return false
	}
	rs, ok := readReach(sw[i+1:])
	return ok && rs.r == reachLocal
}
