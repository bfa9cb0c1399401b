/// <reference path="./prism-core.d.ts" />
// The reference brings the module's declaration along wherever this file is compiled (the shell's monolith too).
import './prism-manual';
import Prism from 'prismjs/components/prism-core';

/**
 * Prism's core alone (about 3 KB gzip): the grammars are chunks of their own (grammars/), each loaded the
 * first time a code block in that language is shown. Prism's grammar files extend the global `Prism`
 * that this core sets, so a grammar is only ever loaded after this module has run (load-grammar.ts is
 * called from the same chunk).
 */
export { Prism };
