"""`python -m hwdoctor`."""

from hwdoctor.cli import main

main()
