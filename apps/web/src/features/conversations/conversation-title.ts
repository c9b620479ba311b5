import type { Conversation } from '@turnout/shared';

/** What a conversation is called: its name, else the names of the other people in it. */
export function conversationTitle(conversation: Conversation, me: string): string {
  if (conversation.name) return conversation.name;
  const others = conversation.participants.filter((p) => p.id !== me);
  if (others.length === 0) return conversation.second_party?.name ?? 'Conversation';
  return others.map((p) => p.name).join(', ');
}
