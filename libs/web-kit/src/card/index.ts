export { CardOnFile, type CardOnFileProps } from './card-on-file';
export { cardLabel, declineText, type CardSaver, type SavedCard } from './card-messages';
export { cardPolicyText } from './policy-text';
