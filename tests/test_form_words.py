"""The yes/no words of the calculators' forms come from one place (issue 27): the calculators'
parser (``calculators/core/parsing.py``, YES_WORDS and NO_WORDS), which the build writes into each
form (``data-palavras-sim``) for the browser's form (``docs/assets/js/calculators/form.mjs``) to
read a link's ``?campo=sim``. Builds nothing."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from lxml import html as lhtml

from calculators import api
from calculators.core.parsing import NO_WORDS, YES_WORDS, FieldError, parse_boolean
from macros.data import site as data_site
from macros.render.calculator_form import form_html
from macros.render.calculators import declaration

ROOT = Path(__file__).resolve().parents[1]
FORM_SCRIPT = ROOT / "docs" / "assets" / "js" / "calculators" / "form.mjs"


@pytest.mark.parametrize("name", api.names())
def test_each_form_carries_the_parsers_yes_words(site: data_site.Site, name: str) -> None:
    form = lhtml.fromstring(form_html(site, declaration(name))).xpath("//form")[0]
    words = form.get("data-palavras-sim").split()
    assert set(words) == YES_WORDS
    for word in words:  # what the page checks as yes, the calculator reads as yes
        assert parse_boolean(word, "campo", "Campo") is True
        assert parse_boolean(word.upper(), "campo", "Campo") is True


def test_the_words_are_distinct_and_what_the_page_writes_is_read() -> None:
    assert not YES_WORDS & NO_WORDS
    # The share link writes a checkbox as sim/nao (form.mjs, shareParams).
    script = FORM_SCRIPT.read_text(encoding="utf-8")
    written = re.findall(r'value \? "(\w+)" : "(\w+)"', script)
    assert written == [("sim", "nao")], written
    assert parse_boolean("sim", "c", "C") is True and parse_boolean("nao", "c", "C") is False
    with pytest.raises(FieldError, match="Campo: responda sim ou não"):
        parse_boolean("talvez", "campo", "Campo")


def test_the_browser_form_has_no_word_list_of_its_own() -> None:
    script = FORM_SCRIPT.read_text(encoding="utf-8")
    assert "data-palavras-sim" in script
    lists = re.findall(r"\[\s*\"(?:sim|s|true|1|on)\"\s*,", script)
    assert not lists, lists
