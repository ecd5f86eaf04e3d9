/**
 * Mantine with our theme, around each part of the app that renders Mantine components:
 * the panel, the sign-in page and the booking form. Not at the root, so the home page's
 * first load carries no Mantine (docs/decisions/0043-primera-carga-publica.md). The CSS
 * variables are static (mantine-variables.css) and the colour scheme is the html
 * element's `data-mantine-color-scheme="light"` (index.html), so the provider adds neither.
 */
import type { ReactNode } from 'react'
import { MantineProvider } from '@mantine/core'
import { theme } from './theme.ts'

export function SpaMantineProvider({ children }: { children: ReactNode }) {
  return (
    <MantineProvider theme={theme} withCssVariables={false} forceColorScheme="light">
      {children}
    </MantineProvider>
  )
}
