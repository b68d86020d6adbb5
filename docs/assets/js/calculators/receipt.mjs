/* Estatutos Portuários — o comprovante do cálculo («Guardar ou imprimir o cálculo»).
 *
 * Depois de cada resultado, o botão abre uma folha que se imprime numa única página A4 (imprimir
 * em PDF é o PDF) e que traz: os dados informados; o resultado desenhado pelas mesmas partes da
 * tela (calculadoras-resultado.js: destaques, valores, tabelas, passo a passo com o dispositivo de
 * cada passo, verificações, avisos, arredondamento — nenhuma calculadora é nomeada aqui); a data e
 * a hora do cálculo; a versão do site (<meta name="ep-versao">, da construção); o link do cálculo
 * por extenso e em QR. «Compartilhar» usa o compartilhamento do aparelho (Web Share API) quando
 * existe; senão copia o link; há também um link comum para o WhatsApp.
 *
 * O QR é desenhado pela biblioteca qrcode-generator (fixada em package.json, servida pelo próprio
 * site em assets/vendor/, carregada só quando um comprovante abre e guardada para uso sem conexão
 * pelo service worker). Tudo é montado com createElement/textContent: nada digitado vira HTML.
 *
 * offerReceipt(area, dados) põe o botão no resultado; dados = {resultado, entradas: [{rotulo,
 * valor, itens?}], link, rotulos}.
 *
 * Aberto, o comprovante é um diálogo modal de verdade: o resto da página fica inerte (sem foco,
 * sem toque, fora do leitor de tela), Tab e Shift+Tab giram dentro dele, Esc fecha de qualquer
 * ponto (também depois de um toque no texto da folha) e o foco volta ao botão que o abriu.
 */
import { el } from "../common/dom.mjs";
import { assetsOf, onEachPage, pageBuild } from "../common/page.mjs";
import { render } from "./result.mjs";
import { BUTTON, PRIMARY, TYPESET } from "../common/material.mjs";

var ASSETS = assetsOf(import.meta.url);
var QR_SCRIPT = new URL("vendor/qrcode-generator.js", ASSETS).href;
// A4 (210 × 297 mm) less the print margins of this sheet (12 mm each side), in CSS pixels.
var MM = 96 / 25.4;
var PRINT_WIDTH = (210 - 24) * MM;
var PRINT_HEIGHT = (297 - 24) * MM;
var DISCLAIMER = "Informação, não orientação jurídica: a convenção ou o acordo coletivo da categoria " +
  "pode garantir mais. Na dúvida, procure o sindicato, o OGMO ou um advogado.";
var pendingQr = null;

// The QR library, loaded once (a script of the site itself; kept by the service worker).
function loadQr() {
  if (typeof window.qrcode === "function") return Promise.resolve(window.qrcode);
  if (pendingQr) return pendingQr;
  pendingQr = new Promise(function (resolve, reject) {
    var tag = document.createElement("script");
    tag.src = QR_SCRIPT;
    tag.onload = function () {
      if (typeof window.qrcode === "function") resolve(window.qrcode);
      else reject(new Error("qrcode"));
    };
    tag.onerror = function () {
      pendingQr = null;
      reject(new Error("qrcode"));
    };
    document.head.appendChild(tag);
  });
  return pendingQr;
}

// The QR code of a text as an SVG (one path of dark modules, 4 modules of quiet zone), built
// with the DOM from the library's modules: no markup is parsed.
function qrSvg(qrcode, text) {
  var qr = qrcode(0, "M");
  qr.addData(text, "Byte");
  qr.make();
  var count = qr.getModuleCount();
  var size = count + 8;
  var path = [];
  for (var row = 0; row < count; row += 1) {
    for (var col = 0; col < count; col += 1) {
      if (qr.isDark(row, col)) path.push("M" + (col + 4) + " " + (row + 4) + "h1v1h-1z");
    }
  }
  var NS = "http://www.w3.org/2000/svg";
  var svg = document.createElementNS(NS, "svg");
  svg.setAttribute("viewBox", "0 0 " + size + " " + size);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", "QR code do link deste cálculo");
  svg.setAttribute("class", "comprovante-qr-imagem");
  svg.setAttribute("data-modulos", String(count));
  svg.setAttribute("shape-rendering", "crispEdges");
  var back = document.createElementNS(NS, "rect");
  back.setAttribute("width", String(size));
  back.setAttribute("height", String(size));
  back.setAttribute("fill", "#fff");
  svg.appendChild(back);
  var dark = document.createElementNS(NS, "path");
  dark.setAttribute("d", path.join(""));
  dark.setAttribute("fill", "#000");
  svg.appendChild(dark);
  // Big enough for a phone camera to read from paper: about half a millimetre per module.
  var mm = Math.max(30, Math.min(62, size * 0.5));
  svg.style.width = mm + "mm";
  svg.style.height = mm + "mm";
  return svg;
}

