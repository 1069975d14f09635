/** LEARN progress per account and lesson (migration 0200_user_state.sql). */
import type { Queryable } from './interface.ts';

export interface LessonProgressRow {
  lessonId: string;
  attempts: number;
  lastScore: number;
  bestScore: number;
  questions: number;
  completedAt: Date | null;
  updatedAt: Date;
}

const COLUMNS = `lesson_id AS "lessonId", attempts, last_score AS "lastScore", best_score AS "bestScore", questions,
  completed_at AS "completedAt", updated_at AS "updatedAt"`;

export async function listProgress(db: Queryable, accountId: string): Promise<LessonProgressRow[]> {
  return db.query<LessonProgressRow>(`SELECT ${COLUMNS} FROM learn_progress WHERE account_id = $1 ORDER BY lesson_id`, [accountId]);
}

/**
 * Records a quiz attempt: attempts + 1, last and best score; `completed_at` is set by the first
 * passing attempt and kept afterwards.
 */
export async function recordQuizAttempt(
  db: Queryable,
  a: { accountId: string; lessonId: string; score: number; questions: number; passed: boolean; at: Date },
): Promise<LessonProgressRow> {
  const [row] = await db.query<LessonProgressRow>(
    `INSERT INTO learn_progress (account_id, lesson_id, attempts, last_score, best_score, questions, completed_at, updated_at)
     VALUES ($1, $2, 1, $3, $3, $4, CASE WHEN $5 THEN $6::timestamptz END, $6)
     ON CONFLICT (account_id, lesson_id) DO UPDATE SET
       attempts = learn_progress.attempts + 1,
       last_score = EXCLUDED.last_score,
       best_score = greatest(learn_progress.best_score, EXCLUDED.last_score),
       questions = EXCLUDED.questions,
       completed_at = coalesce(learn_progress.completed_at, EXCLUDED.completed_at),
       updated_at = EXCLUDED.updated_at
     RETURNING ${COLUMNS}`,
    [a.accountId, a.lessonId, a.score, a.questions, a.passed, a.at],
  );
  return row!;
}
