"""The rules every system and command reads, by FIDE article: the round history (the
tournament before a round, byes, unfinished games, the initial colour), C.04.7 acceleration,
a team event's matches (C.04.6), the tie-breaks of C.07 (and the teams' of C.07 11-13), and
FIDE's rating tables (B.02). Below the formats and the systems, above the model."""
