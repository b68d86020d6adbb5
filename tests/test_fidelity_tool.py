"""The fidelity checker itself: it reads only source text, and it notices any difference."""

from __future__ import annotations

import pytest
from fidelity import apply_substitutions, page_source_text, tokens

HTML = (
    '<h2 id="art1"><span class="src">Art 1º</span><a class="headerlink" href="#art1">#</a></h2>'
    '<p><span class="src">Em todos os <mark class="anomalia">portos</mark><sup class="nota-ref" data-nosrc>'
    '<a href="#n">[1]</a></sup> organizados</span> <a class="ancora" href="#x">#</a></p>'
    '<aside class="nota">Nota editorial: não é fonte.</aside>'
    '<p class="assinaturas"><span class="src">GETÚLIO</span><br><span class="src">VARGAS.</span></p>'
)


def test_only_source_text_is_read() -> None:
    assert tokens(page_source_text(HTML)) == ["Art", "1º", "Em", "todos", "os", "portos", "organizados",
                                              "GETÚLIO", "VARGAS."]


def test_leaders_are_separators_but_short_dots_are_kept() -> None:
    expected = ["Superintendente", "Chefe", "...", "VETADO", ".."]
    assert tokens("Superintendente.......... Chefe ... VETADO ..") == expected


def test_a_changed_word_is_a_difference() -> None:
    source = tokens("Em todos os pôrtos organizados")
    assert tokens(page_source_text(HTML))[2:7] != source


def test_declared_substitution_is_applied_once() -> None:
    assert apply_substitutions(tokens("e 10.Art 4º Na"), [("10.Art", "10. Art")]) == ["e", "10.", "Art", "4º", "Na"]
    with pytest.raises(AssertionError, match="ocorre 0 vezes"):
        apply_substitutions(tokens("e 10. Art 4º"), [("10.Art", "10. Art")])
    with pytest.raises(AssertionError, match="ocorre 2 vezes"):
        apply_substitutions(tokens("a.Art b a.Art"), [("a.Art", "a. Art")])
