"""macros.build."""
