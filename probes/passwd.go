package probes

import (
	"bufio"
	"bytes"
	"os"
	"strconv"
	"sync"
	"time"
)

// users maps uids to login names from a passwd file, re-reading the file
// only when its size or modification time changes: process listings ask
// for every process's owner, and the file rarely changes.
var users = struct {
	sync.Mutex
	files map[string]passwdFile
}{files: make(map[string]passwdFile)}

type passwdFile struct {
	size  int64
	mtime time.Time
	names map[uint32]string
}

// userNames returns the uid→name map of the passwd file at path. A missing
// or unreadable file gives an empty map: owners then show as numbers, as
// ps does for unknown uids. Users that exist only in NSS sources other than
// the file (LDAP, systemd-homed) also show as numbers.
func userNames(path string) map[uint32]string {
	fi, err := os.Stat(path)
	if err != nil {
		return nil
	}
	users.Lock()
	defer users.Unlock()
	if f, ok := users.files[path]; ok && f.size == fi.Size() && f.mtime.Equal(fi.ModTime()) {
		return f.names
	}
	data, err := readWhole(path, maxTableBytes)
	if err != nil {
		return nil
	}
	names := parsePasswd(data)
	users.files[path] = passwdFile{size: fi.Size(), mtime: fi.ModTime(), names: names}
	return names
}

// parsePasswd reads name:password:uid:… lines; the first name of a uid
// wins, as with getpwuid.
func parsePasswd(data []byte) map[uint32]string {
	names := make(map[uint32]string)
	sc := bufio.NewScanner(bytes.NewReader(data))
	for sc.Scan() {
		fields := bytes.SplitN(sc.Bytes(), []byte(":"), 4)
		if len(fields) < 4 || len(fields[0]) == 0 || fields[0][0] == '#' {
			continue
		}
		uid, err := strconv.ParseUint(string(fields[2]), 10, 32)
		if err != nil {
			continue
		}
		if _, seen := names[uint32(uid)]; !seen {
			names[uint32(uid)] = Sanitize(string(fields[0]), maxNameBytes)
		}
	}
	return names
}

// userName returns the login name of uid, or the uid as a number.
func userName(names map[uint32]string, uid uint32) string {
	if n, ok := names[uid]; ok {
		return n
	}
	return strconv.FormatUint(uint64(uid), 10)
}
