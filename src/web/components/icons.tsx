// A few stroke icons drawn inline (24-unit grid, 1.75 stroke), so the app needs no icon package. Each is
// decorative (aria-hidden); the control that holds it carries the accessible name.
import type { ReactNode, SVGProps } from 'react';

export type IconProps = Omit<SVGProps<SVGSVGElement>, 'children'> & { size?: number };

function icon(paths: ReactNode) {
  return function Icon({ size = 16, ...rest }: IconProps) {
    return (
      <svg
        width={size}
        height={size}
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth={1.75}
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        focusable="false"
        {...rest}
      >
        {paths}
      </svg>
    );
  };
}

export const InfoIcon = icon(
  <>
    <circle cx="12" cy="12" r="9" />
    <path d="M12 11v5M12 8h.01" />
  </>,
);
export const AlertIcon = icon(
  <>
    <path d="M12 4 2.5 20h19L12 4Z" />
    <path d="M12 10v4M12 17h.01" />
  </>,
);
export const CheckIcon = icon(<path d="m5 12 5 5 9-10" />);
export const CopyIcon = icon(
  <>
    <rect x="8" y="8" width="12" height="12" rx="2" />
    <path d="M16 8V6a2 2 0 0 0-2-2H6a2 2 0 0 0-2 2v8a2 2 0 0 0 2 2h2" />
  </>,
);
export const TrashIcon = icon(<path d="M4 7h16M10 11v6M14 11v6M6 7l1 13h10l1-13M9 7V4h6v3" />);
export const LogoutIcon = icon(
  <path d="M14 8V5a1 1 0 0 0-1-1H5a1 1 0 0 0-1 1v14a1 1 0 0 0 1 1h8a1 1 0 0 0 1-1v-3M9 12h12m-3-3 3 3-3 3" />,
);
export const KeyIcon = icon(
  <>
    <circle cx="8" cy="15" r="4" />
    <path d="m11 12 9-9M17 6l3 3M15 8l2 2" />
  </>,
);
export const TerminalIcon = icon(<path d="m5 7 5 5-5 5M13 17h6" />);
export const ChevronDownIcon = icon(<path d="m6 9 6 6 6-6" />);
export const ArrowUpIcon = icon(<path d="M12 19V5m-6 6 6-6 6 6" />);
export const ArrowDownIcon = icon(<path d="M12 5v14m6-6-6 6-6-6" />);
export const SortIcon = icon(<path d="m8 9 4-4 4 4M8 15l4 4 4-4" />);
export const SearchIcon = icon(
  <>
    <circle cx="11" cy="11" r="6" />
    <path d="m20 20-4.5-4.5" />
  </>,
);
export const CalendarIcon = icon(
  <>
    <rect x="4" y="5" width="16" height="16" rx="2" />
    <path d="M16 3v4M8 3v4M4 11h16" />
  </>,
);
export const PlusIcon = icon(<path d="M12 5v14M5 12h14" />);
export const MailIcon = icon(
  <>
    <rect x="3" y="5" width="18" height="14" rx="2" />
    <path d="m3 7 9 6 9-6" />
  </>,
);
export const UploadIcon = icon(<path d="M12 15V3m-5 5 5-5 5 5M5 21h14" />);
export const BellIcon = icon(<path d="M6 16V11a6 6 0 0 1 12 0v5l1.5 2h-15L6 16ZM10 20a2 2 0 0 0 4 0" />);
