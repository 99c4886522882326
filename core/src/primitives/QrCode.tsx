/**
 * The QR code primitive. Its own package entry (`@oja/core/qr`), not part of `@oja/core/primitives`: through that
 * shared entry the build put it in a chunk every channel screen preloads. The encoder (qrcode-generator) is a
 * lazy chunk of its own again (./qrEncoder), fetched by `loadQrEncoder`.
 */
import { css } from '@linaria/core';
import { useEffect, useMemo, useState } from 'react';
import { loadOnce, whenLoaded } from './loadOnce';
import type { LoadOnce } from './loadOnce';

type Encoder = typeof import('./qrEncoder');

const figure = css`
  display: block;
  width: 100%;
  max-width: 240px;
  height: auto;
  aspect-ratio: 1;
  margin: 0 auto;
  /* Dark on light whatever the branding: readers expect it. */
  background: #fff;
  path { fill: #000; }
`;

/** Waits between two attempts to fetch the encoder after a failure, ms. */
export const QR_ENCODER_RETRY_MS = 3_000;

/**
 * Fetches the encoder once (a failed fetch may be tried again). A screen that will draw a code calls it as it
 * starts, so the fetch runs alongside its API call and the code shows the moment the answer is in.
 */
export const loadQrEncoder: LoadOnce<Encoder> = loadOnce(() => import('./qrEncoder'));

export interface QrCodeProps {
  /** What the code carries. */
  value: string;
  /** Accessible name of the image, already translated: what the code is for. */
  label: string;
}

/**
 * A QR code drawn as one crisp, scalable SVG path with its quiet zone. Until the encoder is in, a blank square of
 * the same size (nothing moves when the code appears). Renders nothing for a value too long to fit.
 */
export function QrCode({ value, label }: QrCodeProps) {
  const [enc, setEnc] = useState(loadQrEncoder.current);
  useEffect(() => {
    if (enc) return;
    return whenLoaded(loadQrEncoder, (m) => setEnc(() => m), QR_ENCODER_RETRY_MS);
  }, [enc]);
  const drawn = useMemo(() => {
    if (!enc) return undefined;
    try {
      const m = enc.qrMatrix(value);
      return { side: m.size + 2 * enc.QR_QUIET_ZONE_MODULES, d: enc.qrPath(m) };
    } catch {
      return null;
    }
  }, [enc, value]);
  if (drawn === null) return null;
  if (!drawn) return <div className={figure} role="img" aria-label={label} aria-busy="true" />;
  return (
    <svg className={figure} viewBox={`0 0 ${drawn.side} ${drawn.side}`} role="img" aria-label={label} shapeRendering="crispEdges" focusable="false">
      <path d={drawn.d} />
    </svg>
  );
}
