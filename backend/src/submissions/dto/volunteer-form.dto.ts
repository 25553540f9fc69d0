import { IsBoolean, ValidateBy, ValidateIf, type ValidationArguments } from 'class-validator';
import {
  AVAILABILITY,
  categoriesFor,
  LIMITS,
  PREFERRED_CONTACT,
  SKILLS,
  SPOKEN_LANGUAGES,
  VOLUNTEER_CATEGORIES,
  VOLUNTEER_LOCATIONS,
  type VolunteerCategory,
  type VolunteerLocation,
} from '@stichting/contracts';
import { BaseFormDto } from './base-form.dto';
import { EmailAddress, OneOf, OptionalText, PhoneNumber, RequiredText, SomeOf } from './form-fields';

/** spec §3/§4: the category must be one offered for the chosen location and Dutch answer. */
function CategoryAllowedForChoice() {
  return ValidateBy({
    name: 'categoryAllowedForChoice',
    validator: {
      validate(category: unknown, args: ValidationArguments): boolean {
        const form = args.object as VolunteerFormDto;
        const isLocal = form.location === 'local';
        // A bad location or a missing Dutch answer is reported on its own field.
        if (!isLocal && form.location !== 'remote') return true;
        if (isLocal && typeof form.speaksDutch !== 'boolean') return true;
        return categoriesFor(form.location, isLocal ? form.speaksDutch! : null).includes(category as VolunteerCategory);
      },
      defaultMessage(args: ValidationArguments): string {
        const form = args.object as VolunteerFormDto;
        return form.location === 'remote'
          ? 'This category is only available for local volunteers.'
          : 'This category requires speaking Dutch.';
      },
    },
  });
}

/** spec §3/§5: volunteer application. The client joins first and last name into `name`. */
export class VolunteerFormDto extends BaseFormDto {
  @RequiredText(LIMITS.name)
  name!: string;

  @EmailAddress()
  email!: string;

  @PhoneNumber({ optional: true })
  phone?: string;

  @OneOf(VOLUNTEER_LOCATIONS)
  location!: VolunteerLocation;

  /** spec §4: asked only for local volunteers, and then required. */
  @ValidateIf((form: VolunteerFormDto) => form.location === 'local' || form.speaksDutch != null)
  @IsBoolean({ message: 'Answer whether you speak Dutch (true or false).' })
  speaksDutch?: boolean | null;

  /** The category value (e.g. "practical-help"), not its translated title. */
  @OneOf(VOLUNTEER_CATEGORIES)
  @CategoryAllowedForChoice()
  category!: VolunteerCategory;

  @OneOf(AVAILABILITY)
  availability!: string;

  @RequiredText(LIMITS.motivation)
  motivation!: string;

  @OptionalText(LIMITS.experience)
  experience?: string;

  @OneOf(PREFERRED_CONTACT)
  preferredContact!: string;

  @SomeOf(SKILLS, 'Select at least one skill.')
  skills!: string[];

  @SomeOf(SPOKEN_LANGUAGES, 'Select at least one language.')
  languages!: string[];
}
