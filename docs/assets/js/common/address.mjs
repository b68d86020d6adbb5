/* Estatutos Portuários — o endereço de onde o site está de fato sendo lido.
 *
 * localAddress(texto): os endereços escritos na construção (site_url, que a página traz em
 * <meta name="ep-site-url">) trocados pelo endereço de onde o site é lido, para que o que a pessoa
 * copia (citações, «Link permanente», CSL-JSON/RIS/BibTeX, links de compartilhar) aponte para
 * onde ela está. Onde os dois são o mesmo, o texto não muda. */
import { siteOf } from "./page.mjs";

function readAddresses() {
  if (typeof document === "undefined") return null;
  const meta = document.querySelector('meta[name="ep-site-url"]');
  let written = meta ? String(meta.getAttribute("content") || "") : "";
  if (!written) return null;
  const real = siteOf(import.meta.url).href;
  if (written.slice(-1) !== "/") written += "/";
  return written === real ? null : { written, real };
}

export function localAddress(text) {
  const where = readAddresses();
  const value = String(text);
  return where ? value.split(where.written).join(where.real) : value;
}
