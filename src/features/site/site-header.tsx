/**
 * The public site's fixed navigation (spec 1 §2): scroll items glide to their section on
 * the home page and navigate to it from other pages; the active item follows the scroll;
 * on small screens the items fold behind 'Abrir menú' / 'Cerrar menú'.
 */
import { useEffect, useState, type MouseEvent } from 'react'
import { Link, useLocation, useNavigate } from '@tanstack/react-router'
import { IconMenu2, IconX } from '@tabler/icons-react'
import { NAV_ITEMS, type NavItem } from '@/domain/site-nav.ts'
import { SPA_NAME, SPA_TAGLINE } from '@/lib/config/contact.ts'
import { scrollToSection } from '@/lib/ui/scroll.ts'
import { useActiveNav } from './use-active-nav.ts'
import classes from './site-header.module.css'

export function SiteHeader() {
  const { pathname } = useLocation()
  const navigate = useNavigate()
  const active = useActiveNav(pathname)
  const [open, setOpen] = useState(false)

  useEffect(() => {
    if (!open) return
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setOpen(false)
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [open])

  const onItem = (item: NavItem) => (e: MouseEvent<HTMLAnchorElement>) => {
    setOpen(false)
    if (item.kind !== 'scroll' || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return
    e.preventDefault()
    const hash = item.section === 'inicio' ? undefined : item.section
    // Already home: glide to the section now (also when its hash is already in the URL).
    if (pathname === '/') scrollToSection(item.section ?? '', { topIfMissing: item.section === 'inicio' })
    void navigate({ to: '/', hash, search: pathname === '/' ? (s) => s : {}, hashScrollIntoView: false, resetScroll: pathname !== '/' })
  }

  // Scroll items are plain anchors: their active state is the scroll rule of the spec,
  // not the router's idea of the current route (every one of them points at '/').
  const links = NAV_ITEMS.map((item) => {
    const isActive = active === item.to
    const className = item.kind === 'navigate' ? `${classes.link} ${classes.cta}` : classes.link
    return item.kind === 'navigate' ? (
      <Link key={item.to} to="/control-citas" className={className} onClick={() => setOpen(false)} activeProps={{ 'data-active': true }}>
        {item.label}
      </Link>
    ) : (
      <a
        key={item.to}
        href={item.to}
        className={className}
        onClick={onItem(item)}
        data-active={isActive || undefined}
        aria-current={isActive ? 'location' : undefined}
      >
        {item.label}
      </a>
    )
  })

  return (
    <header className={classes.header}>
      <div className={classes.inner}>
        <a href="/" className={classes.brand} aria-label={`${SPA_NAME}, ir al inicio`} onClick={onItem(NAV_ITEMS[0]!)}>
          <img className={classes.brandMark} src="/brand/icon.svg" width={38} height={38} alt="" />
          <span>
            <span className={classes.brandName}>{SPA_NAME}</span>
            <span className={classes.brandTagline}>{SPA_TAGLINE}</span>
          </span>
        </a>
        <nav className={classes.nav} aria-label="Principal">
          {links}
        </nav>
        <button
          type="button"
          className={classes.toggle}
          aria-label={open ? 'Cerrar menú' : 'Abrir menú'}
          aria-expanded={open}
          aria-controls="menu-movil"
          onClick={() => setOpen((o) => !o)}
        >
          {open ? <IconX size={24} aria-hidden /> : <IconMenu2 size={24} aria-hidden />}
        </button>
      </div>
      <nav id="menu-movil" className={classes.mobilePanel} aria-label="Menú móvil" hidden={!open}>
        {links}
      </nav>
    </header>
  )
}
