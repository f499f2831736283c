// Comparisons ("A uses more memory than B", "X (654 MiB) is larger than Y (1.1
// GiB)", "A uses twice as much CPU as B": its order, not the factor) must hold,
// by the two figures or by the entities' ps rows (a bare number the evidence
// shows as a PID is that process; ratios.go); "(90.5% vs 0.6%)" after a
// comparative with no "than" ("but B uses far more CPU", "B is busier, 65.3%
// vs 5.0%") is the clause's subject's, then the other process named before
// it's (in its sentence or the one before), and "A … B: X (…) vs Y (…)" A's
// then B's, each with its restating bracket (versus.go, versusgroups.go); a
// figure right before "more … than" is the two sides' difference ("0.4 GiB
// more than hog.py"; the comparison itself is read between the sides' own
// figures: relsides.go), and a hedged number before "times more than" or "times as much as"
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
// the disk it is a partition of; a tmpfs is on none; an overlay under another
// mount with its Size, Used and Avail is on that mount's: overlaybacking.go);
// and the device a mount
// "sits on", "is mounted from", must be its source or that source's disk, as
// must a device, /dev path or host (after "from", or with its "share") said
// to be what is mounted at a path ("sdb, which is the disk mounted at
// /mnt/archive", "the disk mounted at /srv/data is sdb", "the NFS share from
// nas01 is mounted at …", "/mnt/archive is
// an NFS mount from nas01") be in df's or lsblk's row of that mount point, a
// disk through its partition (a disk the evidence shows only by a partition,
// sdb by /dev/sdb1, is found, its figures its partitions' rows: diskparts.go;
// mountsources.go); a
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
// 4 times", "bob failed IMAP auth 3 times", a user counted in the item's
// bracket: "(admin, and root twice)": the journal's, of its item's user and
// address, as lines or as the attempts they count, dovecot's "auth failed, 3
// attempts", Samba's "user [carol] … FAILED with error NT_STATUS_…", of
// "[ipv4:ADDR:PORT]", Grafana's "Failed to authenticate request … username=X";
// an "all for user X from ADDR" after the count holds for each line counted;
// of the program the item names, "Grafana logged 4 failed logins", "failed
// SSH logins" (loginidents.go); an item saying how often, "…: admin twice
// from ADDR" (loginlists.go); countclaims.go, loginbrackets.go, smblogins.go),
// interfaces of a kind ("2 bridges", "4 veth pairs attached to docker0",
// "there are 6 network interfaces", not "2 interfaces are down": ip addr's;
// ifacecounts.go),
// entries, quoted lines, OOM kills ("5 sshd entries", "just one OOM kill";
// "10 warning or error entries" counts all lines: the probe shows warning
// level or worse; journalcounts.go, journalitems.go; such a count is judged by that rule alone, its figure is
// no plain number: journalcountclaims.go), reports of a message ("cupsd
// reported the printer as not responding four times between 20:33:28 and
// 20:33:48": the entity's lines holding the phrase's words, in that range;
// not one its times follow: "twice, at 19:05:10 and 20:14:47";
// journaltimes.go), events said as a noun ("rejected three relay attempts
// from 198.51.100.7", "two checkpoint warnings": the lines holding most of
// the verb's and noun phrase's words, a bare "attempts" or "warnings"
// weighing less, of the item's address and user; not judged when a word of
// its noun phrase is on no line, "3 failed Samba logins" of smbd's lines;
// where those lines write a
// figure of the noun, "3 attempts in 12 secs", one of those or their sum;
// not "5 warnings or errors", nor without a past verb, address, user, clock
// time or log word: "nginx has 3 connections"; eventcounts.go; and an
// address given as such an event's source, "rejected relay attempts from
// 198.51.100.25", on one of those lines: eventsources.go; a count up to ten
// with a plural a journal line counts, "3 pending sectors", "9 seconds apart
// at 20:14:59", the figure of the line its words, time, address or user
// mean: linefigures.go); a count of every process ("there are 73 processes
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
// …"; the message after "failed with", to a comma or "while", past words of
// a mere result such as "error", "exit code": failedwith.go) may name only
// words (a negated auxiliary, "couldn't", or "either" is grammar), or their
// stems, that the records of its
// sentence's entities and clock time (an opening "It": the last sentence's), or
// journal lines within a minute of them, have (not a guess: a hedge or guess
// word, not a denied modal, in the clause that holds its marker, "It might
// have been caused by", "…, probably because", "can be caused by", "because
// it probably expired"; not "As you can see, …"; its words end at one:
// "…, which may need attention"; one blaming a probe that failed, "because
// the `systemctl --failed` probe didn't work (no connection to …)", may also
// take words of the failed probes' records, past "didn't work":
// probefailcauses.go; and at a new clause, ", and …", "; …",
// though a causal mark after it opens another clause checked alike;
// causeclauses.go; a signal's name is its number, SIGTERM "signal 15",
// and a memory cgroup out of memory a memory or cgroup limit hit:
// events.go; "because they
// sit on that filesystem" places the mounts named, or df's mounts under a
// path named, on the filesystem of the mount or device named before, as df
// shows: placements.go), as must "caused", "led to" or "came from"
// (not in a hedged, negated or conditional sentence; loglinks.go); "the same
// address (user, PID) that/as …" the value it names ("the same address
// (203.0.113.45)"), else the one before it (in the sentence before if its own
// has none), on a journal line of the clock times and user its
// clause gives, which are that line's, not the entity's before it
// (samelinks.go); an event
// ("OOM", "crashed") must be in the evidence (systemd's "status=11/SEGV" is a
// segfault, "code=dumped" a crash), a PID killed on its line (causes.go,
// events.go, eventpids.go), a PID said to run now ("still running as PID
// 2385", "is running (PID 2385)") a ps or ss row's, of the process its
// sentence (after "It", the one before) names: a journal line's PID is only
// what it logged under (livepids.go); a time said to be when something was
// logged ("logged at 20:42:28: thermal_zone3 reached 98 C", in a general
// sentence too) a journal line's naming an entity of its item (past a colon;
// the kernel or systemd only where it names no other), and its log verb's
// subject's where that is a journal identifier (after a comma, a part
// opening with its own identifier, "…, the kernel hit …", is that one's,
// and a part with a log verb of its own holds its subject and entities;
// commasubjects.go), and an outcome it is said to have logged ("reported
// the array rebuilt") a stem of that line's text, not one the line denies
// ("will not be restarted", "restart canceled"; logoutcomes.go); an act
// told as done ("ran", "used sudo to run", "logged in") at a time whose
// lines all record a failed attempt ("3 incorrect password attempts",
// "Failed password") is false unless its clause says it failed or was
// tried (failedattempts.go); a figure tied to a key of a journal line
// ("key is n", "key=n", "key [n]", "n key") that is another figure of a
// line holding the key is false unless the lines also give the key that
// figure ("max_user_watches [8192] … used watches [8190]" swapped;
// keyfigures.go), a copied "key=n" a figure the lines give the key
// ("restartCount=1" where it is 0); a copied
// exit field ("status=2/INVALIDARGUMENT") on a line of the entity before it
// (exitfields.go); a figure, clock time or URL after a journal line's
// identifier (job=, container=, request_id=; up to the next one, a "; " or the
// sentence's end, and from its sentence's start or a comma when it is the
// sentence's first; its own item, not the PID's before it) that a line of
// another value of that field holds must be on one of its own lines, and
// an outcome said in its sentence ("will restart") one its lines do not
// deny (logids.go); one said to have failed, in its own item or as an
// item of a list a heading calls failed ("three failed jobs: …"), a line
// of failure (logidfailures.go). A sentence citing a probe that gave no output ("According
// to systemctl --failed …", "the journal shows …"; not one reporting the
// failure) is missing, as is a count of failed units without systemctl
// --failed's list (probecites.go), unless it is said of the journal ("the
// journal shows one service failing"): then it is the count of units with
// failure lines there (journalfailed.go).
// "There is no swap" (or "swap is not configured", "disabled") is checked
// against memory_info's swap (free's row or its typed sizes; a total of 0 is
// needed), and "swap is not being used" (or "untouched", "none of it is
// currently in use", "all of it free", "… but nothing of it is used")
// against its used column, "fully used"
// ("completely full") against its free column (under 5% of the total;
// swapuse.go, swapstates.go), a share said used ("roughly half of it is in
// use", "most of the swap", "a little", "is swapping") against used/total
// (swapshare.go), as is an opening "it" ("None of it is in use")
// whose sentence before ends on swap (swaprefer.go); a PID called a "kernel
// thread" must show VSZ 0
// and a bracketed name alone in ps (kthreads.go): the descriptor's own
// process, the name after it ("the kernel thread kdamond.0";
// kthreadnames.go), else the nearest PID or ps name before it, not an
// earlier one of the sentence; a result said of a process
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
// (scopes.go, sockets.go); not an address and port written as one endpoint
// that a journal line shows a connection made to, "couldn't reach
// mx.partner.example[198.51.100.25]:25" or "198.51.100.25:25" (with "from"
// before it only where the line has it): the far end binds and reaches
// nothing here (peerends.go). A program said to own a port ("port 631
// belongs to cupsd", "port 6443 is the Kubernetes API server (kube-apiserver)",
// "the … service (kube-proxy) listens on port 31337": a name claimed in the
// description, or a hyphenated program name in brackets after it) must be the
// process of a socket on that port (portowners.go), and a PID joined to a port
// ("on port 8443 (PID 1261)", "PID 1261 listens on 8443", "the python3
// listening on 127.0.0.1:6000 is PID 8082", "PID 8082 is the python3 listening
// on …") that socket's owner, of its address too where given (pidports.go). A well-known service said to be what a port is ("Port 22022 is
// SSH", "UDP port 123 is NTP", "kube-apiserver is listening on 6443", "5432
// (PostgreSQL)", "Port 25 is open — looks like a mail server") must be the
// program owning a socket on it in ss (a web server: one whose command line
// serves HTTP too), and one denied ("port 5353 is not mDNS": no denial that
// 5353 listens) must not; a port's usual service is general knowledge ("the
// mDNS port", "Port 25 is normally SMTP"), and one claimed, not guessed
// ("probably SSH", "can be SSH"), of a port whose sockets show no owner is missing
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
// ::1; negated, the opposite (said of a bare plural, "Services are not
// reachable from outside", of every socket: pluralreach.go); "only listening
// on IPv6", "IPv4 only", "no IPv4
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
