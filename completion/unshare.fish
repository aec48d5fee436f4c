# fish completion for unshare(1).  The options, what value each takes
# and the words it knows are read from the unshare being completed
# (--list=options, which is never translated), when fish first completes
# it, so they never drift.  The command is this file's name, as installed
# (unshare, or the name --program-suffix gives it).

# The candidates for the last item of a comma-separated list, the items
# before it kept: the words given, or with -v the names of variables.
function __unshare_items
    set -l token (commandline -ct)
    # fish completes a long option's value without the "--name=".
    set -l value (string replace -r -- '^--[^=]*=' '' $token)
    set -l head (string match -r -- '^.*,' $value)
    set -l words $argv
    if test "$argv[1]" = -v
        set words (set --names)
    end
    printf '%s\n' $head$words
end

# The candidates for the program, and then for its own words: the
# options that take the next word as their value are skipped.
function __unshare_program
    __fish_complete_subcommand -- $argv
end

function __unshare_learn --argument-names cmd
    set -l separate
    $cmd --list=options 2>/dev/null | while read -l name short argument value words
        string match -q -- '--*' $name; or continue # the heading
        set -l long (string sub -s 3 -- $name)
        set -l spec -c $cmd -l $long
        # A letter takes a value only where one is required: a
        # namespace's letter takes no FILE (-Ur is -U -r).
        if string match -qr -- '^-.$' $short
            set -a spec -s (string sub -s 2 -- $short)
        end
        if test $argument = none
            complete $spec
            continue
        end
        test $argument = required; and set -a spec -r
        set -l list (string split ' ' -- $words)
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
        if test $argument = required
            set -a separate $name
            string match -qr -- '^-.$' $short; and set -a separate $short
        end
    end
    # The program: the first word that is neither an option nor the
    # value of one; the words after it are completed as its own.
    complete -c $cmd -n "not string match -q -- '-*' (commandline -ct)" \
        -x -a "(__unshare_program $separate)"
end

__unshare_learn (string replace -r -- '\.fish$' '' (basename (status current-filename)))
