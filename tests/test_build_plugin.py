"""The build as a typed MkDocs plugin (``macros/build/plugin.py``): registered by its entry point
(``pyproject.toml``; ``bash scripts/run.sh setup`` installs the checkout editable), its options
checked by MkDocs before anything is built, and the only way ``mkdocs.yml`` runs the build."""

from __future__ import annotations

from importlib.metadata import entry_points
from pathlib import Path

import pytest
import yaml

from macros.build.plugin import EstatutosPlugin

ROOT = Path(__file__).resolve().parent.parent


def test_the_entry_point_names_the_plugin() -> None:
    found = [e for e in entry_points(group="mkdocs.plugins") if e.name == "estatutos"]
    assert len(found) == 1, "rode bash scripts/run.sh setup: ele instala o plugin da construção"
    assert found[0].load() is EstatutosPlugin


def test_mkdocs_yml_runs_the_build_through_the_plugin() -> None:
    config = yaml.load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"), Loader=yaml.BaseLoader)
    assert "hooks" not in config
    names = [next(iter(p)) if isinstance(p, dict) else p for p in config["plugins"]]
    assert "estatutos" in names
    assert "relatar_erro" not in config.get("extra", {}), "os destinos dos relatos são opções do plugin"


def options(**given: object) -> tuple[EstatutosPlugin, list[str]]:
    """The plugin with these options; its errors and warnings (``strict: true`` stops the build on
    either)."""
    plugin = EstatutosPlugin()
    errors, warnings = plugin.load_config(given)
    return plugin, [f"{name}: {error}" for name, error in [*errors, *warnings]]


@pytest.mark.parametrize(("value", "wanted"), [("", False), ("1", True), ("sim", True), (1, True), ("0", False),
                                               (None, False), (True, True), ("não", False)])
def test_publishing_reads_the_variable_as_a_yes_or_a_no(value: object, wanted: bool) -> None:
    plugin, errors = options(publicar=value)
    assert not errors and plugin.config.publicar is wanted


def test_a_wrong_option_is_refused_by_name() -> None:
    _, errors = options(relatar_erro={"rastreador": 3})
    assert errors and "rastreador" in errors[0]
    _, errors = options(relatar_erro={"telefone": "x"})
    assert errors and "telefone" in " ".join(errors)
    plugin, errors = options()
    assert not errors and plugin.config.relatar_erro.rastreador == "" and plugin.config.publicar is False
