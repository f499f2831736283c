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
// biggest proc": cutsubject.go; "1537 KiB ≈ 1.4": cutconversion.go), repeats
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
// list (a process, a mount, an interface). Records of lscpu, free and the
// hardware snapshot are global: they describe the machine, not an entity. Every
// figure of a record has a kind and, where the evidence says, a column: its own
// unit ("1.2G", "37%"), its table column (ps %CPU and %MEM are percentages, RSS
// and VSZ KiB; free's and df's used, avail, total), or its key ("CPU max MHz:
// 4850", "rss_kib 1153024 KiB"). A number with none of these is a count.
//
// # Claims
//
// Check extracts an answer's claims: sizes, percentages, frequencies, counts
// above 10, PIDs (after "PID", listed after "PIDs", after "<program> process",
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
// (barev6.go); a bare number after "port", "listen", "TCP" or "UDP", after a
// service or server noun and "on" ("the HTTPS server on 443"), right after
// "listeners" (or after "on" a few words after it: "the listeners are sshd on
// 22"), or going on a list of such ports: "… redis-server on 6379 and annad on
// 7070", or an item opening after a comma or "and" past the last one's
// annotations: "9000 on 0.0.0.0 (socat, PID 5371), 6000 on …"), ranges ("24–27
// MiB", "between 130 and 140 MiB": one claim spanning both ends), clock times,
// counts of CPUs, cores, threads and sockets (any size: a number right before
// its noun, not across a break, or after a label's colon: "Logical CPUs: 16",
// "Threads per core: 2"; hwcounts.go), names (systemd units, block devices and
// /dev paths, interfaces, paths, IP addresses, versions, well-known programs (a
// product name such as "PostgreSQL" anchors the rows of the process it starts:
// postgres), names the evidence shows as processes, interfaces or journal
// identifiers (an everyday word such as go, make or sleep not where it is a
// verb: "the routes go via …"; one that is otherwise no name, such as yes,
// before a kind noun: "the yes process", "yes (PID 1470)"), a word (quoted too:
// "the `yes` process") before "process" or "(PID …)", the subject of "uses",
// "is using" or a participle before its figure ("frobd, consuming 40% CPU")
// (not a bracket's last word: "java (PID 19478, 929900 KiB RSS) uses";
// brackettail.go), "PID 1 is systemd": a word known only by such a position is
// a claim only when nothing else in its sentence is found, since it may
// describe the process ("the build process (PID 4242)"), and a word after "a …
// process" or before a complement is none ("a process worth looking into", "one
// process looks odd"; not a participle such as "consuming": appositions.go); a
// plain word right before "(PID" or a role noun such as "worker" never is where
// the evidence lacks it, nor a participle after "process" ("no process shown");
// no word is a name by its place across a line break), user names ("log in as
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
// in a failed state: A and B") or denied ("nginx is not running"; a denied name
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
// other character kept: quotemarks.go). A path the answer
// cuts with an ellipsis ("/tmp/go-build7/b001/supervi…", copied from a prompt
// line cut at its bound) must start an evidence path. A count before a plural
// noun ("12 processes") counts that noun. A share of all the processes ("more
// than half of them are idle kernel threads", "Of the 90 processes, the
// majority are …") is missing where the probes list only the top ones; a share
// of the listed rows is not judged (procshares.go). Not claims: unitless
// integers up to 10 (not "a limit of 5": configvalues.go) and years, numbers
// after "top", "last" and the like,
// durations and quoted command lines; but an elapsed time ("up for about 14
// hours", "running for 11 seconds", "started 2 hours ago", "Uptime: 3 days")
// must be the span from its subject's start (the machine's: PID 1's, else the
// earliest process start) to the evidence's newest timestamp, up to 5 minutes
// more, rounded or cut at its last digit ("11 days" or "10 days" for 10 d 14 h;
// not "11 days" for 10 d 2 h; missing without typed timestamps); a CPU time
// ("34 seconds of CPU") must be its entity's (its PID's first) cpu_seconds or
// ps TIME (uptimes.go); a duration quoted from its sentence's log lines must
// be one of theirs where its number is theirs in another unit ("about 2.4
// minutes" for "2.417283 seconds") or a report verb gives it to them ("chronyd
// reported …"; logdurations.go). Sentences
// also carry relations (relations.go): "respectively" (so a list of PIDs
// and then as many figures, also ending a sentence: "(PIDs 2610 and 2782) at
// 36.7% and 35.0%"; pidtails.go), superlatives ("the
// biggest memory user is X", "X is the top memory user": X has ps's top figure,
// its first row if sorted: figureranks.go; "top" only before a consumer noun,
// not "top 5"; not "the busiest compile process", nor one named only by place,
// nor a name describing the next one: "the Go test binary `supervisor.test`";
// or a comma sets after "a …": "a Go test binary, supervisor.test";
// descriptornames.go)
// and absences ("the journal is empty", "no failed units", "no swap": checked
// against the probe; not "no failed units could be checked", a failed probe;
// unprobed.go; nor "I have no failed-unit information": unknowing.go; so is a
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
// biggest is A, followed by B": B the next row; places.go), said of what
// follows an opening "After X," (an order, not a cause; orders.go); without a
// ps sorted by the measure, against that column's second value: ranks.go).
// Comparisons ("A uses more memory than B", "X (654 MiB) is larger than Y (1.1
// GiB)", "A uses twice as much CPU as B": its order, not the factor) must hold,
// by the two figures or by the entities' ps rows (a bare number the evidence
// shows as a PID is that process; ratios.go); "(90.5% vs 0.6%)" after a
// comparative with no "than" ("but B uses far more CPU") is the clause's
// subject's, then the other process named before it's (versus.go); a figure
// right before "more … than" is the two sides' difference ("0.4 GiB more than
// hog.py"), and a hedged number before "times more than" or "times as much as"
// their factor ("roughly 18 times"; a bare one is not checked), from one column
// of the rows of the entity before it and of one after "than", or else of one
// the answer named just before (relative.go); "more memory than all the other
// processes combined" (or "all the others combined use less … than X") is
// missing where the other ps rows' %MEM (or %CPU) already reach the subject's
// (its PIDs, else its first name's rows; combined.go); Between mounts,
// "fuller", "emptier", "more free space", "bigger" (than the mount after
// "than", else the nearest other one named before) must hold by the two df
// rows' Use%, Avail or Size; "on the same disk (as …)", "both on the same
// drive", "on a separate disk" by their disks (df's source, its lsblk parent or
// the disk it is a partition of; a tmpfs is on none); and the device a mount
// "sits on", "is mounted from", must be its source or that source's disk, as
// must a device, /dev path or host (after "from", or with its "share") said
// to be what is mounted at a path ("sdb, which is the disk mounted at
// /mnt/archive", "the NFS share from nas01 is mounted at …", "/mnt/archive is
// an NFS mount from nas01") be in df's or lsblk's row of that mount point, a
// disk through its partition (mountsources.go); a
// device said to be mounted or not ("loop0 is not mounted") must be so in lsblk
// or df, a disk through its partitions (mountstates.go); an opening "It" is the
// previous sentence's first mount; not where "not", a modal ("would give it
// more room") or advice ("consider moving") stands between (disks.go). A path a
// process is said to read or write ("dd is writing zeros from /dev/zero onto
// /dev/vda", "xz is compressing /mnt/data/backup.img": the object of such a
// verb, or after its "to", "onto", "from") must be in that process's records
// when its ps row has paths among its arguments (iopaths.go). "the N busiest
// processes" must be among ps's top N; "N <name> processes" (a title too: "3
// **php-fpm: pool www** workers", backticked: instquoted.go) must be the
// distinct PIDs of that name's rows in one ps table, or in ps and ss together,
// at least that many when a predicate selects them ("two python3 processes hold
// the most memory", "the biggest users are two python3 processes"; after the
// name, arguments count only rows whose command reads them: "four python3 -c
// worker processes" counts no "python3 -m" row), and the PIDs it goes on to
// name must be its rows' (instances.go, instselect.go); counts of failed units
// ("0 failed units" is "no failed units": missing where the list could not be
// read), of rows beyond a bound ("only one filesystem is above 80%";
// "everything else is under 0.5%": all but the rows its sentence, or the one
// before, names; boundnamed.go) and of sockets on an address must be the probe's
// (compare.go, bounds.go), as must an included count ("including one UDP
// socket": at least that many), one process's ports ("X (PID 8401) listens on
// four localhost ports"), failed logins ("3 failed logins for root", "X failed
// 4 times": the journal's, of its item's user and address; countclaims.go),
// entries, quoted lines, OOM kills ("5 sshd entries", "just one OOM kill";
// journalcounts.go; such a count is judged by that rule alone, its figure is
// no plain number: journalcountclaims.go), reports of a message ("cupsd
// reported the printer as not responding four times between 20:33:28 and
// 20:33:48": the entity's lines holding the phrase's words, in that range;
// not one its times follow: "twice, at 19:05:10 and 20:14:47";
// journaltimes.go); a count of every process ("there are 73 processes
// running", "in total", "73 procs;", "73 running processes", "Total processes:
// 73"; not "listed", "top") must be the process probe's total ("…, of 73"), not
// its list's length (totals.go); "(only) two services are listening (on TCP)"
// or "Total: 5 listening sockets", said of all listeners, must be ss's number
// of programs, PIDs, sockets or ports of that protocol; a count of listeners,
// sockets or ports opening a clause with "there are", "only", "just" or a verb
// ("There are 8 TCP listeners", "…, and just one listener: …", "Two UDP sockets
// are open"; a heading only over a list of other than its count of items: "6
// listeners: 22 (v4 and v6) and 631", whose list must then name every socket,
// not "Three listeners: A, B and C"; headcounts.go) its rows or ports (a port
// on 0.0.0.0 and [::] counted once or twice), never its programs; "all 4
// sockets are TCP" every row's and that protocol's, "nothing is listening on
// UDP" none of it, and "the other seven are on 127.0.0.1" that address's
// (listencounts.go); "only sshd is listening (on TCP)", "2024 is the only
// listener", "the only listening port is 2024" leave no other socket of ss (of
// that protocol; an ownerless one too) but those the rest of the sentence names
// ("…, apart from port 2024"), nor "nothing else is listening" one the answer
// did not name before it (not "only cupsd listens on 127.0.0.1": a scope;
// onlylisteners.go); "3 sockets (in total)" the CPU sockets' or ss's sockets
// (listeners.go, sockettotals.go). A bound is no figure; a sum ("together", "a
// + b", "adding up to"; and a figure after it in its sentence: "…, roughly
// 1.7 GiB") is found from two values of one column of the named entities'
// rows, or from that column's total over a whole group (the listed PIDs, one
// name's rows, all of them; a process two ps tables print counts once), or,
// when its own sentence
// names none, of those of the list items (or table rows) right above its line,
// else of the nearest earlier sentence naming two ("together they hold about
// 2.1 GiB"; sums.go), and must be the sum of the answer's own parts given
// there (or after it, past a colon or bracket) within its digits (a hedge:
// one step of its last digit, not 15%:
// "38.3% and 36.0%, together about 84%" is false; ownsums.go); "7740 uses"
// counts no "uses". A causal clause ("because …", "due to …", "triggered by
// …") may name only words (a negated auxiliary, "couldn't", or "either" is
// grammar), or their stems, that the records of its
// sentence's entities and clock time (an opening "It": the last sentence's), or
// journal lines within a minute of them, have (not a guess: a hedge or guess
// word, not a denied modal, in the clause that holds its marker, "It might
// have been caused by", "…, probably because", "can be caused by", "because
// it probably expired"; not "As you can see, …"; its words end at one:
// "…, which may need attention"; one blaming a probe that failed, "because
// the `systemctl --failed` probe didn't work (no connection to …)", may also
// take words of the failed probes' records, past "didn't work":
// probefailcauses.go), as must "caused", "led to" or "came from"
// (not in a hedged, negated or conditional sentence; loglinks.go); an event
// ("OOM", "crashed") must be in the evidence (systemd's "status=11/SEGV" is a
// segfault, "code=dumped" a crash), a PID killed on its line (causes.go,
// events.go, eventpids.go), a PID said to run now ("still running as PID
// 2385", "is running (PID 2385)") a ps or ss row's, of the process its
// sentence (after "It", the one before) names: a journal line's PID is only
// what it logged under (livepids.go); a time said to be when something was
// logged ("logged at 20:42:28: thermal_zone3 reached 98 C", in a general
// sentence too) a journal line's naming an entity of its item (past a colon;
// the kernel or systemd only where it names no other), and its log verb's
// subject's where that is a journal identifier (loggedclocks.go); and a copied
// exit field ("status=2/INVALIDARGUMENT") on a line of the entity before it
// (exitfields.go). A sentence citing a probe that gave no output ("According
// to systemctl --failed …", "the journal shows …"; not one reporting the
// failure) is missing, as is a count of failed units without systemctl
// --failed's list (probecites.go).
// "There is no swap" (or "swap is not configured", "disabled") is checked
// against memory_info's swap (free's row or its typed sizes; a total of 0 is
// needed), and "swap is not being used" (or "untouched", "none of it is
// currently in use", "all of it free") against its used column, "fully used"
// ("completely full") against its free column (under 5% of the total;
// swapuse.go, swapstates.go), as is an opening "it" ("None of it is in use")
// whose sentence before ends on swap (swaprefer.go); a PID called a "kernel
// thread" must show VSZ 0
// and a bracketed name alone in ps (kthreads.go), a result said of a process
// ("clamscan has found", "finished") a record other than ps's or ss's naming it
// (results.go); "nothing is listening on port 22", "nothing on 3306 or 5432",
// "port 80 is not open" or "…, not on the usual 22" (services.go) holds when no
// socket has the port, and a port said to show no process ("2024 on 0.0.0.0 (no
// process shown)", "an unnamed listener on 0.0.0.0:2024") when a socket with it
// has no owner (unowned.go); a percentage about the machine's memory may be
// free's used, free or available share of its total, and one of the CPUs' whole
// ("of the 200% the two CPUs can give", "3200% capacity") 100% per CPU the
// evidence counts (capacity.go). A size about swap (its segment names swap, not
// as "no swap", in its own clause: an "and" or "while" before a resource noun,
// or before a size and its resource noun, opens one: "20Gi of 23Gi memory is
// available and swap has 4.1Mi used", "while 9.3Gi RAM is free" (swapclauses.go);
// or right after "no swap": "no swap (0B)") comes from swap's records, one
// about the machine's RAM from free's Mem row ("21Gi free" from its free
// column, not its available one: scopes.go), a user or address from its item's
// nearest clock time's line (else one it goes on, ", from X"; an opening one;
// not "started 20:14"; timeitems.go), and one port and one address of a sentence (a
// table row: "| 6443 | [::] |"; "[::]" alone is the IPv6 wildcard, found on a
// socket's own address, not the peer column's "[::]:*") from one socket
// (scopes.go, sockets.go). A program said to own a port ("port 631
// belongs to cupsd", "port 6443 is the Kubernetes API server (kube-apiserver)",
// "the … service (kube-proxy) listens on port 31337": a name claimed in the
// description, or a hyphenated program name in brackets after it) must be the
// process of a socket on that port (portowners.go), and a PID joined to a port
// ("on port 8443 (PID 1261)", "PID 1261 listens on 8443") that socket's owner
// (pidports.go). A well-known service said to be what a port is ("Port 22022 is
// SSH", "UDP port 123 is NTP", "kube-apiserver is listening on 6443", "5432
// (PostgreSQL)", "Port 25 is open — looks like a mail server") must be the
// program owning a socket on it in ss (a web server: one whose command line
// serves HTTP too), and one denied ("port 5353 is not mDNS": no denial that
// 5353 listens) must not; a port's usual service is general knowledge ("the
// mDNS port", "Port 25 is normally SMTP"), and one claimed, not guessed
// ("probably SSH"), of a port whose sockets show no owner is missing
// (services.go, ownerless.go). An address called a gateway ("via 192.0.2.1",
// "the gateway is …", "the gateways are …", "… is the gateway", or listed right
// after one: "via 192.0.2.1 (IPv4) and fd00::1", "192.168.1.1 on enp3s0 and
// fe80::1") must be a route's gateway in ip route (missing without it), but one
// a listener is reached via ("reachable from the network (for example via
// 192.0.2.2)") the machine's own (reachvia.go; not after a network prefix:
// "10.30.0.0/16 is reached via 10.20.0.1"); a gateway said of a destination
// right before it ("203.0.113.0/24 via 192.0.2.254", "the default route goes
// via 192.0.2.1", "default → 192.0.2.1": after an arrow, a gateway) must be on
// that destination's ip route row, and a
// destination prefix or a gateway is tied to the interface after "on", "over"
// or "dev" in its segment, its route's device ("…, and 10.30.0.0/16 is reached
// via 10.20.0.1 over veth-db"; routeclauses.go); one tied to an interface in a
// segment about no route must be its own, from a line other than a route's or a
// route's "src" (routes.go); one denied a route ("no route for 10.77.0.0/24")
// must be, or lie in, no destination of ip route (noroute.go); one after
// "through" with a network prefix before it ("203.0.113.0/24 goes through
// 192.0.2.254") a gateway; addresses said to be all an interface has ("lo only
// has 127.0.0.1 and ::1", "the only address on lo is …", "nothing else", "no
// other IPv4 address"; not "only eth0 has …") must be every one ip addr gives
// it, link-local ones aside unless one is listed (onlyaddrs.go); a network
// prefix ("192.0.2.0/24") or an item of a list under a routing heading
// ("Routes:") is not. A prefix holding an address of its sentence the evidence
// has is found ("127.0.0.53, which is in 127.0.0.0/8"; prefixholds.go). A
// listener's reach ("exposed", "open to the network", "a public address",
// "reachable over IPv6 from other hosts": a socket off the loopback, of that
// family; "on all IPv4 interfaces", a table row's "all IPv4" or "public": a
// wildcard one; "only on localhost", "loopback only": none off 127.0.0.0/8 and
// ::1; negated, the opposite; "only listening on IPv6", "IPv4 only", "no IPv4
// listener": every socket of that family; famreach.go) is checked on its
// clause's ("while", "whereas", ", but" open one) ports (each by its comma
// item's own words, if any: "Exposed: 3306 on 0.0.0.0, 9443 on all IPv6
// addresses"; segreach.go), else processes (the PID in a bracket: "socat (PID
// 1472)"), else the previous clause's ("…, so it isn't exposed"), or a label's
// items ("Open to the network: 22, 80 and 631"); said of "nothing", "no service"
// or "all on 0.0.0.0" (a colon's head too: "Nothing is exposed: …"), on every
// socket but those excepted ("nothing except 2024", "nothing but sshd": which
// must have it; found where it holds); said of "only" its subjects ("Only port
// 2024 is reachable", "the only exposed listener is"), of no other socket
// (exclusive.go); not in a question, condition or modal clause, nor by words
// in quotes (exposure.go).
package supervisor
