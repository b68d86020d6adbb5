/* O pacote de toda página (assets/pacote-site.<hash>.js, um módulo depois do script do Material).
 * Os pacotes das calculadoras, das tabelas e da busca importam dele os módulos que ele já tem
 * (macros/build/bundles.py): uma cópia só de cada um na página. */
import { start as cite } from "../citations/cite.mjs";
import { start as report } from "../citations/report.mjs";
import { start as glossary } from "../common/glossary.mjs";
import { start as groups } from "../common/groups.mjs";
import { start as paletteKeys } from "../common/palette-keys.mjs";
import { start as skipToForm } from "../common/skip-to-form.mjs";
import { start as target } from "../common/target.mjs";
import { start as offlinePage } from "../offline/offline-page.mjs";
import { start as registration } from "../offline/registration.mjs";
import { start as warmup } from "../offline/warmup.mjs";
import { start as search } from "../search/start.mjs";

groups();
search();
target();
cite();
report();
registration();
warmup();
offlinePage();
glossary();
paletteKeys();
skipToForm();
