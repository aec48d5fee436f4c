/* A network namespace with a working localhost (--loopback).
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_NET_H
#define UNSHARE_NET_H

#include <stdbool.h>
#include <stdint.h>

#include "steps.h"

/* Step loopback, in the new network namespace: bring lo up (127.0.0.1
 * and ::1 answer), and let s->loopback's groups ping
 * (net.ipv4.ping_group_range).  Exits 125 on failure. */
void net_loopback(const struct step *s, struct run *run);

#endif
