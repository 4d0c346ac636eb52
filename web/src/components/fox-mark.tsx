/** The fox head drawn inline: the built-in stand-in when /fox-logo.svg cannot be loaded. */
export function FoxMark({ className, label }: { className?: string; label?: string }) {
  return (
    <svg
      className={className}
      viewBox="0 0 128 128"
      xmlns="http://www.w3.org/2000/svg"
      focusable="false"
      role={label ? 'img' : undefined}
      aria-label={label}
      aria-hidden={label ? undefined : true}
    >
      <g strokeLinejoin="round">
        <path d="M19 12 L56 38 L24 64 Z" fill="#e8772e" stroke="#e8772e" strokeWidth="6" />
        <path d="M109 12 L72 38 L104 64 Z" fill="#e8772e" stroke="#e8772e" strokeWidth="6" />
        <path d="M27 26 L46 40 L30 53 Z" fill="#5a2f16" />
        <path d="M101 26 L82 40 L98 53 Z" fill="#5a2f16" />
      </g>
      <path d="M64 114 C50 106 16 84 12 58 C10 42 30 32 64 32 C98 32 118 42 116 58 C112 84 78 106 64 114 Z" fill="#e8772e" />
      <path d="M12.5 60 C32 59 50 65 64 80 C78 65 96 59 115.5 60 C110 84 78 106 64 114 C50 106 18 84 12.5 60 Z" fill="#fffaf2" />
      <ellipse cx="45" cy="60" rx="5.5" ry="7" fill="#2b1d14" />
      <ellipse cx="83" cy="60" rx="5.5" ry="7" fill="#2b1d14" />
      <ellipse cx="64" cy="106" rx="7.5" ry="5.5" fill="#2b1d14" />
    </svg>
  );
}
