/* Estatutos Portuários — navegação instantânea em qualquer endereço.
 *
 * A navegação instantânea do Material só intercepta links para páginas do sitemap.xml, e o
 * sitemap traz endereços absolutos escritos na construção com o site_url (EP_SITE_URL, ou o local).
 * O Material corrige o protocolo e o nome do servidor, mas não a porta nem o caminho: servido em
 * qualquer outro endereço, cada página recarregava por inteiro (e o Pyodide das calculadoras
 * carregava de novo). Este módulo, no pacote que roda antes do Material, entrega ao Material o
 * sitemap com os endereços trocados pelos de onde o site está de fato sendo servido (e um pedido
 * só responde às vezes em que o Material o pede). Só o pedido do sitemap.xml do próprio site é
 * tocado; qualquer falha devolve o pedido original intacto. */

export function start(root) {
  if (!window.XMLHttpRequest || !window.fetch) return;
  const meta = document.querySelector('meta[name="ep-site-url"]');
  const written = (meta && meta.getAttribute("content")) || "";
  const sitemap = new URL("sitemap.xml", root).href;
  const moved = Boolean(written) && written !== root;
  // Material asks for the sitemap once per use (instant navigation, the content): one request
  // answers them all.
  let shared = null;

  function rebase(text) {
    return text.split("<loc>" + written).join("<loc>" + root);
  }

  function sitemapText() {
    if (!shared) {
      shared = window.fetch(sitemap, { credentials: "same-origin" }).then((response) => {
        if (!response.ok) throw new Error(String(response.status));
        return response.text();
      }).then((text) => (moved ? rebase(text) : text));
      shared.catch(() => { shared = null; });
    }
    return shared;
  }

  const proto = XMLHttpRequest.prototype;
  const open = proto.open;
  const send = proto.send;

  proto.open = function (method, url) {
    let target = "";
    try { target = new URL(String(url), window.location.href).href; } catch { target = ""; }
    this.epSitemap = String(method).toUpperCase() === "GET" && target === sitemap;
    return open.apply(this, arguments);
  };

  proto.send = function () {
    const xhr = this;
    const args = arguments;
    if (!xhr.epSitemap) return send.apply(xhr, args);
    sitemapText().then((text) => {
      const body = new Blob([text], { type: "application/xml" });
      Object.defineProperty(xhr, "readyState", { value: 4 });
      Object.defineProperty(xhr, "status", { value: 200 });
      Object.defineProperty(xhr, "statusText", { value: "OK" });
      Object.defineProperty(xhr, "response", { value: xhr.responseType === "blob" ? body : text });
      xhr.dispatchEvent(new Event("load"));
      xhr.dispatchEvent(new Event("loadend"));
    }).catch(() => {
      send.apply(xhr, args);
    });
  };
}
