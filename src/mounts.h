/* Mounts in the new mount namespace, and the root and working directory:
 * the steps propagation, root, wd, proc-private, proc, binfmt-early,
 * binfmt, interpreter, dev, tmpfs, sysfs, bind-source and bind.  Each
 * exits 125 on failure; a mount seen in the caller's namespace is undone
 * if a later step fails.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_MOUNTS_H
#define UNSHARE_MOUNTS_H

#include <stdbool.h>

#include "steps.h"

/* Make / and every mount under it s->propagation. */
void mounts_propagation(const struct step *s, struct run *run);

/* chroot, or chdir, to s->dir.path (chroot: the catalogs loaded first;
 * chdir: --wd's, or --root's /). */
void mounts_chroot(const struct step *s, struct run *run);
void mounts_chdir(const struct step *s, struct run *run);

/* Make s->dir.path private, so that what is mounted on it next (proc,
 * cgroup2) is not seen outside. */
void mounts_proc_private(const struct step *s, struct run *run);

/* Mount on s->dir.path, nosuid, nodev, noexec: the cgroup2 hierarchy as
 * the cgroup namespace sees it; a new proc. */
void mounts_cgroup(const struct step *s, struct run *run);
void mounts_proc(const struct step *s, struct run *run);

/* binfmt_misc: an instance of the new user namespace's, mounted nowhere
 * yet, for F interpreters registered before the chroot; mounted on
 * s->dir.path (that instance, if any); either way its root, to register
 * in, in run->mounts.binfmt_fd, where mounts_register writes
 * s->interp.string. */
void mounts_binfmt_instance(const struct step *s, struct run *run);
void mounts_binfmt(const struct step *s, struct run *run);
void mounts_register(const struct step *s, struct run *run);

/* --dry-run: whether step s would fail, and how (*p): root (the
 * directory, and CAP_SYS_CHROOT), wd (the directory, in the new root),
 * the mount steps (their directory, walked as the run walks it; for
 * proc, whether the kernel mounts one for us at all), propagation
 * (whether / is no mount point: a chroot), interpreter (it cannot tell:
 * p->unsure). */
bool mounts_chroot_predict(const struct step *s, struct prediction *p);
bool mounts_chdir_predict(const struct step *s, struct prediction *p);
bool mounts_dir_predict(const struct step *s, struct prediction *p);
bool mounts_propagation_predict(const struct step *s, struct prediction *p);
bool mounts_interp_predict(const struct step *s, struct prediction *p);

/* A minimal /dev on s->dir.path: a tmpfs; null, zero, full, random,
 * urandom and tty bound from the host's /dev (from run->mounts.old_root
 * under --pivot-root); a devpts of its own on pts, ptmx a link to its
 * ptmx; a tmpfs on shm; fd, stdin, stdout, stderr links to
 * /proc/self/fd.  Its prediction: as mounts_dir_predict, or a device of
 * the host's is missing. */
void mounts_dev(const struct step *s, struct run *run);
bool mounts_dev_predict(const struct step *s, struct prediction *p);

/* On s->dir.path: a tmpfs with s->dir.options, nosuid and nodev; a
 * sysfs, read-only, nosuid, nodev, noexec (the network namespace's
 * devices in its class/net). */
void mounts_tmpfs(const struct step *s, struct run *run);
void mounts_sysfs(const struct step *s, struct run *run);

/* --bind, --ro-bind: a copy of SRC's mounts taken before the root
 * changes (read-only for --ro-bind), then put on DST in the new root,
 * made there if missing (removed again on failure).  --dry-run: SRC, or
 * DST's directory in the new root, cannot be walked. */
void mounts_bind_source(const struct step *s, struct run *run);
void mounts_bind(const struct step *s, struct run *run);
bool mounts_bind_predict(const struct step *s, struct prediction *p);

#endif
