/* json.c — the Codenames JSON analysis and the CLI's run. */
#include "codenames.h"

#include <stdlib.h>
#include <string.h>

static void json_label(wr_buf *b, const codenames_hint *h)
{
    if (h->has_label) wr_json_str(b, h->label, strlen(h->label));
    else wr_buf_puts(b, "null");
}

void codenames_write_json(const codenames_request *req, const codenames_result *res, wr_buf *b)
{
    int i, h, K, left[4] = {0, 0, 0, 0};
    static const char ids[] = "RBIA";

    wr_buf_puts(b, "{");
    wr_json_key(b, "game");
    wr_json_str(b, "codenames", 9);
    wr_buf_puts(b, ",");
    wr_json_key(b, "answer");
    wr_json_num(b, res->answer);
    wr_buf_puts(b, ",");
    wr_json_key(b, "rule");
    wr_buf_puts(b, res->own_hints_only ? "\"own-hints-only\"," : "\"any\",");
    wr_json_key(b, "toMove");
    wr_buf_puts(b, req->to_move == CODENAMES_RED ? "\"R\"," : "\"B\",");
    wr_json_key(b, "words");
    wr_buf_puts(b, "[");
    for (i = 0; i < req->n; i++) {
        if (i) wr_buf_puts(b, ",");
        wr_json_str(b, req->words[i], strlen(req->words[i]));
    }
    wr_buf_puts(b, "],");
    wr_json_key(b, "identities");
    wr_buf_puts(b, "[");
    for (i = 0; i < req->n; i++) {
        wr_buf_printf(b, "%s\"%c\"", i ? "," : "", req->ident[i]);
        if (!req->revealed[i]) left[strchr(ids, req->ident[i]) - ids]++;
    }
    wr_buf_puts(b, "],");
    wr_json_key(b, "revealed");
    wr_buf_puts(b, "[");
    for (i = 0; i < req->n; i++) wr_buf_printf(b, "%s%s", i ? "," : "", req->revealed[i] ? "true" : "false");
    wr_buf_puts(b, "],");
    wr_json_key(b, "remaining");
    wr_buf_printf(b, "{\"R\":%d,\"B\":%d,\"I\":%d,\"A\":%d},", left[0], left[1], left[2], left[3]);
    wr_json_key(b, "best");
    if (res->best_hint < 0) {
        wr_buf_puts(b, "null");
    } else {
        const codenames_outcomes *o = &res->outcomes;
        wr_buf_printf(b, "{\"hint\":%d,\"label\":", res->best_hint);
        json_label(b, &req->hints[res->best_hint]);
        wr_buf_printf(b, ",\"k\":%d,\"value\":", res->best_k);
        wr_json_num(b, codenames_value(res, res->best_hint, res->best_k));
        wr_buf_puts(b, ",\"outcomes\":{\"assassin\":");
        wr_json_num(b, o->assassin);
        wr_buf_puts(b, ",\"win\":");
        wr_json_num(b, o->win);
        wr_buf_puts(b, ",\"lose\":");
        wr_json_num(b, o->lose);
        wr_buf_puts(b, ",\"handover\":[");
        for (K = 0; K <= res->best_k; K++) {
            if (K) wr_buf_puts(b, ",");
            wr_json_num(b, o->handover[K]);
        }
        wr_buf_puts(b, "]}}");
    }
    wr_buf_puts(b, ",");
    wr_json_key(b, "hints");
    wr_buf_puts(b, "[");
    for (h = 0; h < req->nhints; h++) {
        const codenames_hint *hint = &req->hints[h];
        wr_buf_puts(b, h ? ",{\"label\":" : "{\"label\":");
        json_label(b, hint);
        wr_buf_puts(b, ",\"cards\":[");
        for (i = 0; i < hint->ncards; i++) wr_buf_printf(b, "%s%d", i ? "," : "", hint->cards[i]);
        wr_buf_printf(b, "],\"unrevealed\":%d,\"legal\":%s,\"sameAs\":", res->unrevealed[h],
                      res->legal[h] ? "true" : "false");
        if (res->same_as[h] >= 0) wr_buf_printf(b, "%d", res->same_as[h]);
        else wr_buf_puts(b, "null");
        wr_buf_puts(b, ",\"values\":");
        if (!res->legal[h]) {
            wr_buf_puts(b, "null");
        } else {
            wr_buf_puts(b, "[");
            for (K = 1; K <= res->unrevealed[h]; K++) {
                if (K > 1) wr_buf_puts(b, ",");
                wr_json_num(b, codenames_value(res, h, K));
            }
            wr_buf_puts(b, "]");
        }
        wr_buf_puts(b, "}");
    }
    wr_buf_puts(b, "],");
    wr_json_key(b, "freeCards");
    wr_buf_printf(b, "%d,", res->free_cards);
    wr_json_key(b, "states");
    wr_buf_printf(b, "%lld", (long long)res->states);
    wr_buf_puts(b, "}\n");
}

/* -------------------------------------------------------------------- run */

static int codenames_run(const char *text, size_t len, const wr_options *opt, wr_buf *out,
                         wr_error *err)
{
    codenames_request *req = malloc(sizeof *req); /* ~10 KB: kept off the (small WASM) stack */
    codenames_result res;
    int rc;
    if (!req) return wr_fail_nomem(err);
    rc = codenames_parse(text, len, req, err);
    if (!rc) rc = codenames_solve(req, opt, &res, err);
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

const wr_game wr_game_codenames = {"codenames", CODENAMES_DEFAULT_DIGITS, WR_OPTION_OWN_HINTS,
                                   codenames_run};
