"""The commands over tournament files, without their command line: ``check`` (one file, or a
batch), ``explain``, ``generate``, ``convert``, and where a command's output goes (:mod:`.output`)."""
