import { create } from 'qrcode';

/** Quiet zone around the code in modules: scanners need a light border to find it. */
const MARGIN = 2;

/**
 * The check-in code as a QR code drawn as SVG (one path, crisp at any size, no image request or data:
 * URL for the CSP to allow). Loaded lazily so the QR library stays out of the booking page's entry chunk.
 * It holds just the code, like the mail's QR (decision 0170), so a desk's hand scanner types it.
 */
export default function CheckInQr({ code, label, size }: { code: string; label: string; size: number }) {
  const { modules } = create(code, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  let d = '';
  for (let y = 0; y < n; y++)
    for (let x = 0; x < n; x++) if (modules.get(y, x)) d += `M${x + MARGIN} ${y + MARGIN}h1v1h-1z`;
  const box = n + 2 * MARGIN;
  return (
    <svg
      role="img"
      aria-label={label}
      width={size}
      height={size}
      viewBox={`0 0 ${box} ${box}`}
      shapeRendering="crispEdges"
    >
      <rect width={box} height={box} fill="#ffffff" />
      <path d={d} fill="#000000" />
    </svg>
  );
}
