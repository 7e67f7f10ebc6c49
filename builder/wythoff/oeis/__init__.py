"""OEIS: the index of its entries, matching our sequences against them, the
relations found, and our sequences written as OEIS entries."""
