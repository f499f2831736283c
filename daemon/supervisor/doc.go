// Package supervisor is the service desk's deterministic quality control (spec:
// "Deterministic Reliability Scoring", "Evidence Block"): it turns an answer
// and the evidence behind it into the five reliability signals, builds the
// evidence block, and shapes the timeout response. Nothing here calls a model;
// the same input always gives the same score. Each signal is defined so that
// garbage cannot earn it (DECISIONS.md §6); the exact rules are tabled in the
// README's "Service desk" section and measured in docs/SCORING.md. This
// comment states every rule; it goes on in docmatching.go (matching,
// attribution, grounding), which go doc shows as one text with this one.
//
// # Unusable replies
//
// Garbled (garbage.go) rejects an empty, non-UTF-8, control-character, symbol or
// mixed-script reply, a JSON fragment, anything left open (a bracket, a code
// block, bold text on the last line: "1. **Überwa", boldcut.go; a Markdown table
// row: tablecut.go), a reply that stops mid-sentence ("is at 9", "… and the
// biggest proc": cutsubject.go; "1537 KiB ≈ 1.4": cutconversion.go; "… with
// PID", a value label after a preposition: cutlabel.go), repeats
// itself or is too short (not up to three tokens, each a name the evidence
// holds whole, a label such as "PID" before one: "nas-01", "sdc1", "PID
// 30845"; terseanswer.go); Input.Incomplete marks a reply the model did not
// finish, and Judge rejects one that ends, unpunctuated, inside an evidence
// name ("/dev/vd"; cutoff.go). Such a reply earns at most translator_confident
// (score ≤ 20) and evidence.last_error says why ("unusable reply: …").
//
// # Evidence as records
//
// EvidenceText renders the probes' output and typed data, the hardware snapshot
// and the facts; the index cuts it into records: a line, with the indented
// lines under it (an ip addr block). Typed data is one line per element of a
// list (a process, a mount, an interface); its values are exact, so a whole
// number of it is read to a tenth (see Matching). Records of lscpu, free and the
// hardware snapshot are global: they describe the machine, not an entity. Every
// figure of a record has a kind and, where the evidence says, a column: its own
// unit ("1.2G", "37%"), its table column (ps %CPU and %MEM are percentages, RSS
// and VSZ KiB; free's and df's used, avail, total), or its key ("CPU max MHz:
// 4850", "rss_kib 1153024 KiB"). A number with none of these is a count.
//
// # Claims
//
// Check extracts an answer's claims: sizes, percentages, frequencies, counts
// above 10, PIDs (after "PID", listed after "PIDs" up to the end of the
// bracket holding it: not "2024" in "(sshd, PIDs 22243 and 22245), and 2024
// on 0.0.0.0"; wordclass.go; after "<program> process",
// numbers of two digits or more alone in brackets after a process name: "sshd
// (812)", "nginx (930, 931)"; after "listen" or a port such a bracket holds a
// port, except in a table row or before where it listens: "sshd (812) on 22";
// and before "listen … on" an address with no port after: "Redis (6379) listens
// only on 127.0.0.1" (a PID still where no socket has the number and a process
// has it as PID, as are such numbers after the name inside the bracket: "22 on
// 0.0.0.0 (sshd 22243)"; pidlists.go); in a Markdown table, a number under a
// "PID" or "Port" header; a bare number under a header with a "%" is a
// percentage of its field ("%MEM"), under "RSS" or "VSZ" KiB, under "RSS (MiB)"
// that unit: tablecells.go), ports (with their protocol: "TCP port 22", "UDP
// 5005", "udp 0.0.0.0:9000": ss's Netid; "[::]:8443" is an address and a port,
// so is "fd00::2:6379" where ss has "[fd00::2]:6379" and no address is that
// (barev6.go); a bare number (not one after "status" or "code": an exit
// status) after "port", "listen", "TCP" or "UDP", after a
// service or server noun and "on" ("the HTTPS server on 443"), right after
// "listeners" (or after "on" a few words after it: "the listeners are sshd on
// 22"), or going on a list of such ports: "… redis-server on 6379 and annad on
// 7070", or an item opening after a comma or "and" past the last one's
// annotations: "9000 on 0.0.0.0 (socat, PID 5371), 6000 on …"; or a run
// of them joined by "and", commas or "plus" right before "on" and an address,
// in a line naming their process, unit or PID before them: "master (PID
// 26950): 25 and 587 on 0.0.0.0"; ownedports.go), ranges ("24–27
// MiB", "between 130 and 140 MiB": one claim spanning both ends; two numbers
// with no dash between are two: "| 0 | 100% |"; rangegaps.go), clock times,
// counts of CPUs, cores, threads and sockets (any size: a number right before
// its noun, not across a break, or after a label's colon: "Logical CPUs: 16",
// "Threads per core: 2"; hwcounts.go), names (systemd units, block devices and
// /dev paths, interfaces, paths, IP addresses, versions, well-known programs (a
// product name such as "PostgreSQL" anchors the rows of the process it starts:
// postgres), names the evidence shows as processes, interfaces or journal
// identifiers (an everyday word such as go, make or sleep not where it is a
// verb: "the routes go via …"; one that is otherwise no name, such as yes,
// before a kind noun: "the yes process", "yes (PID 1470)"), a word (quoted too:
// "the `yes` process") before "process" or "(PID …)" (a quoted log message
// before a bracket of comment names none: `spamd "could not create INET
// socket …" (another socket held the port)`; bracketquote.go), the subject of "uses",
// "is using" or a participle before its figure ("frobd, consuming 40% CPU")
// (not a bracket's last word: "java (PID 19478, 929900 KiB RSS) uses";
// brackettail.go), "PID 1 is systemd": a word known only by such a position is
// a claim only when nothing else in its sentence is found, since it may
// describe the process ("the build process (PID 4242)"), and a word after "a …
// process" or before a complement is none ("a process worth looking into", "one
// process looks odd"; not a participle such as "consuming": appositions.go); a
// plain word right before "(PID" or a role noun such as "worker" never is where
// the evidence lacks it, nor a participle after "process" ("no process shown");
// no word is a name by its place across a line break; a kind descriptor,
// "the compiler", "the database", "the browser", before its PID ("(PID n)",
// ", PID n", "is PID n") needs a ps row of a program of that kind, and as a
// name stands for such programs' rows, as its share does: "the browser uses
// 12.3% CPU": kindnouns.go), user names ("log in as
// root", "user admin", "run by cloudsdk", "owned by user eve", "password for
// root", "a login as root": from its address's line, or its ps row's USER;
// users.go), vendor and model names ("AMD EPYC", "Ryzen 7 5800X"), states said of an
// entity ("eth0 is down", "ifb0 (UP)", "eth0 down; ifb0 up" (an interface, or
// its address, right before
// "up"/"down"; "running degraded", "running on one disk" are modes, no
// state: runidioms.go; not a lone identifier before "are": "Failed services on host10
// are unknown"), "nginx.service has failed", "in a failed state", "the failed
// units are …", "all interfaces except eth0 are down": not eth0; one that no
// entity before it has, before a colon, is each listed entity's: "two units are
// in a failed state: A and B"; a hedged "It looks like sdc is failing" of
// a disk whose journal lines show trouble, an I/O error or pending
// sectors, is an inference: hedgedstates.go) or denied ("nginx is not running"; a denied name
// the evidence lacks costs nothing, as does one set against the finding:
// "rather than a real PostgreSQL dump", but one denied presence ("there's no
// rpcbind or rpc.mountd in the listening ports", "I don't see any X", "X
// doesn't show up in lsblk") must be absent from the place named after it or
// the probe its sentence cites, else from ps and ss (not one narrowed to a
// span of time or a part: "after 23:09", "on TCP"), and one said to be in a probe's listing ("lsblk lists
// the disks: vda, sdb"; up to a relative clause or another source, "…, and
// the journal has …") must be in its output (probelists.go); "not by a postgres process", or after a
// denying copula: "it isn't PostgreSQL", which ties no figure to it either; or
// named only as a port's usual owner: "the usual MySQL port", "MySQL's default
// port" (not "port 3306 is MySQL"); a hedge is no name: "interface (likely
// WireGuard)"), words of letters and digits ("x86_64": found or dropped, never
// missing), backticked identifiers that name no entity ("an `AllowUsers` line":
// config text, found or dropped; one a dash or colon joins to a share or size,
// "2. `rsync` — 0.6%", names that figure's process: figurelabels.go), the root
// filesystem ("/", "root filesystem"; a "/" between figures divides them) and
// quoted spans of up to 80 bytes (Markdown bold, "**", inside one is
// formatting, dropped: emphasis.go; a quotation of three or more words of
// evidence text, up to 400 bytes, makes only that claim: its words make no
// figure, name, relation, absence or cause; verbatim.go; a quotation of several
// words matches with quote marks inside it and in the evidence left out, every
// other character kept: quotemarks.go; or shortened in the middle, as pieces
// of one line in order: at up to two places up to 6 words, or any part where
// an ellipsis marks the cut, none a negation, a piece beside an unmarked cut
// of two words or more: "554 5.7.1 Relay access denied" for "554 5.7.1
// <info@victim.example>: Relay access denied"; quoteelision.go). A path the answer
// cuts with an ellipsis ("/tmp/go-build7/b001/supervi…", copied from a prompt
// line cut at its bound) must start an evidence path. A count before a plural
// noun ("12 processes") counts that noun. A share of all the processes ("more
// than half of them are idle kernel threads", "Of the 90 processes, the
// majority are …") is missing where the probes list only the top ones; a share
// of the listed rows is not judged (procshares.go). Not claims: unitless
// integers up to 10 (not "a limit of 5": configvalues.go) and years, numbers
// after "top", "last" and the like,
// durations and quoted command lines, the terms of a sum, difference or
// product that makes another figure of its sentence ("137 … (128 + 9)";
// sumterms.go); but an elapsed time ("up for about 14
// hours", "running for 11 seconds", "started 2 hours ago", "Uptime: 3 days")
// must be the span from its subject's start (the machine's: PID 1's, else the
// earliest process start) to the evidence's newest timestamp, up to 5 minutes
// more, rounded or cut at its last digit ("11 days" or "10 days" for 10 d 14 h;
// not "11 days" for 10 d 2 h; missing without typed timestamps); a CPU time
// ("34 seconds of CPU") must be its entity's (its PID's first) cpu_seconds or
// ps TIME (uptimes.go); a duration quoted from its sentence's log lines must
// be one of theirs where its number is theirs in another unit ("about 2.4
// minutes" for "2.417283 seconds") or a report verb gives it to them ("chronyd
// reported …"; logdurations.go); a size, percentage or frequency given as
// what a log line says (the words right beside it, and three of its clause's,
// a journal line's that prints a figure of its kind: "couldn't allocate
// 318624 KiB for the signature database") must be that line's or its event's
// (its identifier's lines within 10 s), not its program's ps figure
// (logfigures.go). Sentences
// also carry relations (relations.go): "respectively" (so a list of PIDs
// and then as many figures, also ending a sentence: "(PIDs 2610 and 2782) at
// 36.7% and 35.0%"; pidtails.go; so, without it, a list of names and then
// as many clock times: "CPU1 and CPU0 … at 18:55:59 and 18:56:00", not after
// "between": pairednames.go), superlatives ("the
// biggest memory user is X", "X is the top memory user": X has ps's top figure,
// its first row if sorted: figureranks.go; "top" only before a consumer noun,
// not "top 5"; not "the busiest compile process", nor one named only by place,
// nor a name describing the next one: "the Go test binary `supervisor.test`";
// or a comma sets after "a …": "a Go test binary, supervisor.test";
// descriptornames.go)
// and absences ("the journal is empty", "no failed units", "no swap": checked
// against the probe; not "no failed units could be checked", a failed probe;
// unprobed.go; nor "I have no failed-unit information": unknowing.go; "no
// evidence of failed units" holds where that probe could not be read, and is
// "no failed units" where it was, as is "no sign of any failed units":
// unseen.go; so is a
// verdict on the services: "all services are running fine", "Failed services:
// none", "Services: all running"; a blanket all-clear opening its sentence,
// unscoped ("Nothing unusual:", "everything looks fine"; not "nothing unusual
// on the CPU side", "everything else …") is missing where the evidence shows a
// failed unit, a probe that could not read its source or a planted instruction:
// verdicts.go; an all-clear on the disks as a whole ("all filesystems look
// healthy", "no disk is full"; not one disk, nor with a figure) where df shows
// a mount at 95% or more (a read-only image aside) that the sentence does not
// except by name ("… except /var/lib/postgresql"): diskverdicts.go; "the second
// busiest" against ps's second row (so is a place: "in second place is X", by
// its sentence's measure or the ranking of the sentence before; and "the
// biggest is A, followed by B": B the next row; places.go; so is ", then B",
// also after a "Top CPU:" label, B right after "then", and a later clause's
// own place: "…, and the second busiest is B": thenplaces.go), said
// of what follows an opening "After X," (an order, not a cause; orders.go); without a
// ps sorted by the measure, against that column's second value: ranks.go).
package supervisor
