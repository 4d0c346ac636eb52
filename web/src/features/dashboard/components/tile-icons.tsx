import { LINIENBILD_48 } from '@/components/icons';

/** Line icons of the dashboard tiles; decorative, the tile title names the link. */

export function WaterIcon() {
  return (
    <svg aria-hidden="true" {...LINIENBILD_48}>
      <path d="M24 6c7 9 12 15.5 12 22a12 12 0 0 1-24 0c0-6.5 5-13 12-22Z" />
      <path d="M18 29a6 6 0 0 0 6 6" />
    </svg>
  );
}

export function SwapIcon() {
  return (
    <svg aria-hidden="true" {...LINIENBILD_48}>
      <path d="M10 17h26l-7-7" />
      <path d="M38 31H12l7 7" />
    </svg>
  );
}

export function AbsenceIcon() {
  return (
    <svg aria-hidden="true" {...LINIENBILD_48}>
      <rect x="8" y="10" width="32" height="30" rx="4" />
      <path d="M8 19h32M16 6v8M32 6v8" />
      <path d="m19 26 10 9M29 26l-10 9" />
    </svg>
  );
}

export function ClosingIcon() {
  return (
    <svg aria-hidden="true" {...LINIENBILD_48}>
      <path d="M24 6 12 24h6L9 36h30l-9-12h6Z" />
      <path d="M24 36v6" />
    </svg>
  );
}

export function AdminIcon() {
  return (
    <svg aria-hidden="true" {...LINIENBILD_48}>
      <path d="M24 5 9 11v10c0 10 6.5 17.5 15 21 8.5-3.5 15-11 15-21V11Z" />
      <path d="m17 24 5 5 9-10" />
    </svg>
  );
}

export function MessageIcon() {
  return (
    <svg aria-hidden="true" {...LINIENBILD_48}>
      <path d="M8 12a4 4 0 0 1 4-4h24a4 4 0 0 1 4 4v16a4 4 0 0 1-4 4H20l-8 7v-7a4 4 0 0 1-4-4Z" />
      <path d="M16 17h16M16 24h10" />
    </svg>
  );
}

/** A clock with an arrow running back: the history ('Verlauf'). */
export function HistoryIcon() {
  return (
    <svg aria-hidden="true" {...LINIENBILD_48}>
      <path d="M9 24a15 15 0 1 0 4.4-10.6L9 18" />
      <path d="M9 9v9h9" />
      <path d="M24 15v10l7 4" />
    </svg>
  );
}

export function DutiesIcon() {
  return (
    <svg aria-hidden="true" {...LINIENBILD_48}>
      <rect x="8" y="10" width="32" height="30" rx="4" />
      <path d="M8 19h32M16 6v8M32 6v8" />
      <path d="m17 29 5 5 9-10" />
    </svg>
  );
}

/** A spade: work days ('Arbeitseinsätze'). */
export function WorkDayIcon() {
  return (
    <svg aria-hidden="true" {...LINIENBILD_48}>
      <path d="M24 6v22" />
      <path d="M17 28h14v6a7 7 0 0 1-14 0v-6Z" />
      <path d="M19 6h10" />
    </svg>
  );
}

/** Hours: a clock with a leaf-green tick. */
export function HoursIcon() {
  return (
    <svg aria-hidden="true" {...LINIENBILD_48}>
      <circle cx="24" cy="25" r="16" />
      <path d="M24 15v10l7 5M20 5h8" />
    </svg>
  );
}
