import { entityTypeInput } from '@turnout/shared';
import { findType } from '../modules/entity-types/repository.ts';
import { createEntityType } from '../modules/entity-types/service.ts';
import { withContext } from '../platform/db/tenancy.ts';
import { AppError } from '../platform/http/errors.ts';
import { riversideAdmin } from './acting-admin.ts';
import { apparatus } from './entity-types/apparatus.ts';
import type { DemoTypeInput } from './entity-types/build.ts';
import { dailyApparatusCheck } from './entity-types/daily-apparatus-check.ts';
import { departmentShifts } from './entity-types/department-shifts.ts';
import { equipmentInventory } from './entity-types/equipment-inventory.ts';
import { hydrant } from './entity-types/hydrant.ts';
import { incidentReport } from './entity-types/incident-report.ts';
import { personnelFile } from './entity-types/personnel-file.ts';
import { stationTask } from './entity-types/station-task.ts';
import { mealBreak, timeSheet, workedShift } from './entity-types/time-sheet.ts';
import { trainingQuiz } from './entity-types/training-quiz.ts';
import type { DemoSeeder } from './seed.ts';

/**
 * Riverside's own entity types. Created in this order: Apparatus first, since the incident
 * report and the daily check pick from it (sourceName 'apparatus'). sort_order puts them in the
 * menu in the order a department reads them, incident report first.
 */
export const DEMO_ENTITY_TYPES: { name: string; sortOrder: number; build: () => DemoTypeInput }[] = [
  { name: 'apparatus', sortOrder: 20, build: apparatus },
  { name: 'incident_report', sortOrder: 10, build: incidentReport },
  { name: 'personnel_file', sortOrder: 30, build: personnelFile },
  { name: 'daily_apparatus_check', sortOrder: 40, build: dailyApparatusCheck },
  { name: 'training_quiz', sortOrder: 50, build: trainingQuiz },
  { name: 'time_sheet', sortOrder: 60, build: timeSheet },
  { name: 'worked_shift', sortOrder: 61, build: workedShift },
  { name: 'meal_break', sortOrder: 62, build: mealBreak },
  { name: 'department_shifts', sortOrder: 70, build: departmentShifts },
  { name: 'hydrant', sortOrder: 80, build: hydrant },
  { name: 'equipment_inventory', sortOrder: 90, build: equipmentInventory },
  { name: 'station_task', sortOrder: 100, build: stationTask },
];

/**
 * Creates each demo type Riverside does not have yet, through the same service as POST
 * /entity-type, as the demo global admin acting as Tenant Admin in Riverside: every check the
 * API makes applies, and the type gets the same default permissions (view, create, update for
 * the tenant).
 */
export const entityTypesDemo: DemoSeeder = {
  name: 'entity-types',
  async run({ db }) {
    const acting = await riversideAdmin(db);
    if (!acting) return undefined;
    const { tenant, admin, auth } = acting;
    for (const demo of DEMO_ENTITY_TYPES) {
      const existing = await withContext(db, { tenantId: tenant.id, userId: admin.id, isGlobal: false }, (tx) =>
        findType(tx, tenant.id, { name: demo.name }),
      );
      if (existing) continue;
      const input = entityTypeInput.parse({ ...demo.build(), sort_order: demo.sortOrder });
      try {
        await createEntityType(db, auth, input);
      } catch (error) {
        const detail = error instanceof AppError && error.errors ? ` ${JSON.stringify(error.errors)}` : '';
        throw new Error(`demo entity type '${demo.name}': ${error instanceof Error ? error.message : String(error)}${detail}`, {
          cause: error,
        });
      }
    }
    return undefined;
  },
};
