"""A module of the site's browser code, alone, in a page of the built site — for a test that
calls a function the pages do not expose (issue 27: nothing in what ships is there for a test).

:func:`expose` bundles the source module (esbuild, as the build does) with its exports put on
``window.epProva[name]``, and serves it by Playwright's routing at ``/assets/__prova-<name>.mjs``:
in the site's ``assets/`` folder, where a bundle's own address (``import.meta.url``) is, and
allowed by the site's policy (``script-src 'self'``). The test then adds it to its page as a module.
"""

from __future__ import annotations

import json
import subprocess
from functools import cache
from typing import Any

from conftest import ROOT

BUNDLE = """
import * as esbuild from "esbuild";
const [module, name] = JSON.parse(process.argv[1]);
const contents = `import * as m from ${JSON.stringify(module)}; (window.epProva ||= {})[${JSON.stringify(name)}] = m;`;
const result = await esbuild.build({ stdin: { contents, resolveDir: process.cwd(), loader: "js" },
  bundle: true, write: false, format: "esm", target: "es2020", logLevel: "silent" });
process.stdout.write(result.outputFiles[0].text);
"""


@cache
def bundled(module: str, name: str) -> str:
    """The module (a path under docs/assets/js/) bundled alone, its exports on window.epProva[name]."""
    path = ROOT / "docs" / "assets" / "js" / module
    done = subprocess.run(["node", "--input-type=module", "-e", BUNDLE, json.dumps([str(path), name])],
                          cwd=ROOT, capture_output=True, text=True, check=True, timeout=60)
    return done.stdout


def expose(page: Any, module: str, name: str) -> None:
    """Add the module to the (already opened) page; its exports are then ``window.epProva[name]``."""
    code = bundled(module, name)
    path = f"/assets/__prova-{name}.mjs"
    page.route(f"**{path}", lambda route: route.fulfill(status=200, content_type="text/javascript", body=code))
    page.add_script_tag(url=path, type="module")
    page.wait_for_function(f"() => window.epProva && window.epProva[{json.dumps(name)}] !== undefined")
