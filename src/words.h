/* The words the command line and the steps share: what an option's
 * value stands for once parsed, and what a step is handed.  Neither side
 * needs the other's header for them.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_WORDS_H
#define UNSHARE_WORDS_H

/* A word an option takes, and what it stands for. */
struct word {
	const char *name;
	unsigned long value;
};

/* --propagation: its words, by PROP_*, each with the mount(2) flag it
 * stands for (none for unchanged); a NULL name after the last. */
enum { PROP_PRIVATE, PROP_SHARED, PROP_SLAVE, PROP_UNCHANGED, PROP_COUNT };
extern const struct word propagations[PROP_COUNT + 1];

/* Who writes the id maps. */
enum map_writer {
	MAP_NONE,     /* no maps (setgroups alone, if that) */
	MAP_SELF,     /* we do, to /proc/self: only our own id, alone */
	MAP_DIRECT,   /* a helper that stays behind with CAP_SETUID */
	MAP_NEWIDMAP, /* a helper running newuidmap and newgidmap */
};

/* --setgroups. */
enum { SETGROUPS_KEEP, SETGROUPS_ALLOW, SETGROUPS_DENY };

/* --load-interp, at most. */
#define MAX_INTERPS 8
/* The most --tmpfs a run takes. */
#define MAX_TMPFS 8
/* The most --bind and --ro-bind a run takes. */
#define MAX_BINDS 8
/* The most --sysctl a run takes. */
#define MAX_SYSCTLS 8

#endif
