/* O pacote das calculadoras (assets/pacote-calculadoras.<hash>.js, só nas páginas de calculadoras/,
 * ou importado por common/groups.mjs quando a navegação instantânea abre uma). */
import { start as receipt } from "../calculators/receipt.mjs";
import { start as embed } from "../calculators/embed.mjs";
import { start as form } from "../calculators/form.mjs";
import { start as kept } from "../calculators/kept.mjs";
import { start as client } from "../engine/client.mjs";
import { start as offer } from "../engine/offer.mjs";

offer();
client();
receipt();
kept();
embed();
form();
