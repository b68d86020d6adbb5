"""The build's one state (macros/data/site.py): loaded once per build, every data file parsed once.

- A real build (``mkdocs build``, in this process so that the YAML reader can be watched) parses
  each file of ``data/tables/`` exactly once, and every other data file too; the hook that starts
  a rebuild (what ``mkdocs serve`` does on a change) loads a new Site and parses each file once more.
- Before the build loads it, the Site is refused with a clear error.
- An unexplained discrepancy in the 1945 tables stops the load (and the build: see
  tests/test_broken_data.py) with the file, the place and the reason.
"""

from __future__ import annotations

import copy
import os
from collections import Counter
from pathlib import Path
from typing import Any

import pytest
import yaml
from conftest import ROOT
from mkdocs.commands.build import build
from mkdocs.config import load_config

from macros.data import loader
from macros.data import site as data_site
from macros.data.loader import DATA, DataError

TABLE_FILES = sorted((DATA / "tables").glob("*.yaml"))


def _build_in_process(out: Path) -> None:
    """What ``mkdocs build --strict`` does, in this process."""
    config = load_config(str(ROOT / "mkdocs.yml"), site_dir=str(out), strict=True)
    config.plugins.on_startup(command="build", dirty=False)
    try:
        build(config)
    finally:
        config.plugins.on_shutdown()


@pytest.fixture
def parsed(monkeypatch: pytest.MonkeyPatch) -> Counter[Path]:
    """How many times each data file is parsed (every data file goes through ``read_yaml``)."""
    counts: Counter[Path] = Counter()
    real = loader.read_yaml

    def spy(path: Path) -> Any:
        counts[Path(path).resolve()] += 1
        return real(path)

    monkeypatch.setattr(loader, "read_yaml", spy)
    previous = data_site.current()
    yield counts
    data_site.use(previous)


@pytest.mark.skipif(os.environ.get("EP_DATA_DIR") is not None, reason="builds the real data/")
def test_each_table_file_is_parsed_once_per_build(tmp_path: Path, parsed: Counter[Path]) -> None:
    assert len(TABLE_FILES) == 4
    _build_in_process(tmp_path / "site")
    assert (tmp_path / "site" / "tabelas" / "comparacao" / "index.html").is_file()
    assert {p.name: parsed[p.resolve()] for p in TABLE_FILES} == {p.name: 1 for p in TABLE_FILES}
    others = [p.resolve() for p in (*DATA.glob("statutes/*.yaml"), *DATA.glob("hoje/*.yaml"),
                                    DATA / "glossario.yaml")]
    assert {p.name: parsed[p] for p in others} == {p.name: 1 for p in others}
    first = data_site.current()
    # mkdocs serve runs on_config again at every rebuild: a new Site, each file parsed once more.
    config = load_config(str(ROOT / "mkdocs.yml"), site_dir=str(tmp_path / "site2"))
    config.plugins["estatutos"].on_config(config)
    assert data_site.current() is not first
    assert {p.name: parsed[p.resolve()] for p in TABLE_FILES} == {p.name: 2 for p in TABLE_FILES}


def test_the_site_is_refused_before_the_build_loads_it() -> None:
    previous = data_site.current()
    data_site._Build.site = None
    try:
        with pytest.raises(data_site.SiteNotLoadedError, match="ainda não foram carregados"):
            data_site.current()
    finally:
        data_site.use(previous)


def test_a_failed_load_leaves_no_site_of_a_previous_build(tmp_path: Path) -> None:
    previous = data_site.current()
    try:
        with pytest.raises(DataError):
            data_site.start(tmp_path)  # an empty folder: no statutes, no «Hoje» …
        with pytest.raises(data_site.SiteNotLoadedError):
            data_site.current()
    finally:
        data_site.use(previous)


def test_the_site_holds_every_data_layer(site: data_site.Site) -> None:
    assert list(site.statutes) == ["decreto-lei-3844-1941", "decreto-17961-1945", "lei-4860-1965"]
    assert set(site.today) == set(site.statutes)
    assert site.glossary.terms and site.glossary.pattern.search("o terno")
    assert site.tables.files == tuple(TABLE_FILES)
    assert {"escala", "ordinaria", "suplementar", "diaristas", "totais_calculados"} <= set(site.decree_tables)
    assert site.comparison.groups


