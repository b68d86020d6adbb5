/* O começo cedo do motor (assets/motor-cedo.<hash>.js, um módulo async no <head> das páginas com
 * o formulário de uma calculadora; o pacote das calculadoras o importa pelo mesmo endereço). */
import { start } from "../engine/early.mjs";

start();
