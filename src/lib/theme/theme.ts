/**
 * The spa's Mantine theme: a calm eucalyptus green with warm sand accents on a cream
 * page, Cormorant Garamond headings and Nunito Sans text. Shades used for text and
 * filled buttons were checked for WCAG AA contrast (≥ 4.5:1) against white and cream.
 */
import { createTheme, type MantineColorsTuple } from '@mantine/core'

const salvia: MantineColorsTuple = ['#f1f6f3', '#e2ece6', '#c4d8cc', '#a3c2b0', '#86ad97', '#6f9a82', '#5b8a71', '#4a7660', '#3b6250', '#2c4d3e']
const arena: MantineColorsTuple = ['#fbf6ef', '#f4e9da', '#e8d3b8', '#dbbb94', '#cfa574', '#c4935f', '#b07f4d', '#94673c', '#7a5331', '#5f4026']
// Warm greys; gray.6 is Mantine's "dimmed" text colour, so it must read at 4.5:1 on white.
const gray: MantineColorsTuple = ['#f8f7f4', '#f0eeea', '#e6e3dd', '#d6d2ca', '#bdb8ae', '#7d847f', '#5f6a65', '#4a544f', '#343c38', '#232a27']

export const theme = createTheme({
  primaryColor: 'salvia',
  primaryShade: 7,
  colors: { salvia, arena, gray },
  white: '#ffffff',
  black: '#1f2824',
  fontFamily: "'Nunito Sans Variable', 'Segoe UI', system-ui, -apple-system, sans-serif",
  headings: {
    fontFamily: "'Cormorant Garamond', Georgia, 'Times New Roman', serif",
    fontWeight: '600',
    sizes: {
      h1: { fontSize: 'clamp(2.6rem, 6vw, 4.25rem)', lineHeight: '1.05' },
      h2: { fontSize: 'clamp(2.1rem, 4vw, 2.9rem)', lineHeight: '1.1' },
      h3: { fontSize: '1.6rem', lineHeight: '1.2' },
      h4: { fontSize: '1.3rem', lineHeight: '1.3' },
    },
  },
  defaultRadius: 'md',
  radius: { xs: '4px', sm: '8px', md: '12px', lg: '18px', xl: '28px' },
  focusRing: 'auto',
  respectReducedMotion: true,
  cursorType: 'pointer',
  shadows: {
    xs: '0 1px 2px rgba(44, 77, 62, 0.06)',
    sm: '0 2px 8px rgba(44, 77, 62, 0.08)',
    md: '0 8px 24px rgba(44, 77, 62, 0.10)',
    lg: '0 16px 40px rgba(44, 77, 62, 0.14)',
    xl: '0 24px 60px rgba(44, 77, 62, 0.18)',
  },
  other: {
    page: '#faf7f2',
  },
  // Plain objects rather than Component.extend(): the theme is in the home page's entry
  // chunk and must not pull the panel's components into it.
  components: {
    Modal: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' }, radius: 'lg', padding: 'lg' },
      styles: {
        title: {
          fontFamily: "'Cormorant Garamond', Georgia, serif",
          // Lining figures in the serif face (src/lib/theme/base.css says why).
          fontVariantNumeric: 'lining-nums',
          fontSize: '1.75rem',
          fontWeight: 600,
          lineHeight: 1.15,
          color: 'var(--mantine-color-salvia-9)',
        },
      },
    },
    Drawer: { defaultProps: { closeButtonProps: { 'aria-label': 'Cerrar' } } },
  },
})
