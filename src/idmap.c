/* User and group id maps.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <ctype.h>
#include <stdbool.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#if defined(HAVE_LIBSUBID) && !defined(UNSHARE_STATIC)
#include <dlfcn.h>
#include <shadow/subid.h>
#endif

#include "i18n.h"
#include "idmap.h"
#include "names.h"
#include "quote.h"

/* A decimal number of len bytes at s, at most max, read by util-linux's
 * rules (strtoul's, less the leading blanks, and nothing that would
 * wrap): a sign may lead, + or - (then the number is 0: -0 is 0, -1 would
 * wrap round to a huge id), then digits, as many zeros before them as
 * given (0000000000100000 is 100000).  0, or -1. */
static int parse_u32(const char *s, size_t len, uint64_t max, uint32_t *out)
{
	uint64_t v = 0;
	bool minus = false;
	size_t i = 0;

	if (len > 0 && (s[0] == '+' || s[0] == '-')) {
		minus = s[0] == '-';
		i = 1;
	}
	if (i == len)
		return -1;
	for (; i < len; i++) {
		if (!isdigit((unsigned char)s[i]))
			return -1;
		v = v * 10 + (uint64_t)(s[i] - '0');
		if (v > max) /* and so never past 64 bits */
			return -1;
	}
	if (minus && v != 0)
		return -1;
	*out = (uint32_t)v;
	return 0;
}

/* TRANSLATORS: %s is the value as given, %u the largest id. */
static const char ids_are_numbers[] = N_("%s: ids are numbers from 0 to %u");

int id_parse(const char *s, bool group, bool lookup, uint32_t *id,
	     char *msg, size_t size)
{
	/* A sign, as strtoul(3) and so util-linux take it. */
	const char *digits = s + (*s == '+' || *s == '-');

	if (parse_u32(s, strlen(s), ID_MAX, id) == 0)
		return 0;
	/* A name may start with a digit (1abc), as util-linux and
	 * useradd take it; digits alone, or a sign, are a number. */
	if (digits[strspn(digits, "0123456789")] == '\0' || *s == '-' ||
	    *s == '+' || !lookup) {
		snprintf(msg, size, _(ids_are_numbers),
			 quoted_word(s, strlen(s)), ID_MAX);
		return -1;
	}
	return name_to_id(s, group, id, msg, size);
}

int idmap_add(struct idmap *map, uint32_t inner, uint32_t outer,
	      uint32_t count, char *msg, size_t size)
{
	if (map->n >= IDMAP_MAX_EXTENTS) {
		snprintf(msg, size, _("more than %d ranges: the kernel takes "
			 "no more lines in a map"), IDMAP_MAX_EXTENTS);
		return -1;
	}
	if (map->n == map->room) {
		size_t room = map->room ? 2 * map->room : 4;
		struct extent *ext = realloc(map->ext, room * sizeof *ext);

		if (ext == NULL) {
			snprintf(msg, size, "%s", i18n_strerror(ENOMEM));
			return -1;
		}
		map->ext = ext;
		map->room = room;
	}
	map->ext[map->n++] = (struct extent){ inner, outer, count, false };
	return 0;
}

void idmap_free(struct idmap *map)
{
	free(map->ext);
	*map = (struct idmap){ 0 };
}

/* What to say when the owner has no range: where to add one. */
static void no_subids(const struct id_owner *owner, const char *idbuf,
		      char *msg, size_t size)
{
	/* The name comes from the password database: shown as every name
	 * from outside is. */
	const char *who = owner->name ? quoted(owner->name) : idbuf;

	/* TRANSLATORS: %s is the file (/etc/subuid or /etc/subgid), %s the
	 * user's name (or uid), %s the uid, %s the name (or uid) again, %s
	 * usermod's option (--add-subuids or --add-subgids); after the
	 * newline, the hint. */
	snprintf(msg, size, _("%s has no line for %s (%s)\nadd one, as "
		 "'%s:100000:65536' (usermod %s)"),
		 owner->subid_file, who, idbuf, who, owner->usermod);
}

#if defined(HAVE_LIBSUBID) && !defined(UNSHARE_STATIC)
#define SONAME_OF(major) "libsubid.so." #major
#define LIBSUBID_SONAME(major) SONAME_OF(major)

/* The owner's first range as libsubid gives it, as newuidmap and
 * newgidmap see them: from /etc/subuid (or subgid), or from the source
 * the subid: line of /etc/nsswitch.conf names (SSSD, ...).  libsubid is
 * loaded here, when a range is asked for, not linked: it brings a dozen
 * libraries (PAM, SELinux, audit, ...) whose loading and set-up would
 * cost every run 1.4 million instructions and 76 page faults (callgrind
 * and perf stat on bench/floor linked with it: 12 times its
 * instructions).  1 if it cannot be loaded: the file is read instead. */
