/* Turning a failed unshare(2) (or fork(2)) into what went wrong and what
 * to do.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_DIAGNOSE_H
#define UNSHARE_DIAGNOSE_H

#include "plan.h"

/* unshare(2) of mask tried in a child that exits at once: 0, or the errno
 * it failed with; -1 if the child could not be made (errno says why). */
int probe(unsigned long mask);

/* Explain on stderr why unshare(2) of mask failed with errno err: which
 * flag, why, and what to do.  May try flags in throwaway children. */
void diagnose_unshare(int err, unsigned long mask);

/* fork(2) failed (errno says how) in step: say why and what to do, then
 * exit 125. */
_Noreturn void fork_failed(const char *step);

#endif
