package facts

import "strings"

// cell is one cell of a table row with its column's name, both as norm
// writes them.
type cell struct{ column, text string }

// spacedColumns are the column names with a blank inside, which splitting
// a header at blanks would cut.
var spacedColumns = []string{"mounted on", "local address:port", "peer address:port"}

// rowCells splits a table row into cells under header's columns. Cells are
// read left to right, one per blank-separated word; the last column takes
// what is left (ps's COMMAND, systemctl's DESCRIPTION), and a row with fewer
// words than columns (lsblk without a mount point, ss without a process)
// leaves the last ones empty. systemctl's "●" before a unit is no cell.
func rowCells(header, row string) []cell {
	h := norm(header)
	for _, s := range spacedColumns {
		h = strings.ReplaceAll(h, s, strings.ReplaceAll(s, " ", "\x00"))
	}
	cols := strings.Fields(h)
	for i := range cols {
		cols[i] = strings.ReplaceAll(cols[i], "\x00", " ")
	}
	words := strings.Fields(norm(row))
	if len(words) > 0 && words[0] == "●" {
		words = words[1:]
	}
	out := make([]cell, 0, len(cols))
	for i, c := range cols {
		if i >= len(words) {
			break
		}
		text := words[i]
		if i == len(cols)-1 {
			text = strings.Join(words[i:], " ")
		}
		out = append(out, cell{c, text})
	}
	return out
}

// columnIs reports whether field names column: its name as the header
// prints it, with or without its "%", or one of the plain names a reader
// gives it ("memory" for RSS or %MEM, "mount point" for "Mounted on").
func columnIs(column, field string) bool {
	field = strings.TrimSuffix(strings.TrimSpace(field), ":")
	if field == "" {
		return false
	}
	if field == column || field == strings.Trim(column, "%") || field+"%" == column || "%"+field == column {
		return true
	}
	for _, alias := range columnNames[column] {
		if field == alias {
			return true
		}
	}
	return false
}

// columnNames are the plain names of the probes' columns (ps aux, df -h,
// lsblk, ss -tulpn, free -h, systemctl --failed).
var columnNames = map[string][]string{
	"user":    {"owner", "username", "user name"},
	"pid":     {"process id"},
	"%cpu":    {"cpu", "cpu%", "cpu usage", "cpu share", "cpu percent"},
	"%mem":    {"mem", "memory", "mem%", "memory%", "memory share", "memory usage", "memory percent"},
	"vsz":     {"virtual memory", "virtual size"},
	"rss":     {"memory", "resident memory", "resident set size", "rss (kib)", "rss kib"},
	"stat":    {"state", "status", "process state"},
	"start":   {"started", "start time", "started at"},
	"time":    {"cpu time"},
	"command": {"name", "process", "program", "cmd", "command line", "process name"},

	"filesystem": {"device", "source", "file system"},
	"size":       {"total", "capacity", "total size"},
	"avail":      {"available", "free", "free space", "available space"},
	"use%":       {"use", "usage", "used%", "percent used", "full", "use percent"},
	"mounted on": {"mount", "mount point", "mountpoint", "mounted at", "path"},

	"name":        {"device", "device name"},
	"rm":          {"removable"},
	"ro":          {"read-only", "read only"},
	"type":        {"device type"},
	"mountpoints": {"mount", "mount point", "mountpoint", "mounted on", "mounted at"},
	"mountpoint":  {"mount", "mount point", "mounted on", "mounted at"},

	"netid":              {"protocol", "proto", "transport"},
	"state":              {"status"},
	"local address:port": {"local address", "address", "port", "local port", "listen address", "listening address", "bind address", "listening on", "local"},
	"peer address:port":  {"peer address", "peer", "remote address", "remote", "peer port"},
	"process":            {"program", "owner", "users", "pid", "name", "process name"},

	"label":      {"row"},
	"total":      {"size", "total size"},
	"buff/cache": {"cache", "buffers", "buff cache", "buffer/cache"},
	"available":  {"avail", "available memory"},
	"free":       {"unused"},

	"unit":        {"name", "unit name", "service"},
	"load":        {"load state"},
	"active":      {"active state", "state", "status"},
	"sub":         {"sub state", "substate", "state"},
	"description": {"name"},
}
