"""The command lines: ``swissbridge`` (:mod:`.launch`, the console script: a plain ``pair``
without typer, the rest through the typer application :mod:`.commandline` and its event
commands :mod:`.event`), what the commands print and their exit statuses (:mod:`.console`), and
the drop-in engine ``swissbridge-engine`` (:mod:`.dropin`). Nothing here is imported by a lower
group; this package's ``__init__`` imports nothing (a ``pair`` starts fast)."""
