import type { ReactElement } from 'react';

/** Decorative line icons of the donate page (aria-hidden; the text next to them carries the meaning). */
const paths = {
  sprout: 'M12 21v-8m0 0c0-4 3-7 8-7 0 5-3 7-8 7Zm0 0C12 9 9.5 6 4 6c0 4.5 3 7 8 7Z',
  home: 'M3 11 12 4l9 7M5 9.5V20h5v-5h4v5h5V9.5',
  book: 'M4 5.5C4 4.7 4.7 4 5.5 4H11v16H5.5A1.5 1.5 0 0 1 4 18.5v-13ZM20 5.5c0-.8-.7-1.5-1.5-1.5H13v16h5.5c.8 0 1.5-.7 1.5-1.5v-13Z',
  family:
    'M8 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm9 1a2.5 2.5 0 1 0 0-5 2.5 2.5 0 0 0 0 5ZM2.5 20c0-3.6 2.5-6 5.5-6s5.5 2.4 5.5 6M13 20c.3-2.8 1.8-4.7 4-4.7s3.8 1.9 4 4.7',
  community: 'M12 3 3 8v2h18V8l-9-5ZM5 10v8m4.7-8v8m4.6-8v8M19 10v8M3 21h18',
  pencil: 'M4 20h4L19 9l-4-4L4 16v4Zm9-13 4 4',
  gift: 'M4 11h16v9H4v-9Zm-1-4h18v4H3V7Zm9 0v13M12 7c-1.5-3.5-6-3.5-5.5-1C7 8 12 7 12 7Zm0 0c1.5-3.5 6-3.5 5.5-1C17 8 12 7 12 7Z',
  handshake: 'M2 12 6 8l4 1 3-2 3 1 2-1 4 4-3 3M6 8l-4 4 5 5 2-1 2 2 2-1 2 2 2-1 2-2M9 13l2 2m1-3 2 2',
  calendar: 'M4 6h16v14H4V6Zm0 4h16M8 3v4m8-4v4m-8 7h2m2 0h2m-6 3h2',
  scroll:
    'M7 4h11a2 2 0 0 1 2 2v1h-4M7 4a2 2 0 0 0-2 2v12a2 2 0 0 1-2-2v-1h4m-2 3a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V7M9 9h6m-6 4h6',
  link: 'M10 14a4 4 0 0 0 5.7 0l3-3a4 4 0 0 0-5.7-5.7l-1 1M14 10a4 4 0 0 0-5.7 0l-3 3a4 4 0 0 0 5.7 5.7l1-1',
  heart: 'M12 20s-8-4.6-8-10.2A4.4 4.4 0 0 1 12 7a4.4 4.4 0 0 1 8 2.8C20 15.4 12 20 12 20Z',
  lock: 'M6 11h12v9H6v-9Zm2 0V8a4 4 0 0 1 8 0v3',
} as const;

export type DonateIconName = keyof typeof paths;

export function DonateIcon({ name, size = 28 }: { name: DonateIconName; size?: number }): ReactElement {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      aria-hidden="true"
      focusable="false"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={paths[name]} />
    </svg>
  );
}
