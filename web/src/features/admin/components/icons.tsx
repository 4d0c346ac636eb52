import type { ReactNode } from 'react';
import { LinienIcon } from '@/components/icons';

/** A decorative line icon: hidden from assistive technology, the text beside it names the action. */
function Icon({ children, className = 'inline-icon', strokeWidth = 2 }: { children: ReactNode; className?: string; strokeWidth?: number }) {
  return (
    <LinienIcon className={className} strokeWidth={strokeWidth}>
      {children}
    </LinienIcon>
  );
}

export function LockIcon() {
  return (
    <Icon>
      <rect x="5" y="11" width="14" height="10" rx="2" />
      <path d="M8 11V7a4 4 0 0 1 8 0v4" />
    </Icon>
  );
}

export function CrossIcon() {
  return (
    <Icon className="inline-icon ad-icon--small" strokeWidth={2.5}>
      <path d="M6 6l12 12M18 6L6 18" />
    </Icon>
  );
}

export function CheckIcon() {
  return (
    <Icon strokeWidth={2.5}>
      <path d="M5 12.5l4.5 4.5L19 7.5" />
    </Icon>
  );
}

export function WarnIcon() {
  return (
    <Icon>
      <path d="M12 3l10 18H2z" />
      <path d="M12 10v5M12 18h.01" />
    </Icon>
  );
}

export function UploadIcon() {
  return (
    <Icon>
      <path d="M12 16V4M7 9l5-5 5 5" />
      <path d="M4 16v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
    </Icon>
  );
}

export function DownloadIcon() {
  return (
    <Icon>
      <path d="M12 4v12M7 11l5 5 5-5" />
      <path d="M4 16v3a2 2 0 0 0 2 2h12a2 2 0 0 0 2-2v-3" />
    </Icon>
  );
}

export function KeyIcon() {
  return (
    <Icon>
      <circle cx="8" cy="15" r="4" />
      <path d="M10.8 12.2L20 3M16 7l3 3M14 9l2 2" />
    </Icon>
  );
}

export function RoleIcon() {
  return (
    <Icon>
      <circle cx="9" cy="8" r="3.5" />
      <path d="M3 20c0-3.3 2.7-6 6-6s6 2.7 6 6" />
      <path d="M16 4.5l2.5-1 2.5 1v3c0 1.8-1.1 3.2-2.5 3.8-1.4-.6-2.5-2-2.5-3.8z" />
    </Icon>
  );
}

/** A pie with one slice taken out: a family's share of the water duty. */
export function ShareIcon() {
  return (
    <Icon>
      <path d="M12 3a9 9 0 1 0 9 9h-9z" />
      <path d="M15 2.5A7 7 0 0 1 21.5 9H15z" />
    </Icon>
  );
}

/** A person crossed out: 'Personendaten löschen'. */
export function PersonLoeschenIcon() {
  return (
    <Icon>
      <circle cx="9" cy="8" r="4" />
      <path d="M2 21v-1a6 6 0 0 1 6-6h2a6 6 0 0 1 3.5 1.1" />
      <path d="M16 15l5 5M21 15l-5 5" />
    </Icon>
  );
}

export function MehrIcon() {
  return (
    <Icon>
      <circle cx="5" cy="12" r="1" />
      <circle cx="12" cy="12" r="1" />
      <circle cx="19" cy="12" r="1" />
    </Icon>
  );
}
