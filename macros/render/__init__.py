"""macros.render."""
