#!/usr/bin/env bash
# Estatutos Portuários — one entry point for setup, build, serve, test and benchmark.
#
#   bash scripts/run.sh serve   # set everything up, build, serve site/ on http://127.0.0.1:8000/
#                               # with nginx and deploy/nginx.conf (as a real host: dev/server.md)
#   bash scripts/run.sh test    # set everything up, run the whole test suite
#   bash scripts/run.sh test --rapido  # lint, types and the tests that build nothing (about a minute)
#   bash scripts/run.sh build   # set everything up, build the site into site/
#   bash scripts/run.sh cabecalhos  # build, then rewrite the generated headers of deploy/ from it
#   bash scripts/run.sh hospedagem  # build, then measure what each kind of host sends the engine's
#                               # worker (benchmarks/hosts.py; results in benchmarks/results/)
#   bash scripts/run.sh avisos  # known advisories of the pinned Python and npm versions (needs the
#                               # registries' advisory services; says so when they do not answer)
#   bash scripts/run.sh fixar   # after changing a pin in requirements.in: the hashed lock
#                               # requirements.txt again (pip-compile --generate-hashes)
#   bash scripts/run.sh busca [--so-erros]  # the search's query set, with the table (a minute)
#   bash scripts/run.sh bench [REV] [--etapa=pagina,busca]  # set everything up, run the benchmark
#                               # (with REV: also the site of that commit, side by side; --etapa:
#                               # only those stages: motor, toque, offline, pagina, busca); the
#                               # results go to benchmarks/results/ (a dated .md and .json)
#
# Works on a fresh Debian machine as root with only the package registries reachable:
# Debian packages (chromium, nodejs, npm, python3-venv, faketime, nginx with its brotli module,
# caddy) via apt, Python packages pinned in
# requirements.txt (with hashes) via pip, npm packages pinned in package-lock.json via npm ci.
set -euo pipefail
cd "$(dirname "$0")/.."
export NO_MKDOCS_2_WARNING=1
export PIP_DISABLE_PIP_VERSION_CHECK=1
# Reproducible on any day: every date the build writes is the last commit's (macros/data/build_id.py
# reads it; the same build id and bytes whatever the clock says).
if [ -z "${SOURCE_DATE_EPOCH:-}" ] && git rev-parse --verify -q HEAD >/dev/null 2>&1; then
  SOURCE_DATE_EPOCH=$(git log -1 --format=%ct)
  export SOURCE_DATE_EPOCH
fi

log() { printf '\033[1m==> %s\033[0m\n' "$*" >&2; }

