/* User and group id maps: parsing --map-* values, /etc/subuid, holes,
 * overlap and range checks, and the text written to uid_map.  Pure but
 * for the files it is told to read.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_IDMAP_H
#define UNSHARE_IDMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* The kernel takes at most this many lines in a map (since 4.15). */
#define IDMAP_MAX_EXTENTS 340
/* The largest id: (uint32_t)-1 is never an id. */
#define ID_MAX 4294967294U

struct extent {
	uint32_t inner, outer, count;
	bool whole; /* an auto range: a single id mapped over it takes none
		       of its ids, it shifts past (idmap_add_single) */
};

/* A map: its lines, allocated as they come (a map is most often one
 * line, and never more than IDMAP_MAX_EXTENTS).  All zero is empty. */
struct idmap {
	size_t n;            /* lines */
	size_t room;         /* lines ext has room for */
	struct extent *ext;  /* malloc'd, or NULL */
};

/* Append a line.  0, or -1 with a message: too many lines, or no memory. */
int idmap_add(struct idmap *map, uint32_t inner, uint32_t outer,
	      uint32_t count, char *msg, size_t size);

/* Free the lines: the map is empty again. */
void idmap_free(struct idmap *map);

/* Whose subordinate ids "auto" and "subids" mean (for groups too, the
 * user's: subgid(5) is keyed by user name or uid), where to find them,
 * and which map "all" passes through. */
struct id_owner {
	const char *name;      /* the user's name, or NULL */
	uint32_t id;           /* the user's uid */
	const char *subid_file;   /* /etc/subuid or /etc/subgid */
	const char *self_map;     /* /proc/self/uid_map or gid_map */
	const char *usermod;      /* usermod's option that adds a range */
	bool group;               /* subordinate gids, not uids */
	bool libsubid;            /* ask libsubid, not subid_file (if built in) */
};

/* A decimal id, 0 to ID_MAX (a plus sign allowed); with lookup, also a
 * user (or group) name.
 * Returns 0, or -1 with a message. */
int id_parse(const char *s, bool group, bool lookup, uint32_t *id,
	     char *msg, size_t size);

/* Append the extents of one --map-users/--map-groups value: INNER:OUTER:
 * COUNT, the old OUTER,INNER,COUNT (*old_form set), auto, subids or all.
 * Returns 0, or -1 with a message naming the bad part. */
int idmap_parse(const char *spec, const struct id_owner *owner,
		struct idmap *map, bool *old_form, char *msg, size_t size);

/* Map inner to outer alone, after every range that holds either: the
 * rest of such a range stays paired in order around it (one id fewer,
 * from its top), as util-linux does.  -1 if the map would have too many
 * lines. */
int idmap_add_single(struct idmap *map, uint32_t inner, uint32_t outer,
		     char *msg, size_t size);

/* Ranges within 0..ID_MAX and not overlapping, count not 0, not too many
 * lines nor too much text for the kernel.  Returns 0, or -1 with a
 * message. */
int idmap_check(const struct idmap *map, char *msg, size_t size);

/* The map as the kernel reads it: "inner outer count\n" a line.  Returns
 * the length it needed (like snprintf). */
size_t idmap_format(const struct idmap *map, char *buf, size_t size);

/* The lowest and the highest inner id map covers, in *low and *high: 1,
 * or 0 if it is empty. */
int idmap_span(const struct idmap *map, uint32_t *low, uint32_t *high);

/* Whether map maps id: an id inside the namespace, or with outer one
 * outside it (the owner of a file, as stat(2) gives it). */
bool idmap_has(const struct idmap *map, long long id, bool outer);

#endif
