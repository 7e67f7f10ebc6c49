"""Games as rules, a solver that computes P-positions from the rules alone, and
the strategy interface that formula games implement."""
