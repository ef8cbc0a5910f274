"""The paste readers: one module per report format, registered in `registry`.

`protocol` says what a reader is; `registry` lists them, in order of precedence, as data
(`--help` names the formats without importing a reader); `reading` (one level up) runs them
over a paste's cleaned lines. docs/extending.md ("A paste format") is the checklist for a
new one.
"""
