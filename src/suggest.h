/* "Did you mean" for mistyped long options.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_SUGGEST_H
#define UNSHARE_SUGGEST_H

/* For a long option that is none of ours, not even abbreviated ("--mout"
 * or "--mout=x"): the nearest of our long names, if it is near enough to
 * be what was meant; else NULL. */
const char *suggest_option(const char *word);

#endif
