/**
 * What `fastify-plugin` does, without the dependency: marks `plugin` so that what it registers
 * (parsers, hooks, decorators, routes) applies to the context that registers it instead of a
 * scope of its own, and names it in Fastify's plugin listings.
 */
export function inRegisteringContext<P extends object>(plugin: P, name: string): P {
  return Object.assign(plugin, {
    [Symbol.for('skip-override')]: true,
    [Symbol.for('fastify.display-name')]: name,
    [Symbol.for('plugin-meta')]: { name, fastify: '5.x' },
  });
}
