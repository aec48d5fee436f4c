/* Unit tests of id map parsing, holes, checks and formatting.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "idmap.h"
#include "tap.h"

static char subid_path[64] = "/tmp/idmap-test.XXXXXX";
static char selfmap_path[64] = "/tmp/idmap-test.XXXXXX";

/* The subordinate ids come from subid_path, never through libsubid. */
static const struct id_owner alice = { "alice", 1000, subid_path,
				       selfmap_path, "--add-subuids",
				       .libsubid = false };
static const struct id_owner bob = { "bob", 1001, subid_path, selfmap_path,
				     "--add-subuids", .libsubid = false };
static const struct id_owner carol = { NULL, 1002, subid_path, selfmap_path,
				       "--add-subuids", .libsubid = false };
static const struct id_owner erin = { "erin", 1004, subid_path, selfmap_path,
				      "--add-subuids", .libsubid = false };
static const struct id_owner nobody = { "dave", 1003, subid_path,
					selfmap_path, "--add-subgids",
					.group = true, .libsubid = false };

static void write_tmp(char *path, const char *text)
{
	int fd = mkstemp(path);

	if (fd < 0 || write(fd, text, strlen(text)) != (ssize_t)strlen(text))
		abort();
	close(fd);
}

static const char *text(const struct idmap *m)
{
	static char buf[4096];

	/* One line of TAP: "a b c;d e f;" */
	idmap_format(m, buf, sizeof buf);
	for (char *p = buf; *p; p++)
		if (*p == '\n')
			*p = ';';
	return buf;
}

static void parse_ok(const char *spec, const struct id_owner *o,
		     const char *want, int old)
{
	struct idmap m = { .n = 0 };
	char msg[256] = "";
	bool old_form = false;
	int rc = idmap_parse(spec, o, &m, &old_form, msg, sizeof msg);

	ok(rc == 0 && strcmp(text(&m), want) == 0 && old_form == old,
	   "'%s' maps %s", spec, rc == 0 ? text(&m) : msg);
}

static void parse_bad(const char *spec, const struct id_owner *o,
		      const char *says)
{
	struct idmap m = { .n = 0 };
	char msg[256] = "";
	bool old_form;
	int rc = idmap_parse(spec, o, &m, &old_form, msg, sizeof msg);

	ok(rc == -1 && strstr(msg, says), "'%s' is refused: %s", spec, msg);
}

static void test_parse(void)
{
	/* Every number of a range read alike: a sign, zeros before it. */
	parse_ok("+0:100000:10", &alice, "0 100000 10;", 0);
	parse_ok("0:100000:+10", &alice, "0 100000 10;", 0);
	parse_ok("0:000000100000:0000000000010", &alice, "0 100000 10;", 0);
	parse_bad("0:100000:-10", &alice, "");
	/* And a line of the subordinate ids with zeros before its numbers. */
	parse_ok("auto", &erin, "0 400000 10;", 0);
	parse_ok("0:100000:65536", &alice, "0 100000 65536;", 0);
	parse_ok("100000,0,65536", &alice, "0 100000 65536;", 1);
	parse_ok("0:0:4294967295", &alice, "0 0 4294967295;", 0);
	parse_ok("auto", &alice, "0 100000 65536;", 0);
	parse_ok("subids", &alice, "100000 100000 65536;", 0);
	parse_ok("auto", &bob, "0 165536 65536;", 0);
	parse_ok("auto", &carol, "0 231072 10;", 0);
	parse_ok("all", &alice, "0 0 1000;1000 1000 5;", 0);

	parse_bad("", &alice, "give INNER:OUTER:COUNT");
	parse_bad("1:2", &alice, "give INNER:OUTER:COUNT");
	parse_bad("1:2:3:4", &alice, "give INNER:OUTER:COUNT");
	parse_bad("1:2,3", &alice, "give INNER:OUTER:COUNT");
	parse_bad("a:2:3", &alice, "ids are numbers");
	parse_bad("-1:2:3", &alice, "ids are numbers");
	parse_bad("1:4294967295:3", &alice, "ids are numbers");
	parse_bad(":2:3", &alice, "ids are numbers");
	parse_bad("1:2:0", &alice, "the count is a number from 1");
	parse_bad("1:2:", &alice, "the count is a number from 1");
	parse_bad("1:2:4294967296", &alice, "the count is a number from 1");
	parse_bad("1:2:99999999999", &alice, "the count is a number from 1");
	parse_bad("1:2: 3", &alice, "the count is a number from 1");
	parse_bad("auto", &nobody, "has no line for dave (1003)");
}

