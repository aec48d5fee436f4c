/* The names of a new UTS namespace.  Set after unshare(2) and the maps,
 * before the ids change: then we hold CAP_SYS_ADMIN over the namespace,
 * the user namespace that owns it being ours (-r, -c) or the caller's.
 * Their length was checked with the command line (HOST_NAME_MAX).
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <config.h>

#include <errno.h>
#include <string.h>
#include <unistd.h>

#include "fail.h"
#include "i18n.h"
#include "kinds.h"
#include "quote.h"
#include "show.h"
#include "uts.h"

void uts_set(const struct step *s, struct run *run)
{
	size_t len = strlen(s->name);

	(void)run;
	if ((s->kind == STEP_HOSTNAME ? sethostname(s->name, len)
				      : setdomainname(s->name, len)) != 0)
		step_failed(errno, NULL, "%s", quoted(s->name));
}

STEP_ROW(HOSTNAME, "hostname", N_("set the hostname"),
	 uts_set, show_name, NULL);

STEP_ROW(DOMAINNAME, "domainname", N_("set the domain name"),
	 uts_set, show_name, NULL);
