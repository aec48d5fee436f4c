/* A network namespace with a working localhost.  A new network namespace
 * has lo down: connect(2) to 127.0.0.1 says the network is unreachable.
 * Bringing it up is one ioctl on a datagram socket (no netlink, no
 * iproute2 in the sandbox); ping without privilege needs the namespace's
 * own net.ipv4.ping_group_range to hold the caller's groups, which it
 * holds none of by default.  Nothing outside the new namespace changes.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <fcntl.h>
#include <net/if.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/socket.h>
#include <unistd.h>

#include "fail.h"
#include "i18n.h"
#include "kinds.h"
#include "show.h"

static const char ping_range[] = "/proc/sys/net/ipv4/ping_group_range";

/* lo's flags, and IFF_UP among them: 0, or -1 with errno. */
static int lo_up(void)
{
	struct ifreq ifr;
	int fd = socket(AF_INET, SOCK_DGRAM | SOCK_CLOEXEC, 0), rc = -1;

	if (fd < 0)
		return -1;
	memset(&ifr, 0, sizeof ifr);
	strcpy(ifr.ifr_name, "lo");
	if (ioctl(fd, SIOCGIFFLAGS, &ifr) == 0) {
		ifr.ifr_flags |= IFF_UP;
		rc = ioctl(fd, SIOCSIFFLAGS, &ifr);
	}
	close_keep_errno(fd);
	return rc;
}

/* Step loopback, in the new network namespace: bring lo up (127.0.0.1
 * and ::1 answer), and let s->loopback's groups ping
 * (net.ipv4.ping_group_range).  Exits 125 on failure. */
static void net_loopback(const struct step *s, struct run *run)
{
	char text[32];
	int fd, n;

	(void)run;
	if (lo_up() != 0)
		step_failed(errno, errno == EPERM ? _(hint_root) : NULL, NULL);
	if (!s->loopback.ping)
		return;
	n = snprintf(text, sizeof text, "%u %u", s->loopback.low,
		     s->loopback.high);
	if ((fd = open(ping_range, O_WRONLY | O_CLOEXEC)) < 0 ||
	    write(fd, text, (size_t)n) != n)
		step_failed(errno, errno == ENOENT ? _(hint_proc) : NULL, "%s",
			    ping_range);
	close(fd);
}

STEP_ROW(LOOPBACK, "loopback", N_("bring lo up"),
	 net_loopback, show_loopback, NULL);
