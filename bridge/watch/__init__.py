"""``swissbridge watch``: watch a folder, pair the next round, write it back, safely.

The watcher augments a running tournament without anyone typing commands. Its
core is one *pass* (:meth:`swissbridge.watch.loop.Watcher.run_pass`): scan the
folder, read every input file that has been stable for the configured interval,
let the host workflow decide (pair the next round, wait for results, report a
fault) and publish what it decided. A pass is driven either once (``--once``, for scripts and cron) or by
a watchdog observer whose events are debounced into passes.

Guarantees, whatever happens on disk:

* a file still being written is never parsed (:mod:`swissbridge.watch.files`);
* a round's files appear together or not at all: staged in a hidden folder, the
  memory recording them synced, then one rename (:mod:`swissbridge.watch.publish`);
  host files are never modified, and a published folder is never replaced;
* one watcher writes to an output folder: its lock is re-verified before every
  write, and a watcher that finds another one holding the folder stops writing;
* a published pairing is never changed silently (:mod:`swissbridge.watch.memory`
  remembers it, with content hashes, across restarts);
* a malformed input, a vanished file, a permission error, a full disk, a damaged
  memory or a missing output folder is reported and survived: the watcher keeps
  running and writes nothing it cannot write whole (``--once`` exits non-zero
  when it could do nothing for a reason to fix).

The modules, from the bottom up:

* :mod:`~swissbridge.watch.files`: when an input file may be read (stable) and its bytes;
* :mod:`~swissbridge.watch.memory`: the watcher's memory across restarts;
* :mod:`~swissbridge.watch.types`: the configuration and what a host workflow decides;
* :mod:`~swissbridge.watch.render`: the files published for a round;
* :mod:`~swissbridge.watch.hosts`: what both workflows share (pairing the next round, waiting);
* :mod:`~swissbridge.watch.host_swissmanager`, :mod:`~swissbridge.watch.host_pgn`: the two host workflows;
* :mod:`~swissbridge.watch.publish`: a set of files published whole or not at all;
* :mod:`~swissbridge.watch.loop`: the pass, the single-writer lock and the drivers;
* :mod:`~swissbridge.watch.command`: ``swissbridge watch`` on the command line.
"""
