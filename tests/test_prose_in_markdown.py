"""Page prose lives in the Markdown pages: a calculator page's remarks (readings adopted, limits of
this edition) are written in ``docs/calculadoras/<name>.md`` and placed by the macro between
«O que vale hoje» and «Dispositivos aplicados»; the renderers hold none of them."""

from __future__ import annotations

import ast
import re
from pathlib import Path

from tests.htmlscan import page

ROOT = Path(__file__).resolve().parent.parent
CALL = re.compile(r'\{% call calculator\("(\w+)"\) %\}(.*?)\{% endcall %\}', re.S)


def remarks() -> dict[str, list[str]]:
    """The first words of each «Observação» of each calculator page, from its Markdown."""
    out = {}
    for md in sorted((ROOT / "docs" / "calculadoras").glob("*.md")):
        for name, body in CALL.findall(md.read_text(encoding="utf-8")):
            notes = body.split('!!! note "Observação"')[1:]
            plain = [re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", n).replace("`", "").replace("**", "") for n in notes]
            out[name] = [re.sub(r"\s+", " ", n).strip()[:25] for n in plain]
    return out


def test_every_calculator_with_remarks_writes_them_in_its_page() -> None:
    found = remarks()
    assert set(found) == {"horas_extras", "paralisacoes", "producao_terno", "refeicao", "jornada", "salarios_1945"}
    assert all(found.values())


def test_remarks_are_placed_before_the_provisions(site_dir: Path) -> None:
    for name, starts in remarks().items():
        raw = page(site_dir, f"/calculadoras/{name}/").read_text(encoding="utf-8")
        raw = raw[raw.index("<article"):]  # the content, not the table of contents
        html = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", raw))
        provisions = html.index("Dispositivos aplicados")
        for start in starts:
            at = html.find(start)
            assert 0 <= at < provisions, (name, start)


def test_renderers_hold_no_page_remarks() -> None:
    for path in (ROOT / "macros" / "render").glob("*.py"):
        assert "!!! note" not in path.read_text(encoding="utf-8"), path.name


# -- the tables pages ------------------------------------------------------------------------------
SENTENCE = re.compile(r"[a-zà-ú)»]\.(\s|$)")


def _sentences_in_code(source: str) -> list[tuple[int, str]]:
    """String constants of a module that read as a sentence of prose (six words or more and a
    full stop), leaving out docstrings and a chart's text alternative (``desc=``, written from
    the data it describes)."""
    tree = ast.parse(source)
    skip: set[int] = set()
    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        first = body[0] if isinstance(body, list) and body else None
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant):
            skip.add(id(first.value))
        if isinstance(node, ast.keyword) and node.arg == "desc":
            skip |= {id(n) for n in ast.walk(node.value)}
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in skip:
            text = re.sub(r"<[^>]+>", " ", node.value)
            if len(re.findall(r"[A-Za-zÀ-ú]+", text)) >= 6 and SENTENCE.search(text):
                found.append((node.lineno, node.value.strip()[:60]))
    return found


def test_tables_renderers_hold_no_sentences() -> None:
    """The «Tabelas» pages' sentences are in docs/tabelas/*.md (and the parts they include); the
    renderers build tables, charts and notes."""
    modules = sorted((ROOT / "macros" / "render").glob("tables_*.py"))
    assert len(modules) >= 5
    found = {p.name: s for p in modules if (s := _sentences_in_code(p.read_text(encoding="utf-8")))}
    assert not found, found


def test_sentence_finder_finds_prose() -> None:
    source = (
        '"""A docstring. It is not prose of a page."""\n'
        'def f():\n    """Nor this one, though it has many words."""\n'
        '    chart(desc="Barras para as séries: funções atuais e propostas. Os números estão na tabela.")\n'
        '    return "<p>As tabelas chegaram achatadas em texto: as colunas foram impressas.</p>" + "Diaristas"\n'
    )
    assert [line for line, _ in _sentences_in_code(source)] == [5]


def test_tables_pages_hold_their_sentences() -> None:
    """Each tables page writes its own words around the pieces it takes from ``tabela(...)``."""
    for md in sorted((ROOT / "docs" / "tabelas").glob("*.md")):
        text = md.read_text(encoding="utf-8")
        assert re.search(r'\{% set t = tabela\("\w+"\) %\}', text), md.name
        words = re.sub(r"\{[{%].*?[}%]\}|<[^>]+>|^---.*?^---", " ", text, flags=re.S | re.M)
        assert len(re.findall(r"[A-Za-zÀ-ú]+", words)) >= 60, md.name
