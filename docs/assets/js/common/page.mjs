/* Estatutos Portuários — a vida da página: roda uma função a cada página mostrada.
 *
 * Com a navegação instantânea do Material, a página troca sem recarregar, e o Material avisa
 * cada troca (e a primeira página): common/material.mjs. Sem ele (o tema não carregou), roda
 * quando o documento estiver pronto. */
import { pageChanges } from "./material.mjs";

export function onEachPage(fn) {
  const pages = pageChanges();
  if (pages) {
    pages.subscribe(fn);
  } else if (document.readyState === "loading") {
    document.addEventListener("DOMContentLoaded", fn);
  } else {
    fn();
  }
}

/* The folder of the site's assets and the site's root, from a bundle's own address
 * (import.meta.url of a module in assets/). */
export function assetsOf(moduleUrl) {
  return new URL(".", moduleUrl);
}

export function siteOf(moduleUrl) {
  return new URL("../", assetsOf(moduleUrl));
}

/* The page's build id (<meta name="ep-versao">), "" when it has none. */
export function pageBuild() {
  const meta = document.querySelector('meta[name="ep-versao"]');
  return (meta && meta.content) || "";
}

/* An embeddable page (embutir/<calc>/, <meta name="ep-embutida">), made to sit inside another
 * site: no service worker, no «Meus cálculos», links open the full site in a new tab. */
export function embedded() {
  return Boolean(document.querySelector('meta[name="ep-embutida"]'));
}
