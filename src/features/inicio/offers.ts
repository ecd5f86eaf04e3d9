/**
 * The static service and package cards of the home page (spec 1 §3, §9). The spec lists
 * euros; the spa bills in soles, so prices are soles (docs/decisions/0004-front-end.md).
 */
import type { Icon } from '@tabler/icons-react'
import { IconDroplet, IconFeather, IconFlower, IconMassage } from '@tabler/icons-react'

export interface ServiceCard {
  id: string
  title: string
  description: string
  duration: string
  /** Soles. */
  price: number
  icon: Icon
  image: string
}

export interface PackageCard {
  title: string
  description: string
  includes: string[]
  duration: string
  price: number
  originalPrice: number
  popular: boolean
}

export const SERVICES: readonly ServiceCard[] = [
  {
    id: 'masaje-relajante',
    title: 'Masaje Relajante',
    description: 'Masaje de cuerpo completo con aceites tibios y movimientos lentos que sueltan la tensión y aquietan la mente.',
    duration: '60 min',
    price: 150,
    icon: IconMassage,
    image: '/images/masaje-relajante.svg',
  },
  {
    id: 'facial-hidratante',
    title: 'Facial Hidratante',
    description: 'Limpieza profunda, exfoliación suave y una mascarilla nutritiva que devuelven a tu piel su luz natural.',
    duration: '45 min',
    price: 120,
    icon: IconDroplet,
    image: '/images/facial-hidratante.svg',
  },
  {
    id: 'aromaterapia',
    title: 'Aromaterapia',
    description: 'Aceites esenciales puros elegidos para ti y un masaje envolvente que equilibra cuerpo y emociones.',
    duration: '90 min',
    price: 190,
    icon: IconFlower,
    image: '/images/aromaterapia.svg',
  },
  {
    id: 'reflexologia',
    title: 'Reflexología',
    description: 'Presión precisa en los puntos reflejos de los pies para aliviar el cansancio y renovar la energía de todo el cuerpo.',
    duration: '50 min',
    price: 110,
    icon: IconFeather,
    image: '/images/reflexologia.svg',
  },
]

export const PACKAGES: readonly PackageCard[] = [
  {
    title: 'Día de Relajación',
    description: 'Una jornada completa para desconectarte de la ciudad.',
    includes: ['Masaje relajante de 60 min', 'Facial hidratante', 'Sesión de aromaterapia', 'Almuerzo saludable en el jardín'],
    duration: '4 horas',
    price: 420,
    originalPrice: 500,
    popular: true,
  },
  {
    title: 'Escape de Fin de Semana',
    description: 'Dos días de cuidado integral, a tu ritmo.',
    includes: ['Dos masajes de cuerpo completo', 'Reflexología y facial', 'Ritual de aromaterapia', 'Infusiones y snacks naturales'],
    duration: '2 días',
    price: 720,
    originalPrice: 850,
    popular: false,
  },
  {
    title: 'Renovación Mensual',
    description: 'Tu momento de calma, cada semana del mes.',
    includes: ['Cuatro sesiones a elección', 'Plan de cuidado personalizado', '10% en productos del spa'],
    duration: '1 mes',
    price: 530,
    originalPrice: 600,
    popular: false,
  },
]

/** True when a title names one of the cards (the spec sets ?service= only then). */
export function isKnownOffer(title: string): boolean {
  return SERVICES.some((s) => s.title === title) || PACKAGES.some((p) => p.title === title)
}
