"""The database: schema (``models``), atomic bulk writes (``store``) and
read-only access (``read``).  Knows nothing of the site."""
