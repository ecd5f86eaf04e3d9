import type { ReactNode } from 'react'
import { ContactSection } from './contact-section.tsx'
import { HeroSection } from './hero-section.tsx'
import { PackagesSection } from './packages-section.tsx'
import { ServicesSection } from './services-section.tsx'
import { useHashScroll } from './use-hash-scroll.ts'

/** The home page's sections in order; the booking section is passed in by the route. */
export function HomePage({ booking }: { booking: ReactNode }) {
  useHashScroll()
  return (
    <>
      <HeroSection />
      <ServicesSection />
      <PackagesSection />
      {booking}
      <ContactSection />
    </>
  )
}
