"""``wythoff verify``: every fact of a built database checked again by code that
shares nothing with the code that computed it.

The build computes with the mathematics of :mod:`wythoff.core` and the catalog of
:mod:`wythoff.families`; this package imports neither.  It reads the database
through :mod:`wythoff.db.read` alone and re-derives each stored fact from its
definition: a game's P-positions by a plain solver of the moves the ``games`` row
states, a Sprague–Grundy row by the least value no move reaches and its proof by
Landman's argument restated, a Beatty term by its floor brackets in integers, a
relation by the terms it cites, a download by its SHA-256.  A mistake in the
build's code would have to be made again, the same way, here.
"""
