"""swissbridge: FIDE Swiss pairings (Dutch C.04.3, Lim C.04.4.3) for the files
tournament programs read and write.

The model lives here (:mod:`swissbridge.model`, :mod:`swissbridge.state`,
:mod:`swissbridge.pairing`); file formats in :mod:`swissbridge.formats`; pairing
systems, behind one protocol, in :mod:`swissbridge.plugins`.
"""

__version__ = "0.1.0"