function version() {
  return pageBuild().trim() || "não identificada (página sem o registro da versão)";
}

function when(date) {
  try {
    return date.toLocaleString("pt-BR", {
      day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit",
      timeZoneName: "short",
    });
  } catch {
    return date.toISOString();
  }
}

function inputsPart(entries) {
  var table = el("table", { className: "comprovante-entradas" });
  var body = el("tbody");
  function row(label, value, css) {
    var tr = el("tr", css ? { className: css } : null);
    tr.appendChild(el("th", { scope: "row" }, label));
    tr.appendChild(el("td", null, value));
    body.appendChild(tr);
  }
  entries.forEach(function (entry) {
    if (Array.isArray(entry.itens)) {
      row(entry.rotulo, entry.itens.length ? "" : "nenhum", "comprovante-lista");
      entry.itens.forEach(function (item) {
        row(item.rotulo, item.campos.map(function (c) { return c.rotulo + ": " + c.valor; }).join("; "),
          "comprovante-item");
      });
    } else {
      row(entry.rotulo, entry.valor);
    }
  });
  table.appendChild(body);
  return table;
}

function section(title, content) {
  var box = el("section", { className: "comprovante-secao" });
  box.appendChild(el("h3", null, title));
  box.appendChild(content);
  return box;
}

function setStatus(sheet, text) {
  var status = sheet.querySelector(".comprovante-estado");
  if (status) status.textContent = text;
}

function copyLink(root, link) {
  var field = root.querySelector(".comprovante-link-texto");
  var done = function (ok) {
    if (!ok && field) {
      var range = document.createRange();
      range.selectNodeContents(field);
      var selection = window.getSelection();
      selection.removeAllRanges();
      selection.addRange(range);
    }
    setStatus(root, ok ? "Link copiado." : "Copie o link selecionado.");
  };
  if (navigator.clipboard && window.isSecureContext) {
    navigator.clipboard.writeText(link).then(function () { done(true); }, function () { done(false); });
  } else {
    done(false);
  }
}

function share(root, data) {
  var title = "Cálculo: " + String(data.resultado.title || "");
  if (typeof navigator.share === "function") {
    navigator.share({ title: title, text: title, url: data.link }).then(function () {
      setStatus(root, "Compartilhado.");
    }, function (error) {
      if (error && error.name === "AbortError") return; // the person closed the share sheet
      copyLink(root, data.link);
    });
  } else {
    copyLink(root, data.link);
  }
}

// The sheet's size in print: measured on a copy laid out at the printed width; when it is
// taller than one A4 page, the printed sheet is scaled down to fit (--comprovante-escala).
function fitOnePage(root, sheet) {
  var probe = sheet.cloneNode(true);
  probe.classList.add("comprovante-medida");
  probe.style.width = PRINT_WIDTH + "px";
  root.appendChild(probe);
  var height = probe.getBoundingClientRect().height;
  probe.remove();
  var scale = height > PRINT_HEIGHT ? Math.max(0.4, Math.floor((PRINT_HEIGHT / height) * 97) / 100) : 1;
  sheet.style.setProperty("--comprovante-escala", String(scale));
  sheet.dataset.escala = String(scale);
}

// While the receipt is open it is the only part of the page: everything else is inert (no focus,
// no click, hidden from screen readers), Tab and Shift+Tab go round inside it, and Escape closes it
// wherever the focus is (on the sheet's text after a click, the focus is the page's body).
var FOCUSABLE = "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), " +
  "textarea:not([disabled]), [tabindex]:not([tabindex='-1'])";
var madeInert = [];

function focusables(root) {
  return Array.prototype.filter.call(root.querySelectorAll(FOCUSABLE), function (node) {
    return !node.hidden && node.getClientRects().length > 0;
  });
}

function onKey(event) {
  var root = document.querySelector(".comprovante");
  if (!root) return;
  if (event.key === "Escape") {
    event.preventDefault();
    event.stopPropagation();
    close();
    return;
  }
  if (event.key !== "Tab") return;
  var stops = focusables(root);
  if (!stops.length) return;
  var first = stops[0];
  var last = stops[stops.length - 1];
  var inside = root.contains(document.activeElement);
  if (event.shiftKey && (!inside || document.activeElement === first)) {
    event.preventDefault();
    last.focus();
  } else if (!event.shiftKey && (!inside || document.activeElement === last)) {
    event.preventDefault();
    first.focus();
  }
}

function isolate(root) {
  madeInert = Array.prototype.filter.call(document.body.children, function (node) {
    return node !== root && !node.inert;
  });
  madeInert.forEach(function (node) { node.inert = true; });
  document.addEventListener("keydown", onKey, true);
}

function release() {
  madeInert.forEach(function (node) { node.inert = false; });
  madeInert = [];
  document.removeEventListener("keydown", onKey, true);
}

