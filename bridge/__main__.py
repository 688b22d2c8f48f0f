"""``python -m swissbridge``: the command line."""

from swissbridge.launch import main

main()
