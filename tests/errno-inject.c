/* Runs a program under a seccomp filter that makes one system call fail
 * with a chosen errno, for the tests of diagnoses that this kernel never
 * gives on its own (a namespace type it lacks, a security module's
 * refusal, a busy mount point).  The error comes from the kernel, as a
 * real one would; the filter is inherited by every child.
 *
 *   errno-inject SYSCALL ERRNO [ARG MASK] -- PROGRAM [ARGUMENT...]
 *
 * SYSCALL is unshare, mount, move_mount, kcmp, ioctl, openat, fsopen,
 * unlinkat, mkdirat, clone3 or mount_setattr; ERRNO a name such as EINVAL,
 * or KILL for a filter that kills the process (SIGSYS) instead; with ARG
 * and MASK, only calls whose argument number ARG (from 0) has a bit of
 * MASK set fail. */
#include <errno.h>
#include <linux/audit.h>
#include <linux/filter.h>
#include <linux/seccomp.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/prctl.h>
#include <sys/syscall.h>
#include <unistd.h>

#if defined(__x86_64__)
#define ARCH AUDIT_ARCH_X86_64
#elif defined(__aarch64__)
#define ARCH AUDIT_ARCH_AARCH64
#else
#error "errno-inject: add this architecture's AUDIT_ARCH_ value"
#endif

static const struct {
	const char *name;
	long nr;
} calls[] = { { "unshare", SYS_unshare }, { "mount", SYS_mount },
	       { "move_mount", SYS_move_mount }, { "kcmp", SYS_kcmp },
	       { "ioctl", SYS_ioctl }, { "openat", SYS_openat },
	       { "fsopen", SYS_fsopen }, { "unlinkat", SYS_unlinkat },
	       { "mkdirat", SYS_mkdirat }, { "clone3", SYS_clone3 },
	       { "mount_setattr", SYS_mount_setattr } };

static const struct {
	const char *name;
	int value;
} errnos[] = { { "EPERM", EPERM }, { "EINVAL", EINVAL },
	       { "EBUSY", EBUSY }, { "ENOSPC", ENOSPC }, { "ENOSYS", ENOSYS },
	       { "ENOMEM", ENOMEM }, { "EACCES", EACCES },
	       { "ENODEV", ENODEV }, { "EOPNOTSUPP", EOPNOTSUPP },
	       { "KILL", 0 } };

static _Noreturn void usage(void)
{
	fprintf(stderr, "usage: errno-inject unshare|mount|move_mount|kcmp|ioctl|openat|fsopen|unlinkat|mkdirat|clone3 "
			"EPERM|EINVAL|EBUSY|ENOSPC|ENOMEM|EACCES|ENODEV|"
			"EOPNOTSUPP|ENOSYS|KILL [ARG MASK] -- PROGRAM [ARGUMENT...]\n");
	exit(2);
}

int main(int argc, char **argv)
{
	long nr = -1;
	int err = -1, next = 3;
	unsigned arg = 0;
	unsigned long mask = 0;

	if (argc < 5)
		usage();
	for (size_t i = 0; i < sizeof calls / sizeof *calls; i++)
		if (strcmp(argv[1], calls[i].name) == 0)
			nr = calls[i].nr;
	for (size_t i = 0; i < sizeof errnos / sizeof *errnos; i++)
		if (strcmp(argv[2], errnos[i].name) == 0)
			err = errnos[i].value;
	if (strcmp(argv[3], "--") != 0) {
		if (argc < 7)
			usage();
		arg = (unsigned)strtoul(argv[3], NULL, 0);
		mask = strtoul(argv[4], NULL, 0);
		next = 5;
	}
	if (nr < 0 || err < 0 || arg > 5 || mask > 0xffffffffUL ||
	    strcmp(argv[next], "--") != 0 || argv[next + 1] == NULL)
		usage();

	unsigned action = err ? SECCOMP_RET_ERRNO | (unsigned)err
			      : SECCOMP_RET_KILL_PROCESS;
	struct sock_filter filter[] = {
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, arch)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, ARCH, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, nr)),
		BPF_JUMP(BPF_JMP | BPF_JEQ | BPF_K, (unsigned)nr, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, SECCOMP_RET_ALLOW),
		/* The low 32 bits of the argument (little-endian). */
		BPF_STMT(BPF_LD | BPF_W | BPF_ABS,
			 offsetof(struct seccomp_data, args) + 8 * arg),
		BPF_JUMP(BPF_JMP | BPF_JSET | BPF_K, (unsigned)mask, 1, 0),
		BPF_STMT(BPF_RET | BPF_K, mask ? SECCOMP_RET_ALLOW : action),
		BPF_STMT(BPF_RET | BPF_K, action),
	};
	struct sock_fprog prog = { sizeof filter / sizeof *filter, filter };

	/* Without CAP_SYS_ADMIN a filter needs no_new_privs, which would
	 * also stop set-id programs (newuidmap): only then is it set. */
	if (geteuid() != 0 && prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0) != 0) {
		perror("errno-inject: PR_SET_NO_NEW_PRIVS");
		return 2;
	}
	if (prctl(PR_SET_SECCOMP, SECCOMP_MODE_FILTER, &prog) != 0) {
		perror("errno-inject: PR_SET_SECCOMP");
		return 2;
	}
	execvp(argv[next + 1], argv + next + 1);
	perror("errno-inject: exec");
	return 127;
}
