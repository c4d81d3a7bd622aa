/**
 * The media types a message travels under over HTTP. Cap'n Proto registers none; these are the
 * ones Capstan reads and writes (the `x-` prefix marks them unregistered).
 */
import { CapnpError, type MessageFormat } from '../runtime/index.js';

/** A message in the standard framing (a segment table, then the segments). */
export const CAPNP_CONTENT_TYPE = 'application/x-capnp';
/** The same, packed. */
export const CAPNP_PACKED_CONTENT_TYPE = 'application/x-capnp-packed';

/**
 * The format a `Content-Type` header value announces (`binary` or `packed`), or null when it is
 * not a message type. Parameters (`; charset=...`) are ignored, and case does not matter.
 */
export function formatOfContentType(value: string | null | undefined): 'binary' | 'packed' | null {
  if (value == null) return null;
  const semicolon = value.indexOf(';');
  const essence = (semicolon < 0 ? value : value.slice(0, semicolon)).trim().toLowerCase();
  if (essence === CAPNP_CONTENT_TYPE) return 'binary';
  if (essence === CAPNP_PACKED_CONTENT_TYPE) return 'packed';
  return null;
}

/** The content type of a message in `format` (`binary` or `packed`; the flat formats have none). */
export function contentTypeOf(format: MessageFormat): string {
  if (format === 'binary') return CAPNP_CONTENT_TYPE;
  if (format === 'packed') return CAPNP_PACKED_CONTENT_TYPE;
  throw new CapnpError('INVALID_ARGUMENT', `a message sent over HTTP is binary or packed, not ${String(format)}: the flat formats carry no framing to check`);
}