static void check(const char *spec1, const char *spec2, const char *says)
{
	struct idmap m = { .n = 0 };
	char msg[256] = "";
	bool old;
	int rc = idmap_parse(spec1, &alice, &m, &old, msg, sizeof msg);

	if (spec2)
		rc |= idmap_parse(spec2, &alice, &m, &old, msg, sizeof msg);
	rc |= idmap_check(&m, msg, sizeof msg);
	if (says)
		ok(rc != 0 && strstr(msg, says), "%s %s: %s", spec1,
		   spec2 ? spec2 : "", msg);
	else
		ok(rc == 0, "%s %s is fine (%s)", spec1, spec2 ? spec2 : "",
		   msg);
}

static void test_check(void)
{
	check("0:100000:10", "10:100010:10", NULL);
	check("0:100000:10", "9:200000:10",
	      "ranges 0:100000:10 and 9:200000:10 overlap");
	check("0:100000:10", "20:100009:10",
	      "ranges 0:100000:10 and 20:100009:10 overlap");
	check("4294967290:0:5", NULL, NULL);
	check("4294967290:0:6", NULL, "goes past the largest id");
	check("0:4294967294:2", NULL, "goes past the largest id");
	check("30:100030:10", "0:100005:40",
	      "ranges 30:100030:10 and 0:100005:40 overlap");
}

/* n ranges of one id each, the inner ids i * step, the outer ids from
 * outer up; with a last range at last:last_outer:1 if last is not 0. */
static int many(size_t n, uint32_t step, uint32_t outer, uint32_t last,
		uint32_t last_outer, char *msg, size_t size)
{
	struct idmap m = { 0 };
	int rc;

	for (size_t i = 0; i < n; i++)
		idmap_add(&m, (uint32_t)i * step, outer + (uint32_t)i, 1, msg,
			  size);
	if (last)
		idmap_add(&m, last, last_outer, 1, msg, size);
	rc = idmap_check(&m, msg, size);
	idmap_free(&m);
	return rc;
}

static void test_check_many(void)
{
	char msg[256] = "";

	ok(many(340, 2, 1000, 0, 0, msg, sizeof msg) == 0,
	   "340 ranges that do not overlap (%s)", msg);
	ok(many(339, 2, 1000, 338, 5000, msg, sizeof msg) != 0 &&
		   strcmp(msg, "ranges 338:1169:1 and 338:5000:1 overlap") == 0,
	   "an overlap of the last with one in the middle, named in the "
	   "order given: %s", msg);
	ok(many(339, 2, 1000, 5000, 1100, msg, sizeof msg) != 0 &&
		   strcmp(msg, "ranges 200:1100:1 and 5000:1100:1 overlap") == 0,
	   "and on the outer side: %s", msg);
	ok(many(300, 10000000, 4000000000U, 0, 0, msg, sizeof msg) != 0 &&
		   strstr(msg, "300 ranges make 7083 bytes, and the kernel "
			       "takes 4095") != NULL,
	   "more map text than the kernel takes: %s", msg);
}

/* 170 lines of 24 bytes and one of last_len: 4095 bytes of map text with
 * a last line of 15, the most the kernel reads (less than a page of 4096
 * bytes); 4096 with one of 16. */
static int page_of_text(uint32_t last_inner, char *msg, size_t size)
{
	struct idmap m = { 0 };
	int rc;

	for (uint32_t i = 0; i < 170; i++)
		idmap_add(&m, 1000000000 + i, 2000000000 + i, 1, msg, size);
	idmap_add(&m, last_inner, 99999, 999, msg, size);
	rc = idmap_check(&m, msg, size);
	idmap_free(&m);
	return rc;
}

/* The groups a map holds, from the lowest inner id to the highest. */
static void span(const char *spec1, const char *spec2, int want,
		 uint32_t low, uint32_t high)
{
	struct idmap m = { .n = 0 };
	char msg[256] = "";
	bool old;
	uint32_t l = 7, h = 7;
	int got;

	if (spec1)
		idmap_parse(spec1, &alice, &m, &old, msg, sizeof msg);
	if (spec2)
		idmap_parse(spec2, &alice, &m, &old, msg, sizeof msg);
	got = idmap_span(&m, &l, &h);
	ok(got == want && (!want || (l == low && h == high)),
	   "the span of %s %s is %u to %u (got %d: %u to %u)",
	   spec1 ? spec1 : "no map", spec2 ? spec2 : "", low, high, got, l,
	   h);
	idmap_free(&m);
}

