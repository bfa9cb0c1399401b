/// <reference path="./jest-dom.d.ts" />
export * from './render-with-services';