function close() {
  var root = document.querySelector(".comprovante");
  if (!root) return;
  var opener = root.opener;
  release();
  root.remove();
  document.body.classList.remove("ep-comprovante-aberto");
  if (opener && opener.isConnected) opener.focus();
}

function open(data, opener) {
  close();
  var result = data.resultado;
  var root = el("div", { className: "comprovante", role: "dialog", "aria-modal": "true",
    "aria-labelledby": "comprovante-titulo" });
  root.opener = opener;
  var bar = el("div", { className: "comprovante-barra" });
  var print = el("button", { type: "button", className: PRIMARY, "data-acao": "imprimir" },
    "Imprimir ou salvar em PDF");
  var shareButton = el("button", { type: "button", className: BUTTON, "data-acao": "compartilhar" },
    "Compartilhar");
  var whatsapp = el("a", { className: BUTTON, rel: "noopener", target: "_blank" }, "Enviar pelo WhatsApp");
  whatsapp.href = "https://wa.me/?text=" + encodeURIComponent(
    "Cálculo: " + String(result.title || "") + " " + data.link);
  var closeButton = el("button", { type: "button", className: BUTTON, "data-acao": "fechar" }, "Fechar");
  [print, shareButton, whatsapp, closeButton].forEach(function (node) { bar.appendChild(node); });
  bar.appendChild(el("p", { className: "comprovante-estado", role: "status", "aria-live": "polite" }));
  root.appendChild(bar);

  var sheet = el("article", { className: "comprovante-folha " + TYPESET });
  var head = el("header", { className: "comprovante-cabeca" });
  var about = el("div", { className: "comprovante-sobre" });
  about.appendChild(el("p", { className: "comprovante-site" }, "Estatutos Portuários — comprovante do cálculo"));
  about.appendChild(el("h2", { id: "comprovante-titulo", tabindex: "-1" }, result.title));
  var facts = el("dl", { className: "comprovante-fatos" });
  [["Calculado em", when(data.quando)], ["Versão do site", version()]].forEach(function (pair) {
    facts.appendChild(el("dt", null, pair[0]));
    facts.appendChild(el("dd", { "data-fato": pair[0] === "Calculado em" ? "quando" : "versao" }, pair[1]));
  });
  about.appendChild(facts);
  about.appendChild(el("p", { className: "comprovante-rotulo" }, "Link deste cálculo (abre a calculadora com os mesmos dados e refaz a conta):"));
  about.appendChild(el("p", { className: "comprovante-link-texto" }, data.link));
  head.appendChild(about);
  var qr = el("figure", { className: "comprovante-qr" });
  qr.appendChild(el("figcaption", null, "O mesmo link em QR code"));
  head.appendChild(qr);
  sheet.appendChild(head);
  sheet.appendChild(section("Dados informados", inputsPart(data.entradas || [])));
  sheet.appendChild(section("Resultado", render(result, { rotulos: data.rotulos || {} })));
  sheet.appendChild(el("p", { className: "comprovante-aviso" }, DISCLAIMER));
  root.appendChild(sheet);

  document.body.appendChild(root);
  document.body.classList.add("ep-comprovante-aberto");
  isolate(root);
  fitOnePage(root, sheet);
  var title = sheet.querySelector("#comprovante-titulo");
  if (title) title.focus();

  loadQr().then(function (qrcode) {
    qr.insertBefore(qrSvg(qrcode, data.link), qr.firstChild);
    root.dataset.qr = "pronto";
    fitOnePage(root, sheet);
  }).catch(function () {
    qr.textContent = "";
    qr.appendChild(el("figcaption", null, "O QR code não pôde ser desenhado agora; use o link escrito ao lado."));
    root.dataset.qr = "falhou";
  });

  root.addEventListener("click", function (event) {
    var button = event.target.closest("button[data-acao]");
    if (!button) return;
    var action = button.getAttribute("data-acao");
    if (action === "imprimir") window.print();
    else if (action === "compartilhar") share(root, data);
    else if (action === "fechar") close();
  });
}

// The button after a result; the data (result, inputs, link, time) is the calculation's, taken
// when the result was shown: a later change of the form does not alter this receipt.
export function offerReceipt(area, data) {
  var snapshot = {
    resultado: data.resultado, entradas: data.entradas, link: String(data.link),
    rotulos: data.rotulos, quando: new Date(),
  };
  var line = el("p", { className: "calc-comprovante" });
  var button = el("button", { type: "button", className: BUTTON + " calc-comprovante-abrir",
    "data-acao": "comprovante" }, "Guardar ou imprimir o cálculo");
  button.addEventListener("click", function () { open(snapshot, button); });
  line.appendChild(button);
  var title = area.querySelector(".calc-resultado-titulo");
  if (title) title.insertAdjacentElement("afterend", line);
  else area.appendChild(line);
  return button;
}

export function start() {
  // A new page (Material's instant navigation) closes a receipt left open.
  onEachPage(close);
}
