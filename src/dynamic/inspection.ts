/**
 * How dynamic values and schemas print in a console: nothing here. Node's build (and the tests)
 * take this module's twin, inspection.node.ts, as the runtime does for generated classes
 * (runtime/inspection.ts says why).
 */
export {};
