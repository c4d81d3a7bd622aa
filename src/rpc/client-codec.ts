/**
 * The codec of an interface type, for lists of capabilities and generic parameters bound to an
 * interface: reads give typed clients (borrowed from the message, see client.ts), writes take
 * any client.
 */
import { CAPABILITY, type PointerCodec } from '../runtime/index.js';
import { capabilityOf, type Client, type ClientClass } from './client.js';

export function clientCodec<C extends Client>(Class: ClientClass<C>): PointerCodec<C | null, C | null, C | null, Client | null> {
  return {
    read: (from, index) => capabilityOf(Class, CAPABILITY.read(from, index)),
    toObject: (from, index) => capabilityOf(Class, CAPABILITY.toObject(from, index)),
    get: (to, index) => capabilityOf(Class, CAPABILITY.get(to, index)),
    set: (to, index, value) => CAPABILITY.set(to, index, value),
  };
}
