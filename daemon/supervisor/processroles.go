package supervisor

import "strings"

// A server that forks its workers retitles each with its role: ps shows
// PostgreSQL's as "postgres: 15/main: archiver last was …", "postgres:
// 15/main: checkpointer", nginx's as "nginx: worker process", while the
// journal files every one of them under the program's identifier,
// "postgres[1886]". The role is a plain word ("the archiver",
// "autovacuum"), no program of its own, yet it names that one process:
// the lines its PID logged are its lines (commandNamed). Only the word
// that opens the role counts, not the rest of the title ("last was …",
// a database, a client's address), which says what the process is doing,
// not what it is.

// titleRole returns the first word of the role of a retitled process's
// command ("postgres: 15/main: archiver last was …" → "archiver"), or ""
// when the command is no retitled one.
func titleRole(cmd string) string {
	fs := strings.Fields(cmd)
	if len(fs) < 2 || !strings.HasSuffix(fs[0], ":") || strings.ContainsAny(fs[0], "/[") {
		return ""
	}
	i := 1
	for i < len(fs)-1 && strings.HasSuffix(fs[i], ":") {
		i++ // the cluster's name, "15/main:"
	}
	if strings.HasSuffix(fs[i], ":") || strings.ContainsAny(fs[i], "/[@=") {
		return ""
	}
	return fs[i]
}

// loggedBy reports a journal line that PID pid logged ("… postgres[1886]:
// …"): a role's own line, where an ss row that lists the role's PID among
// its siblings' (nginx's master and worker on one socket) is no more the
// role's than theirs.
func loggedBy(text, pid string) bool {
	_, by := journalLabel(text)
	return by != "" && by == pid
}