setup_system() {
  local missing=()
  command -v python3 >/dev/null 2>&1 || missing+=(python3)
  python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || missing+=(python3-venv)
  command -v node >/dev/null 2>&1 || missing+=(nodejs)
  command -v npm >/dev/null 2>&1 || missing+=(npm)
  [ -x /usr/bin/chromium ] || missing+=(chromium)
  # The tests build twice under different clocks (tests/test_reproducible_build.py).
  command -v faketime >/dev/null 2>&1 || missing+=(faketime)
  # nginx serves the site for serve, the tests and the benchmark (deploy/nginx.conf); Caddy runs
  # deploy/Caddyfile once in the tests, to prove it sends the same headers.
  local servers=()
  [ -x /usr/sbin/nginx ] || servers+=(nginx)
  [ -f /usr/lib/nginx/modules/ngx_http_brotli_static_module.so ] || servers+=(libnginx-mod-http-brotli-static)
  command -v caddy >/dev/null 2>&1 || servers+=(caddy)
  missing+=("${servers[@]}")
  if [ ${#missing[@]} -gt 0 ]; then
    log "Instalando pacotes do sistema: ${missing[*]}"
    if [ "$(id -u)" -ne 0 ]; then
      echo "Faltam pacotes (${missing[*]}); rode como root ou instale-os com apt-get." >&2
      exit 1
    fi
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" fonts-dejavu-core >/dev/null
    # Installed here only to run from a temporary folder: their system services (a default site on
    # port 80) are not left running nor started at boot.
    if [ ${#servers[@]} -gt 0 ] && [ -d /run/systemd/system ]; then
      for unit in nginx caddy; do
        if printf '%s\n' "${servers[@]}" | grep -qx "$unit"; then
          systemctl disable --now "$unit" >/dev/null 2>&1 || true
        fi
      done
    fi
  fi
}

setup_python() {
  local stamp=.venv/.requirements.sha
  local want
  want=$(sha256sum requirements.txt | cut -d' ' -f1)
  if [ ! -x .venv/bin/python ]; then
    log "Criando o ambiente Python (.venv)"
    python3 -m venv .venv
  fi
  if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    log "Instalando dependências Python fixadas (requirements.txt, com hashes)"
    # Every file checked against the SHA-256 the lock gives it (requirements.txt, made by `fixar`).
    .venv/bin/pip install -q --require-hashes -r requirements.txt
    echo "$want" > "$stamp"
  fi
  # The site's build is a MkDocs plugin of this checkout (macros/build/plugin.py, registered in
  # pyproject.toml): installed editable, with no dependency and with the venv's own setuptools.
  local plugin=.venv/.plugin.sha
  want=$(cat pyproject.toml <(pwd) | sha256sum | cut -d' ' -f1)
  if [ "$(cat "$plugin" 2>/dev/null)" != "$want" ]; then
    log "Registrando o plugin da construção (pyproject.toml)"
    .venv/bin/pip install -q --no-deps --no-build-isolation -e .
    echo "$want" > "$plugin"
  fi
}

setup_node() {
  local stamp=node_modules/.package-lock.sha
  local want
  want=$(sha256sum package-lock.json | cut -d' ' -f1)
  if [ "$(cat "$stamp" 2>/dev/null)" != "$want" ]; then
    log "Instalando pacotes npm fixados (package-lock.json)"
    npm ci --no-audit --no-fund --loglevel=error
    echo "$want" > "$stamp"
  fi
}

setup() { setup_system; setup_python; setup_node; }

# mkdocs builds the pages and the engine (its report: each file's raw and gzip size); Workbox
# then writes the service worker over the built site (scripts/service_worker.mjs).
build() {
  local status=0
  .venv/bin/mkdocs build --strict --clean -q || status=$?
  if [ "$status" -ne 0 ]; then
    # The cause is printed above ("Dados inválidos — arquivo: em lugar: razão", or the page and the
    # macro that failed: macros/macro_errors.py); never a silent exit.
    echo "A construção parou (código $status): a causa está acima. Para ver cada passo:" \
      ".venv/bin/mkdocs build --strict" >&2
    exit "$status"
  fi
  node scripts/service_worker.mjs site
  .venv/bin/python -c 'import json, sys; sys.path.insert(0, "."); from macros.build.engine import report_lines; print("\n".join(report_lines(json.load(open("site/assets/motor.json")))))'
}

cmd=${1:-}
case "$cmd" in
  setup) setup ;;
  build) setup; build; log "Site construído em site/" ;;
  serve)
    setup; build
    exec .venv/bin/python deploy/local_server.py site "${EP_PORTA:-8000}"
    ;;
  hospedagem)
    setup; build
    exec .venv/bin/python benchmarks/hosts.py site
    ;;
  cabecalhos)
    # The page policy (the theme's script hashes) changes with Material or the public address:
    # deploy/nginx.conf and deploy/Caddyfile are rewritten from a build (tests/test_hosting.py).
    setup; build
    .venv/bin/python -m macros.build.hosting site
    ;;
  test)
    setup
    log "ruff"
    .venv/bin/ruff check .
    log "eslint (JavaScript do site)"
    npx --no-install eslint --max-warnings=0 .
    log "mypy (calculators, macros)"
    .venv/bin/mypy
    shift
    if [ "${1:-}" = "--rapido" ]; then
      # The fast loop (CONTRIBUTING «O ciclo rápido»): no site build, no Chromium (conftest refuses
      # both, so a test that needs them and lacks its mark fails and says so).
      shift
      log "pytest (ciclo rápido: sem construir o site, sem navegador)"
      EP_RAPIDO=1 exec .venv/bin/python -m pytest -n "${EP_TEST_WORKERS:-2}" -m "not browser and not site" "$@"
    fi
    log "pytest"
    # Four workers (pytest-xdist) on the 2 cores CI has: most of a browser test's time is waiting
    # (on Chromium, on a throttled or held download, on a time limit), not computing, so two more
    # processes fill that wait (worksteal: an idle worker takes tests from a busy one, so the long
    # browser sweeps do not leave one waiting at the end). The fast loop above computes all the
    # time and keeps two. EP_TEST_WORKERS=0 runs everything in one process.
    exec .venv/bin/python -m pytest -n "${EP_TEST_WORKERS:-4}" --dist worksteal "$@"
    ;;
  avisos)
    # Known advisories of every pinned version: the PyPI's (its JSON API, the field pip-audit also
    # reads) and npm's (npm audit on package-lock.json). scripts/advisories.py; exit 1 when one is
    # known, 3 when a service did not answer (nothing is said to be safe that was not checked).
    setup_python
    shift
    exec .venv/bin/python scripts/advisories.py "$@"
    ;;
  fixar)
    # requirements.txt from requirements.in, with the hash of every published file of each pin,
    # by pip-tools (pinned) in a throwaway environment: the project's .venv is left as it is.
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    python3 -m venv "$tmp/venv"
    "$tmp/venv/bin/pip" install -q pip-tools==7.6.2
    "$tmp/venv/bin/pip-compile" -q --generate-hashes --allow-unsafe --strip-extras --no-header \
      --no-emit-index-url --no-emit-find-links -o "$tmp/requirements.txt" requirements.in
    {
      sed -n '1,/^# refused/p' requirements.txt | grep '^#'
      cat "$tmp/requirements.txt"
    } > requirements.txt.novo
    mv requirements.txt.novo requirements.txt
    log "requirements.txt refeito: $(grep -c '^[A-Za-z0-9]' requirements.txt) pacotes com hashes"
    ;;
  busca)
    # busca [--so-erros]: the project's query set (tests/search/query_set.yaml) on the site's
    # search, in Node, with the table (scripts/search_set.py). Uses the built site/ (built first
    # when there is none): rebuild after changing pages or data.
    setup
    [ -f site/index.html ] || build
    shift
    tmp=$(mktemp -d)
    trap 'rm -rf "$tmp"' EXIT
    .venv/bin/python -m macros.build.search site "$tmp/search" >/dev/null
    .venv/bin/python scripts/search_set.py "$tmp/search" "$@"
    ;;
  bench)
    # bench [REV]: with REV (a commit, e.g. main~5), the site built from it is measured in the
    # same run, alternately with this one, and the benchmark prints after ÷ before. Every run
    # writes what it printed to benchmarks/results/<UTC date and time>-<commit>.{md,json}
    # (benchmarks/report.py), with this command line.
    EP_BENCH_COMANDO="bash scripts/run.sh $*"
    export EP_BENCH_COMANDO
    setup; build
    shift
    rev=""
    if [ -n "${1:-}" ] && [ "${1#--}" = "$1" ]; then rev=$1; shift; fi
    if [ -n "$rev" ]; then
      tmp=$(mktemp -d)
      trap 'git worktree remove --force "$tmp/tree" >/dev/null 2>&1 || true; rm -rf "$tmp"' EXIT
      git worktree add -q --detach "$tmp/tree" "$rev"
      EP_BENCH_ANTES="$rev ($(git rev-parse --short=7 "$rev"))"
      export EP_BENCH_ANTES
      ln -s "$PWD/.venv" "$tmp/tree/.venv"
      ln -s "$PWD/node_modules" "$tmp/tree/node_modules"
      log "Construindo $rev para comparar (antes)"
      (cd "$tmp/tree" && .venv/bin/mkdocs build --strict -q -d "$tmp/antes" && node scripts/service_worker.mjs "$tmp/antes")
      .venv/bin/python benchmarks/calculators.py site "--antes=$tmp/antes" "$@"
    else
      exec .venv/bin/python benchmarks/calculators.py site "$@"
    fi
    ;;
  *)
    echo "uso: bash scripts/run.sh {serve|test|build|bench|busca|setup|cabecalhos|hospedagem|avisos|fixar}" >&2
    exit 2
    ;;
esac
