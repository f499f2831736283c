package supervisor

import "testing"

// The options of an unquoted command line are no claims about the
// machine: "tail -20" after /srv/www says nothing of it (heldout96),
// while a figure the sentence says of /srv/www itself is still checked.
func TestCommandOptions(t *testing.T) {
	ev := "probe disk_usage df -h\nFilesystem Size Used Avail Use% Mounted on\n/dev/loop0 5.9G 5.1G 514M 91% /srv/www\n"
	checkPairs(t, []pair{
		{"pipeline after with:", ev, "Find what takes the space on /srv/www with: du -xh --max-depth=2 /srv/www | sort -h | tail -20",
			"Find what takes the 20% on /srv/www with: du -xh --max-depth=2 /srv/www | sort -h | tail -20"},
		{"option and its number", ev, "List what fills /srv/www with head -n 20 on the du output.",
			"List what fills /srv/www, 95% used, with head -n 20 on the du output."},
		{"unlisted command before a lettered option", ev, "The space on /srv/www is listed by lsof-watch -c 30 per file.",
			"The 95% on /srv/www is listed by lsof-watch -c 30 per file."},
		{"the command ends with its clause", ev, "/srv/www is 91% used; tail -20 shows the rest.", "/srv/www is 20% used; tail -5 shows the rest."},
		{"an option without a figure still names a probe", "probe failed_services systemctl --failed\n● certbot.service loaded failed failed Certbot\n",
			"systemctl --failed lists certbot.service as failed.", "systemctl --failed lists nginx.service as failed."},
	})
	for in, want := range map[string]string{
		"du -xh --max-depth=2 /srv/www | sort -h | tail -20": "du -xh               /srv/www | sort -h | tail    ",
		"about -20 degrees":              "about -20 degrees",
		"kill -9 1234":                   "kill    1234",
		"journalctl -n 50, then 20 more": "journalctl -n   , then 20 more",
	} {
		if got := blankOptions(in); got != want {
			t.Errorf("blankOptions(%q) = %q, want %q", in, got, want)
		}
	}
}
