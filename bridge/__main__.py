"""``python -m swissbridge``: the command line."""

from swissbridge.cli.launch import main

main()
