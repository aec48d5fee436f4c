/* Mounts in the new mount namespace, and the root and working directory:
 * the steps propagation, root, wd, proc-private, proc, binfmt-early,
 * binfmt, interpreter, dev, tmpfs and sysfs.  Each exits 125 on failure; a mount seen in
 * the caller's namespace is undone if a later step fails.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#ifndef UNSHARE_MOUNTS_H
#define UNSHARE_MOUNTS_H

#include <stdbool.h>

#include "steps.h"

/* Make / and every mount under it s->propagation. */
void mounts_propagation(const struct step *s, struct run *run);

/* chroot to s->dir.path, the catalogs loaded first. */
void mounts_chroot(const struct step *s, struct run *run);

/* chdir to s->dir.path: --wd's, or --root's /. */
void mounts_chdir(const struct step *s, struct run *run);

/* Make s->dir.path private, so that what is mounted on it next (proc,
 * cgroup2) is not seen outside. */
void mounts_proc_private(const struct step *s, struct run *run);

/* Mount the cgroup2 hierarchy, as the cgroup namespace sees it, on
 * s->dir.path, nosuid, nodev, noexec. */
void mounts_cgroup(const struct step *s, struct run *run);

/* Mount a new proc on s->dir.path, nosuid, nodev, noexec. */
void mounts_proc(const struct step *s, struct run *run);

/* Make the binfmt_misc of the new user namespace, mounted nowhere yet,
 * for F interpreters registered before the chroot: in
 * run->mounts.binfmt_fd. */
void mounts_binfmt_instance(const struct step *s, struct run *run);

/* Mount binfmt_misc on s->dir.path (the one made before the chroot, if
 * any); its root, to register in, in run->mounts.binfmt_fd. */
void mounts_binfmt(const struct step *s, struct run *run);

/* Register the interpreter s->interp.string in run->mounts.binfmt_fd. */
void mounts_register(const struct step *s, struct run *run);

/* --dry-run: whether step s would fail, and how (*p): root (the
 * directory, and CAP_SYS_CHROOT), wd (the directory, in the new root),
 * and the mount steps (their directory, walked as the run walks it; for
 * proc, whether the kernel mounts one for us at all). */
bool mounts_chroot_predict(const struct step *s, struct prediction *p);
bool mounts_chdir_predict(const struct step *s, struct prediction *p);
bool mounts_dir_predict(const struct step *s, struct prediction *p);

/* --dry-run, propagation: whether / is no mount point (a chroot). */
bool mounts_propagation_predict(const struct step *s, struct prediction *p);

/* --dry-run, interpreter: it cannot tell (p->unsure). */
bool mounts_interp_predict(const struct step *s, struct prediction *p);

/* A minimal /dev on s->dir.path: a tmpfs; null, zero, full, random,
 * urandom and tty bound from the host's /dev (from run->mounts.old_root under
 * --pivot-root); a devpts of its own on pts, ptmx a link to its ptmx; a
 * tmpfs on shm; fd, stdin, stdout, stderr links to /proc/self/fd. */
void mounts_dev(const struct step *s, struct run *run);

/* A tmpfs on s->dir.path, with s->dir.options, nosuid and nodev. */
void mounts_tmpfs(const struct step *s, struct run *run);

/* A sysfs on s->dir.path, read-only, nosuid, nodev, noexec: the network
 * namespace's devices in its class/net. */
void mounts_sysfs(const struct step *s, struct run *run);

/* --dry-run: the same, or a device of the host's is missing. */
bool mounts_dev_predict(const struct step *s, struct prediction *p);

/* --bind, --ro-bind: a copy of SRC's mounts taken before the root
 * changes (read-only for --ro-bind), then put on DST in the new root,
 * made there if missing (removed again on failure). */
void mounts_bind_source(const struct step *s, struct run *run);
void mounts_bind(const struct step *s, struct run *run);

/* --dry-run: SRC, or DST's directory in the new root, cannot be
 * walked. */
bool mounts_bind_predict(const struct step *s, struct prediction *p);

#endif
