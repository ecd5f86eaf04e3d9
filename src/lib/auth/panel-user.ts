/** Who is signed in on the panel: the auth user joined with the tbusuarios profile. */
export interface PanelUser {
  /** auth.users id */
  id: string
  email: string
  /** tbusuarios.id_nombre (display name), when the profile could be read. */
  nombre: string | null
  isAdmin: boolean
}
