"""Pure mathematics of Wythoff's game and its generalisations: exact, no I/O.

Nothing here imports the database, the exports or the site.
"""
