# fish completion for unshare(1).  The options, what value each takes,
# the words it knows and its help (in the user's language) are read from
# the unshare being completed (--list=options), when fish first completes
# it, so they never drift.  The command is this file's name, as installed
# (unshare, or the name --program-suffix gives it).

# The candidates for the last item of a comma-separated list, the items
# before it kept: the words given, or with -v the names of variables;
# none that the list already has.
function __unshare_items
    set -l token (commandline -ct)
    # fish completes a long option's value without the "--name=".
    set -l value (string replace -r -- '^--[^=]*=' '' $token)
    set -l head (string match -r -- '^.*,' $value)
    set -l given (string split , -- $head)
    set -l words $argv
    if test "$argv[1]" = -v
        set words (set --names)
    end
    for word in $words
        contains -- $word $given; or echo $head$word
    end
end

# Whether the word being completed is the value of option $argv[1]:
# attached (--name=VALUE), or the word after one of $argv[2..].
function __unshare_value_of
    string match -q -- "$argv[1]=*" (commandline -ct); and return
    set -l words (commandline -opc)
    contains -- "$words[-1]" $argv[2..]
end

# The program and its words, the one being completed last, a line each,
# when the word being completed is the program or one of its words; else
# nothing, and a failure.  The program is the first word that is neither
# an option nor the value of one (those that take the next word are the
# arguments), or the word after --.
function __unshare_program_words
    set -l words (commandline -opc)
    set -e words[1]
    set -l current (commandline -ct)
    set -l ended
    while set -q words[1]
        if test "$words[1]" = --
            set -e words[1]
            set ended --
            break
        else if contains -- $words[1] $argv
            # The word being completed is its value.
            set -q words[2]; or return 1
            set -e words[1..2]
        else if string match -q -- '-*' $words[1]
            set -e words[1]
        else
            break
        end
    end
    if not set -q words[1]; and test -z "$ended"
        string match -q -- '-*' $current; and return 1
    end
    printf '%s\n' $words $current
end

# The candidates for the program, and then for its own words: completed
# as a line of their own, the words before the one being completed
# escaped again, so that none is read as a command substitution.  A
# program word that is one (or a variable) is not completed: completing
# a command expands it.
function __unshare_program
    set -l words (__unshare_program_words $argv); or return
    string match -qr -- '[($]' $words[1]; and return
    set -l current $words[-1]
    set -e words[-1]
    complete --do-complete=(string join ' ' -- (string escape -- $words) $current)
end

function __unshare_learn --argument-names cmd
    set -l separate
    # A row a line, its cells parted by a blank, a blank in a cell as
    # \x20: the help the last but one cell.
    set -l lines ($cmd --list=options --raw --noheadings \
        -o option,short,argument,value,help,words 2>/dev/null)
    # Those that take the next word as their value, first: our options
    # are completed only before the program.
    for line in $lines
        echo $line | read -l name short argument value help words
        test "$argument" = required; or continue
        set -a separate $name
        string match -qr -- '^-.$' $short; and set -a separate $short
    end
    set -l ours "not __unshare_program_words $separate >/dev/null"
    for line in $lines
        echo $line | read -l name short argument value help words
        set -l long (string sub -s 3 -- $name)
        # The option itself, described; a letter takes a value only
        # where one is required: a namespace's letter takes no FILE
        # (-Ur is -U -r).
        set -l letter
        set -l given $name
        if string match -qr -- '^-.$' $short
            set letter -s (string sub -s 2 -- $short)
            set -a given $short
        end
        set -l takes
        test $argument = required; and set takes -r -f
        set -l described
        test $help != -; and set described -d (printf %b $help)
        complete -c $cmd -n $ours -l $long $letter $takes $described
        test $argument = none; and continue
        # Its values, apart, so that fish offers the option once (not
        # also as --name=) and shows no help beside each value.
        set -l spec -c $cmd -l $long
        if test $argument = required
            set -a spec $letter -r -n "$ours; and __unshare_value_of $name $given"
        else
            set -a spec -n "$ours; and __unshare_value_of $name"
        end
        set -l list (string split ' ' -- (printf %b $words))
        switch $value
            case word text
                complete $spec -f -a "$list"
            case signal
                # The names, with SIG and without; a number is typed.
                set -l names (string match -v -- '*-*' $list)
                set -l prefixed SIG$names
                complete $spec -f -a "$names $prefixed"
            case flag-list word-list
                complete $spec -f -a "(__unshare_items $list)"
            case variable-list
                complete $spec -f -a "(__unshare_items -v)"
            case user
                complete $spec -f -a "(__fish_complete_users)"
            case group
                complete $spec -f -a "(__fish_complete_groups)"
            case directory
                complete $spec -f -a "(__fish_complete_directories)"
            case file
                complete $spec -F
        end
    end
    # The program, and the words after it as its own.
    complete -c $cmd -n "__unshare_program_words $separate >/dev/null" \
        -x -a "(__unshare_program $separate)"
end

__unshare_learn (string replace -r -- '\.fish$' '' (basename (status current-filename)))
