/**
 * Small tables that follow the replicated-table conventions (uuid key, updated_at,
 * _modified/_xid set by a trigger, _deleted, the (_xid, pk) index, RLS, realtime
 * publication), for engine tests that must not depend on the product schema's rules.
 */
import type { Queryable } from '../../supabase/local/db.ts'
import { defineTable } from '../../sync/tables/table-def.ts'

export const fxNotas = defineTable({
  name: 'sx_notas',
  label: 'Notas',
  entity: 'nota',
  primaryKey: 'id_nota',
  version: 0,
  columns: {
    id_nota: { type: 'uuid' },
    titulo: { type: 'text' },
    cuerpo: { type: 'text', nullable: true },
    prioridad: { type: 'integer', default: 0 },
    etiquetas: { type: 'jsonb', json: 'array', default: [] },
    dueno: { type: 'uuid', nullable: true },
    monto: { type: 'numeric', nullable: true },
    total: { type: 'integer', default: 0, serverOwned: true },
    created_at: { type: 'timestamptz' },
    updated_at: { type: 'timestamptz' },
  },
  indexes: ['prioridad'],
})

export const fxItems = defineTable({
  name: 'sx_items',
  label: 'Ítems',
  entity: 'ítem',
  primaryKey: 'id_item',
  version: 0,
  columns: {
    id_item: { type: 'uuid' },
    id_nota: { type: 'uuid' },
    cantidad: { type: 'integer' },
    created_at: { type: 'timestamptz' },
    updated_at: { type: 'timestamptz' },
  },
})

export const fixtureTables = [fxNotas, fxItems] as const

/**
 * sx_notas: a staff user sees every note without owner or owned by them; it cannot
 * insert a note titled 'prohibido' (RLS), titles are unique among live rows and at
 * most 40 characters, and `total` is kept by a trigger (server-owned, like stock).
 * sx_items references sx_notas (the foreign key that orders uploads).
 */
export async function createFixtureTables(db: Queryable): Promise<void> {
  await db.exec(`
    create or replace function public.sx_sync_columns() returns trigger language plpgsql as $$
    begin
      new._modified := clock_timestamp();
      new._xid := pg_current_xact_id();
      return new;
    end $$;

    create table public.sx_notas (
      id_nota uuid primary key,
      titulo text not null,
      cuerpo text,
      prioridad integer not null default 0,
      etiquetas jsonb not null default '[]',
      dueno uuid,
      monto numeric(12,2),
      total integer not null default 0,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      _modified timestamptz not null default clock_timestamp(),
      _xid xid8 not null default pg_current_xact_id(),
      _deleted boolean not null default false,
      constraint sx_notas_titulo_largo check (length(titulo) <= 40)
    );
    create unique index sx_notas_titulo_unico on public.sx_notas (titulo) where not _deleted;
    create index sx_notas_checkpoint on public.sx_notas (_xid, id_nota);
    create trigger tg90_sync before insert or update on public.sx_notas for each row execute function public.sx_sync_columns();

    create or replace function public.sx_notas_total() returns trigger language plpgsql as $$
    begin
      new.total := coalesce(jsonb_array_length(new.etiquetas), 0);
      if new.titulo = 'rechazar' then
        raise exception using errcode = 'P0001', message = 'Regla de prueba: este título no se acepta.';
      end if;
      return new;
    end $$;
    create trigger tg20_total before insert or update on public.sx_notas for each row execute function public.sx_notas_total();

    alter table public.sx_notas enable row level security;
    create policy sx_notas_select on public.sx_notas for select to authenticated using (dueno is null or dueno = auth.uid());
    create policy sx_notas_insert on public.sx_notas for insert to authenticated with check (titulo <> 'prohibido');
    create policy sx_notas_update on public.sx_notas for update to authenticated using (dueno is null or dueno = auth.uid()) with check (true);

    create table public.sx_items (
      id_item uuid primary key,
      id_nota uuid not null references public.sx_notas (id_nota),
      cantidad integer not null,
      created_at timestamptz not null default now(),
      updated_at timestamptz not null default now(),
      _modified timestamptz not null default clock_timestamp(),
      _xid xid8 not null default pg_current_xact_id(),
      _deleted boolean not null default false
    );
    create index sx_items_checkpoint on public.sx_items (_xid, id_item);
    create trigger tg90_sync before insert or update on public.sx_items for each row execute function public.sx_sync_columns();
    alter table public.sx_items enable row level security;
    create policy sx_items_all on public.sx_items for all to authenticated using (true) with check (true);

    alter publication supabase_realtime add table public.sx_notas, public.sx_items;
    grant all on public.sx_notas, public.sx_items to authenticated, service_role;
    notify pgrst, 'reload schema';
  `)
}
