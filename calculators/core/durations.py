"""Durations in minutes (Decimal, exact) and their display as hours."""

from decimal import Decimal

from .money import format_decimal

SIXTY = Decimal(60)


def hours_text(minutes: Decimal) -> str:
    """Machine form of a duration: ``H:MM`` when whole minutes, else decimal hours."""
    if minutes == minutes.to_integral_value():
        whole = int(minutes)
        sign = "-" if whole < 0 else ""
        hours, rest = divmod(abs(whole), 60)
        return f"{sign}{hours}:{rest:02d}"
    return format(minutes / SIXTY, "f")


def format_hours(minutes: Decimal) -> str:
    """Display form: ``2 h 30 min``, ``8 h``, ``45 min`` (decimal hours for odd fractions)."""
    if minutes != minutes.to_integral_value():
        return f"{format_decimal((minutes / SIXTY).normalize())} h"
    whole = int(minutes)
    hours, rest = divmod(abs(whole), 60)
    sign = "-" if whole < 0 else ""
    if hours and rest:
        return f"{sign}{hours} h {rest:02d} min"
    if hours or not rest:
        return f"{sign}{hours} h"
    return f"{sign}{rest} min"


def clock(minutes: int) -> str:
    """Minutes after midnight as ``HH:MM``."""
    return f"{minutes // 60:02d}:{minutes % 60:02d}"
