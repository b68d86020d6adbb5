"""The site's own CSS uses ``:has()`` only in the shapes Chromium keeps cheap (issue 27).

Chromium keeps one invalidation set for every ``:has()`` of the page. With an attribute selector
inside any ``:has()`` argument, every element added to or removed from the page (each part of a
calculation's result) schedules that set on the ``<html>``/``<body>`` a ``:has()`` is about; and a
rule whose part after the ``:has()`` ends in a bare element name (``… :has(…) > a``) puts every
element of that name in the set. Together they made each warm recalculation restyle every link of
the page, several times (measured: about 200 elements per style update instead of the result's).
"""

from __future__ import annotations

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CSS = sorted((ROOT / "docs" / "assets").rglob("*.css"))
# A heading that a page has once: restyling it costs nothing.
ONCE_A_PAGE = {"h1"}


def selectors(text: str) -> list[str]:
    """Every selector of a stylesheet (comments dropped, @media blocks opened)."""
    text = re.sub(r"/\*.*?\*/", "", text, flags=re.S)
    out: list[str] = []
    for prelude in re.findall(r"([^{}]+)\{", text):
        prelude = prelude.strip()
        if prelude.startswith("@"):
            continue
        out.extend(part.strip() for part in split_top(prelude))
    return out


def split_top(prelude: str) -> list[str]:
    """A selector list split at its top-level commas (not those inside ``:is(…)``, ``:has(…)``)."""
    parts, depth, start = [], 0, 0
    for i, char in enumerate(prelude):
        depth += (char == "(") - (char == ")")
        if char == "," and depth == 0:
            parts.append(prelude[start:i])
            start = i + 1
    parts.append(prelude[start:])
    return parts


def has_arguments(selector: str) -> list[tuple[str, str]]:
    """Each ``:has(argument)`` of a selector, with what follows it in the selector."""
    found = []
    for match in re.finditer(r":has\(", selector):
        depth, i = 1, match.end()
        while depth:
            depth += (selector[i] == "(") - (selector[i] == ")")
            i += 1
        found.append((selector[match.end():i - 1], selector[i:]))
    return found


def test_has_arguments_name_no_attribute() -> None:
    wrong = [f"{path.relative_to(ROOT)}: {selector}" for path in CSS for selector in selectors(path.read_text("utf-8"))
             for argument, _ in has_arguments(selector) if "[" in argument]
    assert not wrong, "Dentro de :has(), uma classe no lugar do atributo:\n" + "\n".join(wrong)


def test_nothing_after_a_has_ends_in_a_bare_element_name() -> None:
    wrong = []
    for path in CSS:
        for selector in selectors(path.read_text("utf-8")):
            for _, rest in has_arguments(selector):
                # The rightmost compound after the :has(): a bare element name (a, li, td…).
                tail = re.split(r"[\s>+~]+", rest.strip())[-1] if re.search(r"[\s>+~]", rest) else ""
                if re.fullmatch(r"[a-z][a-z0-9]*", tail) and tail not in ONCE_A_PAGE:
                    wrong.append(f"{path.relative_to(ROOT)}: {selector}")
    assert not wrong, ("Depois de um :has(), um elemento pelo nome faz o Chromium refazer o estilo de todos os "
                       "elementos com esse nome a cada mudança da página:\n" + "\n".join(wrong))


def test_no_has_on_body() -> None:
    """``body:has(…)`` is checked again at every element or text the page gains or loses, and the
    whole page is then searched for what it styles (issue 27): the calculator page is told from
    near its form instead (docs/assets/calculadoras-hoje.css)."""
    wrong = [f"{path.relative_to(ROOT)}: {selector}" for path in CSS for selector in selectors(path.read_text("utf-8"))
             if re.search(r"(^|[\s>+~])body:has\(", selector)]
    assert not wrong, "Um :has() no <body>, refeito a cada mudança da página:\n" + "\n".join(wrong)


def test_the_check_sees_both_shapes() -> None:
    """The checks read the selectors they are about (so that they can fail)."""
    old = (".ep-estilo-chegando .md-content__inner:has(> [data-ep-pacote]) { visibility: hidden; }\n"
           "@media (max-width: 30em) { .md-typeset :is(th, td, li, p, small):has(> .x) > a { color: red; } }")
    found = [has_arguments(s) for s in selectors(old)]
    assert found == [[("> [data-ep-pacote]", "")], [("> .x", " > a")]]
