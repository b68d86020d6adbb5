"""calculators.rules."""
