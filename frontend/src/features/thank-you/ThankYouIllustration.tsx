/**
 * The thank-you page's illustration (a heart over a house, with the word of thanks), drawn in the page itself rather
 * than loaded as an image file: it is the largest thing on the first screen of a phone, and an image file would paint
 * a round trip after the text, so the page's largest paint would trail its first (docs/benchmarks.md §2.4).
 */
export function ThankYouIllustration({ label, text }: { label: string; text: string }) {
  return (
    <svg
      className="content-image"
      role="img"
      aria-label={label}
      width={480}
      height={320}
      viewBox="0 0 480 320"
      data-testid="thank-you-illustration"
    >
      <rect width="480" height="320" rx="16" fill="#f6ede1" />
      <path d="M160 230 240 170l80 60v70H160z" fill="#fff6e9" stroke="#8a3b12" strokeWidth="6" strokeLinejoin="round" />
      <path d="M240 150s-40-24-40-52a20 20 0 0 1 40-8 20 20 0 0 1 40 8c0 28-40 52-40 52z" fill="#c0392b" />
      <text
        x="240"
        y="60"
        textAnchor="middle"
        fontFamily="system-ui,Segoe UI,Arial,sans-serif"
        fontSize="44"
        fontWeight="800"
        fill="#8a3b12"
        aria-hidden="true"
      >
        {text}
      </text>
    </svg>
  );
}
