import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';

/** A small spinner with its text, announced politely; the spinner itself is decoration (the text says it). */
export function InlineLoading({ text }: { text: string }) {
  return (
    <Box role="status" sx={{ display: 'flex', gap: 1, alignItems: 'center' }}>
      <CircularProgress size={20} aria-hidden="true" />
      <Typography>{text}</Typography>
    </Box>
  );
}