/* Whether a map has an id, inside or outside, at the edges of its
 * lines. */
static void test_has(void)
{
	struct idmap m = { .n = 0 };
	char msg[256] = "";
	bool old;

	ok(!idmap_has(&m, 0, false) && !idmap_has(&m, 0, true),
	   "an empty map has no id");
	idmap_parse("0:100000:10", &alice, &m, &old, msg, sizeof msg);
	idmap_parse("10:1000:1", &alice, &m, &old, msg, sizeof msg);
	ok(idmap_has(&m, 0, false) && idmap_has(&m, 10, false) &&
		   !idmap_has(&m, 11, false) && !idmap_has(&m, -1, false),
	   "inside: 0 to 10");
	ok(idmap_has(&m, 100000, true) && idmap_has(&m, 100009, true) &&
		   !idmap_has(&m, 100010, true) && !idmap_has(&m, 99999, true) &&
		   idmap_has(&m, 1000, true) && !idmap_has(&m, 0, true),
	   "outside: 100000 to 100009, and 1000");
	idmap_free(&m);
}

static void test_limits(void)
{
	if (sysconf(_SC_PAGESIZE) == 4096) {
		char msg[256] = "";

		ok(page_of_text(9999, msg, sizeof msg) == 0,
		   "4095 bytes of map text are taken (%s)", msg);
		ok(page_of_text(99999, msg, sizeof msg) != 0 &&
			   strstr(msg, "make 4096 bytes"),
		   "4096 are not: %s", msg);
	}
	parse_ok("0:0:4294967295", &alice, "0 0 4294967295;", 0);
	check("0:0:4294967295", NULL, NULL);
	check("1:0:4294967295", NULL, "goes past the largest id");
	span(NULL, NULL, 0, 0, 0);
	span("5:100000:1", NULL, 1, 5, 5);
	span("0:1000:1", "1:100000:10", 1, 0, 10);
	span("20:100000:10", "0:1000:1", 1, 0, 29);
	span("0:100000:65536", "70000:1000:1", 1, 0, 70000);
	test_has();
}

static void test_single(void)
{
	struct idmap m = { .n = 0 };
	char msg[256] = "";
	bool old;

	idmap_parse("0:100000:65536", &alice, &m, &old, msg, sizeof msg);
	ok(idmap_add_single(&m, 0, 1000, msg, sizeof msg) == 0 &&
		   strcmp(text(&m), "0 1000 1;1 100000 65535;") == 0,
	   "-r with a range from 0: the range moves up one inner id and "
	   "loses its top outer id: %s", text(&m));

	/* util-linux 2.38: --map-user=5 --map-users=200000,0,100 */
	m.n = 0;
	idmap_parse("0:200000:100", &alice, &m, &old, msg, sizeof msg);
	idmap_add_single(&m, 5, 1000, msg, sizeof msg);
	ok(idmap_check(&m, msg, sizeof msg) == 0 &&
		   strcmp(text(&m), "5 1000 1;0 200000 5;6 200005 94;") == 0,
	   "an inner id inside a range: the ids above it keep their place "
	   "in the range: %s", text(&m));

	m.n = 0;
	idmap_parse("0:100000:65536", &alice, &m, &old, msg, sizeof msg);
	idmap_add_single(&m, 5, 100007, msg, sizeof msg);
	ok(idmap_check(&m, msg, sizeof msg) == 0 &&
		   strcmp(text(&m), "5 100007 1;0 100000 5;6 100005 2;8 100008 65528;") == 0,
	   "inner and outer ids inside one range: three pieces, in order: %s",
	   text(&m));

	m.n = 0;
	idmap_parse("0:0:100", &alice, &m, &old, msg, sizeof msg);
	idmap_add_single(&m, 5, 0, msg, sizeof msg);
	ok(idmap_check(&m, msg, sizeof msg) == 0 &&
		   strcmp(text(&m), "5 0 1;0 1 5;6 6 94;") == 0,
	   "the outer id first, the inner later: %s", text(&m));

	m.n = 0;
	idmap_parse("0:200000:5", &alice, &m, &old, msg, sizeof msg);
	idmap_add_single(&m, 5, 1000, msg, sizeof msg);
	ok(strcmp(text(&m), "5 1000 1;0 200000 5;") == 0,
	   "an id just past a range leaves it whole: %s", text(&m));

	m.n = 0;
	idmap_parse("7:300:1", &alice, &m, &old, msg, sizeof msg);
	idmap_add_single(&m, 7, 1000, msg, sizeof msg);
	ok(strcmp(text(&m), "7 1000 1;") == 0,
	   "a range of one id that holds it goes: %s", text(&m));

	m.n = 0;
	idmap_add_single(&m, 0, 1000, msg, sizeof msg);
	ok(m.n == 1 && strcmp(text(&m), "0 1000 1;") == 0,
	   "a single mapping alone is one line");

	m.n = 0;
	for (int i = 0; i < IDMAP_MAX_EXTENTS; i++) {
		char spec[32];

		snprintf(spec, sizeof spec, "%d:%d:1", i * 2, i * 2);
		idmap_parse(spec, &alice, &m, &old, msg, sizeof msg);
	}
	ok(m.n == IDMAP_MAX_EXTENTS &&
		   idmap_parse("1000:1000:1", &alice, &m, &old, msg,
			       sizeof msg) == -1 &&
		   strstr(msg, "more than 340 ranges"),
	   "line %d is refused: %s", IDMAP_MAX_EXTENTS + 1, msg);
}

