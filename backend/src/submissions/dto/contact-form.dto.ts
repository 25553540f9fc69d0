import { LIMITS } from '@stichting/contracts';
import { BaseFormDto } from './base-form.dto';
import { EmailAddress, RequiredText } from './form-fields';

/** docs/product.md §3/§5: contact message, all four fields required. */
export class ContactFormDto extends BaseFormDto {
  @RequiredText(LIMITS.name, 'line')
  name!: string;

  @EmailAddress()
  email!: string;

  @RequiredText(LIMITS.subject, 'line')
  subject!: string;

  @RequiredText(LIMITS.message, 'text')
  message!: string;
}
