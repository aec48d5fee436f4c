# bash completion for unshare(1).  Options and flag names are read from
# the unshare being completed (--help, --dry-run), so they never drift.
# shellcheck shell=bash

# The options of unshare $1, one a line: "--name" or "--name=" (a value
# is required).
_unshare_options() {
	"$1" --help 2>/dev/null |
		grep -oE -- '--[a-z][a-z-]*(\[=|=)?' |
		sed -e 's/\[=$//' | sort -u
}

# Flag names, as --flags takes them.
_unshare_flag_names() {
	"$1" --dry-run --flags=0x7e070f80 true 2>/dev/null |
		sed -n 's/^requested  //p' | tr -d ','
}

# Candidates for the value of option $2 (the word so far is $3).
_unshare_values() {
	local cmd=$1 option=$2 cur=$3 head=
	case $option in
	--propagation) compgen -W 'private shared slave unchanged' -- "$cur" ;;
	--setgroups) compgen -W 'allow deny' -- "$cur" ;;
	--kill-child) compgen -A signal -- "$cur" ;;
	--flags)
		# A comma-separated list: complete its last item.
		[[ $cur == *,* ]] && head=${cur%,*},
		compgen -P "$head" -W "$(_unshare_flag_names "$cmd")" -- "${cur##*,}"
		;;
	--map-user | --setuid | -S) compgen -u -- "$cur" ;;
	--map-group | --setgid | -G) compgen -g -- "$cur" ;;
	--map-users | --map-groups) compgen -W 'auto subids all' -- "$cur" ;;
	--keep-env | --whitelist-env) compgen -v -- "${cur##*,}" ;;
	--root | --wd | --mount-proc | --mount-binfmt | -R | -w) compgen -d -- "$cur" ;;
	--mount | --uts | --ipc | --net | --pid | --user | --cgroup | --time) compgen -f -- "$cur" ;;
	esac
}

_unshare() {
	local cmd=${COMP_WORDS[0]} cur=${COMP_WORDS[COMP_CWORD]} i word
	local line=${COMP_LINE:0:COMP_POINT} full option value
	full=${line##*[[:space:]]}
	COMPREPLY=()

	# Past the first non-option (or --), the words are the program's.
	for ((i = 1; i < COMP_CWORD; i++)); do
		word=${COMP_WORDS[i]}
		case $word in
		--) break ;;
		-R | -w | -S | -G | -l | --flags | --map-user | --map-group | \
			--map-users | --map-groups | --owner | --setgroups | \
			--setuid | --setgid | --propagation | --monotonic | \
			--boottime | --root | --wd | --keep-env | --whitelist-env | \
			--load-interp)
			[[ ${COMP_WORDS[i + 1]} == = ]] || ((i++)) ;;
		= | -*) ;;
		*)
			[[ ${COMP_WORDS[i - 1]} == = ]] && continue
			break ;;
		esac
	done
	if ((i < COMP_CWORD)); then
		[[ ${COMP_WORDS[i]} == -- ]] && ((i++))
		if ((i == COMP_CWORD)); then
			mapfile -t COMPREPLY < <(compgen -c -- "$cur")
		else
			mapfile -t COMPREPLY < <(compgen -f -- "$cur")
		fi
		return
	fi

	if [[ $full == --*=* ]]; then
		option=${full%%=*}
		value=${full#*=}
		mapfile -t COMPREPLY < <(_unshare_values "$cmd" "$option" "$value")
		# Unless bash splits words at '=', the word holds the option.
		if [[ $COMP_WORDBREAKS != *=* ]]; then
			COMPREPLY=("${COMPREPLY[@]/#/$option=}")
		fi
		if [[ $option == --flags ]]; then
			compopt -o nospace 2>/dev/null
		fi
		return 0
	fi
	case $cur in
	-*)
		mapfile -t COMPREPLY < <(compgen -W "$(_unshare_options "$cmd")" -- "$cur")
		if [[ ${COMPREPLY[*]} == *= ]]; then
			compopt -o nospace 2>/dev/null
		fi
		;;
	*)
		if [[ ${COMP_WORDS[COMP_CWORD - 1]} == -* ]] &&
			mapfile -t COMPREPLY < <(_unshare_values "$cmd" "${COMP_WORDS[COMP_CWORD - 1]}" "$cur") &&
			((${#COMPREPLY[@]})); then
			return
		fi
		mapfile -t COMPREPLY < <(compgen -c -- "$cur")
		;;
	esac
}

complete -F _unshare unshare
