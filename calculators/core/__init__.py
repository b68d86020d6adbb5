"""calculators.core."""
