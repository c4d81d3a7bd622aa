/**
 * The codec of an interface type, for lists of capabilities and generic parameters bound to an
 * interface: reads give typed clients (borrowed from the message, see client.ts), writes take
 * any client.
 */
import { CAPABILITY, type PointerCodec } from '../runtime/index.js';
import { capabilityOf, type Client, type ClientClass, type TypeParams } from './client.js';

/** The codec of `Class`'s interface, bound to `params` if it is generic. */
export function clientCodec<C extends Client>(Class: ClientClass<C>, params?: TypeParams): PointerCodec<C | null, C | null, C | null, Client | null> {
  return {
    read: (from, index) => capabilityOf(Class, CAPABILITY.read(from, index), params),
    toObject: (from, index) => capabilityOf(Class, CAPABILITY.toObject(from, index), params),
    get: (to, index) => capabilityOf(Class, CAPABILITY.get(to, index), params),
    set: (to, index, value) => CAPABILITY.set(to, index, value),
  };
}
