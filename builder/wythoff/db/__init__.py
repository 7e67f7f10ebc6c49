"""The database: schema (``models``), atomic bulk writes (``store``) and
read-only access (``read``).  Knows nothing of the site."""

PUBLIC_TABLES = (
    "sequences",
    "terms",
    "games",
    "p_positions",
    "numerations",
    "numeration_systems",
    "crossrefs",
    "oeis_extensions",
    "observations",
    "grundy_periods",
    "grundy_values",
    "grundy_positions",
    "families",
    "papers",
    "game_sequences",
    "verifications",
    "build_info",
    "schema_columns",
)
"""The tables (and views) users query, in the README's order: the one list, read by
the Python API and checked against the models and the README by the tests.  The
others (``term_values``, ``game_positions``, ``grundy_cells``) are storage behind the
views."""
