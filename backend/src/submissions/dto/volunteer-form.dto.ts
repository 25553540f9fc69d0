import { Transform } from 'class-transformer';
import { IsBoolean, IsOptional, ValidateBy, type ValidationArguments } from 'class-validator';
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
import { toVolunteerCategory } from './volunteer-category';
import {
  EmailAddress,
  OneOf,
  OptionalOneOf,
  OptionalSomeOf,
  OptionalText,
  PhoneNumber,
  RequiredText,
} from './form-fields';

/**
 * The category must be one offered for the chosen location (the local-only ones not for remote volunteers) and
 * Dutch answer (the Dutch-only ones not for a local volunteer who said no). Without a Dutch answer (the earlier
 * site did not send one) a local volunteer may have any local category. A bad location is reported on its own.
 */
function CategoryOffered(check: 'location' | 'dutch') {
  return ValidateBy({
    name: check === 'location' ? 'categoryForLocation' : 'categoryForDutch',
    validator: {
      validate(category: unknown, args: ValidationArguments): boolean {
        const form = args.object as VolunteerFormDto;
        if (check === 'location') {
          return form.location !== 'remote' || categoriesFor('remote', null).includes(category as VolunteerCategory);
        }
        if (form.location !== 'local' || form.speaksDutch !== false) return true;
        return categoriesFor('local', false).includes(category as VolunteerCategory);
      },
      defaultMessage: () =>
        check === 'location'
          ? 'This category is only available for local volunteers.'
          : 'This category requires speaking Dutch.',
    },
  });
}

/**
 * Volunteer application. The client joins first and last name into `name`. Required at the API are the fields
 * the earlier site sent (name, email, location, category, availability, motivation; phone and experience may be
 * empty); the Dutch answer, preferred contact, skills and languages are optional here, while the form in the
 * browser still asks for them.
 */
export class VolunteerFormDto extends BaseFormDto {
  @RequiredText(LIMITS.name, 'line')
  name!: string;

  @EmailAddress()
  email!: string;

  @PhoneNumber({ optional: true })
  phone?: string;

  @OneOf(VOLUNTEER_LOCATIONS)
  location!: VolunteerLocation;

  /** Asked only of local volunteers; absent when the client did not ask. */
  @IsOptional()
  @IsBoolean({ message: 'Answer whether you speak Dutch (true or false).' })
  speaksDutch?: boolean | null;

  /** Stored as the value (e.g. "practical-help"); the earlier site sent the translated title. */
  @Transform(({ value }: { value: unknown }) =>
    typeof value === 'string' ? (toVolunteerCategory(value) ?? value) : value,
  )
  @OneOf(VOLUNTEER_CATEGORIES)
  @CategoryOffered('location')
  @CategoryOffered('dutch')
  category!: VolunteerCategory;

  @OneOf(AVAILABILITY)
  availability!: string;

  @RequiredText(LIMITS.motivation, 'text')
  motivation!: string;

  @OptionalText(LIMITS.experience, 'text')
  experience?: string;

  @OptionalOneOf(PREFERRED_CONTACT)
  preferredContact?: string;

  @OptionalSomeOf(SKILLS)
  skills?: string[];

  @OptionalSomeOf(SPOKEN_LANGUAGES)
  languages?: string[];
}
