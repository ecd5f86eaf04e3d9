import { createFileRoute } from '@tanstack/react-router'
import { UsuariosPage } from '@/features/usuarios/usuarios-page.tsx'
import { useUsuarios, useYo, usuariosServidor } from '@/features/usuarios/use-usuarios.ts'
import { validarBusquedaLista } from '@/lib/ui/list-search.ts'

/** Admin only: the panel's guard (src/routes/control-citas.tsx) reads src/domain/panel-sections.ts. */
export const Route = createFileRoute('/control-citas/usuarios')({
  validateSearch: validarBusquedaLista,
  component: function Usuarios() {
    return <UsuariosPage store={useUsuarios()} servidor={usuariosServidor} yo={useYo()} />
  },
})
