# bash completion for unshare(1).  The options, what value each takes
# and the words it knows are read from the unshare being completed
# (--list=options, which is never translated), so they never drift.
# shellcheck shell=bash

# What each unshare (by the word it is run by) says of its options, once
# learnt: its options as candidates ("--name", or "--name=" when a value
# is required), and for each option word ("--name", and "-x" for its
# letter, keyed "COMMAND OPTION") what it takes (none, required or
# optional), the kind of its value and the words it knows.
declare -gA _unshare_options=() _unshare_argument=() _unshare_value=() _unshare_words=()

# Learns the options of unshare $1, in one run, unless known: the rest
# of the session asks nothing more of it.
_unshare_learn() {
	local cmd=$1 name short argument value words candidates=''
	[[ ${_unshare_options[$cmd]+known} ]] && return
	while read -r name short argument value words; do
		[[ $name == --* ]] || continue
		# A blank in a raw cell is \x20.
		printf -v words '%b' "$words"
		_unshare_argument[$cmd $name]=$argument
		_unshare_value[$cmd $name]=$value
		_unshare_words[$cmd $name]=$words
		if [[ $argument == required ]]; then
			candidates+=" $name="
		else
			candidates+=" $name"
		fi
		[[ $short == -? ]] || continue
		# A letter takes a value only where one is required: a
		# namespace's letter takes no FILE (-Ur is -U -r).
		_unshare_argument[$cmd $short]=none
		[[ $argument == required ]] && _unshare_argument[$cmd $short]=required
		_unshare_value[$cmd $short]=$value
		_unshare_words[$cmd $short]=$words
	done < <("$cmd" --list=options --raw --noheadings \
		-o option,short,argument,value,words 2>/dev/null)
	_unshare_options[$cmd]=${candidates# }
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
# value so far is $3), by the kind of value it takes.  Sets files=1 (a
# variable of _unshare) for names of files or directories, and has
# readline quote them and end a directory with a slash, not a space.
_unshare_values() {
	local cmd=$1 option=$2 cur=$3 head='' word names=() numbers=()
	local -a words
	read -ra words <<<"${_unshare_words[$cmd $option]-}"
	case ${_unshare_value[$cmd $option]-} in
	word | text) _unshare_reply compgen -W "${words[*]}" -- "$cur" ;;
	signal)
		# A signal's name, with SIG or without (never bash's EXIT,
		# ERR...), or, once a digit is typed, its number: the words
		# are the names and the range of the numbers ("1-64").
		for word in "${words[@]}"; do
			if [[ $word == [0-9]*-[0-9]* ]]; then
				mapfile -t numbers < <(seq "${word%-*}" "${word#*-}")
			else
				names+=("$word")
			fi
		done
		if [[ $cur == [0-9]* ]]; then
			_unshare_reply compgen -W "${numbers[*]}" -- "$cur"
		else
			_unshare_reply compgen -W "${names[*]} ${names[*]/#/SIG}" -- "$cur"
		fi
		;;
	*-list)
		# A comma-separated list: complete its last item, by none of
		# the items before it.
		[[ $cur == *,* ]] && head=${cur%,*},
		[[ ${_unshare_value[$cmd $option]} == variable-list ]] &&
			mapfile -t words < <(compgen -v)
		for word in "${words[@]}"; do
			[[ ,$head == *",$word,"* ]] || names+=("$word")
		done
		_unshare_reply compgen -P "$head" -W "${names[*]}" -- "${cur##*,}"
		;;
	user) _unshare_reply compgen -u -- "$cur" ;;
	group) _unshare_reply compgen -g -- "$cur" ;;
	directory)
		files=1
		_unshare_compopt -o filenames
		_unshare_reply compgen -d -- "$cur"
		;;
	file)
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

# Whether option word $2 of unshare $1, given alone, takes the next word
# as its value: it requires a value (-R DIR, --root DIR).  An optional
# value is attached or absent (--mount=FILE, --kill-child=SIGNAL): the
# word after such an option is not its value but the program.
_unshare_takes_word() {
	[[ ${_unshare_argument[$1 $2]-} == required ]]
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
	_unshare_learn "$cmd"

	# The program is the first word that is neither an option nor the
	# value of one, or the word after --.  The words after it are its own.
	for ((i = 1; i < COMP_CWORD; i++)); do
		case ${COMP_WORDS[i]} in
		--)
			program=$((i + 1))
			break ;;
		=) ;;
		-*)
			if _unshare_takes_word "$cmd" "${COMP_WORDS[i]}" &&
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
	elif _unshare_takes_word "$cmd" "$prev"; then
		option=$prev value=$cur
	fi
	if [[ $option ]]; then
		_unshare_values "$cmd" "$option" "$value"
		[[ $cur == --*=* ]] && _unshare_prefix "$option="
		# A list may go on: no space after an item.
		case ${_unshare_value[$cmd $option]-} in
		*-list) _unshare_compopt -o nospace ;;
		esac
		return 0
	fi

	# Our options, until the program.
	if [[ $cur == -* ]]; then
		_unshare_reply compgen -W "${_unshare_options[$cmd]}" -- "$cur"
		if [[ ${COMPREPLY[*]} == *= ]]; then
			_unshare_compopt -o nospace
		fi
	else
		_unshare_program "$cur"
	fi
}

complete -F _unshare unshare
