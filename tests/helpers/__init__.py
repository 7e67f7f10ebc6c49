"""What the tests share: data, oracles, and ways to run the real commands and pages."""
