#!/usr/bin/env bats
# The conformance table (tests/conformance.table): each command line must
# make the plan written beside it, as --dry-run --json shows it, or be
# refused with the message beside it.

load helpers

# check_table TABLE: every line of TABLE, as this user; prints each
# mismatch and a count, and fails if there is one.  Each line's plan is
# made by unshare; one python3 turns them all into summaries.
check_table() {
	local args want n=0 bad=0 skipped=0 words i k=0 status
	local uid gid
	local -a lines_args lines_want got summaries
	uid=$(id -u)
	gid=$(id -g)
	: >"$BATS_TEST_TMPDIR/plans"
	while IFS=$'\t' read -r args want; do
		[[ -z $args || $args == '#'* ]] && continue
		if [[ $want == '[root] '* ]]; then
			want=${want#\[root\] }
			[ "$uid" = 0 ] || { skipped=$((skipped + 1)); continue; }
		fi
		want=${want//\$U/$uid}
		want=${want//\$G/$gid}
		read -ra words <<<"$args"
		lines_args[n]=$args
		lines_want[n]=$want
		status=0
		unshare --dry-run --json "${words[@]}" >"$BATS_TEST_TMPDIR/plan" \
			2>"$BATS_TEST_TMPDIR/err" || status=$?
		# A plan that foresees the run's failure (125) is a plan all
		# the same; a refusal writes none.
		if [ "$status" = 0 ] || { [ "$status" = 125 ] && [ -s "$BATS_TEST_TMPDIR/plan" ]; }; then
			cat "$BATS_TEST_TMPDIR/plan" >>"$BATS_TEST_TMPDIR/plans"
			got[n]=@plan
		elif [ "$status" = 125 ]; then
			got[n]="! $(head -n 1 "$BATS_TEST_TMPDIR/err")"
		else
			got[n]="(exit status other than 0 and 125)"
		fi
		n=$((n + 1))
	done <"$1"
	mapfile -t summaries < <(python3 "$BATS_TEST_DIRNAME/plan-summary.py" \
		<"$BATS_TEST_TMPDIR/plans")
	for ((i = 0; i < n; i++)); do
		if [ "${got[i]}" = @plan ]; then
			got[i]=${summaries[k]-(no plan)}
			k=$((k + 1))
		fi
		# A refusal: its first line starts with the words given.
		if [[ ${lines_want[i]} == '! '* && ${got[i]} == "${lines_want[i]}"* ]]; then
			continue
		fi
		if [ "${got[i]}" != "${lines_want[i]}" ]; then
			echo "mismatch: ${lines_args[i]}"
			echo "    want: ${lines_want[i]}"
			echo "     got: ${got[i]}"
			bad=$((bad + 1))
		fi
	done
	echo "$n lines, $bad mismatches, $skipped for root only"
	[ "$bad" = 0 ]
}

@test "at least 150 command lines make the plan util-linux's reading of them gives" {
	run check_table "$BATS_TEST_DIRNAME/conformance.table"
	printf '# %s\n' "${lines[@]}" >&3
	assert_success
	assert_line --regexp '^[0-9]+ lines, 0 mismatches'
	[ "$(grep -cv '^#' "$BATS_TEST_DIRNAME/conformance.table")" -ge 150 ]
}

@test "the table check fails on a line whose plan differs" {
	printf -- '-Ur id -u\treq=user argv=id|-u\n' >table
	run check_table table
	assert_failure
	assert_line 'mismatch: -Ur id -u'
	assert_line "     got: req=user uid=0:$(id -u):1 gid=0:$(id -g):1 sg=deny argv=id|-u"
	printf -- '--bogus\t! unshare: something else\n' >table
	run check_table table
	assert_failure
	assert_line "     got: ! unshare: unrecognized option '--bogus'"
	# A refusal's words are the start of its first line.
	printf -- '--bogus\t! unshare: unrecognized option\n' >table
	run check_table table
	assert_success
}
