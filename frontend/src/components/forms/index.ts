import '../../styles/forms.css';

export { Field, TextField, SelectField, bindFields, type ControlProps } from './Field';
export { ChoiceGroup, type Choice } from './ChoiceGroup';
export { SuccessPanel, ErrorPanel, SubmitButton } from './panels';
export { FORM_MESSAGES, type FormMessages } from './messages';
export {
  useFormSubmission,
  describeFailure,
  type FormSubmission,
  type FormSender,
  type SubmissionStatus,
  type SubmissionProblem,
} from './useFormSubmission';
export { SubmissionError, postForm, withoutEmpty } from './sendSubmission';
