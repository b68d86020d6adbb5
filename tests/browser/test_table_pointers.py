"""Issue 30, tables without dead ends, in headless Chromium: a filter that finds nothing in its
table says where the name or the referência is.

- «ref N» (or «referência N») shows exactly the rows whose referência is N and points to that line
  of the escala-padrão, with the salary the escala page itself prints (read from that page, not
  from the filter's data); a referência the escala does not have is said so.
- A name that is not in one table but is in another table of the same page is pointed to by the
  table's name, and «filtrar lá» filters there and shows it (the Ordinária page's «fiel», whose
  series sits in the next table, is one such case; every name of every other table is checked).
"""

from __future__ import annotations

import json
import re

from playwright.sync_api import Page

from .test_tables import TABLE_PAGES

# The rows of a table a reader sees (a row hidden, or in a hidden block, is not seen).
VISIBLE = ("(sel) => Array.from(document.querySelectorAll(sel + ' tbody tr'))"
           ".filter(r => !r.hidden && !r.closest('[hidden]'))")
BOXES = ("() => Array.from(document.querySelectorAll('.tabela-filtro[data-filtro-para]'))"
         ".map(b => b.dataset.filtroPara)")


def escala_salaries(page: Page, base_url: str) -> dict[str, str]:
    page.goto(base_url + "/tabelas/escala-padrao/")
    rows = page.eval_on_selector_all(
        "tr[id^='ref-']", "rs => rs.map(r => [r.id.slice(4), r.querySelector('td').textContent.trim()])")
    return dict(rows)


def test_a_referencia_shows_its_rows_and_its_line_of_the_escala(page: Page, base_url: str) -> None:
    salaries = escala_salaries(page, base_url)
    assert len(salaries) >= 20
    checked = 0
    for path in TABLE_PAGES:
        page.goto(base_url + path)
        for target in page.evaluate(BOXES):
            box = page.locator(f".tabela-filtro[data-filtro-para='{target}']")
            field = box.locator("input")
            for ref, salary in salaries.items():
                field.fill(f"ref {ref}" if int(ref) % 2 else f"referência {ref}")
                shown = page.evaluate(VISIBLE + ".map(r => r.dataset.referencia)", f"#{target}")
                every = page.eval_on_selector_all(f"#{target} tbody tr[data-referencia='{ref}']", "rs => rs.length")
                assert shown == [ref] * every, (path, target, ref, shown)
                hint = box.locator(".filtro-sugestoes")
                link = hint.locator("a[href*='escala-padrao']")
                assert link.count() == 1, (path, target, ref)
                assert link.get_attribute("href").endswith(f"#ref-{ref}")  # type: ignore[union-attr]
                assert f"Cr$ {salary}" in hint.inner_text(), (path, target, ref, hint.inner_text())
                if not every:
                    assert f"Nenhuma linha desta tabela tem a referência {ref}" in hint.inner_text()
                checked += 1
            field.fill("ref 999")
            assert "A escala-padrão não tem a referência 999" in box.locator(".filtro-sugestoes").inner_text()
    assert checked >= 100


def names_of(page: Page, target: str) -> list[str]:
    """The names a reader can type for a table: each row's first printed name, each block's title."""
    return page.evaluate(
        """(t) => {
          const root = document.getElementById(t);
          const out = [];
          root.querySelectorAll('[data-filtro-bloco]').forEach(b => out.push((b.dataset.nomes || '').split(' | ')[0]));
          root.querySelectorAll('tbody tr').forEach(r => out.push((r.dataset.nomes || '').split(' | ')[0]));
          return [...new Set(out.filter(Boolean))];
        }""", target)


def test_a_name_in_another_table_of_the_page_is_pointed_to(page: Page, base_url: str) -> None:
    pointed = 0
    for path in TABLE_PAGES:
        page.goto(base_url + path)
        targets = page.evaluate(BOXES)
        for here in targets:
            box = page.locator(f".tabela-filtro[data-filtro-para='{here}']")
            for there in (t for t in targets if t != here):
                last = ""
                for name in names_of(page, there)[:40]:
                    box.locator("input").fill(name)
                    if page.evaluate(VISIBLE + ".length", f"#{here}"):
                        continue  # found here: nothing to point to
                    hint = box.locator(".filtro-sugestoes")
                    label = page.evaluate(
                        """(t) => { const el = document.getElementById(t);
                          const r = el.closest("[role='region'][aria-label]");
                          return (r && r.getAttribute('aria-label')) || el.dataset.nome; }""", there)
                    assert f"«{label}»" in hint.inner_text(), (path, here, name, hint.inner_text())
                    pointed += 1
                    last = name
                if not last:
                    continue
                # One tap: the other table filtered by the same words, and the name shown there.
                box.locator("input").fill(last)
                box.locator(".filtro-sugestoes button.filtro-la").first.click()
                other = page.locator(".tabela-filtro:has(input:focus)")
                assert other.locator("input").input_value() == last
                assert page.evaluate(VISIBLE + ".length", f"#{other.get_attribute('data-filtro-para')}") > 0
                other.locator("input").fill("")
                box.locator("input").fill("")
    assert pointed >= 10, pointed


def test_fiel_on_the_ordinaria_page_points_to_the_series(page: Page, base_url: str) -> None:
    """The case the issue names: «fiel» in the first table of the Ordinária page."""
    page.goto(base_url + "/tabelas/ordinaria-mensalistas/")
    first = page.evaluate(BOXES)[0]
    box = page.locator(f".tabela-filtro[data-filtro-para='{first}']")
    box.locator("input").fill("fiel")
    hint = box.locator(".filtro-sugestoes")
    text = hint.inner_text()
    assert re.search(r"Em «[^»]+» há \d+ linhas?", text), text
    hint.locator("button.filtro-la").first.click()
    assert page.evaluate(VISIBLE + ".length", "#series-blocos") > 0
    assert json.dumps(page.evaluate("() => document.activeElement.value")) == json.dumps("fiel")
