"""The mathematics of each family, one module per paper's game: the closed forms,
the constructions the papers prove they equal, the rules and the strategies the
proofs give.  The catalog (:mod:`wythoff.families`) turns these into records; nothing
here knows of IDs, pages or the database.
"""
