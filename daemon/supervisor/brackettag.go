package supervisor

// "connected routes for 172.16.0.0/16 (ifb0) and 192.0.2.0/24 (eth0)": a
// bracket opening right after an item with a name first in it tags the
// item with that name, as a name after a lead does, whatever entity came
// before the item in its sentence.

// bracketTag reports whether the entity after, first in a bracket right
// after claim c, tags c.
func bracketTag(c claim, after *claim) bool {
	if after == nil || after.paren < 0 || after.off != after.paren+1 {
		return false
	}
	end := c.off + len(c.text)
	return after.paren == end || after.paren == end+1
}
