"""``python -m swissbridge``: the command line."""

from swissbridge.cli import main

main()
