"""Page prose lives in the Markdown pages: a calculator page's remarks (readings adopted, limits of
this edition) are written in ``docs/calculadoras/<name>.md`` and placed by the macro between
«O que vale hoje» and «Dispositivos aplicados»; the renderers hold none of them."""

from __future__ import annotations

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
