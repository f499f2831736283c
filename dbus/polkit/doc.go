// Package polkit asks polkit's Authority, over the system bus, whether a
// process may perform an action. annad uses it for its admin methods: a
// member of the anna group passes only when polkit says so, which may mean
// the member types an administrator's password into their polkit agent.
//
// The subject is a unix-process identified by pid, start time and uid, all
// read by annad from the kernel when the client connected (see package
// peer), never from what the client says; the start time is what keeps a
// reused pid from inheriting another process's authorization.
package polkit
