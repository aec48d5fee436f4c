/* A network namespace with a working localhost (--loopback).
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_NET_H
#define UNSHARE_NET_H

#include "plan.h"

/* In the new network namespace: bring lo up (127.0.0.1 and ::1 answer),
 * and let the groups mapped in it ping (net.ipv4.ping_group_range).
 * Exits 125 on failure. */
void net_loopback(const struct plan *plan);

#endif
