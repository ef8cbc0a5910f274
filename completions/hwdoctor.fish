complete --command hwdoctor --no-files --arguments "(env _HWDOCTOR_COMPLETE=complete_fish _TYPER_COMPLETE_FISH_ACTION=get-args _TYPER_COMPLETE_ARGS=(commandline -cp) hwdoctor)" --condition "env _HWDOCTOR_COMPLETE=complete_fish _TYPER_COMPLETE_FISH_ACTION=is-args _TYPER_COMPLETE_ARGS=(commandline -cp) hwdoctor"

# Generated from the hwdoctor app by completions/generate.py (`make completions`).