static int libsubid_first(const struct id_owner *owner, const char *idbuf,
			  uint32_t *start, uint32_t *count, char *msg,
			  size_t size)
{
	const char *who = owner->name ? owner->name : idbuf;
	void *lib = dlopen(LIBSUBID_SONAME(SUBID_ABI_MAJOR),
			   RTLD_NOW | RTLD_LOCAL);
	int (*get)(const char *, struct subid_range **);
	struct subid_range *r = NULL;
	int n;

	if (lib == NULL)
		return 1;
	*(void **)&get = dlsym(lib, owner->group ? "subid_get_gid_ranges"
						  : "subid_get_uid_ranges");
	if (get == NULL)
		return 1;
	/* A range is the user's by name or by uid, as for newuidmap; libsubid
	 * lists those under the one it is asked, so ask for both. */
	n = get(who, &r);
	if (n == 0 && owner->name) {
		free(r);
		r = NULL;
		n = get(idbuf, &r);
	}
	for (int i = 0; i < n; i++)
		if (r[i].count > 0 && r[i].start <= ID_MAX &&
		    r[i].count <= (unsigned long)ID_MAX + 1) {
			*start = (uint32_t)r[i].start;
			*count = (uint32_t)r[i].count;
			free(r);
			return 0;
		}
	free(r);
	if (n < 0)
		/* TRANSLATORS: %s is the user's name (or uid), %s the file
		 * (/etc/subuid or /etc/subgid) */
		snprintf(msg, size, _("libsubid cannot give the ranges of %s "
			 "(from %s, or the subid: source of nsswitch.conf)"),
			 quoted(who), owner->subid_file);
	else
		no_subids(owner, idbuf, msg, size);
	return -1;
}
#endif

/* The owner's first range: through libsubid where it is built in, or the
 * owner's first line in the subordinate id file, by name or by id. */
static int first_subids(const struct id_owner *owner, uint32_t *start,
			uint32_t *count, char *msg, size_t size)
{
	char line[512], idbuf[16];
	FILE *f;

	snprintf(idbuf, sizeof idbuf, "%u", owner->id);
#if defined(HAVE_LIBSUBID) && !defined(UNSHARE_STATIC)
	if (owner->libsubid) {
		int rc = libsubid_first(owner, idbuf, start, count, msg, size);

		if (rc <= 0)
			return rc;
	}
#endif
	f = fopen(owner->subid_file, "re");
	if (f == NULL) {
		snprintf(msg, size, "%s: %s", owner->subid_file,
			 i18n_strerror(errno));
		return -1;
	}
	while (fgets(line, sizeof line, f)) {
		char *who = strtok(line, ":\n"), *s = strtok(NULL, ":\n"),
		     *c = strtok(NULL, ":\n");

		if (!who || !s || !c ||
		    !((owner->name && strcmp(who, owner->name) == 0) ||
		      strcmp(who, idbuf) == 0))
			continue;
		if (parse_u32(s, strlen(s), ID_MAX, start) != 0 ||
		    parse_u32(c, strlen(c), (uint64_t)ID_MAX + 1, count) != 0 ||
		    *count == 0)
			continue;
		fclose(f);
		return 0;
	}
	fclose(f);
	no_subids(owner, idbuf, msg, size);
	return -1;
}

/* Every id this namespace has, mapped to itself. */
static int pass_through(const struct id_owner *owner, struct idmap *map,
			char *msg, size_t size)
{
	unsigned long long inner, outer, count;
	FILE *f = fopen(owner->self_map, "re");
	int rc = 0;

	if (f == NULL) {
		snprintf(msg, size, "%s: %s", owner->self_map,
			 i18n_strerror(errno));
		return -1;
	}
	while (rc == 0 && fscanf(f, "%llu %llu %llu", &inner, &outer,
				 &count) == 3)
		rc = idmap_add(map, (uint32_t)inner, (uint32_t)inner,
			 (uint32_t)count, msg, size);
	fclose(f);
	return rc;
}

int idmap_parse(const char *spec, const struct id_owner *owner,
		struct idmap *map, bool *old_form, char *msg, size_t size)
{
	uint32_t a, b, count;
	const char *p1, *p2;
	char sep;