static void test_ids(void)
{
	uint32_t id;
	char msg[256];

	ok(id_parse("0", false, false, &id, msg, sizeof msg) == 0 && id == 0,
	   "0 is an id");
	ok(id_parse("4294967294", false, false, &id, msg, sizeof msg) == 0 &&
		   id == 4294967294U,
	   "4294967294 is an id");
	ok(id_parse("4294967295", false, true, &id, msg, sizeof msg) == -1 &&
		   strstr(msg, "ids are numbers"),
	   "4294967295 is not: %s", msg);
	ok(id_parse("+5", false, false, &id, msg, sizeof msg) == 0 && id == 5,
	   "+5 is 5, as strtoul and util-linux take it");
	ok(id_parse("-1", true, true, &id, msg, sizeof msg) == -1 &&
		   strstr(msg, "ids are numbers"),
	   "-1 is not: %s", msg);
	ok(id_parse("00000000000", false, false, &id, msg, sizeof msg) == 0 &&
		   id == 0,
	   "00000000000 is 0, however many zeros, as util-linux takes it");
	ok(id_parse("0000000000004294967294", false, false, &id, msg,
		    sizeof msg) == 0 && id == 4294967294U,
	   "zeros before the highest id");
	ok(id_parse("0000000000004294967295", false, false, &id, msg,
		    sizeof msg) == -1,
	   "zeros do not hide an id too high");
	ok(id_parse("-0", false, false, &id, msg, sizeof msg) == 0 && id == 0,
	   "-0 is 0, as strtoul and util-linux take it");
	ok(id_parse("+0", false, false, &id, msg, sizeof msg) == 0 && id == 0,
	   "+0 is 0");
	ok(id_parse("+", false, false, &id, msg, sizeof msg) == -1 &&
		   id_parse("-", false, false, &id, msg, sizeof msg) == -1 &&
		   id_parse("+-1", false, false, &id, msg, sizeof msg) == -1 &&
		   id_parse("99999999999999999999999", false, false, &id, msg,
			    sizeof msg) == -1,
	   "a sign alone, two signs, a number past 64 bits: refused");
	ok(id_parse("root", false, true, &id, msg, sizeof msg) == 0 && id == 0,
	   "root is a user name");
	ok(id_parse("no-such-user-here", false, true, &id, msg,
		    sizeof msg) == -1 &&
		   strstr(msg, "no user named 'no-such-user-here'"),
	   "an unknown name: %s", msg);
	ok(id_parse("root", false, false, &id, msg, sizeof msg) == -1,
	   "names are looked up only when asked");
}

int main(void)
{
	write_tmp(subid_path, "# comment\nbogus line\nalice:100000:65536\n"
			      "bob:165536:65536\n1002:231072:10\n"
			      "alice:300000:5\nerin:000000400000:00010\n");
	write_tmp(selfmap_path, "         0          0       1000\n"
				"      1000       1000          5\n");
	test_parse();
	test_check();
	test_check_many();
	test_limits();
	test_single();
	test_ids();
	unlink(subid_path);
	unlink(selfmap_path);
	return tap_done();
}
