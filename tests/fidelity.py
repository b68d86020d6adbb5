"""Fidelity check: the words of a source document, in order, against the rendered page.

Normalisation (documented on the site, page "Sobre a edição"): only whitespace, and the layout
of flattened tables — runs of four or more dots (fill leaders) are separators. Any other
difference must be declared by an editorial note's ``fidelity`` substitutions, which this module
applies to the source before comparing.
"""

from __future__ import annotations

from html.parser import HTMLParser

from macros.data.fidelity import tokens

__all__ = ["tokens"]

VOID = {"br", "img", "input", "meta", "link", "hr", "wbr", "source", "col", "area", "base", "embed"}


def apply_substitutions(source: list[str], substitutions: list[tuple[str, str]]) -> list[str]:
    """Replace each declared source token run by its page form; each must occur exactly once."""
    out = list(source)
    for before, after in substitutions:
        old, new = tokens(before), tokens(after)
        hits = [i for i in range(len(out) - len(old) + 1) if out[i : i + len(old)] == old]
        if len(hits) != 1:
            raise AssertionError(f"substituição declarada {before!r} ocorre {len(hits)} vezes no fonte")
        i = hits[0]
        out[i : i + len(old)] = new
    return out


class SourceTextParser(HTMLParser):
    """Collect the text of elements with class ``src`` (outermost only), skipping ``data-nosrc``."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool, bool]] = []
        self.parts: list[str] = []

    @property
    def inside(self) -> bool:
        return any(src for _, src, _ in self.stack) and not any(skip for _, _, skip in self.stack)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag in VOID:
            if tag == "br" and self.inside:
                self.parts.append(" ")
            return
        names = dict(attrs)
        classes = (names.get("class") or "").split()
        self.stack.append((tag, "src" in classes, "data-nosrc" in names))
        if "src" in classes:
            self.parts.append(" ")

    def handle_endtag(self, tag: str) -> None:
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                was_src = self.stack[i][1]
                del self.stack[i:]
                if was_src:
                    self.parts.append(" ")
                return

    def handle_data(self, data: str) -> None:
        if self.inside:
            self.parts.append(data)


def page_source_text(html: str) -> str:
    """The source text shown on a page, in document order."""
    parser = SourceTextParser()
    parser.feed(html)
    parser.close()
    return "".join(parser.parts)


def first_difference(expected: list[str], actual: list[str]) -> str:
    """A readable description of where two token sequences part."""
    for i, (a, b) in enumerate(zip(expected, actual, strict=False)):
        if a != b:
            return (f"posição {i}: fonte {' '.join(expected[max(0, i - 5) : i + 5])!r}\n"
                    f"             página {' '.join(actual[max(0, i - 5) : i + 5])!r}")
    return f"comprimentos diferentes: fonte {len(expected)} palavras, página {len(actual)}"
