"""The build, in stages: :mod:`.run` runs them in order (``run.build``); each stage is a
module of its own (compute, verify, load, export, the transaction that publishes a
build whole).  This file imports nothing, so that a command needing one of them (the
progress bars of :mod:`.progress`, say) loads that one alone."""
