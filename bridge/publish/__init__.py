"""What swissbridge publishes: the standings and the crosstables in every format, the static
site of an individual event and of a team event."""
