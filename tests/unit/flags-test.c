/* Unit tests of the flag table, --flags lists and the closure.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <string.h>

#include "flags.h"
#include "tap.h"

#define THREE (UNSHARE_THREAD | UNSHARE_VM | UNSHARE_SIGHAND)

static void test_table(void)
{
	unsigned long all = 0;
	int unique = 1, named = 1;

	for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
		const struct flag *f = &unshare_flags[i];

		ok((all & f->bit) == 0, "bit of %s is used once", f->name);
		all |= f->bit;
		for (size_t j = 0; j < i; j++)
			if (strcmp(f->name, unshare_flags[j].name) == 0)
				unique = 0;
		if (flag_by_name(f->name, strlen(f->name)) != f ||
		    flag_by_name(f->kernel, strlen(f->kernel)) != f)
			named = 0;
		ok((*f->ns == '\0') == !(f->bit & UNSHARE_NAMESPACES),
		   "%s has a /proc/self/ns entry exactly if it is a namespace",
		   f->name);
		ok((f->implies == 0) == (*f->implies_why == '\0'),
		   "%s explains what it implies", f->name);
	}
	ok(all == UNSHARE_VALID, "UNSHARE_VALID is the table's bits");
	ok(unique, "flag names are unique");
	ok(named, "every flag is found by its name and its kernel name");
	ok(flag_by_name("MOUNT", 5) == flag_by_name("mount", 5),
	   "names are looked up in any case");
	ok(flag_by_name("UNSHARE_NET", 11) == flag_by_bit(UNSHARE_NET),
	   "UNSHARE_ prefix is accepted");
	ok(flag_by_name("mountx", 6) == NULL && flag_by_name("moun", 4) == NULL,
	   "no prefix or extension of a name matches");
	ok(flag_by_name("mount,uts", 5) == flag_by_name("mount", 5),
	   "lookup honours the length it is given");
	ok(flag_by_bit(UNSHARE_PID) && strcmp(flag_by_bit(UNSHARE_PID)->name,
					      "pid") == 0,
	   "flag_by_bit finds pid");
	ok(flag_by_bit(0x1) == NULL, "flag_by_bit of an unknown bit is NULL");
}

static int idx(unsigned long bit)
{
	return flag_index(bit);
}

static void test_closure(void)
{
	struct added why[UNSHARE_NFLAGS];
	int stable = 1, grows = 1, explained = 1;

	ok(flags_closure(0, NULL) == 0, "nothing brings nothing");
	ok(flags_closure(UNSHARE_THREAD, NULL) == THREE, "thread brings vm, sighand");
	ok(flags_closure(UNSHARE_VM, NULL) == THREE, "vm brings sighand, thread");
	ok(flags_closure(UNSHARE_SIGHAND, NULL) == THREE, "sighand brings thread, vm");
	ok(flags_closure(UNSHARE_MOUNT, NULL) == (UNSHARE_MOUNT | UNSHARE_FS),
	   "mount brings fs");
	ok(flags_closure(UNSHARE_IPC, NULL) == (UNSHARE_IPC | UNSHARE_SYSVSEM),
	   "ipc brings sysvsem");
	ok(flags_closure(UNSHARE_USER, NULL) ==
		   (UNSHARE_USER | UNSHARE_FS | THREE),
	   "user brings thread, vm, sighand and fs");
	ok(flags_closure(UNSHARE_UTS | UNSHARE_NET | UNSHARE_PID |
				 UNSHARE_CGROUP | UNSHARE_TIME | UNSHARE_FILES,
			 NULL) ==
		   (UNSHARE_UTS | UNSHARE_NET | UNSHARE_PID | UNSHARE_CGROUP |
		    UNSHARE_TIME | UNSHARE_FILES),
	   "uts, net, pid, cgroup, time and files bring nothing");

	flags_closure(UNSHARE_USER, why);
	ok(why[idx(UNSHARE_THREAD)].by == idx(UNSHARE_USER) &&
		   why[idx(UNSHARE_THREAD)].origin == idx(UNSHARE_USER),
	   "user: thread added by user's rule");
	ok(why[idx(UNSHARE_FS)].by == idx(UNSHARE_USER),
	   "user: fs added by user's rule");
	ok(why[idx(UNSHARE_VM)].by == idx(UNSHARE_THREAD) &&
		   why[idx(UNSHARE_VM)].origin == idx(UNSHARE_USER),
	   "user: vm added by thread's rule, from user");
	ok(why[idx(UNSHARE_SIGHAND)].by == idx(UNSHARE_VM) &&
		   why[idx(UNSHARE_SIGHAND)].origin == idx(UNSHARE_USER),
	   "user: sighand added by vm's rule, from user");
	ok(why[idx(UNSHARE_USER)].by == -1 && why[idx(UNSHARE_NET)].by == -1,
	   "requested and absent flags have no reason");

	flags_closure(UNSHARE_MOUNT | UNSHARE_USER, why);
	ok(why[idx(UNSHARE_FS)].by == idx(UNSHARE_MOUNT),
	   "mount,user: fs is credited to mount, the first in the table");

	flags_closure(UNSHARE_VM | UNSHARE_THREAD, why);
	ok(why[idx(UNSHARE_SIGHAND)].by == idx(UNSHARE_VM) &&
		   why[idx(UNSHARE_VM)].by == -1,
	   "vm,thread: only sighand is added, by vm");

	for (unsigned long m = 0; m < (1UL << 31); m = ((m | ~UNSHARE_VALID) + 1) & UNSHARE_VALID) {
		unsigned long c = flags_closure(m, why);

		if (flags_closure(c, NULL) != c)
			stable = 0;
		if ((c & m) != m || (c & ~UNSHARE_VALID))
			grows = 0;
		for (size_t i = 0; i < UNSHARE_NFLAGS; i++) {
			int added = (c & ~m & unshare_flags[i].bit) != 0;

			if (added != (why[i].by >= 0) ||
			    (added && !(m & unshare_flags[why[i].origin].bit)))
				explained = 0;
		}
		if (m == UNSHARE_VALID)
			break;
	}
	ok(stable, "the closure of a closure is itself (all 2^14 masks)");
	ok(grows, "the closure keeps what was asked and stays in UNSHARE_VALID");
	ok(explained, "exactly the added flags have a reason, from a requested flag");
}

static void parse_ok(const char *list, unsigned long want)
{
	unsigned long mask = 0;
	char msg[256] = "";
	int rc = flags_parse_list(list, &mask, msg, sizeof msg);

	ok(rc == 0 && mask == want, "--flags=%s gives 0x%lx (got 0x%lx, %s)",
	   list, want, mask, msg);
}

static void parse_bad(const char *list, const char *says)
{
	unsigned long mask = 0;
	char msg[256] = "";
	int rc = flags_parse_list(list, &mask, msg, sizeof msg);

	ok(rc == -1 && strstr(msg, says), "--flags='%s' is refused: %s", list,
	   msg);
}

static void test_list(void)
{
	parse_ok("mount", UNSHARE_MOUNT);
	parse_ok("mount,uts", UNSHARE_MOUNT | UNSHARE_UTS);
	parse_ok("NET,Clone_NewPid,UNSHARE_IPC",
		 UNSHARE_NET | UNSHARE_PID | UNSHARE_IPC);
	parse_ok("0x20000", UNSHARE_MOUNT);
	parse_ok("0X20000", UNSHARE_MOUNT);
	parse_ok("131072", UNSHARE_MOUNT);
	parse_ok("0", 0);
	parse_ok("0x7e070f80", UNSHARE_VALID);
	parse_ok("fs,0x400,sysvsem", UNSHARE_FS | UNSHARE_FILES | UNSHARE_SYSVSEM);
	/* Every first digit, 9 (the last) included; every hex digit, in
	 * either case. */
	parse_ok("939524096", UNSHARE_IPC | UNSHARE_PID | UNSHARE_USER);
	parse_ok("0X7E070F80", UNSHARE_VALID);
	/* The longest number it reads (31 characters), and one past. */
	parse_ok("0000000000000000000000000131072", UNSHARE_MOUNT);
	parse_bad("00000000000000000000000000131072", "unknown flag");

	parse_bad("", "empty item");
	parse_bad("mount,", "empty item");
	parse_bad(",mount", "empty item");
	parse_bad("mount,,uts", "empty item");
	parse_bad("mnt", "unknown flag 'mnt'");
	parse_bad("mount,bogus", "unknown flag 'bogus'");
	parse_bad("0x1", "unknown bit 0x00000001 in '0x1'");
	parse_bad("0x3", "unknown bits 0x00000003");
	parse_bad("0x100000000", "unknown bit 0x100000000");
	parse_bad("0x80000000", "unknown bit 0x80000000");
	parse_bad("0xabcdef00", "unknown bits 0x81c8e000 in '0xabcdef00'");
	parse_bad("0XABCDEF00", "unknown bits");
	parse_bad("-1", "unknown flag '-1'");
	parse_bad("+1", "unknown flag '+1'");
	parse_bad(" 1", "unknown flag ' 1'");
	parse_bad("0x", "unknown flag '0x'");
	parse_bad("0x-1", "unknown flag '0x-1'");
	parse_bad("12z", "unknown flag '12z'");
	parse_bad("99999999999999999999999", "unknown flag");
	parse_bad("0x10000000000000000", "unknown flag");
}

static void test_names(void)
{
	char buf[256];

	flags_names(UNSHARE_MOUNT | UNSHARE_USER | UNSHARE_FS, ", ", buf,
		    sizeof buf);
	ok(strcmp(buf, "mount, user, fs") == 0, "names in table order: %s",
	   buf);
	ok(flags_names(UNSHARE_MOUNT, ",", buf, 3) == 5 &&
		   strcmp(buf, "mo") == 0,
	   "a short buffer is cut and the needed length returned");
	flags_names(0, ",", buf, sizeof buf);
	ok(buf[0] == '\0', "no flags, no names");
}

int main(void)
{
	test_table();
	test_closure();
	test_list();
	test_names();
	return tap_done();
}
