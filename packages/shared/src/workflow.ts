/**
 * Places (statuses) and transitions of records (spec 02 §4 'Status (place) and transitions',
 * 03 §3 'Transition allowance'). A type allows some transitions; required_always ones are
 * added automatically; task types offer only those enabled for tasks.
 */
export interface Place {
  name: string;
  metadata: { title: string };
}

export interface Transition {
  name: string;
  /** Places a record may be in for this transition to apply; empty means any. */
  from: string[];
  to: string;
  metadata: {
    title: string;
    required_always: boolean;
    enabled_for_tasks: boolean;
    /** A server-side check the record must pass to take this transition (its errors answer 422 per field). */
    check?: string;
  };
}

export const PLACES: readonly Place[] = [
  { name: 'created', metadata: { title: 'Created' } },
  { name: 'in_progress', metadata: { title: 'In Progress' } },
  { name: 'submitted', metadata: { title: 'Submitted' } },
  { name: 'approved', metadata: { title: 'Approved' } },
  { name: 'rejected', metadata: { title: 'Rejected' } },
  { name: 'completed', metadata: { title: 'Completed' } },
  { name: 'finalised', metadata: { title: 'Finalised' } },
  { name: 'neris_ready', metadata: { title: 'NERIS Ready' } },
];

export const TRANSITIONS: readonly Transition[] = [
  {
    name: 'mark_as_created',
    from: [],
    to: 'created',
    metadata: { title: 'Mark as Created', required_always: true, enabled_for_tasks: true },
  },
  {
    name: 'mark_as_in_progress',
    from: ['created', 'rejected'],
    to: 'in_progress',
    metadata: { title: 'Mark as In Progress', required_always: false, enabled_for_tasks: true },
  },
  {
    name: 'mark_as_submitted',
    from: ['created', 'in_progress', 'rejected'],
    to: 'submitted',
    metadata: { title: 'Submit', required_always: false, enabled_for_tasks: false },
  },
  {
    name: 'mark_as_approved',
    from: ['submitted'],
    to: 'approved',
    metadata: { title: 'Approve', required_always: false, enabled_for_tasks: false },
  },
  {
    name: 'mark_as_rejected',
    from: ['submitted'],
    to: 'rejected',
    metadata: { title: 'Reject', required_always: false, enabled_for_tasks: false },
  },
  {
    name: 'mark_as_completed',
    from: ['created', 'in_progress'],
    to: 'completed',
    metadata: { title: 'Mark as Completed', required_always: false, enabled_for_tasks: true },
  },
  {
    name: 'mark_as_finalised',
    from: [],
    to: 'finalised',
    metadata: { title: 'Finalise', required_always: false, enabled_for_tasks: true },
  },
  {
    // Only a report that validates to the NERIS standard gets here (modules/neris registers the check).
    name: 'mark_as_neris_ready',
    from: ['created', 'in_progress', 'submitted', 'approved', 'rejected', 'completed'],
    to: 'neris_ready',
    metadata: { title: 'Mark as NERIS Ready', required_always: false, enabled_for_tasks: false, check: 'neris' },
  },
];

export const TRANSITION_NAMES = TRANSITIONS.map((t) => t.name);
export function transitionNamed(name: string): Transition | undefined {
  return TRANSITIONS.find((t) => t.name === name);
}
