_hwdoctor_completion() {
    local IFS=$'
'
    COMPREPLY=( $( env COMP_WORDS="${COMP_WORDS[*]}" \
                   COMP_CWORD=$COMP_CWORD \
                   _HWDOCTOR_COMPLETE=complete_bash $1 ) )
    return 0
}

complete -o default -F _hwdoctor_completion hwdoctor

# Generated from the hwdoctor app by completions/generate.py (`make completions`).
