/*
 * Time budgets for the embedded search engine, enforced inside SQLite.
 *
 * better-sqlite3 builds SQLite with SQLITE_OMIT_PROGRESS_CALLBACK and exposes no
 * sqlite3_interrupt(), so a long statement cannot be stopped from JavaScript. This loadable
 * extension gives every connection that loads it a deadline, set from SQL:
 *
 *   SELECT budget_set(250);   -- statements of this connection must finish within 250 ms
 *   SELECT budget_set(0);     -- no deadline
 *   SELECT budget_abort_all(); -- every connection's work is interrupted (shutdown)
 *
 * One watchdog thread per process sleeps until the earliest deadline and calls
 * sqlite3_interrupt() on a connection whose deadline has passed (documented as safe from any
 * thread); its running statement then fails with SQLITE_INTERRUPT, and so does every statement
 * it starts until the deadline is cleared (the watchdog repeats the interrupt each millisecond,
 * as one that lands between two statements would be lost). A connection's slot is
 * removed when the connection closes (the function's destructor), under the same mutex the
 * watchdog holds while interrupting, so it never touches a closed connection. The library is
 * linked NODELETE (build.mjs): SQLite unloads an extension with the connection that loaded it,
 * and the watchdog thread lives in this code until the process ends.
 */
#include "sqlite3ext.h"
SQLITE_EXTENSION_INIT1

#include <pthread.h>
#include <stdint.h>
#include <stdlib.h>
#include <time.h>

typedef struct Slot {
  sqlite3 *db;
  int64_t deadline_ns; /* 0: none; guarded by lock */
  int aborted;         /* set by budget_abort_all: this connection's budgets end at once; guarded by lock */
  struct Slot *next;
} Slot;

static pthread_mutex_t lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t changed = PTHREAD_COND_INITIALIZER;
static Slot *slots = NULL;
static int watchdog_started = 0;

static int64_t now_ns(void) {
  struct timespec ts;
  clock_gettime(CLOCK_MONOTONIC, &ts);
  return (int64_t)ts.tv_sec * 1000000000 + ts.tv_nsec;
}

static void *watchdog(void *unused) {
  (void)unused;
  pthread_mutex_lock(&lock);
  for (;;) {
    int64_t now = now_ns();
    int64_t next = 0;
    for (Slot *s = slots; s; s = s->next) {
      if (s->deadline_ns == 0) continue;
      if (s->deadline_ns <= now) {
        sqlite3_interrupt(s->db);
        /* Keep interrupting every millisecond until the budget is cleared: an interrupt that
           lands between two statements of one search is a no-op for the next statement, so a
           single interrupt could be lost and the search run to the end. */
        s->deadline_ns = now + 1000000;
      }
      if (next == 0 || s->deadline_ns < next) {
        next = s->deadline_ns;
      }
    }
    if (next == 0) {
      pthread_cond_wait(&changed, &lock);
    } else {
      /* pthread_cond_timedwait takes CLOCK_REALTIME; convert the wait, not the deadline. */
      struct timespec until;
      clock_gettime(CLOCK_REALTIME, &until);
      int64_t wait = next - now;
      until.tv_sec += wait / 1000000000;
      until.tv_nsec += wait % 1000000000;
      if (until.tv_nsec >= 1000000000) {
        until.tv_sec += 1;
        until.tv_nsec -= 1000000000;
      }
      pthread_cond_timedwait(&changed, &lock, &until);
    }
  }
  return NULL;
}

/* budget_set(ms): a deadline ms from now for this connection; 0 or less clears it. */
static void budget_set(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  Slot *slot = (Slot *)sqlite3_user_data(ctx);
  int64_t ms = sqlite3_value_int64(argv[0]);
  pthread_mutex_lock(&lock);
  if (ms <= 0) slot->deadline_ns = 0;
  else slot->deadline_ns = slot->aborted ? 1 : now_ns() + ms * 1000000;
  pthread_cond_signal(&changed);
  pthread_mutex_unlock(&lock);
  sqlite3_result_int64(ctx, ms);
}

/* budget_abort_all(): interrupts the work of every open connection and refuses them new budgets.
   Connections opened later (another engine in the same process) are not affected. */
static void budget_abort_all(sqlite3_context *ctx, int argc, sqlite3_value **argv) {
  (void)argc;
  (void)argv;
  pthread_mutex_lock(&lock);
  for (Slot *s = slots; s; s = s->next) {
    s->aborted = 1;
    if (s->deadline_ns != 0) s->deadline_ns = 1;
  }
  pthread_cond_signal(&changed);
  pthread_mutex_unlock(&lock);
  sqlite3_result_int(ctx, 1);
}

static void slot_free(void *p) {
  Slot *slot = (Slot *)p;
  pthread_mutex_lock(&lock);
  for (Slot **at = &slots; *at; at = &(*at)->next) {
    if (*at == slot) {
      *at = slot->next;
      break;
    }
  }
  pthread_mutex_unlock(&lock);
  free(slot);
}

#ifdef _WIN32
__declspec(dllexport)
#endif
int sqlite3_budget_init(sqlite3 *db, char **err, const sqlite3_api_routines *api) {
  SQLITE_EXTENSION_INIT2(api);
  Slot *slot = (Slot *)calloc(1, sizeof(Slot));
  if (!slot) return SQLITE_NOMEM;
  slot->db = db;
  pthread_mutex_lock(&lock);
  if (!watchdog_started) {
    pthread_t thread;
    pthread_attr_t attr;
    pthread_attr_init(&attr);
    pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
    if (pthread_create(&thread, &attr, watchdog, NULL) != 0) {
      pthread_mutex_unlock(&lock);
      free(slot);
      *err = sqlite3_mprintf("budget: cannot start the watchdog thread");
      return SQLITE_ERROR;
    }
    watchdog_started = 1;
  }
  slot->next = slots;
  slots = slot;
  pthread_mutex_unlock(&lock);
  /* The slot is freed with budget_set, i.e. when the connection closes. */
  int rc = sqlite3_create_function_v2(db, "budget_set", 1, SQLITE_UTF8 | SQLITE_DIRECTONLY, slot, budget_set, NULL, NULL, slot_free);
  if (rc != SQLITE_OK) return rc;
  return sqlite3_create_function_v2(db, "budget_abort_all", 0, SQLITE_UTF8 | SQLITE_DIRECTONLY, NULL, budget_abort_all, NULL, NULL, NULL);
}
