"""Text layers: escaping, nesting, crossing, and never a link inside a link."""

from __future__ import annotations

import pytest

from macros.data.textspans import CrossingSpansError, Span, render

LINK = ('<a href="#x">', "</a>")
MARK = ("<mark>", "</mark>")


def test_text_is_escaped() -> None:
    assert render("<img src=x> & co", []) == "&lt;img src=x&gt; &amp; co"


def test_nested_spans() -> None:
    out = render("ver art. 4º, § 2º", [Span(4, 17, *LINK), Span(13, 17, *MARK)])
    assert out == 'ver <a href="#x">art. 4º, <mark>§ 2º</mark></a>'


def test_note_reference_inside_a_link_moves_after_the_link() -> None:
    note = Span(0, 7, "<mark>", "</mark>", '<sup><a href="#n1">[1]</a></sup>')
    out = render("Tabelas Numéricas", [Span(0, 17, *LINK), note])
    assert out == '<a href="#x"><mark>Tabelas</mark> Numéricas</a><sup><a href="#n1">[1]</a></sup>'


def test_crossing_spans_are_refused() -> None:
    with pytest.raises(CrossingSpansError):
        render("abcdefghij", [Span(0, 10, *MARK), Span(2, 4, *MARK), Span(5, 12, *LINK)])
