// Package brain is the service desk's fast path (seed 003 §2–3, "Brain"):
// a deterministic matcher that recognizes simple factual questions (how
// much RAM, which CPU, free disk space, the top process, IP addresses, the
// gateway, listening ports, failed units, the GPU, Anna's own health,
// version and debug mode) and a composer that answers them from the native
// probes and the hardware snapshot with no LLM call.
//
// # The precision rule
//
// A wrong fast answer is worse than a slow right one, so Match answers
// only when the whole question is a request for one of these facts and
// nothing else; everything it does not recognize goes to the LLM path.
// Concretely, Match returns false when:
//
//   - any word is outside its closed vocabulary (after lowercasing,
//     expanding contractions, dropping punctuation and correcting one typing
//     slip in words of five letters or more). A program, a path, a host name,
//     a number that is not a port ("is 8 GB enough"), an adjective of
//     judgment ("slow", "enough", "normal") or a topic it does not cover
//     ("kernel", "swap", "public") all send the question to the LLM;
//   - it asks how to do something, why, whether one should, to explain or
//     compare, or asks for a change: "how" is accepted only in "how much",
//     "how many", "how big", "how full" and "how are you"; why, should,
//     explain, compare, versus, difference and the change verbs (change,
//     set, free up, kill, stop, restart, open, close, install, update, fix…)
//     always reject, and so does a negation ("isn't", "not");
//   - it asks what something is ("what is a failed service"), or about
//     Anna's own use of the machine ("how much ram does anna use");
//   - it asks more than one thing: two sentences with content, a
//     conjunction followed by a question word or a verb ("… and how do I
//     stop it"), or words of two different facts ("my ip and my gateway");
//   - the words of a fact appear but do not form the question the fast path
//     answers: "cpu usage" (no process asked for), "top processes" (by what?),
//     "what is debug mode" (no on, off or status), "can you debug this"
//     (no mode at all). Debug mode toggles only with an explicit enable,
//     disable, turn or switch verb, or a bare "debug on" / "debug off".
//
// Each fact is a rule over the concepts of the question: the concepts it
// requires and those it tolerates (docs/BRAIN.md has the tables it was
// tuned and measured on, and the scores). A question matches when exactly one rule
// holds; a concept no rule tolerates rejects it. Typos are corrected only
// toward the matcher's own vocabulary, including its reject words, so
// "chnage" still reads as "change" and rejects.
//
// Match reads at most MaxQuestionBytes bytes and MaxWords words; longer text
// is not a simple question and is refused without being read further, so
// its cost is bounded whatever a client sends.
//
// # Answers
//
// Compose states figures as the evidence shows them: sizes from the typed
// probe data with one decimal and a binary unit (rounded, so the figure's
// interval contains the exact value), ps's %MEM and %CPU as ps prints
// them, df's Use% as df prints it, addresses and ports verbatim. Names from
// the host (process names, mount points, unit descriptions) are bounded
// and stripped of control characters. When a probe the answer needs failed,
// the answer says which and why instead of answering; it never guesses.
//
// Probes lists the probes an intent needs; Fresh says which of them must be
// read for the question rather than served from the runner's 30 s cache
// (memory, CPU, processes and what they hold open change from second to
// second).
package brain
