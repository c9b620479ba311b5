import { defineField } from './common/define.tsx';
import { StarRatingEditor } from './common/NumberEditors.tsx';

/** star-rating (spec 02 §3, §5). */
export const starRating = defineField<number>('star-rating', StarRatingEditor);
