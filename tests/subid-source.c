/* A subordinate id source for libsubid, named by a line "subid:
 * unsharetest" in nsswitch.conf (libsubid loads libsubid_unsharetest.so):
 * root owns uids 700000 to 700999 and gids 800000 to 801999, nobody else
 * owns any.  With it, a test tells ranges libsubid found from ranges read
 * from /etc/subuid.  Built only where libsubid is.
 *
 * Copyright (C) 2026 the unshare authors.  GPL-2.0-or-later.
 */
#include <shadow/subid.h>
#include <stdlib.h>
#include <string.h>

static bool is_root(const char *owner)
{
	return strcmp(owner, "root") == 0 || strcmp(owner, "0") == 0;
}

static struct subid_range root_range(enum subid_type type)
{
	return type == ID_TYPE_UID ? (struct subid_range){ 700000, 1000 }
				   : (struct subid_range){ 800000, 2000 };
}

enum subid_status shadow_subid_list_owner_ranges(const char *owner,
						 enum subid_type type,
						 struct subid_range **ranges,
						 int *count)
{
	*ranges = NULL;
	*count = 0;
	if (!is_root(owner))
		return SUBID_STATUS_SUCCESS;
	*ranges = malloc(sizeof **ranges);
	if (*ranges == NULL)
		return SUBID_STATUS_ERROR;
	**ranges = root_range(type);
	*count = 1;
	return SUBID_STATUS_SUCCESS;
}

enum subid_status shadow_subid_has_range(const char *owner,
					 unsigned long start,
					 unsigned long count,
					 enum subid_type type, bool *result)
{
	struct subid_range r = root_range(type);

	*result = is_root(owner) && start >= r.start &&
		  start + count <= r.start + r.count;
	return SUBID_STATUS_SUCCESS;
}

enum subid_status shadow_subid_has_any_range(const char *owner,
					     enum subid_type type,
					     bool *result)
{
	(void)type;
	*result = is_root(owner);
	return SUBID_STATUS_SUCCESS;
}

enum subid_status shadow_subid_find_subid_owners(unsigned long id,
						 enum subid_type type,
						 uid_t **uids, int *count)
{
	struct subid_range r = root_range(type);

	*uids = NULL;
	*count = 0;
	if (id < r.start || id >= r.start + r.count)
		return SUBID_STATUS_SUCCESS;
	*uids = malloc(sizeof **uids);
	if (*uids == NULL)
		return SUBID_STATUS_ERROR;
	**uids = 0;
	*count = 1;
	return SUBID_STATUS_SUCCESS;
}

void shadow_subid_free(void *p)
{
	free(p);
}
