import QrCode from '../../../components/QrCode';

/**
 * The check-in code as a QR code. It holds just the code, like the mail's QR (decision 0170), so a desk's
 * hand scanner types it. Loaded lazily so the QR library stays out of the booking page's entry chunk.
 */
export default function CheckInQr({ code, label, size }: { code: string; label: string; size: number }) {
  return <QrCode text={code} label={label} size={size} />;
}