def _tables_copy(tmp_path: Path, name: str, mutate: Any) -> Path:
    """A copy of data/ whose table ``name`` is parsed, changed by ``mutate`` and written back."""
    data = tmp_path / "data"
    for sub in ("statutes", "hoje", "tables", "sources"):
        (data / sub).mkdir(parents=True)
        for path in (DATA / sub).iterdir():
            (data / sub / path.name).write_bytes(path.read_bytes())
    for name_ in ("glossario.yaml", "atos.yaml"):
        (data / name_).write_bytes((DATA / name_).read_bytes())
    raw = copy.deepcopy(yaml.safe_load((DATA / "tables" / name).read_text(encoding="utf-8")))
    mutate(raw)
    (data / "tables" / name).write_text(yaml.safe_dump(raw, allow_unicode=True, sort_keys=False), encoding="utf-8")
    return data


def test_an_unexplained_discrepancy_stops_the_load(tmp_path: Path) -> None:
    def mutate(d: dict[str, Any]) -> None:  # Desenhista, ref. 14: proposed 1 → 2, without a note
        cell = d["series"]["blocks"][1]["rows"][2]["proposed_count"]
        cell["printed"], cell["value"] = "2", 2

    data = _tables_copy(tmp_path, "ordinaria-mensalistas.yaml", mutate)
    with pytest.raises(DataError) as caught:
        data_site.load(data)
    error = caught.value
    assert error.file == data / "tables" / "ordinaria-mensalistas.yaml"
    assert error.place.startswith("Tabela Ordinária, série Desenhista")
    assert "linha" in error.place and "do documento-fonte" in error.place
    assert "a conta não confere e nenhuma nota" in error.reason and "[verificação desenhista:" in error.reason


def test_a_stale_note_stops_the_load(tmp_path: Path) -> None:
    def mutate(d: dict[str, Any]) -> None:
        d["series"]["blocks"][0]["printed_totals"]["excedentes"]["notes"] = [
            {"type": "total_mismatch", "text": "nota sem motivo", "reconciling_value": 1}
        ]

    data = _tables_copy(tmp_path, "ordinaria-mensalistas.yaml", mutate)
    with pytest.raises(DataError, match="sem inconsistência correspondente"):
        data_site.load(data)


def test_titles_and_order_come_from_the_statute_files(site: data_site.Site) -> None:
    """Titles, short titles, the order and the transcribed lines are data (data/statutes/), and
    every calculator names a statute the site has (calculators give only the slug)."""
    from calculators import api

    raw = {slug: yaml.safe_load((DATA / "statutes" / f"{slug}.yaml").read_text(encoding="utf-8"))
           for slug in site.statutes}
    for slug, statute in site.statutes.items():
        assert (statute.title, statute.short_title) == (raw[slug]["title"], raw[slug]["short_title"])
    dates = [st.identification["date"].value for st in site.statutes.values()]
    assert dates == sorted(dates)
    assert site.statute("decreto-17961-1945").source_lines == (1, 39)
    assert site.tables.source_lines == (40, 473)
    for name in api.names():
        described = api.describe(name)
        assert described["statute"] == {"slug": described["statute"]["slug"]}  # type: ignore[index]
        assert described["statute"]["slug"] in site.statutes, name  # type: ignore[index]


def test_schemas_are_read_per_file_not_per_value(monkeypatch: pytest.MonkeyPatch) -> None:
    """Loading checks a schema once per data file, never once per value.

    Once, the label of each editorial note was looked up by checking the whole tables schema again,
    for every cell of the tables: loading took two minutes instead of two seconds. Counting the
    schema checks catches that without timing anything.
    """
    checks = 0
    real = loader.Draft202012Validator.check_schema
    loader._validator.cache_clear()  # a validator is kept per schema text: count from none kept

    def spy(schema: Any) -> None:
        nonlocal checks
        checks += 1
        real(schema)

    monkeypatch.setattr(loader.Draft202012Validator, "check_schema", staticmethod(spy))
    data_files = [p for p in DATA.rglob("*.yaml") if "sources" not in p.parts]
    data_site.load(DATA)
    assert 0 < checks <= len(data_files), f"{checks} checagens de esquema para {len(data_files)} arquivos"
