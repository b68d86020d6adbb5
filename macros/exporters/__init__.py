"""macros.exporters."""
