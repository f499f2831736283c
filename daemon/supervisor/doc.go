// Package supervisor is the service desk's deterministic quality control
// (spec: "Deterministic Reliability Scoring", "Evidence Block"): it turns
// an answer and the evidence behind it into the five reliability signals,
// builds the evidence block, and shapes the timeout response. Nothing here
// calls a model; the same input always gives the same score.
//
// # Grounding
//
// answer_grounded is a real check of the answer against the evidence (the
// probe stdout and stderr, the probes' typed data rendered as text, the
// hardware snapshot and the hardware facts; see EvidenceText). Check
// extracts the answer's claims:
//
//   - sizes: a number with a size unit, attached or not ("1.2G", "1.2 GiB",
//     "512M", "2048 MB", "3.4 GB", "4 KiB", "bytes");
//   - percentages ("37%", "37.5 %", "37 percent") and frequencies ("4.2 GHz");
//   - plain numbers (PIDs, counts, load averages, "1,288,490,188");
//   - clock times ("13:05", "13:05:22"), compared as text;
//   - names: systemd units (nginx.service), block devices (sda, nvme0n1p2),
//     interfaces (eth0, wlp3s0, lo), paths (/var/log, ~/x), IPv4 and IPv6
//     addresses, ports ("port 22", ":22", "0.0.0.0:22"), versions with three
//     parts (6.1.0), well-known program names (firefox, postgres, sshd),
//     a word right before "process", "service", "daemon" or "(PID …)", the
//     subject of "uses", "consumes", "is using", "is listening", and any
//     span of up to 80 bytes in backticks, double or single quotes (a quoted
//     lone figure or name is read as such; other quotes must appear verbatim).
//
// Not claims, because they describe the answer rather than the system: unit-
// less integers from 0 to 10 ("the top 3 processes"), unitless years
// 1900–2099, unitless numbers after "top", "first", "last", "past", "next",
// "every", "within", "only", "about", "around" or "over" ("the last 200
// lines"), durations ("in the last 24 hours": no probe reports durations
// other than ps TIME, which is a clock time), ordinals and words such as
// "64-bit" or "5800X". Anna's own version is a claim like any other: it is
// in the facts (version), so quoting it is grounded.
//
// Figures match with tolerance for units and rounding: a written figure
// stands for the interval of values that round to it (37% is [36.5, 37.5),
// 1.2G is [1.15, 1.25) GiB), and it matches evidence whose interval
// overlaps. Units without "i" (G, GB, M, MB…) are read both as binary and
// as decimal, because free and df print binary sizes without the "i" and
// models convert. A unitless evidence number may be a count, a percentage
// (ps %MEM), a size in bytes or KiB (typed data, ps RSS) or a frequency in
// MHz (lscpu). So "1.2 GiB" matches 1288490188 bytes, 1258291 KiB,
// "1229 MiB" and "1.2G"; "37%" matches 37.4. A percentage that is the
// ratio of two sizes the answer quotes from the evidence, within one point,
// counts as found ("3.2 GiB of 15 GiB, 21%"). Other derived figures (sums,
// differences) count as missing: the specialist must quote, not compute.
//
// Names match as whole words of the evidence, or of its parts split at
// / : . @ , (so /usr/sbin/sshd supports "sshd"), case-insensitively; a name
// longer than 15 bytes also matches its first 15 (the kernel cuts process
// names: systemd-journal); a unit matches its program (nginx.service by
// nginx). Paths, addresses, versions and quotes are searched as text with
// no letter or digit touching either end, so 10.0.0.1 is not in 10.0.0.15.
//
// The answer is grounded iff at least one claim is found and none is
// missing. Claims found only in the user's question or the ticket's
// entities are reported as Given: repeating the user is not invention but
// does not ground an answer. An answer with no claims is not grounded.
//
// # Invention
//
// no_invention holds when the answer uses none of HedgePhrases, matched as
// whole words, ignoring case and punctuation.
//
// # Cost
//
// Check is linear in the answer and near-linear in the evidence (sorted
// interval lookups); paths, addresses and quotes are searched in the
// evidence text, once per distinct claim.
package supervisor
