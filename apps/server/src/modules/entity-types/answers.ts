import { withoutCorrectAnswers } from '@turnout/shared';
import type { Kysely } from 'kysely';
import type { AuthContext } from '../../platform/auth/context.ts';
import type { DB } from '../../platform/db/schema.ts';
import { guardFor } from '../permissions/service.ts';

/**
 * Quiz answers (options[].correctAnswer, correctAnswer, quiz_correct_answer_marks) reach only
 * people who may modify entity types; everyone else gets types without them.
 */
export async function answersShownTo(db: Kysely<DB>, auth: AuthContext): Promise<<T extends object>(type: T) => T> {
  const mayModify = (await guardFor(db, auth)).can('modify_entity_types', 'update');
  return (type) => (mayModify ? type : withoutCorrectAnswers(type));
}
