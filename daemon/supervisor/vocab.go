package supervisor

import "github.com/jjgarcianorway/anna-assistant/daemon/lexicon"

// kindWords mark the word next to them as a name: "the nginx process",
// "service foo", "foo daemon", "foo (PID 12)".
var kindWords = lexicon.NewSet(`process processes service daemon unit program pid command`)

// actionWords after a name mark it as the subject of a figure: "firefox
// uses 1.2 GiB", "chrome is using 30%", "sshd listens on port 22".
var actionWords = lexicon.NewSet(`uses consumes listens holds occupies`)
var progressiveWords = lexicon.NewSet(`using consuming listening holding occupying taking running`)

// proseCounters are words after which a small or round number describes
// the answer itself ("the top 5", "the last 200 lines"), not the system.
var proseCounters = lexicon.NewSet(`top first last past next every within only about around over`)
