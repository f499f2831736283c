// Package lexicon recognizes the names of things on a Linux system in free
// text: programs, systemd units, block devices, network interfaces and
// addresses, and the words that are never names. The translator reads the
// user's question with it and the supervisor reads the answer with it, so a
// name means the same thing on both sides of the service desk.
//
// Every function here looks at one lowercased word and nothing around it;
// what a word means in its sentence ("restart foo", "foo uses 2 GiB") is
// for the caller to decide. Recognition is by shape and by short word lists,
// never by asking the host: the text may be about another machine.
package lexicon
