import { create } from 'qrcode';

/** Quiet zone around the code in modules: scanners need a light border to find it. */
const MARGIN = 2;

/**
 * `text` as a QR code drawn as SVG (one path, crisp at any size, no image request or data: URL for the
 * CSP to allow), named for screen readers by `label`. Import it lazily where it is shown, so the QR
 * library stays out of the entry chunks (the booking page's check-in code, the two-step setup).
 */
export default function QrCode({ text, label, size }: { text: string; label: string; size: number }) {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
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
