package brain

import (
	"strings"

	"github.com/jjgarcianorway/anna-assistant/daemon/lexicon"
)

// concept is a set of things a word of the question can mean, one bit
// each. Rules are written over concepts, not words, so synonyms and typos
// of a word all count the same.
type concept uint64

const (
	cRAM        concept = 1 << iota // ram, memory
	cAvail                          // available, free, left
	cUse                            // use, using, eating, hogging: a process's verbs
	cUsage                          // usage, used: an amount
	cTotal                          // total, installed, overall
	cSize                           // much (how much), big, size, gigabytes
	cCount                          // many (how many), number, count
	cCPU                            // cpu, processor
	cModel                          // model, kind, name, brand
	cCore                           // core
	cThread                         // thread
	cDisk                           // disk, drive, storage, filesystem
	cSpace                          // space, room: a disk word that also asks the amount
	cFull                           // full
	cProc                           // process, program, app
	cMost                           // most, top, biggest, hog
	cIP                             // ip, ipv4, ipv6
	cAddr                           // address
	cLocal                          // local, lan, private
	cGateway                        // gateway, router
	cDefault                        // default
	cRoute                          // route
	cPort                           // port, socket
	cListen                         // listening, open
	cNum                            // a port number
	cRun                            // running, runs
	cAny                            // anything, something
	cFail                           // failed, failing, broken
	cService                        // service, unit, daemon
	cGPU                            // gpu, graphics, vram
	cCard                           // card
	cYou                            // you, anna
	cSelf                           // "are you …": a question about Anna herself
	cHealth                         // ok, healthy, alive
	cHealthNoun                     // health, healthcheck
	cStatus                         // status, state
	cDoing                          // doing (how are you doing)
	cMachine                        // machine, computer, system
	cDebug                          // debug, debugging
	cMode                           // mode
	cEnable                         // enable, activate
	cDisable                        // disable, deactivate
	cToggle                         // turn, switch, put
	cOnWord                         // on
	cOffWord                        // off
	cState                          // enabled, disabled, turned, active
	cVersion                        // version, release
	cReject                         // how-to, why, change requests, negation…
)

// word is what the matcher knows about one vocabulary word.
type word struct {
	c concept
	// question is set for words that start a question or a request; after
	// "and" or "or" they mean a second question.
	question bool
}

// vocab is the matcher's closed vocabulary. A word outside it rejects the
// question. Fillers have no concept: they may appear in any question.
var vocab = map[string]word{}

func define(c concept, list string) {
	for _, w := range strings.Fields(list) {
		vocab[w] = word{c: c}
	}
}

func init() {
	define(cRAM, "ram memory mem")
	define(cAvail, "available free left remaining remains remain unused spare")
	define(cUse, "use uses using consume consumes consuming eat eats eating hogging hogs taking takes")
	define(cUsage, "usage used time")
	// "physical memory", "logical cpus": qualifiers of an amount.
	define(cTotal, "total installed overall altogether amount physical logical")
	define(cSize, "much big large size gigabytes gb")
	define(cCount, "many number count")
	define(cCPU, "cpu cpus processor processors")
	define(cModel, "model kind type name brand make")
	define(cCore, "core cores")
	define(cThread, "thread threads")
	define(cDisk, "hard disk disks drive drives storage filesystem filesystems partition partitions ssd hdd")
	define(cSpace, "space room")
	define(cFull, "full")
	define(cProc, "process processes program programs app apps application applications task tasks")
	define(cMost, "most top biggest largest heaviest hungriest hungry highest busiest hog")
	define(cIP, "ip ips ipv4 ipv6")
	define(cAddr, "address addresses")
	define(cLocal, "local lan private internal")
	define(cGateway, "gateway gateways router")
	define(cDefault, "default")
	define(cRoute, "route routes")
	define(cPort, "port ports socket sockets")
	define(cListen, "listening listen listens listener listeners open")
	define(cRun, "running run runs")
	define(cAny, "anything something any")
	define(cFail, "failed fail fails failing broken crashed")
	define(cService, "service services unit units daemon daemons systemd")
	define(cGPU, "gpu gpus graphics video vram")
	define(cCard, "card cards")
	define(cYou, "you anna annad annactl yourself")
	define(cHealth, "ok okay alright healthy fine alive working properly")
	define(cHealthNoun, "health healthcheck")
	define(cStatus, "status state")
	define(cDoing, "doing")
	define(cMachine, "machine computer system pc laptop box host network")
	define(cDebug, "debug debugging")
	define(cMode, "mode")
	define(cEnable, "enable activate")
	define(cDisable, "disable deactivate")
	define(cToggle, "turn switch put")
	define(cOnWord, "on")
	define(cOffWord, "off")
	define(cState, "enabled disabled turned activated deactivated active")
	define(cVersion, "version release")
	// Fillers: function words, politeness, and verbs of asking.
	define(0, `what whats which who is are am was do does did have has got i me my mine the a an of in
at this that these there here it its to for please pls tell show list give display print see check get
find current currently now right moment hey hi hello thanks thank your and or be being can could all by talking`)
	// Words that never belong to a simple factual question. They are in the
	// vocabulary so that a typo of one ("chnage") is corrected to it and
	// rejects, instead of passing as an unknown word near a topic word.
	define(cReject, `how why should shall would explain compare comparison versus vs difference
better worse best worst enough need needs change changing set increase decrease reduce raise lower up
clean clear delete remove kill stop restart start close block allow update upgrade install configure
fix repair troubleshoot help work works happen happened mean means cause causes problem problems issue
issues error errors slow fast fastest faster high low good bad normal not no never nothing if when
whether because some more less also then but plus where cost speed temperature threat threats`)
	for _, w := range []string{"what", "which", "who", "is", "are", "do", "does", "can", "could", "how",
		"why", "where", "when", "tell", "show", "give", "list", "should", "find", "check", "get"} {
		v := vocab[w]
		v.question = true
		vocab[w] = v
	}
	for w := range vocab {
		if len(w) >= minTypoLen {
			byInitial[w[0]] = append(byInitial[w[0]], w)
		}
	}
	for _, ws := range byInitial {
		sortStrings(ws)
	}
}

// minTypoLen is the length from which a word outside the vocabulary is
// read as a typing slip of a vocabulary word.
const minTypoLen = 5

// byInitial holds the vocabulary words of minTypoLen letters or more by
// first letter, sorted, for typo correction.
var byInitial = map[byte][]string{}

// sortStrings is an insertion sort: the lists are short and built once.
func sortStrings(s []string) {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
}

// correct returns the vocabulary word tok stands for: itself, or for words
// of minTypoLen letters or more the first vocabulary word (sorted) with the
// same initial one edit away (memroy → memory, avaliable → available).
func correct(tok string) (word, bool) {
	if w, ok := vocab[tok]; ok {
		return w, true
	}
	if len(tok) < minTypoLen {
		return word{}, false
	}
	for _, v := range byInitial[tok[0]] {
		if lexicon.OneEdit(tok, v) {
			return vocab[v], true
		}
	}
	return word{}, false
}
