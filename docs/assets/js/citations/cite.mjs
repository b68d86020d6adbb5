/* «Citar»: põe a data de hoje no "Acesso em" das referências e copia a referência (ABNT), a
 * citação no texto (NBR 10520) ou a entrada do dispositivo em CSL-JSON, RIS, BibTeX ou biblatex, tirada dos
 * arquivos do ato em /dados/citacoes/. A referência vai também como text/html (o itálico do
 * Diário Oficial sobrevive à colagem num editor de texto). Os endereços escritos na construção
 * (site_url) viram os de onde a página está sendo lida. Sem JavaScript, a caixa <details> já mostra a referência
 * (com a data da construção do site), a citação no texto, a URN, o link e os arquivos. */
import { localAddress } from "../common/address.mjs";
import { onEachPage } from "../common/page.mjs";
import { CONTENT } from "../common/material.mjs";

var MESES = ["jan.", "fev.", "mar.", "abr.", "maio", "jun.", "jul.", "ago.", "set.", "out.", "nov.", "dez."];
var cache = {};

function abntDate(d) {
  return d.getDate() + " " + MESES[d.getMonth()] + " " + d.getFullYear();
}

function pad(n) { return (n < 10 ? "0" : "") + n; }

function isoDate(d) {
  return d.getFullYear() + "-" + pad(d.getMonth() + 1) + "-" + pad(d.getDate());
}

function updateAccessDates() {
  var today = new Date();
  document.querySelectorAll(".citar-acesso").forEach(function (el) {
    el.textContent = abntDate(today);
    el.dataset.data = isoDate(today);
  });
}

function fallbackCopy(text) {
  var area = document.createElement("textarea");
  area.value = text;
  area.setAttribute("readonly", "");
  area.style.position = "fixed";
  area.style.opacity = "0";
  document.body.appendChild(area);
  area.select();
  var ok = false;
  try { ok = document.execCommand("copy"); } catch { ok = false; }
  document.body.removeChild(area);
  return ok;
}

/* Copy with a text/html version too (the reference's italic survives a paste into a word
 * processor): a copy event that sets both, where the asynchronous clipboard cannot. */
function fallbackCopyRich(text, html) {
  var ok = false;
  var handler = function (event) {
    event.clipboardData.setData("text/plain", text);
    event.clipboardData.setData("text/html", html);
    event.preventDefault();
    ok = true;
  };
  document.addEventListener("copy", handler);
  try { document.execCommand("copy"); } catch { ok = false; }
  document.removeEventListener("copy", handler);
  return ok;
}

function copyText(box, text, what, html) {
  var status = box.querySelector(".citar-status");
  box.dataset.copied = text;
  var done = function (ok) {
    status.textContent = ok ? what + " copiada." : "Não foi possível copiar: selecione o texto acima.";
  };
  var fallback = function () { return html ? fallbackCopyRich(text, html) || fallbackCopy(text) : fallbackCopy(text); };
  if (!navigator.clipboard || !window.isSecureContext) {
    done(fallback());
  } else if (html && window.ClipboardItem && navigator.clipboard.write) {
    var item = new window.ClipboardItem({
      "text/plain": new Blob([text], { type: "text/plain" }),
      "text/html": new Blob([html], { type: "text/html" }),
    });
    navigator.clipboard.write([item]).then(function () { done(true); }, function () { done(fallback()); });
  } else {
    navigator.clipboard.writeText(text).then(function () { done(true); }, function () { done(fallback()); });
  }
}

/* The reference as HTML for the clipboard: its text, with only the italic (<em>) of the journal
 * kept as markup; everything else escaped. */
function referenceHtml(node) {
  var out = "";
  node.childNodes.forEach(function (child) {
    var escaped = String(child.textContent).replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;");
    out += child.nodeName === "EM" ? "<em>" + escaped + "</em>" : escaped;
  });
  return "<p>" + out.replace(/\s+/g, " ").trim() + "</p>";
}

/* The addresses written at build, in each «Citar» box, become those of where the page is read
 * (common/address.mjs); also the base of the permalinks printed after each article. */
function localise(box) {
  var walker = document.createTreeWalker(box, NodeFilter.SHOW_TEXT);
  for (var node = walker.nextNode(); node; node = walker.nextNode()) {
    var value = localAddress(node.nodeValue);
    if (value !== node.nodeValue) node.nodeValue = value;
  }
}

