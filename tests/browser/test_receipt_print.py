"""The receipt a union officer can read (issue 26 §4), printed by headless Chromium.

No engine: each result comes from CPython (``calculators.api.run``, the code the browser runs) and
the receipt module alone opens it on the calculator's page (``modules.expose``), with the inputs
as a person typed them («2800», «03», «7»). Then, in print emulation and with the site's fonts and
with a much wider one (a fresh Debian has few fonts; a phone has others):

- every text of the sheet is at least 9 pt (12 CSS px), measured by computed style; the sheet is
  never scaled (no zoom, no transform); a short result prints on one A4 page, a long one goes on
  to a second page;
- «Dados informados» shows each value as the calculator read it (money with its era's sign, hours
  as hours), never the raw typing, and never «Cr$ ou R$, conforme a época»;
- the receipt's lines add up to each total it shows (every amount with ``parts``), to the centavo;
- the steps carry no check record and no case number: those are in «Fontes», at the end, open on
  paper; on the screen's result, «Fontes» is closed (one tap away) and the steps have none either.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from decimal import Decimal
from typing import Any

import pytest
import yaml
from conftest import ROOT
from playwright.sync_api import Browser, Page

from browser.conftest import WIDE_FONT_CSS, inject_css
from calculators import api

from .modules import expose

MIN_PX = 12.0  # 9 pt
CASES = {name: {c["name"]: c for c in yaml.safe_load((ROOT / "data" / "cases" / f"{name}.yaml").read_text("utf-8"))}
         for name in ("horas_extras", "jornada")}
# (calculator, inputs as a person types them, most pages on A4 with the site's fonts)
RECEIPTS = [
    pytest.param("horas_extras", {"salario_mensal": "2800", "semana_horas": "44", "horas_extras_hoje": "03",
                                  "horas_extras_noturnas": "3", "adicional_noturno": "20"}, 2, id="noturnas"),
    pytest.param("horas_extras", {"salario_mensal": "2200", "horas_feriado": "8"}, 2, id="feriado"),
    pytest.param("horas_extras", {"era": "1965", "salario_mensal": "150000", "prorrogacoes": [{"horas": "03"}],
                                  "horas_refeicao": "1"}, 2, id="1965"),
    pytest.param("refeicao", {"salario_dia": "12", "minutos_refeicao": "60"}, 1, id="refeicao-1941"),
    pytest.param("jornada", CASES["jornada"]["turnos_sete_periodos_de_6_horas"]["inputs"], 3, id="sete-periodos"),
]

# Every element of the sheet that holds text of its own, with its computed size.
TEXT_SIZES = """() => [...document.querySelectorAll('.comprovante-folha *')]
  .filter(e => [...e.childNodes].some(n => n.nodeType === 3 && n.textContent.trim()))
  .filter(e => e.getClientRects().length > 0)
  .map(e => [e.tagName + '.' + (e.className && e.className.baseVal === undefined ? e.className : ''),
             parseFloat(getComputedStyle(e).fontSize), e.textContent.trim().slice(0, 40)])"""
SCALES = """() => { const s = document.querySelector('.comprovante-folha'); const c = getComputedStyle(s);
  return [c.zoom || '1', c.transform]; }"""
OPEN = """([result, entries]) => {
  document.querySelectorAll('.comprovante').forEach(n => n.remove());
  const area = document.createElement('section');
  area.appendChild(Object.assign(document.createElement('h3'), {className: 'calc-resultado-titulo'}));
  document.querySelector('.md-content').appendChild(area);
  const labels = JSON.parse(document.querySelector('form.calc-form').getAttribute('data-rotulos') || '{}');
  const button = window.epProva.comprovante.offerReceipt(area,
    {resultado: result, entradas: entries, link: location.href, rotulos: labels});
  button.click();
}"""


def entries_as_typed(name: str, inputs: dict[str, Any]) -> list[dict[str, Any]]:
    """«Dados informados» as the form hands them over: label, the raw typing, the field's path."""
    fields = {f["name"]: f for f in api.describe(name)["inputs"]}  # type: ignore[union-attr]
    out: list[dict[str, Any]] = []
    for key, value in inputs.items():
        field = fields[key]
        if isinstance(value, list):
            subs = {f["name"]: f for f in field["item_fields"]}
            out.append({"rotulo": field["label"], "itens": [
                {"rotulo": f"{field['item_noun']} {i + 1}",
                 "campos": [{"rotulo": subs[k]["label"], "valor": str(v), "caminho": f"{key}[{i}].{k}"}
                            for k, v in item.items()]}
                for i, item in enumerate(value)]})
        else:
            out.append({"rotulo": field["label"], "valor": str(value), "caminho": key})
    return out


def money(text: str) -> Decimal:
    """«R$ 1.234,56», «Cr$ 1.500», «12$000», «1:200$000» → a number."""
    figure = text.replace("R$", "").replace("Cr$", "").replace("\xa0", " ").strip()
    if re.fullmatch(r"-?[\d:]*\$\d{3}", figure):
        return Decimal(figure.replace(":", "").replace("$", "."))
    return Decimal(figure.replace(".", "").replace(",", "."))


