/**
 * Read by Prism's core as it starts: left alone it would look for `language-*` elements in the page on
 * DOMContentLoaded and listen for worker messages. Here it only tokenizes what it is given. Imported
 * before the core (prism.ts), which reads it from the global scope.
 */
(globalThis as { Prism?: object }).Prism = { manual: true, disableWorkerMessageHandler: true };
