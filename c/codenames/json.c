/* json.c — the Codenames JSON analysis and the CLI's run. */
#include "codenames.h"

#include <stdlib.h>
#include <string.h>

#include "common/json.h"

static void json_label(wr_json *j, const codenames_hint *h)
{
    if (h->has_label) wr_jw_str(j, "label", h->label);
    else wr_jw_null(j, "label");
}

void codenames_write_json(const codenames_request *req, const codenames_result *res, wr_buf *b)
{
    int i, h, K, left[4] = {0, 0, 0, 0};
    static const char ids[] = "RBIA";
    wr_json j;

    wr_jw_begin(&j, b);
    wr_jw_str(&j, "game", "codenames");
    wr_jw_num(&j, "answer", res->answer);
    wr_jw_str(&j, "rule", res->own_hints_only ? "own-hints-only" : "any");
    wr_jw_str(&j, "toMove", req->to_move == CODENAMES_RED ? "R" : "B");
    wr_jw_array(&j, "words");
    for (i = 0; i < req->n; i++) wr_jw_str(&j, NULL, req->words[i]);
    wr_jw_close(&j);
    wr_jw_array(&j, "identities");
    for (i = 0; i < req->n; i++) {
        wr_jw_strn(&j, NULL, &req->ident[i], 1);
        if (!req->revealed[i]) left[strchr(ids, req->ident[i]) - ids]++;
    }
    wr_jw_close(&j);
    wr_jw_array(&j, "revealed");
    for (i = 0; i < req->n; i++) wr_jw_bool(&j, NULL, req->revealed[i]);
    wr_jw_close(&j);
    wr_jw_object(&j, "remaining");
    for (i = 0; i < 4; i++) wr_jw_int(&j, (const char[]){ids[i], 0}, left[i]);
    wr_jw_close(&j);
    if (res->best_hint < 0) {
        wr_jw_null(&j, "best");
    } else {
        const codenames_outcomes *o = &res->outcomes;
        wr_jw_object(&j, "best");
        wr_jw_int(&j, "hint", res->best_hint);
        json_label(&j, &req->hints[res->best_hint]);
        wr_jw_int(&j, "k", res->best_k);
        wr_jw_num(&j, "value", codenames_value(res, res->best_hint, res->best_k));
        wr_jw_object(&j, "outcomes");
        wr_jw_num(&j, "assassin", o->assassin);
        wr_jw_num(&j, "win", o->win);
        wr_jw_num(&j, "lose", o->lose);
        wr_jw_nums(&j, "handover", o->handover, (size_t)res->best_k + 1);
        wr_jw_close(&j);
        wr_jw_close(&j);
    }
    wr_jw_array(&j, "hints");
    for (h = 0; h < req->nhints; h++) {
        const codenames_hint *hint = &req->hints[h];
        wr_jw_object(&j, NULL);
        json_label(&j, hint);
        wr_jw_array(&j, "cards");
        for (i = 0; i < hint->ncards; i++) wr_jw_int(&j, NULL, hint->cards[i]);
        wr_jw_close(&j);
        wr_jw_int(&j, "unrevealed", res->unrevealed[h]);
        wr_jw_bool(&j, "legal", res->legal[h]);
        if (res->same_as[h] >= 0) wr_jw_int(&j, "sameAs", res->same_as[h]);
        else wr_jw_null(&j, "sameAs");
        if (!res->legal[h]) {
            wr_jw_null(&j, "values");
        } else {
            wr_jw_array(&j, "values");
            for (K = 1; K <= res->unrevealed[h]; K++) wr_jw_num(&j, NULL, codenames_value(res, h, K));
            wr_jw_close(&j);
        }
        wr_jw_close(&j);
    }
    wr_jw_close(&j);
    wr_jw_int(&j, "freeCards", res->free_cards);
    wr_jw_int(&j, "states", (long long)res->states);
    wr_jw_end(&j);
}

/* -------------------------------------------------------------------- run */

enum { OPT_OWN_HINTS_ONLY };
static const wr_option_spec options[] = {{"own-hints-only", 0, 1, 1}, {NULL, 0, 0, 0}};

static void free_table(void *table) { codenames_table_free(table); }

/* codenames_solve_keep on the table in opt->keep (which another game's data
 * leaves first). */
static int solve_kept(const codenames_request *req, const wr_options *opt, codenames_result *res, wr_error *err)
{
    wr_keep *k = opt->keep;
    codenames_table *table;
    int rc;
    if (k->game && k->free_data != free_table) wr_keep_clear(k);
    table = k->data;
    rc = codenames_solve_keep(req, opt, res, err, &table, &k->reused);
    k->data = table;
    k->game = table ? "codenames" : NULL;
    k->free_data = free_table;
    k->bytes = codenames_table_bytes(table);
    return rc;
}

static int codenames_run(const char *text, size_t len, const wr_options *opt, const int *values,
                         wr_buf *out, wr_error *err)
{
    codenames_request *req = malloc(sizeof *req); /* ~10 KB: kept off the (small WASM) stack */
    codenames_result res;
    int rc;
    if (!req) return wr_fail_nomem(err);
    rc = codenames_parse(text, len, req, err);
    req->own_hints_only = values[OPT_OWN_HINTS_ONLY];
    if (!rc) rc = opt->keep ? solve_kept(req, opt, &res, err) : codenames_solve(req, opt, &res, err);
    if (!rc) {
        if (opt->json) {
            codenames_write_json(req, &res, out);
        } else {
            wr_buf_prob(out, res.answer, opt->digits);
            wr_buf_puts(out, "\n");
        }
        codenames_result_free(&res);
        rc = wr_buf_status(out);
    }
    free(req);
    return rc;
}

const wr_game wr_game_codenames = {"codenames", CODENAMES_DEFAULT_DIGITS, options, codenames_run};
