package supervisor

import "testing"

// A unit said not to be among the failed units, or not listed as
// failed, is missing where systemctl lists it as failed (heldout96),
// and holds where it lists another unit.
func TestDeniedAmongFailed(t *testing.T) {
	ev := "probe failed_services systemctl --failed\n" +
		"  UNIT                    LOAD   ACTIVE SUB    DESCRIPTION\n" +
		"● certbot.service         loaded failed failed Certbot\n\n" +
		"1 loaded units listed.\n" +
		"probe services systemctl\n" +
		"  nginx.service           loaded active running A high performance web server\n"
	checkPairs(t, []pair{
		{"not among", ev, "nginx.service is not among the failed units.", "certbot.service is not among the failed units."},
		{"not in, after a clause", ev, "The expiry date is not shown, and nginx.service is not in the failed units.",
			"The expiry date is not shown, and certbot.service is not in the failed units, so the expiry cannot be told."},
		{"not one of", ev, "nginx.service is not one of the failed units.", "certbot.service is not one of the failed units."},
		{"absent from", ev, "nginx.service is absent from the failed units.", "certbot.service is absent from the failed units."},
		{"not listed as", ev, "nginx.service is not listed as failed.", "certbot.service is not listed as failed."},
		{"stated, not denied", ev, "certbot.service is among the failed units.", ""},
		{"the state of, no membership", ev, "The state of the failed units is not certbot.service alone.", ""},
	})
}
