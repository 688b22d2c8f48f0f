"""Running an event in its file: starting it and keeping its header (:mod:`.header`: ``new``,
``set``), the participants' changes (:mod:`.players`), results (:mod:`.results`) and the FIDE
report (:mod:`.report`)."""
