# bash completion for unshare(1).  Options, flag names and signal names
# are read from the unshare being completed (--help, --dry-run), so they
# never drift.
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

# What each unshare (by the word it is run by) takes for --kill-child,
# once learnt: the signal names, "HUP INT ..." without SIG, and the
# highest signal number.
declare -gA _unshare_signals=() _unshare_signal_max=()

# Learns the signals of unshare $1 (unless known): the names it gives
# the signals 1, 2... (--dry-run --kill-child=N) up to the first number
# it refuses, or 128 (no kernel has more).  A signal it names by number
# (glibc's 32 and 33) has no name.  That takes a run for each signal, so
# what it learns is kept for the rest of the session.
_unshare_learn_signals() {
	local cmd=$1 n names='' plan
	[[ ${_unshare_signals[$cmd]+known} ]] && return
	for ((n = 1; n <= 128; n++)); do
		plan=$("$cmd" --dry-run --kill-child="$n" true 2>/dev/null) || break
		[[ $plan =~ the\ child\ gets\ SIG([^ ]+)\ if\ unshare\ dies ]] || break
		[[ ${BASH_REMATCH[1]} == [0-9]* ]] || names+=" ${BASH_REMATCH[1]}"
	done
	_unshare_signals[$cmd]=${names# }
	_unshare_signal_max[$cmd]=$((n - 1))
}

# Sets the options of this completion (compopt).  Outside a completion
# (a test calling _unshare itself) there are none to set: no matter.
_unshare_compopt() {
	compopt "$@" 2>/dev/null || :
}

# COMPREPLY: what the command given prints, one candidate a line.
_unshare_reply() {
	mapfile -t COMPREPLY < <("$@")
}

# COMPREPLY: the candidates for the value of option $2 of unshare $1 (the
# value so far is $3).  Sets files=1 (a variable of _unshare) for names
# of files or directories, and has readline quote them and end a
# directory with a slash, not a space.
_unshare_values() {
	local cmd=$1 option=$2 cur=$3 head='' names
	case $option in
	--propagation) _unshare_reply compgen -W 'private shared slave unchanged' -- "$cur" ;;
	--setgroups) _unshare_reply compgen -W 'allow deny' -- "$cur" ;;
	--kill-child)
		# unshare takes a signal's name, with SIG or without, or its
		# number: the names both ways (never bash's EXIT, ERR...), and
		# once a digit is typed the numbers.
		_unshare_learn_signals "$cmd"
		if [[ $cur == [0-9]* ]]; then
			_unshare_reply compgen -W "$(seq "${_unshare_signal_max[$cmd]}")" -- "$cur"
		else
			read -ra names <<<"${_unshare_signals[$cmd]}"
			_unshare_reply compgen -W "${names[*]} ${names[*]/#/SIG}" -- "$cur"
		fi
		;;
	--flags)
		# A comma-separated list: complete its last item.
		[[ $cur == *,* ]] && head=${cur%,*},
		_unshare_reply compgen -P "$head" -W "$(_unshare_flag_names "$cmd")" -- "${cur##*,}"
		;;
	--map-user | --setuid | -S) _unshare_reply compgen -u -- "$cur" ;;
	--map-group | --setgid | -G) _unshare_reply compgen -g -- "$cur" ;;
	--map-users | --map-groups) _unshare_reply compgen -W 'auto subids all' -- "$cur" ;;
	--keep-env | --whitelist-env)
		# A comma-separated list of variables: complete its last item.
		[[ $cur == *,* ]] && head=${cur%,*},
		_unshare_reply compgen -P "$head" -v -- "${cur##*,}"
		;;
	--root | --wd | --mount-proc | --mount-binfmt | -R | -w)
		files=1
		_unshare_compopt -o filenames
		_unshare_reply compgen -d -- "$cur"
		;;
	--mount | --uts | --ipc | --net | --pid | --user | --cgroup | --time)
		files=1
		_unshare_compopt -o filenames
		_unshare_reply compgen -f -- "$cur"
		;;
	esac
}