	if (strcmp(spec, "auto") == 0 || strcmp(spec, "subids") == 0) {
		bool whole = spec[0] == 'a';

		if (first_subids(owner, &b, &count, msg, size) != 0 ||
		    idmap_add(map, whole ? 0 : b, b, count, msg, size) != 0)
			return -1;
		map->ext[map->n - 1].whole = whole;
		return 0;
	}
	if (strcmp(spec, "all") == 0)
		return pass_through(owner, map, msg, size);

	sep = strchr(spec, ':') ? ':' : ',';
	p1 = strchr(spec, sep);
	p2 = p1 ? strchr(p1 + 1, sep) : NULL;
	if (!p1 || !p2 || strchr(p2 + 1, sep) || (sep == ',' && strchr(spec, ':'))) {
		snprintf(msg, size, _("%s: give INNER:OUTER:COUNT, or auto, "
			 "subids or all"), quoted_word(spec, strlen(spec)));
		return -1;
	}
	if (parse_u32(spec, (size_t)(p1 - spec), ID_MAX, &a) != 0 ||
	    parse_u32(p1 + 1, (size_t)(p2 - p1 - 1), ID_MAX, &b) != 0) {
		snprintf(msg, size, _(ids_are_numbers),
			 quoted_word(spec, strlen(spec)), ID_MAX);
		return -1;
	}
	if (parse_u32(p2 + 1, strlen(p2 + 1), (uint64_t)ID_MAX + 1,
		      &count) != 0 || count == 0) {
		snprintf(msg, size, _("%s: the count is a number from 1 to "
			 "%llu"), quoted_word(spec, strlen(spec)),
			 (unsigned long long)ID_MAX + 1);
		return -1;
	}
	*old_form = sep == ',';
	/* The old form is OUTER,INNER,COUNT. */
	return *old_form ? idmap_add(map, b, a, count, msg, size)
			 : idmap_add(map, a, b, count, msg, size);
}

/* A range e that holds the single id's inner or outer id (or both) keeps
 * the rest of its ids paired in order: its inner ids but that one to its
 * outer ids but that one, count - 1 pairs (the one at the top of the
 * longer side goes).  So every id above the single one keeps its place
 * in the range, as util-linux maps it.  An auto range (e.whole) loses
 * none: it shifts past the single id, count pairs, as util-linux does
 * since 2.39.  The pairs change step where either side skips its id: at
 * most three pieces. */
static int shift_around(struct idmap *out, struct extent e, uint32_t inner,
			uint32_t outer, char *msg, size_t size)
{
	bool has_in = inner >= e.inner && inner - e.inner < e.count,
	     has_out = outer >= e.outer && outer - e.outer < e.count;
	uint32_t pairs = e.whole ? e.count : e.count - 1,
		 at_in = has_in ? inner - e.inner : pairs,
		 at_out = has_out ? outer - e.outer : pairs;
	const uint32_t cut[4] = { 0, at_in < at_out ? at_in : at_out,
			    at_in < at_out ? at_out : at_in, pairs };

	if (!has_in && !has_out)
		return idmap_add(out, e.inner, e.outer, e.count, msg, size);
	for (int k = 0; k < 3; k++) {
		uint32_t from = cut[k], to = cut[k + 1];

		if (to > from &&
		    idmap_add(out, e.inner + from + (has_in && from >= at_in),
			e.outer + from + (has_out && from >= at_out),
			to - from, msg, size) != 0)
			return -1;
	}
	return 0;
}

int idmap_add_single(struct idmap *map, uint32_t inner, uint32_t outer,
		     char *msg, size_t size)
{
	struct idmap out = { 0 };

	/* Our own line first, as util-linux writes it. */
	if (idmap_add(&out, inner, outer, 1, msg, size) != 0)
		goto fail;
	for (size_t i = 0; i < map->n; i++)
		if (shift_around(&out, map->ext[i], inner, outer, msg,
				 size) != 0)
			goto fail;
	idmap_free(map);
	*map = out;
	return 0;
fail:
	idmap_free(&out);
	return -1;
}

/* The start of extent i on one side: inner ids (side 0) or outer. */
static uint32_t start(const struct idmap *map, size_t i, int side)
{
	return side == 0 ? map->ext[i].inner : map->ext[i].outer;
}

/* qsort_r's order of extent indexes by their start on one side. */
struct by_start {
	const struct idmap *map;
	int side;
};

static int compare_starts(const void *a, const void *b, void *arg)
{
	const struct by_start *by = arg;
	uint32_t x = start(by->map, *(const size_t *)a, by->side),
		 y = start(by->map, *(const size_t *)b, by->side);

	return (x > y) - (x < y);
}

/* Two extents whose ids overlap on one side, found in n log n: in order
 * of start, an extent overlaps an earlier one exactly when it starts
 * before the furthest end so far.  0, or -1 with a message naming the
 * two in the order given. */
