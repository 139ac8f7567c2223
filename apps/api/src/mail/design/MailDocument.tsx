import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Img } from '@react-email/img';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { CSSProperties, ReactNode } from 'react';
import type { MailContent } from './content.js';

// The organisation's primary colour (white text on it ≥ 4.5:1, DESIGN §5) draws the band, the headings
// and the buttons; the rest are the web app's neutral colours.
const INK = '#1f2328';
const MUTED = '#57606a';
const LINE = '#d0d7de';
const TINT = '#f1f5fb';
const FONT = "-apple-system, 'Segoe UI', Roboto, Helvetica, Arial, sans-serif";

/** The styles of one mail in the organisation's colour. */
const stylesIn = (BLUE: string) =>
  ({
    body: { backgroundColor: '#f3f4f6', margin: 0, padding: '16px 0', fontFamily: FONT, color: INK },
    // One column at most 600 px wide and fluid below it: reads the same on a phone without media queries,
    // which several mail programs strip.
    container: { maxWidth: '600px', width: '100%', backgroundColor: '#ffffff', borderRadius: '8px' },
    band: { backgroundColor: BLUE, borderRadius: '8px 8px 0 0', padding: '16px 24px' },
    brand: { color: '#ffffff', fontSize: '16px', fontWeight: 600, margin: 0 },
    main: { padding: '8px 24px 16px' },
    h1: { fontSize: '22px', lineHeight: '28px', color: BLUE, margin: '16px 0 8px' },
    h2: { fontSize: '16px', lineHeight: '22px', color: BLUE, margin: '0 0 8px' },
    p: { fontSize: '15px', lineHeight: '22px', margin: '0 0 12px' },
    card: { backgroundColor: TINT, borderRadius: '6px', padding: '12px 16px', margin: '0 0 16px' },
    label: {
      fontSize: '12px',
      lineHeight: '16px',
      color: MUTED,
      margin: '8px 0 0',
      textTransform: 'uppercase',
    },
    value: { fontSize: '15px', lineHeight: '22px', fontWeight: 600, margin: 0 },
    code: {
      fontFamily: "'SFMono-Regular', Consolas, 'Liberation Mono', monospace",
      fontSize: '26px',
      letterSpacing: '4px',
      fontWeight: 700,
      color: BLUE,
      margin: '4px 0 8px',
    },
    primary: {
      backgroundColor: BLUE,
      color: '#ffffff',
      borderRadius: '6px',
      padding: '12px 20px',
      fontSize: '15px',
      fontWeight: 600,
      margin: '0 8px 8px 0',
    },
    secondary: {
      backgroundColor: '#ffffff',
      color: BLUE,
      border: `2px solid ${BLUE}`,
      borderRadius: '6px',
      padding: '10px 18px',
      fontSize: '15px',
      fontWeight: 600,
      margin: '0 8px 8px 0',
    },
    small: { fontSize: '13px', lineHeight: '19px', color: MUTED, margin: '0 0 8px' },
    footer: { padding: '0 24px 16px' },
    link: { color: BLUE, textDecoration: 'underline' },
    logoBar: { padding: '16px 24px 12px' },
    logo: { display: 'block', height: '48px', width: 'auto' },
  }) satisfies Record<string, CSSProperties>;

/** Text with its line breaks kept (mail programs ignore `white-space`). */
function Lines({ text }: { text: string }): ReactNode {
  return text.split('\n').map((line, i) => (
    <span key={i}>
      {i > 0 && <br />}
      {line}
    </span>
  ));
}

/**
 * The one design of every mail (decision 0210): header band with the organisation's name, heading,
 * the facts in cards, buttons, signature and the organisation's contact lines. React escapes every
 * text, so names and product notices typed by people can never become markup.
 */
export function MailDocument({ c }: { c: MailContent }) {
  const s = stylesIn(c.look.colour);
  return (
    <Html lang={c.language}>
      <Head>
        <meta name="color-scheme" content="light" />
      </Head>
      <Preview>{c.preview}</Preview>
      <Body style={s.body}>
        <Container style={s.container}>
          {/* A logo sits on white, as the organisation drew it for its own site; the band names it. */}
          {c.look.logoUrl && (
            <Section style={s.logoBar}>
              <Img src={c.look.logoUrl} alt="" height={48} style={s.logo} />
            </Section>
          )}
          <Section style={c.look.logoUrl ? { ...s.band, borderRadius: 0 } : s.band}>
            <Text style={s.brand}>{c.brand}</Text>
          </Section>
          <Section style={s.main}>
            <Heading as="h1" style={s.h1}>
              {c.heading}
            </Heading>
            <Text style={s.p}>{c.greeting}</Text>
            {c.paragraphs.map((p, i) => (
              <Text key={i} style={s.p}>
                <Lines text={p} />
              </Text>
            ))}
            {c.details && c.details.length > 0 && (
              <Section style={s.card}>
                {c.details.map(([label, value]) => (
                  <div key={label}>
                    <Text style={s.label}>{label}</Text>
                    <Text style={s.value}>{value}</Text>
                  </div>
                ))}
              </Section>
            )}
            {c.checkIn && (
              <Section style={{ ...s.card, textAlign: 'center' }}>
                <Heading as="h2" style={s.h2}>
                  {c.checkIn.label}
                </Heading>
                <Text style={s.code}>{c.checkIn.code}</Text>
                {c.checkIn.qrCid && (
                  <Img
                    src={`cid:${c.checkIn.qrCid}`}
                    width={c.checkIn.qrSize}
                    height={c.checkIn.qrSize}
                    alt={c.checkIn.qrAlt}
                    style={{ margin: '0 auto 8px' }}
                  />
                )}
                <Text style={{ ...s.small, margin: 0 }}>{c.checkIn.text}</Text>
              </Section>
            )}
            {c.bring && c.bring.items.length > 0 && (
              <Section style={{ margin: '0 0 16px' }}>
                <Heading as="h2" style={s.h2}>
                  {c.bring.heading}
                </Heading>
                {c.bring.items.map((item) => (
                  <Text key={item.title} style={s.p}>
                    <strong>{item.title}</strong>
                    <br />
                    <Lines text={item.notice} />
                  </Text>
                ))}
              </Section>
            )}
            {c.place && (
              <Section style={{ margin: '0 0 16px' }}>
                <Heading as="h2" style={s.h2}>
                  {c.place.heading}
                </Heading>
                <Text style={s.p}>
                  <Lines text={c.place.lines.join('\n')} />
                  {c.place.map && (
                    <>
                      <br />
                      <Link href={c.place.map.url} style={s.link}>
                        {c.place.map.label}
                      </Link>
                    </>
                  )}
                </Text>
              </Section>
            )}
            {c.actions && c.actions.length > 0 && (
              <Section style={{ margin: '8px 0 8px' }}>
                {c.actions.map((a, i) => (
                  <Button key={a.url} href={a.url} style={i === 0 ? s.primary : s.secondary}>
                    {a.label}
                  </Button>
                ))}
              </Section>
            )}
            {c.notes?.map((n, i) => (
              <Text key={i} style={s.small}>
                <Lines text={n} />
              </Text>
            ))}
            <Text style={{ ...s.p, margin: '16px 0 0' }}>
              <Lines text={c.signature} />
            </Text>
          </Section>
          {c.footer.length > 0 && (
            <Section style={s.footer}>
              <Hr style={{ borderColor: LINE, margin: '0 0 12px' }} />
              <Text style={s.small}>
                <Lines text={c.footer.join('\n')} />
              </Text>
            </Section>
          )}
        </Container>
      </Body>
    </Html>
  );
}
