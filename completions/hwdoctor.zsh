#compdef hwdoctor

_hwdoctor_completion() {
  eval $(env _TYPER_COMPLETE_ARGS="${words[1,$CURRENT]}" _HWDOCTOR_COMPLETE=complete_zsh hwdoctor)
}

compdef _hwdoctor_completion hwdoctor

# Generated from the hwdoctor app by completions/generate.py (`make completions`).
