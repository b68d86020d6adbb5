"""Read and validate the project's data files.

Every data file in ``data/`` is YAML validated against a JSON Schema in ``data/schema/``. A file
that does not validate stops the build with a :class:`DataError` that names the file, the place
in it (a JSON path such as ``body[3].children[0].id``) and the reason, in Portuguese.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

import yaml
from jsonschema import Draft202012Validator
from jsonschema.exceptions import ValidationError

ROOT = Path(__file__).resolve().parent.parent
# EP_DATA_DIR lets the tests build the site from a copy of data/ holding a broken file.
DATA = Path(os.environ.get("EP_DATA_DIR", ROOT / "data")).resolve()
SCHEMAS = ROOT / "data" / "schema"


@dataclass
class DataError(Exception):
    """A data file is broken: which file, where in it, and why."""

    file: Path
    place: str
    reason: str

    def __str__(self) -> str:
        try:
            shown = self.file.resolve().relative_to(ROOT)
        except ValueError:
            shown = self.file
        return f"{shown}: em {self.place}: {self.reason}"


def json_path(parts: Any) -> str:
    """Render a jsonschema path deque as ``body[3].children[0].id``."""
    out = ""
    for part in parts:
        if isinstance(part, int):
            out += f"[{part}]"
        else:
            out += ("." if out else "") + str(part)
    return out


@cache
def schema_validator(schema_name: str) -> Draft202012Validator:
    """The validator for ``data/schema/<schema_name>.schema.json``."""
    path = SCHEMAS / f"{schema_name}.schema.json"
    schema = json.loads(path.read_text(encoding="utf-8"))
    Draft202012Validator.check_schema(schema)
    return Draft202012Validator(schema)


def _reason(error: ValidationError) -> str:
    validator = error.validator
    if validator == "required":
        return f"campo obrigatório ausente ({error.message.split(' ')[0]})"
    if validator == "additionalProperties":
        return f"chave desconhecida: {error.message}"
    if validator == "type":
        return f"tipo errado: {error.instance!r} não é do tipo {error.validator_value}"
    if validator == "pattern":
        return f"formato inválido: {error.instance!r} não segue {error.validator_value}"
    if validator == "enum":
        return f"valor não permitido: {error.instance!r} (permitidos: {error.validator_value})"
    return str(error.message)


def read_yaml(path: Path) -> Any:
    """Parse a YAML file, turning syntax errors into :class:`DataError`."""
    try:
        text = path.read_text(encoding="utf-8")
    except OSError as exc:
        raise DataError(path, "(arquivo)", f"não foi possível ler o arquivo ({exc.strerror})") from exc
    try:
        return yaml.safe_load(text)
    except yaml.YAMLError as exc:
        mark = getattr(exc, "problem_mark", None)
        place = f"linha {mark.line + 1}, coluna {mark.column + 1}" if mark else ""
        raise DataError(path, place, f"YAML inválido: {getattr(exc, 'problem', exc)}") from exc


def load_validated(path: Path, schema_name: str) -> Any:
    """Read ``path`` and validate it against ``schema_name``; raise :class:`DataError` if broken.

    The first error in document order is reported (the deepest one when several branches fail).
    """
    data = read_yaml(path)
    validator = schema_validator(schema_name)
    errors = sorted(validator.iter_errors(data), key=lambda e: (list(map(str, e.absolute_path)), e.validator))
    if errors:
        error = errors[0]
        raise DataError(path, json_path(error.absolute_path) or "(raiz)", _reason(error))
    return data
