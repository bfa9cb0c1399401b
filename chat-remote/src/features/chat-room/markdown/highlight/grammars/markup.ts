// Prism's markup grammar with the ones it builds on, in order: one chunk, loaded by load-grammar.ts.
import 'prismjs/components/prism-markup';
