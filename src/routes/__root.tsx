import { Link, Outlet, createRootRoute } from '@tanstack/react-router'
import { Toaster } from '@/lib/toast/toaster.tsx'

export const Route = createRootRoute({
  component: () => (
    <>
      <Outlet />
      <Toaster />
    </>
  ),
  notFoundComponent: () => (
    <main style={{ minHeight: '70vh', display: 'grid', placeItems: 'center', padding: 24, textAlign: 'center' }}>
      <div>
        <h1 style={{ margin: 0, color: 'var(--mantine-color-salvia-9)' }}>Página no encontrada</h1>
        <p style={{ color: 'var(--mantine-color-gray-7)' }}>La dirección que buscas no existe.</p>
        <Link to="/">Volver al inicio</Link>
      </div>
    </main>
  ),
})
