/* The values of each kind of step, as JSON members and in its line of
 * text: the printers of the step table's rows (STEP_ROW, kinds.h).
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_SHOW_H
#define UNSHARE_SHOW_H

#include "emit.h"

void show_cgroup(struct emit *e, const struct step *s);
void show_map_helper(struct emit *e, const struct step *s);
void show_owner(struct emit *e, const struct step *s);
void show_unshare(struct emit *e, const struct step *s);
void show_setgroups(struct emit *e, const struct step *s);
void show_map(struct emit *e, const struct step *s);
void show_clocks(struct emit *e, const struct step *s);
void show_loopback(struct emit *e, const struct step *s);
void show_propagation(struct emit *e, const struct step *s);
void show_signals(struct emit *e, const struct step *s);
void show_fork(struct emit *e, const struct step *s);
void show_kill_child(struct emit *e, const struct step *s);
void show_dir(struct emit *e, const struct step *s);
void show_interp(struct emit *e, const struct step *s);
void show_id(struct emit *e, const struct step *s);
void show_persist(struct emit *e, const struct step *s);
void show_environment(struct emit *e, const struct step *s);
void show_exec(struct emit *e, const struct step *s);
void show_name(struct emit *e, const struct step *s);
void show_handoff(struct emit *e, const struct step *s);

#endif