static int check_overlap(const struct idmap *map, int side, char *msg,
			 size_t size)
{
	size_t order[IDMAP_MAX_EXTENTS], far;
	struct by_start by = { map, side };

	if (map->n < 2)
		return 0;
	for (size_t i = 0; i < map->n; i++)
		order[i] = i;
	qsort_r(order, map->n, sizeof order[0], compare_starts, &by);
	far = order[0];
	for (size_t k = 1; k < map->n; k++) {
		size_t i = order[k];
		const struct extent *f, *e;

		if (start(map, i, side) >= (uint64_t)start(map, far, side) +
						   map->ext[far].count) {
			if ((uint64_t)start(map, i, side) + map->ext[i].count >
			    (uint64_t)start(map, far, side) +
				    map->ext[far].count)
				far = i;
			continue;
		}
		f = &map->ext[far < i ? far : i];
		e = &map->ext[far < i ? i : far];
		snprintf(msg, size, _("ranges %u:%u:%u and %u:%u:%u overlap"),
			 f->inner, f->outer, f->count, e->inner, e->outer,
			 e->count);
		return -1;
	}
	return 0;
}

int idmap_check(const struct idmap *map, char *msg, size_t size)
{
	size_t len, max_text = (size_t)sysconf(_SC_PAGESIZE) - 1;

	for (size_t i = 0; i < map->n; i++) {
		const struct extent *e = &map->ext[i];

		if (e->count == 0 ||
		    (uint64_t)e->inner + e->count - 1 > ID_MAX ||
		    (uint64_t)e->outer + e->count - 1 > ID_MAX) {
			snprintf(msg, size, _("range %u:%u:%u goes past the "
				 "largest id, %u"), e->inner, e->outer,
				 e->count, ID_MAX);
			return -1;
		}
	}
	if (check_overlap(map, 0, msg, size) != 0 ||
	    check_overlap(map, 1, msg, size) != 0)
		return -1;
	/* The kernel reads a map in one write of less than a page. */
	if ((len = idmap_format(map, NULL, 0)) > max_text) {
		/* TRANSLATORS: %zu is the number of ranges, %zu the bytes
		 * they make, %zu the most the kernel takes */
		snprintf(msg, size, _("%zu ranges make %zu bytes, and the "
			 "kernel takes %zu: give fewer ranges"),
			 map->n, len, max_text);
		return -1;
	}
	return 0;
}

/* v in decimal and then c, at buf + n where it fits; the new length.
 * Not snprintf: a run that maps ids would otherwise be the first to reach
 * printf's code, and fault in its pages (3 more page faults, 120 KiB more
 * resident): 1.0 to 1.1 % of the wall time of unshare -U -r, measured by
 * bench/timing 3000 against this formatter, over the 1 % such a trick
 * must earn. */
static size_t put_u32(char *buf, size_t size, size_t n, uint32_t v, char c)
{
	char digits[10];
	int k = 0;

	do
		digits[k++] = (char)('0' + v % 10);
	while ((v /= 10) != 0);
	while (k > 0) {
		if (n + 1 < size)
			buf[n] = digits[k - 1];
		n++, k--;
	}
	if (n + 1 < size)
		buf[n] = c;
	return n + 1;
}

size_t idmap_format(const struct idmap *map, char *buf, size_t size)
{
	size_t n = 0;

	for (size_t i = 0; i < map->n; i++) {
		n = put_u32(buf, size, n, map->ext[i].inner, ' ');
		n = put_u32(buf, size, n, map->ext[i].outer, ' ');
		n = put_u32(buf, size, n, map->ext[i].count, '\n');
	}
	if (size)
		buf[n < size ? n : size - 1] = '\0';
	return n;
}

int idmap_span(const struct idmap *map, uint32_t *low, uint32_t *high)
{
	if (map->n == 0)
		return 0;
	*low = map->ext[0].inner;
	*high = map->ext[0].inner + map->ext[0].count - 1;
	for (size_t i = 1; i < map->n; i++) {
		const struct extent *e = &map->ext[i];

		if (e->inner < *low)
			*low = e->inner;
		if (e->inner + e->count - 1 > *high)
			*high = e->inner + e->count - 1;
	}
	return 1;
}

bool idmap_has(const struct idmap *map, long long id, bool outer)
{
	for (size_t i = 0; i < map->n; i++) {
		long long first = outer ? map->ext[i].outer : map->ext[i].inner;

		if (id >= first && id - first < map->ext[i].count)
			return true;
	}
	return false;
}
