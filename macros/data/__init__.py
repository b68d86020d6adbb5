"""macros.data."""