@pytest.fixture(scope="module")
def pages(browser: Browser, base_url: str) -> Iterator[Any]:
    ctx = browser.new_context(viewport={"width": 1280, "height": 900}, locale="pt-BR", service_workers="block")
    opened: dict[str, Page] = {}

    def open_page(name: str) -> Page:
        if name not in opened:
            pg = ctx.new_page()
            pg.set_default_timeout(20_000)
            pg.goto(f"{base_url}/calculadoras/{name}/")
            expose(pg, "calculators/receipt.mjs", "comprovante")
            expose(pg, "calculators/result.mjs", "resultado")
            opened[name] = pg
        return opened[name]

    yield open_page
    ctx.close()


def inputs_id(inputs: dict[str, Any]) -> str:
    return ",".join(sorted(inputs))[:40]


def _pdf_pages(pg: Page) -> int:
    return len(re.findall(rb"/Type\s*/Page[^s]", pg.pdf(format="A4", prefer_css_page_size=True)))


@pytest.mark.parametrize(("name", "inputs", "most_pages"), RECEIPTS)
def test_the_receipt_prints_at_9pt_or_more_and_its_lines_add_up(pages: Any, name: str, inputs: dict[str, Any],
                                                                most_pages: int) -> None:
    pg = pages(name)
    result = api.run(name, inputs)
    assert result["ok"] is True, result
    pg.emulate_media(media="screen")
    pg.evaluate(OPEN, [result, entries_as_typed(name, inputs)])
    pg.wait_for_selector(".comprovante-folha")
    sheet = ".comprovante-folha"

    # «Dados informados»: as the calculator read them, never the raw typing.
    shown: dict[str, str] = result["inputs_shown"]  # type: ignore[assignment]
    cells = pg.eval_on_selector_all(f"{sheet} .comprovante-entradas td", "c => c.map(x => x.textContent)")
    text = " ".join(cells)
    for entry in entries_as_typed(name, inputs):
        for part in entry.get("itens", [{"campos": [entry]}]):
            for value in part["campos"]:
                assert shown[value["caminho"]] in text, (value, text)
    for raw in ("2800", "2200", "150000", " 03", "03;", "12;"):
        assert raw not in text.replace("R$", ""), (raw, text)
    assert "conforme a época" not in pg.inner_text(sheet)

    # The lines add up to each total shown.
    figures = dict(pg.eval_on_selector_all(
        f"{sheet} tr[data-valor]", "rows => rows.map(r => [r.dataset.valor, r.querySelector('td').textContent])"))
    totals = 0
    for key, amount in result["amounts"].items():  # type: ignore[union-attr]
        if amount["parts"]:
            totals += 1
            assert sum(money(figures[p]) for p in amount["parts"]) == money(figures[key]), (key, figures)
    if name == "horas_extras":
        assert totals >= 1

    # Steps without check records or case numbers; «Fontes» at the end, open, with them.
    steps = pg.inner_text(f"{sheet} .calc-passos")
    assert "conferido em" not in steps and "registrado em" not in steps and "E-RR-" not in steps, steps
    assert pg.locator(f"{sheet} .calc-passos .calc-verificado").count() == 0
    sources = pg.locator(f"{sheet} details.calc-fontes")
    assert sources.count() == 1 and sources.evaluate("d => d.open")
    assert pg.evaluate("() => { const all = [...document.querySelectorAll('.comprovante-folha .comprovante-secao')];"
                       " return all[all.length - 1].lastElementChild.matches('details.calc-fontes'); }")
    if result["steps"] and any(s["provision"].get("external") for s in result["steps"]):  # type: ignore[union-attr]
        assert "conferido em" in sources.inner_text() or "registrado em" in sources.inner_text()

    for font in ("site", "larga"):
        if font == "larga":
            inject_css(pg, WIDE_FONT_CSS)
        pg.emulate_media(media="print")
        small = [item for item in pg.evaluate(TEXT_SIZES) if item[1] < MIN_PX]
        assert small == [], (font, small[:5])
        assert pg.evaluate(SCALES) == ["1", "none"], font
        count = _pdf_pages(pg)
        print(f"comprovante {name} {inputs_id(inputs)} fonte {font}: {count} página(s)")
        assert 1 <= count <= (most_pages if font == "site" else most_pages + 1), (font, count)
    pg.emulate_media(media="screen")
    pg.evaluate("() => { document.adoptedStyleSheets = []; }")  # the wide font goes with this receipt
    pg.keyboard.press("Escape")


def test_on_the_screen_the_check_records_are_one_tap_away(pages: Any) -> None:
    pg = pages("horas_extras")
    case = CASES["horas_extras"]["hoje_noturnas_linha_a_linha"]
    result = api.run("horas_extras", case["inputs"])
    drawn = pg.evaluate("""result => { const box = document.createElement('div');
        box.appendChild(window.epProva.resultado.render(result, {rotulos: {}, acoes: true}));
        document.querySelector('.md-content').appendChild(box); box.id = 'tela';
        return [box.querySelectorAll('.calc-passos .calc-verificado').length,
                box.querySelectorAll('details.calc-fontes:not([open]) .calc-verificado').length,
                box.querySelector('.calc-passos').textContent]; }""", result)
    in_steps, in_sources, steps = drawn
    assert in_steps == 0 and in_sources >= 1, drawn
    assert "E-RR-" not in steps and "TST, decisão da SBDI-1 de 2016" in steps
    pg.evaluate("() => document.getElementById('tela').remove()")
