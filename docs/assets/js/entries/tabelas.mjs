/* O pacote das tabelas de 1945 (assets/pacote-tabelas.<hash>.js, só nas páginas de tabelas/). */
import { start } from "../tables/tables.mjs";

start();
