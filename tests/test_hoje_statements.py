"""The statements about today that issue 26 §5 found wrong or overstated, and the rules that keep
them from coming back.

- Each listed statement says what the act or decision says (one test each, named after it).
- Where a copy of the official text of an act was read (the Planalto's files in the public mirror
  agc2020/consulta, or a stored copy of a Planalto page), every claim resting only on such acts
  records that copy: never a course site or an exam bank alone. A copy is pinned to its commit.
- A change-log entry corrected later says so and points to the correction (page and feed).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import ROOT

from macros.data.loader import DataError
from macros.data.novidades import build as build_changes
from macros.data.site import current

DATA = ROOT / "data"
MIRROR = re.compile(r"^https://github\.com/agc2020/consulta/blob/[0-9a-f]{40}/[a-z0-9-]+\.(txt|html)$")


def claims() -> list[Any]:
    return [c for layer in current().today.values() for c in layer.all_claims()]


def text_everywhere() -> dict[str, str]:
    """Every statement a reader sees about today, by where it is: claims, summaries, the
    statutes' status sentences, the «not here» subjects, the registry's subjects, the answers."""
    out = {f"hoje:{c.id}": c.statement for c in claims()}
    for slug, layer in current().today.items():
        out[f"resumo:{slug}"] = layer.summary
    for path in sorted((DATA / "statutes").glob("*.yaml")):
        status = yaml.safe_load(path.read_text(encoding="utf-8"))["status"]
        out[f"status:{path.stem}"] = " ".join(str(v) for v in status.values())
    for item in yaml.safe_load((DATA / "fora.yaml").read_text(encoding="utf-8"))["assuntos"]:
        out[f"fora:{item['id']}"] = " ".join(item["statement"].split())
    for act in current().acts:
        out[f"atos:{act.id}"] = act.subject
    for page in sorted((ROOT / "docs" / "perguntas").glob("*.md")):
        out[f"perguntas:{page.stem}"] = " ".join(page.read_text(encoding="utf-8").split())
    return out


# ------------------------------------------------------------------ the statements listed
def test_vacation_is_said_to_be_in_art_16_of_the_1965_law_and_to_pass_through_the_ogmo() -> None:
    ferias = next(s for s in yaml.safe_load((DATA / "fora.yaml").read_text(encoding="utf-8"))["assuntos"]
                  if s["id"] == "ferias")
    text = " ".join(ferias["statement"].split())
    assert "art. 16" in text and "OGMO" in text and "não são assunto" not in text
    assert {(s["act"], s["provision"]) for s in ferias["sources"]} >= {
        ("lei-4860-1965", "art. 16"), ("lei-9719-1998", "art. 2º, II e § 2º")}
    claim = current().claim("l9719-art2-ferias-e-13-do-avulso").claim
    assert "OGMO" in claim.statement and "contas individuais" in claim.statement


def test_the_veto_message_links_to_its_planalto_publication() -> None:
    veto = current().acts["mensagem-veto-1004-1965"]
    assert veto.url == "https://www.planalto.gov.br/ccivil_03/leis/Mensagem_Veto/anterior_98/Mvep1004-65.htm"
    assert "não publica" not in veto.subject


def test_decree_law_256_is_said_to_order_the_extinction_not_to_extinguish() -> None:
    subject = current().acts["decreto-lei-256-1967"].subject
    assert "Mandou extinguir" in subject and not subject.startswith("Extinguiu")
    assert "Será extinta" in current().acts["decreto-lei-256-1967"].checked_note  # art. 1º, read
    check = current().claim("dl256-aprj-extinta").claim.check
    planalto = [r for r in check.read if r.official and "Del0256" in r.url]
    assert planalto and planalto[0].stored_copy and "Art. 1º" in (planalto[0].marker or "")


def test_nobody_outside_the_1965_law_is_exemplified_as_an_employee_of_a_private_company() -> None:
    """Lei 4.860 art. 19: port administrations «sujeitos a qualquer regime de exploração», private
    ones included; the example of someone outside it is an operator's or private terminal's worker."""
    for where, text in text_everywhere().items():
        assert "empresa privada" not in text, where
    clt73 = current().claim("clt-art73-noite-fora-da-lei").claim.statement
    assert "operador portuário" in clt73 and "terminal privado" in clt73


def test_a_private_terminal_given_as_outside_the_1965_law_is_one_that_is_not_the_port_administration() -> None:
    """Art. 19 covers port administrations of any regime: a private terminal is outside the law
    only when it is not the port's administration, and every example says so (a label that only
    names the situation, «**Terminal privado:**», is not an example)."""
    found = 0
    for where, text in text_everywhere().items():
        flat = re.sub(r"\*\*", "", text)
        for match in re.finditer(r"terminal privado(?!:)", flat, flags=re.IGNORECASE):
            found += 1
            assert "que não é a administração do porto" in flat[match.end():match.end() + 60], (
                where, flat[max(0, match.start() - 80):match.end() + 60])
    assert found >= 5


def test_the_1973_company_is_never_stated_as_the_confirmed_successor() -> None:
    for where, text in text_everywhere().items():
        assert not re.search(r"(aconteceu|extinta) em 1973|o que aconteceu em 1973", text), where
    claim = current().claim("dl256-aprj-extinta").claim
    assert "não confirmou" in claim.statement


def test_nothing_says_it_was_read_from_the_official_text_where_only_copies_were_read() -> None:
    for where, text in text_everywhere().items():
        assert "a partir do texto oficial" not in text and "a partir do {{ ato(" not in text, where
    for claim in claims():
        assert not claim.check.official_page_read, claim.id  # no official page was opened live


def test_art_43_of_the_ports_law_is_checked_in_a_copy_of_its_text() -> None:
    for claim_id in ("l12815-art43-terno-negociado", "l12815-art43-espera-do-avulso", "l12815-art43-renda-minima"):
        check = current().claim(claim_id).claim.check
        assert check.confirmed, claim_id
        assert any(r.copy_of and "lei-12815-2013" in r.url and r.provision_found for r in check.read), claim_id


def test_tst_addresses_formed_by_one_pattern_are_given_alike_and_said_not_opened() -> None:
    acts = current().acts
    pattern = re.compile(r"^https://www3\.tst\.jus\.br/jurisprudencia/OJ_SDI_1/n_s1_(\d{3})\.html?#TEMA(\d+)$")
    for act_id in ("tst-oj-60-sbdi1", "tst-oj-97-sbdi1", "tst-oj-355-sbdi1", "tst-oj-402-sbdi1"):
        act = acts[act_id]
        match = pattern.match(act.url or "")
        assert match, act_id
        page, number = int(match.group(1)), int(match.group(2))
        assert page == number - (number - 1) % 20 and str(number) == act.number, act_id  # one page per 20 OJs
        assert "não foi aberta" in act.checked_note, act_id


def test_change_log_entries_corrected_later_point_to_the_correction(site_dir: Path) -> None:
    changes = current().changes
    stale = [c for c in changes if re.search(r"(não trata|sem tratar) do adicional noturno", c.summary)]
    assert {c.date.isoformat() for c in stale} == {"2026-11-30"} and len(stale) >= 2
    page = (site_dir / "novidades" / "index.html").read_text(encoding="utf-8")
    feed = (site_dir / "feed.xml").read_text(encoding="utf-8")
    for change in stale:
        later = changes.corrections(change)
        assert later and all(c.date > change.date for c in later), change.id
        entry = page[page.index(f'id="{change.id}"'):]
        entry = entry[:entry.index("</article>")]
        assert "Corrigida depois:" in entry and f'href="#{later[0].id}"' in entry, change.id
        assert f"Corrigida depois: «{later[0].title}»" in feed, change.id


# ------------------------------------------------------------------ the rules
def test_every_checked_claim_was_read_again_in_the_issue_26_pass() -> None:
    """§5: «re-read the rest». No check record is older than the re-reading of 02/12/2026; a
    reading not redone that day is named, with its date, in the note."""
    for claim in claims():
        assert claim.check.on.isoformat() >= "2026-12-02", (claim.id, claim.check.on)


def test_every_copy_of_an_official_text_is_pinned_and_names_its_official_page() -> None:
    for claim in claims():
        for reading in claim.check.read:
            if reading.copy_of:
                assert not reading.official and reading.stored_copy, claim.id
                assert MIRROR.match(reading.url), (claim.id, reading.url)


def test_a_claim_resting_only_on_acts_read_in_a_copy_of_their_text_records_that_copy() -> None:
    """Course sites and exam banks are not cited alone where a copy of the official text of every
    act the claim rests on was read for some claim: the copy must be in its record too."""
    mirrored = {s.act_id for c in claims() for s in c.sources
                if any(r.copy_of and s.act_id.replace("-", "") in r.url.replace("-", "") for r in c.check.read)}
    mirrored |= {"cf-1988", "clt", "lei-4860-1965", "lei-9719-1998", "lei-12815-2013", "lei-605-1949"}
    for claim in claims():
        acts = {s.act_id for s in claim.sources}
        if acts <= mirrored and claim.check.confirmed:
            assert any(r.copy_of or r.official for r in claim.check.read), claim.id


def test_a_correction_must_be_a_later_entry(tmp_path: Path) -> None:
    raw: dict[str, Any] = yaml.safe_load((DATA / "novidades.yaml").read_text(encoding="utf-8"))
    oldest = raw["novidades"][-1]
    oldest["corrected_by"] = ["nao-existe"]
    with pytest.raises(DataError) as caught:
        build_changes(raw, tmp_path / "novidades.yaml", current().statutes)
    assert caught.value.place.endswith(".corrected_by[0]") and "não há entrada 'nao-existe'" in caught.value.reason
    newest = raw["novidades"][0]
    oldest.pop("corrected_by")
    newest["corrected_by"] = [oldest["id"]]
    with pytest.raises(DataError) as caught:
        build_changes(raw, tmp_path / "novidades.yaml", current().statutes)
    assert "não é posterior" in caught.value.reason


def test_a_copy_kept_by_others_cannot_be_marked_official(tmp_path: Path) -> None:
    from macros.data.hoje import build
    from macros.data.loader import load_validated

    raw: dict[str, Any] = json.loads(json.dumps(yaml.safe_load(
        (DATA / "hoje" / "lei-4860-1965.yaml").read_text(encoding="utf-8"))))  # aliases made copies
    reading = raw["articles"]["art10"]["claims"][0]["check"]["read"][0]
    assert reading.get("copy_of")
    reading["official"] = True
    path = tmp_path / "lei-4860-1965.yaml"
    path.write_text(yaml.safe_dump(raw, allow_unicode=True, sort_keys=False), encoding="utf-8")
    with pytest.raises(DataError) as caught:
        build(load_validated(path, "hoje"), path, current().statutes["lei-4860-1965"], current().acts)
    # Refused by the loader's generic rule (an official reading must be at an official https
    # address) or, past it, by this module's own (a copy kept by others is never official).
    assert caught.value.place in ("articles.art10.claims[0].check.read[0].url",
                                  "articles.art10.claims[0].check.read[0].copy_of"), caught.value.place
