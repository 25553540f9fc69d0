import { postForm, type FormSender } from '../../../components/forms';

/** docs/product.md §7.11: `POST /api/donations/manage-link`; the answer is the same for every address. */
export const requestManageLink: FormSender = ({ formData, language, turnstileToken }) =>
  postForm('/api/donations/manage-link', { ...formData, language, turnstileToken });
