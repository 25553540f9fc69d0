import { Client } from 'pg';
import { FOUNDATION, formatEuro } from '@stichting/contracts';
import { exportToBuffer } from './exports.helpers';
import { donorMessages, insertDonation, insertPayment, manageLinkIn, queueDonorEmail } from './support/donors';
import { MailRecoveryService } from '../src/mail/mail-recovery.service';
import { MailStatusService } from '../src/mail/mail-status.service';
import { FAST_RETRY_ENV, sql, untilRecorded, waitFor } from './support/submissions';
import { startTestStack, type TestStack } from './support/test-app';

/** The donor-emails export, as staff read it (JSON lines). */
async function donorEmailExport(stack: TestStack): Promise<Array<Record<string, unknown>>> {
  const client = new Client({ connectionString: stack.database.url });
  await client.connect();
  try {
    const lines = (await exportToBuffer(client, 'donor-emails', 'jsonl')).toString('utf8').trim().split('\n');
    return lines.filter(Boolean).map((line) => JSON.parse(line) as Record<string, unknown>);
  } finally {
    await client.end();
  }
}

describe('donor emails (outbox, copy, delivery state)', () => {
  let stack: TestStack;
  beforeAll(async () => {
    stack = await startTestStack({ ...FAST_RETRY_ENV, MAIL_RETRY_LIMIT: '2' });
  });
  afterAll(() => stack.close());

  it('sends the welcome once, in the donor language, with the amount, start date, RSIN, ANBI and both links', async () => {
    const address = 'lucia@example.org';
    const firstPaid = new Date('2026-03-04T10:00:00Z');
    const donationId = await insertDonation(stack, {
      email: address,
      language: 'es',
      amountCents: 2550,
      startedAt: firstPaid,
    });
    await insertPayment(stack, { intentId: donationId, amountCents: 2550, paidAt: firstPaid });

    expect(await queueDonorEmail(stack, { donationId, kind: 'welcome', onceKey: `welcome:${donationId}` })).toBe(true);
    // A repeated webhook decides the same email again: nothing more is stored or sent.
    expect(await queueDonorEmail(stack, { donationId, kind: 'welcome', onceKey: `welcome:${donationId}` })).toBe(false);

    const [message] = await donorMessages(stack, address, 1);
    expect(message.subject).toBe('Gracias por tu donación mensual');
    expect(message.mail.to).toEqual([address]);
    expect(message.text).toContain(`Importe mensual: ${formatEuro(25.5, 'es')}`);
    expect(message.text).toContain('Fecha de inicio: 4 de marzo de 2026');
    expect(message.text).toContain(`${FOUNDATION.name} (RSIN ${FOUNDATION.rsin})`);
    expect(message.text).toContain('ANBI');
    expect(message.text).toContain('al menos cinco años');
    expect(message.text).toContain(`${stack.config.site.publicBaseUrl}/es/donacion-periodica`);
    expect(manageLinkIn(message.text)).toMatch(/\/es\/mi-donacion\/gestionar\?token=/);
    expect(message.text).toContain(`${stack.config.site.publicBaseUrl}/es/mi-donacion\n`);
    expect(message.html).toContain(`href="${manageLinkIn(message.text)}"`);
    expect(message.html).toContain('<html lang="es">');

    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(stack.smtp.to(address)).toHaveLength(1);
    const rows = await untilRecorded(
      () => donorEmailExport(stack),
      (row) => row.status,
      'the welcome to be recorded',
    );
    expect(rows).toEqual([
      expect.objectContaining({ kind: 'welcome', language: 'es', status: 'sent', attempts: 1, donor_email: address }),
    ]);
  });

  it('writes payment-failed and cancelled emails in Dutch and English, each with the manage link', async () => {
    const dutch = await insertDonation(stack, { email: 'jan@example.org', language: 'nl', amountCents: 1000 });
    const english = await insertDonation(stack, { email: 'sam@example.org', language: 'en' });
    await queueDonorEmail(stack, { donationId: dutch, kind: 'payment_failed', onceKey: 'payment_failed:in_1' });
    await queueDonorEmail(stack, { donationId: english, kind: 'cancelled', onceKey: `cancelled:${english}` });

    const [failed] = await donorMessages(stack, 'jan@example.org', 1);
    expect(failed.subject).toBe('Je maandelijkse gift kon niet worden afgeschreven');
    expect(failed.text).toContain(`maandelijkse gift van ${formatEuro(10, 'nl')}`);
    expect(manageLinkIn(failed.text)).toMatch(/\/mijn-donatie\/beheren\?token=/);

    const [cancelled] = await donorMessages(stack, 'sam@example.org', 1);
    expect(cancelled.subject).toBe('Your monthly gift has stopped');
    expect(cancelled.text).toContain('Thank you so much for everything you have given.');
    expect(manageLinkIn(cancelled.text)).toMatch(/\/en\/my-donation\/manage\?token=/);
  });

  it('gives up on an address the mail server refuses and shows it as dead in the export', async () => {
    stack.smtp.refuseTo.set('gone@example.org', 550);
    const donationId = await insertDonation(stack, { email: 'gone@example.org', language: 'en' });
    await queueDonorEmail(stack, { donationId, kind: 'manage_link', onceKey: `manage_link:${donationId}:1` });
    const row = await waitFor(
      async () => (await donorEmailExport(stack)).find((r) => r.donation_id === donationId && r.status === 'dead'),
      20_000,
      'the refused email to be dead',
    );
    expect(row.last_error).toMatch(/^smtp: .*550/);
    expect(row.last_error).not.toContain('gone@example.org');
    expect(stack.smtp.to('gone@example.org')).toHaveLength(0);
  });

  it('a dead donor email counts in the donor outbox of the mail status, and the staff retry delivers it once', async () => {
    stack.smtp.refuseTo.set('later@example.org', 550);
    const donationId = await insertDonation(stack, { email: 'later@example.org', language: 'en' });
    await queueDonorEmail(stack, { donationId, kind: 'manage_link', onceKey: `manage_link:${donationId}:retry` });
    await waitFor(
      async () => (await donorEmailExport(stack)).find((r) => r.donation_id === donationId && r.status === 'dead'),
      20_000,
      'the refused email to be dead',
    );
    const status = stack.app.get(MailStatusService);
    const before = await status.countByStatus('donor');
    expect(before.dead).toBeGreaterThanOrEqual(1);

    stack.smtp.refuseTo.delete('later@example.org');
    const { requeued, donorEmails } = await stack.app.get(MailRecoveryService).retryDead();
    expect(requeued).toEqual([]);
    expect(donorEmails.length).toBe(before.dead);
    await waitFor(() => stack.smtp.to('later@example.org').length === 1, 20_000, 'the retried email');
    const [audit] = await sql(stack, "SELECT detail FROM audit_log WHERE action = 'mail.retry'");
    expect(audit.detail).toMatchObject({ count: donorEmails.length });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(stack.smtp.to('later@example.org')).toHaveLength(1);
    // gone@ of the test before stays refused, so its retry dies again; this one is sent.
    const row = (await donorEmailExport(stack)).find((r) => r.donation_id === donationId);
    expect(row?.status).toBe('sent');
  });

  it('writes to nobody once the donation has been erased', async () => {
    const donationId = await insertDonation(stack, { email: 'erased@example.org' });
    await sql(stack, `UPDATE donations SET erased_at = now(), email = 'erased' WHERE id = $1`, [donationId]);
    await queueDonorEmail(stack, { donationId, kind: 'cancelled', onceKey: `cancelled:${donationId}` });
    const row = await waitFor(
      async () => (await donorEmailExport(stack)).find((r) => r.donation_id === donationId && r.status === 'dead'),
      20_000,
      'the email of an erased donation to be given up',
    );
    expect(row.last_error).toBe('no address on record');
    expect(stack.smtp.messages.filter((m) => m.to.includes('erased'))).toHaveLength(0);
  });
});
