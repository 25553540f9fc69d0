import { LIMITS } from '@stichting/contracts';
import { BaseFormDto } from './base-form.dto';
import { EmailAddress, RequiredText } from './form-fields';

/** spec §3/§5: contact message, all four fields required. */
export class ContactFormDto extends BaseFormDto {
  @RequiredText(LIMITS.name)
  name!: string;

  @EmailAddress()
  email!: string;

  @RequiredText(LIMITS.subject)
  subject!: string;

  @RequiredText(LIMITS.message)
  message!: string;
}