function localisePrint() {
  var content = document.querySelector(CONTENT);
  var act = document.querySelector(".ato-referencia[data-slug]");
  var link = document.querySelector(".citar--ato .citar-link a");
  if (!content || !act || !link) return;
  var base = link.textContent.trim() + "#";
  content.style.setProperty("--ep-link-base", JSON.stringify(base));
}

/* A entrada de uma chave ("lei-4860-1965!art7_par5") no arquivo do ato, com o acesso de hoje. */
function entryOf(format, text, key) {
  var today = new Date();
  if (format === "json") {
    var item = JSON.parse(text).filter(function (i) { return i.id === key; })[0];
    if (!item) return null;
    item.accessed = { "date-parts": [[today.getFullYear(), today.getMonth() + 1, today.getDate()]] };
    return JSON.stringify([item], null, 1);
  }
  if (format === "ris") {
    var found = text.split(/\r\n\r\n/).filter(function (e) {
      return e.indexOf("\r\nID  - " + key + "\r\n") !== -1;
    })[0];
    if (!found) return null;
    return found.replace(/^Y2 {2}- .*$/m, "Y2  - " + isoDate(today).replace(/-/g, "/")).trim() + "\r\n";
  }
  // BibTeX clássico (@misc, urlaccessdate) ou biblatex (@legislation, urldate).
  var head = "{" + key.replace("!", ":") + ",";
  var entry = text.split(/\n(?=@)/).filter(function (e) {
    return /^@[a-z]+\{/.test(e) && e.indexOf(head) === e.indexOf("{");
  })[0];
  if (!entry) return null;
  return entry.replace(/urldate = \{[^}]*\}/, "urldate = {" + isoDate(today) + "}")
    .replace(/urlaccessdate = \{[^}]*\}/, "urlaccessdate = {" + abntDate(today) + "}").trim() + "\n";
}

function copyFormat(box, button) {
  var format = button.dataset.formato;
  var name = button.textContent;
  var link = box.querySelector(".citar-arquivos a[data-formato='" + format + "']");
  var status = box.querySelector(".citar-status");
  var out = box.querySelector(".citar-saida");
  var url = link.href;
  status.textContent = "Buscando " + name + "…";
  var pending = cache[url] || (cache[url] = fetch(url).then(function (r) {
    if (!r.ok) throw new Error(String(r.status));
    return r.text();
  }));
  pending.then(function (text) {
    var entry = entryOf(format, text, box.dataset.chave);
    if (entry) entry = localAddress(entry);
    if (!entry) throw new Error("sem entrada");
    out.textContent = entry;
    out.hidden = false;
    copyText(box, entry, "Entrada " + name);
  }).catch(function () {
    delete cache[url];
    status.textContent = "Não foi possível obter o " + name + " agora (sem conexão?). Use o link do arquivo.";
  });
}

function setup() {
  updateAccessDates();
  document.querySelectorAll(".citar-corpo").forEach(function (box) {
    if (box.dataset.epReady) return;
    box.dataset.epReady = "1";
    localise(box);
    box.querySelectorAll(".citar-copiar").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () {
        var ref = button.dataset.copiar === "ref";
        var node = box.querySelector(ref ? ".citar-ref" : ".citar-curta");
        var text = node.textContent.replace(/\s+/g, " ").trim();
        copyText(box, text, ref ? "Referência" : "Citação no texto", ref ? referenceHtml(node) : "");
      });
    });
    box.querySelectorAll(".citar-formato").forEach(function (button) {
      button.hidden = false;
      button.addEventListener("click", function () { copyFormat(box, button); });
    });
  });
  localisePrint();
  highlightTarget();
}

/* O id do fragmento. Um fragmento malformado (#%, #%E0%A4%A) não pode quebrar a página: sem
 * decodificação válida, vale o texto como veio. */
function fragmentId(hash) {
  var raw = String(hash || "").replace(/^#/, "");
  try { return decodeURIComponent(raw); } catch { return raw; }
}

/* O destaque do alvo também vale após navegação instantânea (onde :target pode falhar). */
function highlightTarget() {
  document.querySelectorAll(".ep-alvo").forEach(function (el) { el.classList.remove("ep-alvo"); });
  var id = fragmentId(window.location.hash);
  if (!id) return;
  var el = document.getElementById(id);
  if (!el) return;
  if (el.tagName === "DETAILS") el.open = true;
  el.classList.add("ep-alvo");
}

export function start() {
  window.addEventListener("hashchange", highlightTarget);
  onEachPage(setup);
}
