/* The names of a new UTS namespace: the steps hostname and domainname.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_UTS_H
#define UNSHARE_UTS_H

#include "steps.h"

/* sethostname(2) or setdomainname(2) of s->name, by the kind of s. */
void uts_set(const struct step *s, struct run *run);

/* --sysctl: s->name's VALUE written to /proc/sys/KEY, its dots made
 * slashes. */
void uts_sysctl(const struct step *s, struct run *run);

/* --dry-run: KEY is not there; else the kernel reads VALUE when it is
 * written, which the dry run cannot tell. */
bool uts_sysctl_predict(const struct step *s, struct prediction *p);

#endif
