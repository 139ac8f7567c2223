import Box from '@mui/material/Box';

/** Drawn inline (no image request): a service desk with a spanner, for the general error page. */
export function BrokenDeskIllustration() {
  return (
    <Box component="svg" viewBox="0 0 240 160" sx={{ width: { xs: 200, md: 260 }, height: 'auto' }}>
      <ellipse cx="120" cy="148" rx="100" ry="8" fill="currentColor" opacity="0.08" />
      <rect x="40" y="70" width="160" height="70" rx="6" fill="currentColor" opacity="0.15" />
      <rect x="30" y="60" width="180" height="14" rx="4" fill="currentColor" opacity="0.85" />
      <rect x="60" y="20" width="70" height="40" rx="4" fill="none" stroke="currentColor" strokeWidth="4" />
      <path d="M78 32l34 16M112 32L78 48" stroke="#c62828" strokeWidth="5" strokeLinecap="round" />
      <g transform="translate(160 28) rotate(35)">
        <rect x="-5" y="0" width="10" height="44" rx="4" fill="currentColor" />
        <circle cx="0" cy="0" r="13" fill="none" stroke="currentColor" strokeWidth="8" />
        <rect x="-4" y="-16" width="8" height="12" fill="#f4f6fa" />
      </g>
      <circle cx="85" cy="105" r="4" fill="currentColor" opacity="0.6" />
      <circle cx="120" cy="105" r="4" fill="currentColor" opacity="0.6" />
      <circle cx="155" cy="105" r="4" fill="currentColor" opacity="0.6" />
    </Box>
  );
}