# Without '=' among bash's word breaks, the word being completed is the
# whole --name=VALUE: each candidate gets "--name=" ($1) back.  Readline
# cannot see a directory behind it, so a directory gets its slash here,
# and no space after it if it is the only one.
_unshare_prefix() {
	local prefix=$1 i name
	for i in "${!COMPREPLY[@]}"; do
		name=${COMPREPLY[i]}
		[[ $files && -d ${name/#\~\//$HOME/} ]] && name+=/
		COMPREPLY[i]=$prefix$name
	done
	if [[ ${#COMPREPLY[@]} == 1 && ${COMPREPLY[0]} == */ ]]; then
		_unshare_compopt -o nospace
	fi
}

# Whether option word $1, given alone, takes the next word as its value:
# it requires a value (-R DIR, --root DIR).  An optional value is
# attached or absent (--mount=FILE, --kill-child=SIGNAL): the word after
# such an option is not its value but the program.
_unshare_takes_word() {
	case $1 in
	-R | -w | -S | -G | -l | --flags | --map-user | --map-group | \
		--map-users | --map-groups | --owner | --setgroups | \
		--setuid | --setgid | --propagation | --monotonic | \
		--boottime | --root | --wd | --keep-env | --whitelist-env | \
		--load-interp)
		return 0 ;;
	esac
	return 1
}

# COMPREPLY: candidates for the program, the word so far being $1: the
# commands bash knows, or, once the word has a slash, the directories
# (to go on in) and the files that can be run there.
_unshare_program() {
	local cur=$1 path
	if [[ $cur != */* ]]; then
		_unshare_reply compgen -c -- "$cur"
		return
	fi
	_unshare_compopt -o filenames
	while IFS= read -r path; do
		# compgen keeps a leading ~/ as typed; test the file it names.
		if [[ -d ${path/#\~\//$HOME/} || -x ${path/#\~\//$HOME/} ]]; then
			COMPREPLY+=("$path")
		fi
	done < <(compgen -f -- "$cur")
}

_unshare() {
	local cmd=${COMP_WORDS[0]} cur=${COMP_WORDS[COMP_CWORD]} i
	local prev option='' value='' files='' program=''
	COMPREPLY=()

	# The program is the first word that is neither an option nor the
	# value of one, or the word after --.  The words after it are its own.
	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in
		--)
			program=$((i + 1))
			break ;;
		=) ;;
		-*)
			if _unshare_takes_word "${COMP_WORDS[i]}" &&
				[[ ${COMP_WORDS[i + 1]} != = ]]; then
				((i++))
			fi ;;
		*)
			if [[ ${COMP_WORDS[i - 1]} != = ]]; then
				program=$i
				break
			fi ;;
		esac
	done
	if [[ $program ]]; then
		if ((program == COMP_CWORD)); then
			_unshare_program "$cur"
		elif declare -F _command_offset >/dev/null; then
			# bash-completion is loaded: its _command_offset completes
			# the words as the program's own completion would, as if
			# the line began with the program.
			_command_offset "$program"
		else
			_unshare_compopt -o filenames
			_unshare_reply compgen -f -- "$cur"
		fi
		return 0
	fi

	# The value of an option, attached: --name=VALUE is one word, or
	# three when bash breaks words at '=' (by default): --name, '=' and
	# VALUE, the last one missing right after the '='.  Or, for an
	# option that requires a value, the next word.
	prev=${COMP_WORDS[COMP_CWORD - 1]}
	if [[ $cur == = && $prev == --* ]]; then
		option=$prev
	elif [[ $prev == = && ${COMP_WORDS[COMP_CWORD - 2]} == --* ]]; then
		option=${COMP_WORDS[COMP_CWORD - 2]} value=$cur
	elif [[ $cur == --*=* ]]; then
		option=${cur%%=*} value=${cur#*=}
	elif _unshare_takes_word "$prev"; then
		option=$prev value=$cur
	fi
	if [[ $option ]]; then
		_unshare_values "$cmd" "$option" "$value"
		[[ $cur == --*=* ]] && _unshare_prefix "$option="
		# A list may go on: no space after an item.
		case $option in
		--flags | --keep-env | --whitelist-env) _unshare_compopt -o nospace ;;
		esac
		return 0
	fi

	# Our options, until the program.
	if [[ $cur == -* ]]; then
		_unshare_reply compgen -W "$(_unshare_options "$cmd")" -- "$cur"
		if [[ ${COMPREPLY[*]} == *= ]]; then
			_unshare_compopt -o nospace
		fi
	else
		_unshare_program "$cur"
	fi
}

complete -F _unshare unshare
