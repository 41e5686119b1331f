const TONES: Readonly<Record<string, string>> = {
  completed: 'good',
  failed: 'bad',
  reject: 'bad',
  refund: 'warn',
  overdue: 'warn',
  active: 'good',
  disabled: 'bad',
  revoked: 'bad',
  silent: 'bad',
};

export function StatusBadge({ status }: { readonly status: string }) {
  return <span class={`badge badge-${TONES[status] ?? 'neutral'}`}>{status}</span>;
}
