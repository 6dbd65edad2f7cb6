// The engine worker's entry script: loads the wasm-bindgen glue Trunk built for the `worker`
// binary (no-modules target) and starts its wasm, whose main() then listens for requests.
importScripts("./worker.js");
wasm_bindgen({ module_or_path: "./worker_bg.wasm" });
